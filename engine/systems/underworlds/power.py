"""Playing cards from hand: ploys in a power step, upgrades in a power step or one's end phase (Underworlds core
rulebook, L575, L599, L605, L703), and claims of objectives the referee cannot judge (claim and confirm).

A ploy names what it chooses when it is played (fighters, a hex or a held objective token, and where a fighter it
chooses is pushed); it cannot be played when there is nothing it could choose (L575). An upgrade costs an unspent
glory point and goes on an eligible fighter on the battlefield (L371, L605). Each play is checked whole
(``play_plan``) against the same predicates the menus list from (``card_problem``, ``pickable``, ``push_hexes``),
then applied (``play``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core import NOBODY, DecisionPart, IllegalCommand, InvalidCommand, Option, RulesError, SideId
from engine.systems.underworlds.afterwards import next_power_turn
from engine.systems.underworlds.cards import choices, upgrade_problem
from engine.systems.underworlds.events import Note, PloyPlayed, UnscorableSet, UpgradeGiven
from engine.systems.underworlds.game_state import EffectsFrame, PloyEndFrame, objective_deck, power_deck
from engine.systems.underworlds.harm import check_inspire
from engine.systems.underworlds.match import sudden_death_refusal
from engine.systems.underworlds.objectives import claimable, drawn_marks, hand, score
from engine.systems.underworlds.opening import HAND_OBJECTIVES
from engine.systems.underworlds.pushing import push_steps
from engine.systems.underworlds.reacting import as_data
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import UNIVERSAL, Card
from engine.systems.underworlds.turns import end_turn, rotation
from engine.systems.underworlds.vocabulary import PushEffect

__all__ = ["CLAIM", "PlayPlan", "add_card", "add_plan", "card_problem", "held_card", "on_claim", "pickable", "play",
           "play_plan", "playable", "ploy_end", "push_hexes", "pushes_chosen", "upgradable"]

CLAIM = "claim"


@dataclass(frozen=True, slots=True)
class PlayPlan:
    """A card played, checked: a claim, a ploy with what it chose (and where its chosen fighter is pushed), or an
    upgrade and the fighter that takes it."""

    side: SideId
    card: str
    kind: Literal["claim", "ploy", "upgrade"]
    chosen: tuple[str, ...] = ()
    push: tuple[tuple[str, str], ...] = ()
    fighter: str = ""


def held_card(ref: Referee, side: SideId, text: str, verb: str) -> Card:
    """The power card or objective in ``side``'s hand that ``text`` names (its id, name or a unique beginning)."""
    state = ref.state
    powers = list(state.decks[power_deck(side)].piles["hand"]) if power_deck(side) in state.decks else []
    card_id = ref.lib.find_card(state, text, powers) or ref.lib.find_card(state, text, hand(ref, side))
    if card_id is None:
        held = ", ".join(ref.lib.card(state, c).name for c in (*powers, *hand(ref, side))) or "no cards"
        raise IllegalCommand(f"{text!r} is not a card in your hand (you hold {held})", verb=verb,
                             rule=f"{RULE}, L599, L605")
    return ref.lib.card(state, card_id)


def _now(ref: Referee) -> str:
    state = ref.state
    if state.step == "power" and state.power is not None:
        return f"side {state.power.turn}'s turn in the power step"
    if state.step == "end" and state.end_stage:
        return (f"side {state.active_side}'s turn in the end phase's part {state.end_stage}; upgrades are played in "
                "the part upgrades (ruling end-phase-order: step-by-step)")
    return {"activation": f"side {state.active_side}'s activation"}.get(state.step, state.step)


