"""The bot's seat: hostiles by their behaviour cards (``hostile``), and a party by a simple policy, for one
player against the bot (the core rules leave solo play to rules published elsewhere, L1078: ruling
``solo-bot-party``).

The party policy, documented in docs/eldfall.md: activate the models in id order; a model with an enemy in reach
and sight from where it stands stays Idle facing it and attacks it; otherwise it walks toward the nearest enemy
(into contact when it fights in melee) and attacks if that brought an enemy into reach, else Perceives a Shrouded
enemy it may Perceive (L1530), else does nothing. As the reactive player, a model attacks the activated model where
it can reach and see it along its path, Perceives it when it is Shrouded, dodges when it ends within 3 inches, and
otherwise does nothing. The party and the scheme it keeps are drawn among the ready parties and the schemes it drew
with its side's secret dice (so they differ from game to game, and nobody else learns them: the reasons of these
secret choices reach its side alone); other set-up choices take their defaults.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core import (
    Answer,
    BotMove,
    Command,
    Decision,
    ModelId,
    PartKind,
    SideId,
    answer_by_default,
    draw_in_secret,
    offer_refused,
    pick_in_secret,
)
from engine.systems.eldfall.commands import Activate, ChooseParty, Declare, EndTurn, Ready
from engine.systems.eldfall.declare import allowed_now, target_refusal
from engine.systems.eldfall.deploying import deploying_now
from engine.systems.eldfall.fighters import Fighter, Means
from engine.systems.eldfall.hostile import hostile_move, hostile_reactions
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.quests import tokens_near
from engine.systems.eldfall.reacting import sample_path
from engine.systems.eldfall.setting_up import DEPLOY, PARTIES
from engine.systems.eldfall.setup import parties_fitting
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strikes import measure_reach
from engine.systems.eldfall.world import World
from engine.table import Point

if TYPE_CHECKING:
    from engine.systems.eldfall.system import Eldfall

__all__ = ["best_attack", "bot_move", "party_reactions"]

_DODGE_WITHIN = 3.0


def bot_move(system: Eldfall, state: EldfallState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
    """What the bot does for ``side`` now, or None when it has nothing to do."""
    kit = system.kit
    owed = next((d for d in state.pending.values() if d.owner == side), None)
    if owed is not None:
        if owed.kind == "reaction":
            if side == state.hostile_side:
                return hostile_reactions(kit, state, owed)
            return party_reactions(kit, state, owed)
        return pick_in_secret(owed) if owed.kind == "scheme" else answer_by_default(owed)
    if state.finished is not None:
        return None
    if state.phase == PARTIES:
        if side in state.players() and state.record(side).party is None:
            parties = parties_fitting(kit, state)
            if not parties:
                return None
            return draw_in_secret([BotMove(ChooseParty(name=party.name), (f"chooses the ready party {party.name}, "
                                                                          "drawn in secret",)) for party in parties])
        return None
    if state.phase == DEPLOY:
        now = deploying_now(kit, state)
        if side in state.players() and not state.record(side).ready and now in (None, side):
            return BotMove(Ready(), ("deploys as placed",))
        return None
    if state.phase != "tactical" or state.active_side != side:
        return None
    if side == state.hostile_side:
        return hostile_move(kit, state, allowed)
    return _party_turn(kit, state, side, allowed)


# -- a party's turn --------------------------------------------------------------------------------------------


def best_attack(world: World, f: Fighter, *, at_idle: bool = True) -> tuple[Means, ModelId] | None:
    """The first means and the nearest enemy it may attack from where it stands (in sight, arc and reach)."""
    enemies = sorted(world.enemies(f), key=lambda e: (world.gap(f.id, e.id), e.id))
    means_list = [*f.weapons, *(m for m in f.spell_means() if m.spell is not None and m.pw is not None
                                and m.spell.spell_type == "Sorcery" and not m.focus)]
    if f.loadout.hands_full:
        means_list = [m for m in means_list if m.spell is None]
    if world.engagers(f.id):
        means_list = [m for m in means_list if m.kind == "melee"]
    for enemy in enemies:
        if enemy.is_("incapacitated"):
            continue
        for means in means_list:
            if means.aoe is not None or means.targetless or means.consumable or means.thrown:
                continue
            if target_refusal(world, f, enemy.id, means) is not None:
                continue
            if measure_reach(world, f, means, world.base(enemy.id), world.base(f.id)).ok:
                return means, enemy.id
    return None


def _party_turn(kit: Kit, state: EldfallState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
    world = kit.world(state)
    sequence = state.sequence
    if sequence is not None:
        if sequence.step != "action":
            return None
        return _party_action(world, world.fighter(sequence.model), allowed)
    for f in world.fighters(side, standing=True):
        if f.figure.ap < 1 or (state.duel is not None and f.id not in state.duel):
            continue
        move = _party_activation(world, f, allowed)
        if move is not None:
            return move
    return BotMove(EndTurn(), ("no model left to activate: ends its Tactical phase",))


def _treasure_move(world: World, f: Fighter, allowed: Callable[[Command], bool]) -> BotMove | None:
    """Treasure Hunt: a carrier heads for its own edge; a model touching a Cache takes its Treasure; a model
    nearer a token than any enemy goes for it."""
    state = world.state
    if (not state.tokens and "Treasure" not in f.figure.extra_items) or state.round < 2:
        return None
    if "Treasure" in f.figure.extra_items:
        edge_y = f.model.radius if state.record(f.side).edge == "bottom" else state.height - f.model.radius
        command = Activate(model=f.id, how="walk", to=f"{f.model.x:.2f},{edge_y:.2f}")
        return BotMove(command, (f"{f.id} carries a Treasure home",)) if allowed(command) else None
    if any(t.kind in ("cache", "treasure") for t in tokens_near(world, f)):
        command = Activate(model=f.id, how="idle")
        return BotMove(command, (f"{f.id} stays by the Cache to take its Treasure",)) if allowed(command) else None
    goals = [t for t in state.tokens.values() if t.kind != "barrel"]
    if not goals:
        return None
    here = (f.model.x, f.model.y)
    token = min(goals, key=lambda t: (math.dist(here, (t.x, t.y)), t.id))
    enemy = min((world.gap(f.id, e.id) for e in world.enemies(f)), default=99.0)
    if math.dist(here, (token.x, token.y)) > enemy:
        return None
    command = Activate(model=f.id, how="walk", to=f"contact {token.id}")
    return BotMove(command, (f"{f.id} goes for token {token.id}",)) if allowed(command) else None


def _party_activation(world: World, f: Fighter, allowed: Callable[[Command], bool]) -> BotMove | None:
    treasure = _treasure_move(world, f, allowed)
    if treasure is not None:
        return treasure
    ready = best_attack(world, f)
    if ready is not None:
        means, target = ready
        command = Activate(model=f.id, how="idle", face=target)
        if allowed(command):
            return BotMove(command, (f"{f.id} stays Idle facing {target}, which its {means.name} reaches",))
        offer_refused("eldfall", f.side, command, "best_attack found the target in sight, arc and reach")
    enemies = sorted(world.enemies(f), key=lambda e: (world.gap(f.id, e.id), e.id))
    if not enemies:
        command = Activate(model=f.id, how="idle")
        return BotMove(command, (f"{f.id} has no enemy left to reach: it stays Idle",)) if allowed(command) else None
    nearest = enemies[0]
    melee = all(m.kind == "melee" for m in f.weapons if m.id != "unarmed") or not f.weapons
    for to in (f"contact {nearest.id}" if melee else f"toward {nearest.id}", f"toward {nearest.id}"):
        command = Activate(model=f.id, how="walk", to=to)
        if allowed(command):
            return BotMove(command, (f"{f.id} walks toward the nearest enemy, {nearest.id}",))
    command = Activate(model=f.id, how="idle", face=nearest.id)
    if allowed(command):
        return BotMove(command, (f"{f.id} cannot walk toward {nearest.id}; it stays Idle facing it",))
    return None


def _party_action(world: World, f: Fighter, allowed: Callable[[Command], bool]) -> BotMove | None:
    options = allowed_now(world, f)
    near = [t for t in tokens_near(world, f) if t.kind in ("cache", "treasure")]
    if near and "interact" in options and world.state.round >= 2:
        command = Declare(kind="interact", targets=((ModelId(near[0].id), 1),))
        if allowed(command):
            return BotMove(command, (f"{f.id} takes the Treasure from {near[0].id}",))
    if "attack" in options:
        ready = best_attack(world, f)
        if ready is not None:
            means, target = ready
            kind = "cast" if means.spell is not None else "attack"
            command = Declare(kind=kind, means=means.id, targets=((target, 0),))
            if allowed(command):
                return BotMove(command, (f"{f.id} attacks {target} with {means.name}",))
            offer_refused("eldfall", f.side, command, "best_attack found the target in sight, arc and reach")
    if "perceive" in options:
        for enemy in sorted(world.enemies(f), key=lambda e: (world.gap(f.id, e.id), e.id)):
            command = Declare(kind="perceive", targets=((enemy.id, 1),))
            if enemy.is_("shrouded") and allowed(command):
                return BotMove(command, (f"{f.id} Perceives the Shrouded {enemy.id}",))
    reactions = world.state.sequence.reactions if world.state.sequence is not None else []
    if "dodge" in options and (any(r.kind == "attack" for r in reactions) or "nothing" not in options):
        command = Declare(kind="dodge")
        if allowed(command):
            return BotMove(command, (f"{f.id} dodges the attacks declared against it",))
    return BotMove(Declare(kind="nothing"), (f"{f.id} has nothing to attack: it does nothing",))


# -- a party reacting ------------------------------------------------------------------------------------------


def party_reactions(kit: Kit, state: EldfallState, decision: Decision) -> BotMove:
    """Answer the Reaction step for a bot party (see the module's policy)."""
    world = kit.world(state)
    sequence = state.sequence
    if sequence is None:
        return answer_by_default(decision)
    active = world.fighter(sequence.model)
    if state.allied(decision.owner, active.side):
        return BotMove(Answer(decision_id=decision.id, answers={}), (f"{active.id} is an ally's: no reactions",))
    path = sequence.path
    answers: dict[str, str] = {}
    reasons: list[str] = []
    for part in decision.parts:
        if part.kind is not PartKind.CHOICE or "." in part.key:
            continue
        r = world.fighter(ModelId(part.key))
        keys = part.option_keys()
        strike = _strike_point(world, r, active, path, [k for k in keys if k not in ("nothing", "dodge")])
        if strike is not None:
            means, point = strike
            answers[part.key] = means
            if f"{part.key}.at" in {p.key for p in decision.parts}:
                answers[f"{part.key}.at"] = f"{point[0]:.2f},{point[1]:.2f}"
            reasons.append(f"{r.id} attacks {active.id} with {means} at {point[0]:.2f},{point[1]:.2f}")
        elif "perceive" in keys:
            answers[part.key] = "perceive"
            reasons.append(f"{r.id} Perceives the Shrouded {active.id}")
        elif "dodge" in keys and world.gap(r.id, active.id) <= _DODGE_WITHIN:
            answers[part.key] = "dodge"
            reasons.append(f"{r.id} dodges: {active.id} ends within {_DODGE_WITHIN:g}\"")
    return BotMove(Answer(decision_id=decision.id, answers=answers),
                   tuple(reasons) or ("no model of the bot's can strike: no reactions",))


def _strike_point(world: World, r: Fighter, active: Fighter, path: tuple[Point, ...],
                  means_ids: list[str]) -> tuple[str, Point] | None:
    """The first means and path point (from the end backwards) where ``r`` sees and reaches the active model."""
    points = list(reversed(sample_path(path))) if len(path) > 1 else [path[0]]
    for means_id in means_ids:
        means = r.means(means_id)
        if means is None:
            continue
        for point in points:
            seen_at = point if len(path) > 1 else None
            if not world.sees(r.id, active.id, seen_at=seen_at).visible:
                continue
            if measure_reach(world, r, means, world.base(active.id, at=point), world.base(r.id)).ok:
                return means_id, (round(point[0], 2), round(point[1], 2))
    return None
