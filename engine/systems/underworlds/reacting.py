"""Reactions (Underworlds core rulebook, L631-L701): what can react to what, who is asked, and playing one.

A trigger (during an attack once the dice are known, when a fighter could be driven back, after an Attack
action or a ploy, after an activation) opens one of the core's reaction windows (``engine.core.reactions``):
only one reaction per trigger, the player whose activation is next deciding first (L631, L633, L831). Who is
asked depends on public information alone: a side is asked when a reaction it could have matches the trigger,
either on the table for all to see (a fighter card, an upgrade, a ploy's lasting grant) or among the ploys its
warband may put in a deck while it holds a power card. So a side is asked whether or not it holds one, and
never when nothing it could hold would do. A player's own imported cards are their secret: a side that brought
cards of its own (which the table is told) is asked whenever it holds a power card, so no offer hints at them.

Upgrades with a ``trigger`` (Lightning Blast) are not reactions: they always happen (``automatic``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import JsonValue

from engine.core import SideId, Window, open_window
from engine.hex import push_hexes
from engine.systems.underworlds.attack import target_problem
from engine.systems.underworlds.events import LingeringSet, Note, PloyPlayed
from engine.systems.underworlds.game_state import EffectsFrame, UnderworldsState, power_deck
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.schema import UNIVERSAL, Card
from engine.systems.underworlds.turns import reaction_order
from engine.systems.underworlds.vocabulary import (
    AttackEffect,
    Choose,
    Effect,
    GrantReactionEffect,
    PushEffect,
    Reaction,
)

__all__ = ["TRIGGERS", "Candidate", "Trigger", "as_data", "automatic", "candidates", "candidates_public", "matches",
           "offer", "resolve"]

TRIGGERS = ("during_attack", "could_be_driven_back", "after_action", "after_activation")
"""The kinds of trigger this game opens windows for; ``/pass until:<kind>`` passes ahead on one."""


@dataclass(frozen=True, slots=True)
class Trigger:
    """What happened, as reactions test it: ``by`` an attack, a ploy or an activation; ``actor`` the fighter
    that acted (``actor_side`` its player), ``target`` the fighter attacked (or taken out by a ploy)."""

    when: str
    by: str = "attack"
    actor: str | None = None
    actor_side: SideId | None = None
    target: str | None = None
    failed: bool = False
    succeeded: bool = False
    critical: bool = False
    took_out: tuple[str, ...] = ()
    adjacent: bool = False
    frame: str | None = None
    profile: str = ""
    source: str = ""

    @property
    def shown(self) -> str:
        """The trigger as players read it in an offer: "React to the attack on B2?" (public facts only)."""
        if self.when == "during_attack":
            return f"the attack on {self.target}"
        if self.when == "could_be_driven_back":
            return f"{self.target} being driven back"
        if self.when == "after_action" and self.by == "ploy":
            return f"side {self.actor_side}'s ploy taking {', '.join(self.took_out)} out of action"
        if self.when == "after_action":
            return f"{self.actor}'s Attack action on {self.target}"
        return f"{self.actor}'s activation" if self.actor else f"side {self.actor_side}'s activation"

    def context(self) -> dict[str, JsonValue]:
        return {"when": self.when, "by": self.by, "actor": self.actor, "actor_side": self.actor_side,
                "target": self.target, "failed": self.failed, "succeeded": self.succeeded,
                "critical": self.critical, "took_out": list(self.took_out), "adjacent": self.adjacent,
                "frame": self.frame, "profile": self.profile, "source": self.source}

    @classmethod
    def of(cls, window: Window) -> Trigger:
        c = window.context
        took = c.get("took_out")
        return cls(when=str(c["when"]), by=str(c["by"]), actor=_text(c.get("actor")),
                   actor_side=SideId(str(c["actor_side"])) if c.get("actor_side") else None,
                   target=_text(c.get("target")), failed=bool(c.get("failed")), succeeded=bool(c.get("succeeded")),
                   critical=bool(c.get("critical")),
                   took_out=tuple(str(t) for t in took) if isinstance(took, list) else (),
                   adjacent=bool(c.get("adjacent")), frame=_text(c.get("frame")), profile=str(c.get("profile", "")),
                   source=str(c.get("source", "")))


def _text(value: JsonValue) -> str | None:
    return None if value is None else str(value)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One reaction a side could play now: its key in the window, what it is, and what it does."""

    key: str
    label: str
    effects: tuple[Effect, ...]
    card: str = ""
    fighter: str | None = None
    choose: Choose | None = None
    in_hand: bool = False
    grant: int | None = None
    profile: str = ""
    bound: dict[str, str] = field(default_factory=dict)