def card_problem(ref: Referee, side: SideId, card: Card, verb: str) -> RulesError | None:
    """Why ``side`` may not play (or claim) this card of its hand now, whatever it would choose; None when it may."""
    state = ref.state
    why = sudden_death_refusal(state)
    if why is not None:
        return IllegalCommand(why, verb=verb)
    if card.type == "objective":
        return _claim_problem(ref, side, card, verb)
    in_power = state.step == "power" and state.power is not None and state.power.turn == side
    if card.type == "ploy":
        if state.step == "end":
            return IllegalCommand("ploys cannot be played in the end phase", verb=verb, rule=f"{RULE}, L703")
        if card.reaction is not None:
            return IllegalCommand(f"{card.name} is a reaction: it is played when its condition is met, and you are "
                                  "asked then", verb=verb, rule=f"{RULE}, L631")
        if not in_power:
            return IllegalCommand(f"power cards are played in the power step after an activation, on your turn to "
                                  f"play or pass (now: {_now(ref)})", verb=verb, rule=f"{RULE}, L575")
        if card.choose is not None and not choices(card.choose, ref.battle(), side):
            return IllegalCommand(f"{card.name} cannot be played now: there is nothing it could choose", verb=verb,
                                  rule=f"{RULE}, L575")
        return None
    if not (in_power or end_turn(state, side, "upgrades")):
        return IllegalCommand(f"upgrades are played in a power step on your turn, or in your end phase (now: "
                              f"{_now(ref)})", verb=verb, rule=f"{RULE}, L605, L703")
    record = state.players[side]
    if record.glory <= record.spent:
        return IllegalCommand(f"an upgrade costs one unspent glory point and {side} has none", verb=verb,
                              rule=f"{RULE}, L605")
    if not upgradable(ref, side, card):
        return IllegalCommand(f"{card.name} has no fighter on the battlefield to go on", verb=verb,
                              rule=f"{RULE}, L371, L605")
    return None


def _claim_problem(ref: Referee, side: SideId, card: Card, verb: str) -> RulesError | None:
    """A claim of an objective the referee cannot judge (ruling ``objective-evaluation``): one scored immediately
    after an action or activation of the action phase, not one drawn since the last (L707); the rest in one's end
    phase (L703, L711)."""
    state = ref.state
    if not claimable(ref, card):
        return IllegalCommand(f"{card.name} is scored by the referee when its condition is met; it needs no claim",
                              verb=verb, rule=f"{RULE}, L707")
    when = card.score or "end_phase"
    if when == "immediate":
        return _immediate_claim_problem(ref, side, card, verb)
    if not end_turn(state, side, "score"):
        return IllegalCommand(f"{card.name} is scored in your end phase", verb=verb, rule=f"{RULE}, L703")
    if when == "third_end_phase" and state.round < 3:
        return IllegalCommand(f"{card.name} is scored only in the third end phase", verb=verb, rule=f"{RULE}, L711")
    return None


def _immediate_claim_problem(ref: Referee, side: SideId, card: Card, verb: str) -> RulesError | None:
    """A card to score immediately is scored after an action or activation of the action phase, instead of in the
    end phase; one drawn in the action phase waits for a later action or activation (L707)."""
    state = ref.state
    if state.step not in ("activation", "power") or state.activation == 0:
        now = "it is the end phase" if state.step == "end" else "no activation has been taken in this action phase yet"
        return IllegalCommand(f"{card.name} is scored after an action or activation of the action phase, and {now}",
                              verb=verb, rule=f"{RULE}, L707")
    mark = state.unscorable.get(f"{side}:{card.id}")
    if mark is not None and mark >= state.checkpoint:
        return IllegalCommand(f"{card.name} was drawn in this action phase: it is scored only after a later action "
                              "or activation", verb=verb, rule=f"{RULE}, L707")
    return None


def playable(ref: Referee, side: SideId) -> list[Card]:
    """The cards of ``side``'s hand it may play (or claim) now, power cards first."""
    state = ref.state
    if power_deck(side) not in state.decks:
        return []
    held = [*state.decks[power_deck(side)].piles["hand"], *hand(ref, side)]
    cards = [ref.lib.card(state, c) for c in held]
    return [card for card in cards if card_problem(ref, side, card, "hand play") is None]


