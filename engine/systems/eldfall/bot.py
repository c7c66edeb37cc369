"""The bot's seat: hostiles by their behaviour cards (``hostile_moves``), and a party by a simple policy, for one
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
from typing import TYPE_CHECKING

from engine.core import (
    Answer,
    Ask,
    BotMove,
    Decision,
    ModelId,
    PartKind,
    SideId,
    Viewer,
    answer_by_default,
    draw_in_secret,
    pick_in_secret,
)
from engine.systems.eldfall import action_menus as menus
from engine.systems.eldfall.activation import activatable, move_refusal
from engine.systems.eldfall.commands import activation, declaration, end_turn, party, ready
from engine.systems.eldfall.declare import allowed_now
from engine.systems.eldfall.deployment_phase import ready_refusal
from engine.systems.eldfall.fighters import Fighter, Means
from engine.systems.eldfall.hostile_moves import hostile_move, hostile_reactions
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.reacting import REACTION_KIND, live_parts
from engine.systems.eldfall.rules import TACTICAL, Reading
from engine.systems.eldfall.setup import parties_fitting
from engine.systems.eldfall.setup_phases import DEPLOY, PARTIES
from engine.systems.eldfall.state import ACTION_STEP, EldfallState
from engine.systems.eldfall.strikes import measure_reach
from engine.systems.eldfall.world import World
from engine.table import Point

if TYPE_CHECKING:
    from engine.systems.eldfall.system import Eldfall

__all__ = ["best_attack", "bot_move", "party_reactions"]

_DODGE_WITHIN = 3.0


def bot_move(system: Eldfall, state: EldfallState, side: SideId) -> BotMove | None:
    """What the bot does for ``side`` now, or None when it has nothing to do; every move is one the menus offer."""
    kit = system.kit
    owed = next((d for d in state.pending.values() if d.owner == side), None)
    if owed is not None:
        if owed.kind == REACTION_KIND:
            return hostile_reactions(kit, state, owed) if side == state.hostile_side else \
                party_reactions(kit, state, owed)
        return pick_in_secret(owed) if owed.kind == "scheme" else answer_by_default(owed)
    if state.outcome is not None:
        return None
    if state.phase == PARTIES:
        if side in state.players() and state.record(side).party is None:
            parties = parties_fitting(kit, state)
            if not parties:
                return None
            return draw_in_secret([BotMove(party(p.name), (f"chooses the ready party {p.name}, drawn in secret",))
                                   for p in parties])
        return None
    if state.phase == DEPLOY:
        return BotMove(ready(), ("deploys as placed",)) if ready_refusal(kit, state, side) is None else None
    if TACTICAL.refusal(state, side, "bot") is not None:  # the declarations' one "my Tactical phase" check
        return None
    reading = Reading(kit, state, system.disclosure)
    if side == state.hostile_side:
        return hostile_move(reading)
    return _party_turn(reading, side)


# -- a party's turn --------------------------------------------------------------------------------------------


def _ask(reading: Reading, side: SideId, verb: str, **given: str) -> Ask:
    return Ask(verb, side, Viewer.of_side(side), given)


def best_attack(reading: Reading, f: Fighter, *, at_idle: bool = True) -> tuple[Means, ModelId] | None:
    """The first means and the nearest enemy it may attack from where it stands (in sight, arc and reach): among
    the means its attack menu offers, a weapon or a Sorcery aimed at one model."""
    world = reading.world
    enemies = sorted(world.enemies(f), key=lambda e: (world.gap(f.id, e.id), e.id))
    means_list = [*f.weapons, *(m for m in f.spell_means() if m.spell is not None and m.pw is not None
                                and m.spell.spell_type == "Sorcery" and not m.focus)]
    means_list = [m for m in means_list if m.aoe is None and not m.targetless and not m.consumable and not m.thrown
                  and menus.means_refusal(reading, f, m) is None]
    for enemy in enemies:
        if enemy.is_("incapacitated"):
            continue
        for means in means_list:
            if menus.target_refusal_for(reading, f, means, enemy.id) is not None:
                continue
            if measure_reach(world, f, means, world.base(enemy.id), world.base(f.id)).ok:
                return means, enemy.id
    return None


def _party_turn(reading: Reading, side: SideId) -> BotMove | None:
    state = reading.state
    world = reading.world
    sequence = state.sequence
    if sequence is not None:
        if state.step != ACTION_STEP:
            return None
        return _party_action(reading, world.fighter(sequence.model))
    for choice in activatable(world, side):
        move = _party_activation(reading, world.fighter(ModelId(choice.value)))
        if move is not None:
            return move
    return BotMove(end_turn(), ("no model left to activate: ends its Tactical phase",))


def _walks(world: World, f: Fighter, to: str) -> bool:
    """Whether ``f`` may Walk toward ``to`` now: the movement allowed and a route there (the handler's own)."""
    return move_refusal(world, f, "walk", to) is None


def _treasure_move(reading: Reading, f: Fighter) -> BotMove | None:
    """Treasure Hunt: a carrier heads for its own edge; a model touching a Cache takes its Treasure; a model
    nearer a token than any enemy goes for it."""
    world = reading.world
    state = world.state
    if (not state.tokens and "Treasure" not in f.figure.extra_items) or state.round < 2:
        return None
    if "Treasure" in f.figure.extra_items:
        edge_y = f.model.radius if state.record(f.side).edge == "bottom" else state.height - f.model.radius
        to = f"{f.model.x:.2f},{edge_y:.2f}"
        return BotMove(activation(f.id, "walk", to=to), (f"{f.id} carries a Treasure home",)) \
            if _walks(world, f, to) else None
    if any(t.kind in ("cache", "treasure") for t in menus.tokens_touching(reading, f)):
        return BotMove(activation(f.id), (f"{f.id} stays by the Cache to take its Treasure",))
    goals = [t for t in state.tokens.values() if t.kind != "barrel"]
    if not goals:
        return None
    here = (f.model.x, f.model.y)
    token = min(goals, key=lambda t: (math.dist(here, (t.x, t.y)), t.id))
    enemy = min((world.gap(f.id, e.id) for e in world.enemies(f)), default=99.0)
    to = f"contact {token.id}"
    if math.dist(here, (token.x, token.y)) > enemy or not _walks(world, f, to):
        return None
    return BotMove(activation(f.id, "walk", to=to), (f"{f.id} goes for token {token.id}",))


def _party_activation(reading: Reading, f: Fighter) -> BotMove | None:
    world = reading.world
    treasure = _treasure_move(reading, f)
    if treasure is not None:
        return treasure
    ready_to = best_attack(reading, f)
    if ready_to is not None:
        means, target = ready_to
        return BotMove(activation(f.id, face=target),
                       (f"{f.id} stays Idle facing {target}, which its {means.name} reaches",))
    enemies = sorted(world.enemies(f), key=lambda e: (world.gap(f.id, e.id), e.id))
    if not enemies:
        return BotMove(activation(f.id), (f"{f.id} has no enemy left to reach: it stays Idle",))
    nearest = enemies[0]
    melee = all(m.kind == "melee" for m in f.weapons if m.id != "unarmed") or not f.weapons
    for to in (f"contact {nearest.id}" if melee else f"toward {nearest.id}", f"toward {nearest.id}"):
        if _walks(world, f, to):
            return BotMove(activation(f.id, "walk", to=to), (f"{f.id} walks toward the nearest enemy, {nearest.id}",))
    return BotMove(activation(f.id, face=nearest.id),
                   (f"{f.id} cannot walk toward {nearest.id}; it stays Idle facing it",))


def _party_action(reading: Reading, f: Fighter) -> BotMove:
    world = reading.world
    options = allowed_now(world, f)
    side = f.side
    if "interact" in options:
        near = menus.interact_targets(reading, _ask(reading, side, "act interact"))
        if near:
            return BotMove(declaration("interact", targets=((ModelId(near[0].value), 1),)),
                           (f"{f.id} takes the Treasure from {near[0].value}",))
    if "attack" in options:
        ready_to = best_attack(reading, f)
        if ready_to is not None:
            means, target = ready_to
            kind = "cast" if means.spell is not None else "attack"
            return BotMove(declaration(kind, means=means.id, targets=((target, 0),)),
                           (f"{f.id} attacks {target} with {means.name}",))
    if "perceive" in options:
        shrouded = [c for c in menus.perceive_targets(reading, _ask(reading, side, "act perceive"))
                    if c.value in world.state.figures]
        if shrouded:
            nearest = min(shrouded, key=lambda c: (world.gap(f.id, ModelId(c.value)), c.value))
            return BotMove(declaration("perceive", targets=((ModelId(nearest.value), 1),)),
                           (f"{f.id} Perceives the Shrouded {nearest.value}",))
    reactions = world.state.sequence.reactions if world.state.sequence is not None else []
    if "dodge" in options and (any(r.kind == "attack" for r in reactions) or "nothing" not in options):
        return BotMove(declaration("dodge"), (f"{f.id} dodges the attacks declared against it",))
    return BotMove(declaration("nothing"), (f"{f.id} has nothing to attack: it does nothing",))


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
    parts = {p.key: p for p in live_parts(world, kit, decision, {})}
    answers: dict[str, str] = {}
    reasons: list[str] = []
    for part in parts.values():
        if part.kind is not PartKind.CHOICE or "." in part.key:
            continue
        r = world.fighter(ModelId(part.key))
        keys = part.option_keys()
        at = parts.get(f"{part.key}.at")
        points = [_xy(o.key) for o in at.offered(limit=10_000)] if at is not None else [sequence.path[-1]]
        strike = _strike_point(world, r, active, points, [k for k in keys if k not in ("nothing", "dodge")])
        if strike is not None:
            means, point = strike
            answers[part.key] = means
            if at is not None:
                answers[at.key] = f"{point[0]:.2f},{point[1]:.2f}"
            reasons.append(f"{r.id} attacks {active.id} with {means} at {point[0]:.2f},{point[1]:.2f}")
        elif "perceive" in keys:
            answers[part.key] = "perceive"
            reasons.append(f"{r.id} Perceives the Shrouded {active.id}")
        elif "dodge" in keys and world.gap(r.id, active.id) <= _DODGE_WITHIN:
            answers[part.key] = "dodge"
            reasons.append(f"{r.id} dodges: {active.id} ends within {_DODGE_WITHIN:g}\"")
    return BotMove(Answer(decision_id=decision.id, answers=answers),
                   tuple(reasons) or ("no model of the bot's can strike: no reactions",))


def _xy(text: str) -> Point:
    x, _, y = text.partition(",")
    return float(x), float(y)


def _strike_point(world: World, r: Fighter, active: Fighter, points: list[Point],
                  means_ids: list[str]) -> tuple[str, Point] | None:
    """The first means and point (from the end of the path backwards) the Reaction step offers where ``r``
    reaches the active model."""
    for means_id in means_ids:
        means = r.means(means_id)
        if means is None:
            continue
        for point in reversed(points):
            if measure_reach(world, r, means, world.base(active.id, at=point), world.base(r.id)).ok:
                return means_id, (round(point[0], 2), round(point[1], 2))
    return None