def _relation(state: UnderworldsState, fighter: str | None, owner: SideId, wanted: str, me: str | None) -> bool:
    if wanted == "any":
        return True
    if fighter is None:
        return False
    if wanted == "self":
        return fighter == me
    return (state.fighters[fighter].side == owner) == (wanted == "friendly")


def matches(state: UnderworldsState, lib: Library, reaction: Reaction, trigger: Trigger, owner: SideId,
            me: str | None = None) -> bool:
    """Whether ``reaction`` (of ``owner``'s card, on fighter ``me``) may answer ``trigger``."""
    if reaction.when != trigger.when:
        return False
    if trigger.when == "after_action" and reaction.by != "attack_or_ploy" and reaction.by != trigger.by:
        return False
    if not _relation(state, trigger.actor, owner, reaction.actor, me):
        return False
    if not _relation(state, trigger.target, owner, reaction.target, me):
        return False
    results = {"any": True, "failed": trigger.failed, "succeeded": trigger.succeeded,
               "took_out": bool(trigger.took_out), "critical_hit": trigger.critical}
    if not results[reaction.result]:
        return False
    if reaction.target_leader is not None and (trigger.target is None or
                                               state.fighters[trigger.target].leader != reaction.target_leader):
        return False
    if reaction.target_adjacent_to_actor and not trigger.adjacent:
        return False
    standing = [f for f in state.fighters.values() if f.side == owner and f.hex is not None]
    if reaction.friendly_left is not None and len(standing) != reaction.friendly_left:
        return False
    if reaction.within is not None:
        actor = state.fighters.get(trigger.actor or "")
        mine = state.fighters.get(me or "")
        if actor is None or mine is None or actor.hex is None or mine.hex is None:
            return False
        board = lib.board(state)
        if board.hex_of(actor.hex).distance(board.hex_of(mine.hex)) > reaction.within:
            return False
    if me is not None and state.fighters[me].hex is None:
        return False
    return not reaction.this_attack


def _bound(state: UnderworldsState, trigger: Trigger, owner: SideId, me: str | None) -> dict[str, str]:
    bound = {"attacker": trigger.actor, "target": trigger.target, "frame": trigger.frame, "profile": trigger.profile,
             "source": trigger.source, "self": me,
             "victim": trigger.took_out[0] if trigger.took_out else None}
    standing = [f.id for f in state.fighters.values() if f.side == owner and f.hex is not None]
    if len(standing) == 1:
        bound["survivor"] = standing[0]
    return {key: value for key, value in bound.items() if value}


def candidates(state: UnderworldsState, lib: Library, side: SideId, trigger: Trigger) -> list[Candidate]:
    """Every reaction ``side`` could play for ``trigger`` now (its hand included: only it sees these)."""
    found: list[Candidate] = []
    hand = state.decks[power_deck(side)].piles["hand"] if power_deck(side) in state.decks else []
    if state.sudden_death:
        hand = []  # no power cards are played in sudden death, reactions included (L751)
    for card_id in hand:
        card = lib.card(state, card_id)
        if card.type == "ploy" and card.reaction is not None and matches(state, lib, card.reaction, trigger, side):
            found.append(Candidate(key=f"ploy:{card_id}", label=card.name, effects=card.effects, card=card_id,
                                   choose=card.choose, in_hand=True, bound=_bound(state, trigger, side, None)))
    for fighter in (f for f in state.fighters.values() if f.side == side):
        for card_id in fighter.upgrades:
            card = lib.card(state, card_id)
            if card.reaction is not None and matches(state, lib, card.reaction, trigger, side, fighter.id):
                found.append(Candidate(key=f"upgrade:{fighter.id}:{card_id}", label=f"{card.name} ({fighter.id})",
                                       effects=card.effects, card=card_id, fighter=fighter.id, choose=card.choose,
                                       bound=_bound(state, trigger, side, fighter.id)))
        if fighter.hex is None:
            continue
        for profile in lib.side_of_card(fighter).attacks:
            if profile.made_as is not None and matches(state, lib, profile.made_as.reaction, trigger, side,
                                                       fighter.id):
                bound = {**_bound(state, trigger, side, fighter.id), "profile": profile.name, "source": "fighter"}
                found.append(Candidate(key=f"attack:{fighter.id}", label=f"{profile.name} ({fighter.id})",
                                       effects=profile.made_as.effects, fighter=fighter.id, profile=profile.name,
                                       bound=bound))
    found += _follow_ups(state, lib, side, trigger)
    for index, item in enumerate(state.lingering):
        effect = lib.card(state, item.card).effects[item.effect]
        if (item.side == side and item.active and isinstance(effect, GrantReactionEffect)
                and matches(state, lib, effect.reaction, trigger, side)):
            found.append(Candidate(key=f"grant:{index}", label=f"{lib.card(state, item.card).name} (its reaction)",
                                   effects=effect.effects, card=item.card, choose=effect.choose, grant=index,
                                   bound=_bound(state, trigger, side, None)))
    return [c for c in found if _can_be_made(state, lib, side, c.effects, c.bound, is_attack=bool(c.profile))]