def upgradable(ref: Referee, side: SideId, card: Card) -> list[str]:
    """The fighters of ``side`` an upgrade may go on (L371, L605)."""
    battle = ref.battle()
    return [f.id for f in battle.fighters if f.side == side
            and upgrade_problem(card, battle, side, f.id, 1) is None]


def pickable(ref: Referee, side: SideId, card: Card, earlier: tuple[str, ...]) -> list[str]:
    """The fighters a ploy may choose next, having chosen ``earlier``: those of some pick it allows that holds
    them all (two adjacent friendly fighters: the second next to the first, L575)."""
    assert card.choose is not None
    taken = set(earlier)
    picks = [p for p in choices(card.choose, ref.battle(), side) if taken <= set(p)]
    return [f for f in dict.fromkeys(f for p in picks for f in p) if f not in taken]


def pushes_chosen(card: Card) -> int | None:
    """The index of the card's effect that pushes the fighter it chooses, if it has one (its hex is asked when the
    card is played)."""
    if card.choose is None or card.choose.fighters is None:
        return None
    return next((i for i, e in enumerate(card.effects) if isinstance(e, PushEffect) and e.who == "chosen"), None)


def push_hexes(ref: Referee, card: Card, fighter_id: str) -> list[str]:
    """Where the card's push may take the fighter it chose: one hex into a hex not blocked or occupied (L413;
    rulings ``push-path`` and ``push-exact``)."""
    index = pushes_chosen(card)
    fighter = ref.state.fighters.get(fighter_id)
    if index is None or fighter is None or fighter.hex is None:
        return []
    effect = card.effects[index]
    assert isinstance(effect, PushEffect)
    board = ref.lib.board(ref.state)
    occupied = [board.hex_of(f.hex) for f in ref.state.fighters.values() if f.hex and f.id != fighter.id]
    whole = ref.rules.push_exact == "all-or-nothing" and not effect.up_to
    return sorted(board.id_of(h) for h in push_steps(board, board.hex_of(fighter.hex), None, effect.hexes, occupied,
                                                      straight=ref.rules.push_path == "straight", whole=whole))


def play_plan(ref: Referee, side: SideId, text: str, fighters: tuple[str, ...], to: str, target: str,
              verb: str) -> PlayPlan:
    """The one check of a card played: its timing and cost, then what it chooses, each against what it may."""
    card = held_card(ref, side, text, verb)
    refused = card_problem(ref, side, card, verb)
    if refused is not None:
        raise refused
    if card.type == "objective":
        return PlayPlan(side, card.id, "claim")
    if card.type == "upgrade":
        if not fighters:
            raise InvalidCommand(f"name the fighter who takes {card.name} with model:", verb=verb)
        fighter = ref.lib.fighter(ref.state, fighters[0])
        record = ref.state.players[side]
        why = upgrade_problem(card, ref.battle(), side, fighter.id, record.glory - record.spent)
        if why is not None:
            raise IllegalCommand(why, verb=verb)
        return PlayPlan(side, card.id, "upgrade", fighter=fighter.id)
    chosen = _pick(ref, side, card, fighters, to, target, verb)
    push: tuple[tuple[str, str], ...] = ()
    index = pushes_chosen(card)
    if index is not None and to:
        hex_id = ref.lib.hex_id(ref.lib.board(ref.state), to)
        free = push_hexes(ref, card, chosen[0])
        if hex_id not in free:
            raise IllegalCommand(f"{chosen[0]} cannot be pushed into {hex_id}: a push goes one hex into a hex that is "
                                 f"not blocked or occupied (free: {', '.join(free) or 'none'})", verb=verb,
                                 rule=f"{RULE}, L413")
        push = ((f"{index}:{chosen[0]}:0", hex_id),)
    return PlayPlan(side, card.id, "ploy", tuple(chosen), push)