def _can_be_made(state: UnderworldsState, lib: Library, side: SideId, effects: Sequence[Effect],
                 bound: dict[str, str], *, is_attack: bool = False) -> bool:
    """A reaction that does nothing but make an Attack action (Tireless Assault, Fuelled by Slaughter), or that is
    itself an Attack action (Furious Parry, which must target the attacker), may be used only when that attack
    could be made now: a card whose condition cannot be met cannot be played (L575), say when the drive-back took
    the same target out of reach (L689, L701) or the attacker struck from further than Range 1 (L681). Likewise a
    reaction that must push its own fighter (Ever-Advancing, Heroic Stride) is not offered while every hex around
    that fighter is blocked or occupied (L413, L575)."""
    if any(isinstance(e, PushEffect) and e.who == "self" and not e.up_to and not _free_around(state, lib, bound)
           for e in effects):
        return False
    attacks = [e for e in effects if isinstance(e, AttackEffect)]
    if not attacks or not (is_attack or len(attacks) == len(effects)):
        return True
    battle, rules = lib.battle(state), lib.rules(state)
    for effect in attacks:
        by = [f.id for f in state.fighters.values() if f.side == side] if effect.by == "chosen" else \
            [bound[effect.by]] if bound.get(effect.by) in state.fighters else []
        for fighter_id in by:
            fighter = state.fighters[fighter_id]
            if fighter.hex is None:
                continue
            if effect.action == "this" and bound.get("profile"):
                profiles = [lib.attack_named(state, fighter, bound["profile"], bound.get("source"))[1]]
            else:
                profiles = [profile for _, profile in lib.attacks(state, fighter)]
            against = bound.get("target") if effect.against == "same_target" else \
                bound.get("attacker") if effect.against == "attacker" else None
            targets = [f for f in state.fighters.values() if f.side != fighter.side and f.hex is not None
                       and (against is None or f.id == against)]
            me = battle.fighter(fighter_id)
            if any(target_problem(battle, me, battle.fighter(t.id), profile.range, rules) is None
                   for profile in profiles for t in targets):
                return True
    return False


def _free_around(state: UnderworldsState, lib: Library, bound: dict[str, str]) -> bool:
    """Whether the reaction's own fighter could be pushed one hex anywhere (L413)."""
    me = state.fighters.get(bound.get("self", ""))
    if me is None or me.hex is None:
        return True
    board = lib.board(state)
    occupied = [board.hex_of(f.hex) for f in state.fighters.values() if f.hex and f.id != me.id]
    return bool(push_hexes(board, board.hex_of(me.hex), occupied=occupied))


def _follow_ups(state: UnderworldsState, lib: Library, side: SideId, trigger: Trigger) -> list[Candidate]:
    """The reaction printed with the Attack action just made (Righteous Strike, Disengage), for its attacker."""
    if trigger.when != "after_action" or trigger.by != "attack" or trigger.actor is None:
        return []
    attacker = state.fighters[trigger.actor]
    if attacker.side != side:
        return []
    try:
        _, profile = lib.attack_named(state, attacker, trigger.profile, trigger.source or None)
    except ValueError:
        return []
    follow = profile.follow_up
    if follow is None or not matches(state, lib, follow.reaction.model_copy(update={"this_attack": False}), trigger,
                                     side, attacker.id):
        return []
    bound = _bound(state, trigger, side, attacker.id)
    return [Candidate(key=f"follow:{attacker.id}", label=f"{profile.name}'s reaction ({attacker.id})",
                      effects=follow.effects, card=trigger.source if trigger.source != "fighter" else "",
                      fighter=attacker.id, bound=bound)]