def _pick(ref: Referee, side: SideId, card: Card, fighters: tuple[str, ...], to: str, target: str,
          verb: str) -> list[str]:
    """What the ploy chooses, checked against what it may choose now (L575)."""
    choose = card.choose
    if choose is None:
        return []
    state = ref.state
    picks = choices(choose, ref.battle(), side)
    if choose.fighters is not None:
        named = [ref.lib.fighter(state, t).id for t in fighters if t]
        if not named and not (choose.up_to and () in picks):
            raise InvalidCommand(f"{card.name} chooses {choose.count} {choose.fighters} fighter"
                                 f"{'s' if choose.count > 1 else ''}: name them with model:, e.g. "
                                 f"{','.join(picks[0])}", verb=verb)
        if frozenset(named) not in {frozenset(p) for p in picks}:
            raise IllegalCommand(f"{card.name} cannot choose {' and '.join(named) or 'nobody'}; it may choose "
                                 f"{'; '.join(' and '.join(p) for p in picks[:8])}", verb=verb,
                                 rule=f"{RULE}, L575")
        return named
    if choose.hex is not None:
        if not to:
            raise InvalidCommand(f"{card.name} chooses an empty hex: name it with to:", verb=verb)
        hex_id = ref.lib.hex_id(ref.lib.board(state), to)
        if (hex_id,) not in picks:
            raise IllegalCommand(f"{card.name} needs an empty hex; {hex_id} is not one", verb=verb,
                                 rule=f"{RULE}, L575")
        return [hex_id]
    token = next((t for t in state.tokens if target and target.strip().upper() in (t.label, t.hex)), None)
    if token is None or (token.label,) not in picks:
        held = ", ".join(p[0] for p in picks)
        raise IllegalCommand(f"{card.name} needs an objective token you hold: name it with target: ({held})",
                             verb=verb, rule=f"{RULE}, L575")
    return [token.hex]


def play(ref: Referee, plan: PlayPlan) -> None:
    """Apply a checked play: a claim is put to an opponent; a ploy is revealed, discarded and resolved; an upgrade
    goes on its fighter."""
    card = ref.lib.card(ref.state, plan.card)
    if plan.kind == "claim":
        _claim(ref, plan.side, card)
    elif plan.kind == "ploy":
        _play_ploy(ref, plan, card)
    else:
        _play_upgrade(ref, plan, card)


def _play_ploy(ref: Referee, plan: PlayPlan, card: Card) -> None:
    side = plan.side
    ref.decks().move(power_deck(side), [card.id], "hand", "discard", why="played", quiet=True)
    ref.emit(PloyPlayed(side=side, card=card.id, name=card.name, detail=", ".join(plan.chosen)))
    if card.unexpressed is not None:
        ref.emit(Note(text=f"{card.name} is a card the referee cannot apply ({card.unexpressed}): the players apply "
                           f"it by hand (/model wound, /model place, /model token); {card.summary}"))
        ref.push(PloyEndFrame(id=ref.next_frame_id(), side=side, card=card.id))
        return
    ref.push(PloyEndFrame(id=ref.next_frame_id(), side=side, card=card.id),
             EffectsFrame(id=ref.next_frame_id(), card=card.id, side=side, effects=as_data(card.effects),
                          chosen=list(plan.chosen), answers=dict(plan.push), ploy=True))


def _play_upgrade(ref: Referee, plan: PlayPlan, card: Card) -> None:
    ref.decks().move(power_deck(plan.side), [card.id], "hand", "upgrades", why=f"on {plan.fighter}", quiet=True)
    ref.emit(UpgradeGiven(side=plan.side, fighter=plan.fighter, card=card.id, name=card.name))
    if ref.state.step == "power":
        next_power_turn(ref, passed=False)


def ploy_end(ref: Referee, frame: PloyEndFrame) -> None:
    """A ploy played in a power step is done: Inspire (not part of an action, so at once, L45), then the power
    step goes on with the next player."""
    ref.pop(frame.id)
    check_inspire(ref)
    if ref.state.step == "power":
        next_power_turn(ref, passed=False)


def _claim(ref: Referee, side: SideId, card: Card) -> None:
    """Claim an objective the referee cannot judge: an opponent confirms or refuses (ruling
    ``objective-evaluation``)."""
    state = ref.state
    judge = next(s for s in rotation(state.in_play, side) if s != side)
    ref.emit(Note(text=f"Side {side} claims the objective {card.name}: {card.summary}"))
    ref.ask(judge, CLAIM, f"Side {side} claims {card.name} ({card.summary}). Is its condition met?",
            [DecisionPart(key=CLAIM, prompt="Confirm the claim?", default="no",
                          options=(Option(key="yes", label="Confirm: it is met"),
                                   Option(key="no", label="Refuse: it is not met")))],
            context={"side": side, "card": card.id})


def on_claim(ref: Referee, side: SideId, card_id: str, confirmed: bool) -> None:
    if not confirmed:
        ref.emit(Note(text=f"Side {side}'s claim is refused; the card stays in hand."))
        return
    card = ref.lib.card(ref.state, card_id)
    score(ref, side, card, ("claimed and confirmed by an opponent (ruling objective-evaluation)",))
    if ref.state.step in ("activation", "power"):
        drawn = ref.decks().draw(objective_deck(side), max(0, HAND_OBJECTIVES - len(hand(ref, side))),
                                    why="replacing a scored objective")
        marks = drawn_marks(ref, side, drawn, ref.state.checkpoint)
        if marks:
            ref.emit(UnscorableSet(unscorable={**ref.state.unscorable, **marks}), NOBODY)


def own_imports(ref: Referee, side: SideId) -> list[str]:
    """The cards ``side`` (or the host) imported into this game: another player's are theirs alone."""
    state = ref.state
    return [str(raw.get("id")) for raw in state.imported if state.imported_by.get(str(raw.get("id"))) in (side, "")]


def add_plan(ref: Referee, side: SideId, text: str, verb: str) -> str:
    """One of one's own imported cards (or the host's) put into one's hand (a house rule): its warband's or a
    universal card, and never a fourth objective (L295). Returns the card's id."""
    state = ref.state
    imported = own_imports(ref, side)
    card_id = ref.lib.find_card(state, text, imported)
    if card_id is None:
        listed = ", ".join(imported) or "none yet (import them with /force import file:)"
        raise InvalidCommand(f"{text!r} is not a card you (or the host) imported into this game; yours: {listed}",
                             verb=verb)
    card = ref.lib.card(state, card_id)
    warband = state.players[side].warband if side in state.players else ""
    if card.warband not in (warband, UNIVERSAL):
        raise IllegalCommand(f"{card.name} belongs to {card.warband}; side {side} may hold only its warband's and "
                             "universal cards", verb=verb, rule=f"{RULE}, L111, L299")
    deck = objective_deck(side) if card.type == "objective" else power_deck(side)
    if deck not in state.decks:
        raise IllegalCommand("cards are added to hands once the hands are dealt", verb=verb)
    if card.type == "objective" and len(hand(ref, side)) >= HAND_OBJECTIVES:
        raise IllegalCommand("a hand never holds more than three objective cards", verb=verb, rule=f"{RULE}, L295")
    return card.id


def add_card(ref: Referee, side: SideId, card_id: str) -> None:
    """The table sees only that a card was added."""
    card = ref.lib.card(ref.state, card_id)
    deck = objective_deck(side) if card.type == "objective" else power_deck(side)
    ref.decks().add(deck, [card.id], "hand", why="a card of their own")
    ref.emit(Note(text=f"Side {side} adds a card of their own to their hand (a house rule)."))