def _pool(state: UnderworldsState, lib: Library, side: SideId) -> list[Card]:
    """The reaction ploys ``side``'s warband may put in a deck that everyone knows of (the core set's, the host's
    imported cards): public knowledge, unlike its hand and its player's own cards."""
    warband = state.players[side].warband
    imported = [lib.card(state, str(raw["id"])) for raw in state.imported if not state.imported_by.get(str(raw["id"]))]
    return [card for card in (*lib.data.cards, *imported)
            if card.type == "ploy" and card.reaction is not None and card.warband in (warband, UNIVERSAL)]


def _may_react(state: UnderworldsState, lib: Library, side: SideId, trigger: Trigger) -> bool:
    """Whether ``side`` is asked, from public information only (see the module docstring)."""
    if any(not c.in_hand for c in candidates_public(state, lib, side, trigger)):
        return True
    hand = len(state.decks[power_deck(side)].piles["hand"]) if power_deck(side) in state.decks else 0
    brought = side in state.imported_by.values()
    return hand > 0 and not state.sudden_death and (brought or any(
        matches(state, lib, card.reaction, trigger, side)
        and _can_be_made(state, lib, side, card.effects, _bound(state, trigger, side, None))
        for card in _pool(state, lib, side) if card.reaction is not None))


def candidates_public(state: UnderworldsState, lib: Library, side: SideId, trigger: Trigger) -> list[Candidate]:
    """The reactions of ``side`` everyone can see (not its hand)."""
    hidden = state.model_copy(update={"decks": {k: v for k, v in state.decks.items() if k != power_deck(side)}})
    return candidates(hidden, lib, side, trigger)


def offer(ref: Referee, trigger: Trigger) -> bool:
    """Open a window for ``trigger`` when any side may react (returns whether one opened). Under the ruling
    ``reaction-chains: no-chains`` an action a reaction made opens none."""
    state = ref.state
    eligible = [side for side in state.in_play if _may_react(state, ref.lib, side, trigger)]
    order = reaction_order(state, ref.rules, eligible)
    if not order:
        return False
    open_window(ref.ctx, trigger.when, order, context=trigger.context(), shown=trigger.shown)
    return True


def automatic(ref: Referee, trigger: Trigger) -> list[EffectsFrame]:
    """Upgrades whose effect always happens on this trigger (Lightning Blast), as frames to resolve."""
    state = ref.state
    frames = []
    for fighter in state.fighters.values():
        for card_id in fighter.upgrades:
            card = ref.lib.card(state, card_id)
            if card.trigger is not None and matches(state, ref.lib, card.trigger, trigger, fighter.side, fighter.id):
                frames.append(EffectsFrame(id=ref.next_frame_id(), card=card_id, side=fighter.side,
                                           effects=as_data(card.effects),
                                           bound=_bound(state, trigger, fighter.side, fighter.id), chosen=[]))
    return frames


def resolve(ref: Referee, side: SideId, trigger: Trigger, key: str) -> None:
    """Play the reaction keyed ``key``: a ploy is revealed and discarded; its effects go on the stack."""
    state = ref.state
    found = next((c for c in candidates(state, ref.lib, side, trigger) if c.key == key), None)
    if found is None:
        ref.emit(Note(text=f"Side {side}'s reaction can no longer be played; nothing happens."))
        return
    if found.in_hand:
        ref.decks().move(power_deck(side), [found.card], "hand", "discard", why="played as a reaction", quiet=True)
        ref.emit(PloyPlayed(side=side, card=found.card, name=found.label, detail="a reaction"))
    else:
        ref.emit(Note(text=f"Side {side} reacts: {found.label}."))
    if found.grant is not None:
        ref.emit(LingeringSet(lingering=[item for i, item in enumerate(state.lingering) if i != found.grant]))
    ref.push(EffectsFrame(id=ref.next_frame_id(), card=found.card, side=side,
                          effects=as_data(found.effects),
                          choose=found.choose.model_dump(mode="json") if found.choose else None,
                          chosen=None if found.choose else [], bound={**found.bound, "reaction": "yes"},
                          ploy=found.in_hand))


def as_data(effects: Sequence[Effect]) -> list[dict[str, JsonValue]]:
    """Effects as the plain data a frame stores."""
    return [effect.model_dump(mode="json") for effect in effects]
