"""Card abilities the engine plays (Shroudfall beta rulebook v1.4, L348-527, L895-965, L911-917): the Essence Attack
every ESSENCE WEAVER has, Follow up's two pushes, Fall back!'s move away, the Orders and the lasting effects they
give. Each is one rule function over the table; the others are listed in docs/shroudfall.md as played by hand."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import shapely

from engine.core import IllegalCommand, ModelId, SideId
from engine.geometry import TOLERANCE, XY, Base, Push, distance, heading_of, tool_polygon
from engine.systems.shroudfall.movement import ModelMove, moved_spots, plan_model_move, push_model
from engine.systems.shroudfall.plans import Destination, UnitMove, plan_unit_move
from engine.systems.shroudfall.schema import Colour, Weapon
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.targeting import target_refusal, weapon_refusal
from engine.systems.shroudfall.world import World

__all__ = [
    "COMBINED",
    "ESSENCE_ATTACK_COSTS",
    "FALL_BACK_TURNS",
    "FOLLOW_UP_INCHES",
    "TACTICAL_ADVISOR_CRYSTAL",
    "FollowUp",
    "away_refusal",
    "backswing_strikes",
    "combined",
    "essence_attack_cost",
    "essence_attack_refusal",
    "fall_back_move",
    "fall_back_plan",
    "fall_back_ways",
    "follow_up",
    "follow_up_pushes",
    "free_interaction",
    "interaction_refusal",
    "leading",
    "tactical_advisor",
]

ESSENCE_ATTACK_COSTS: dict[str, tuple[Colour, ...]] = {
    "one-yellow": ("yellow",), "one-grey": ("grey",), "one-red": ("red",)}
"""The Essence Attack's cost by option of ruling ``essence-attack-cost`` (the icon is lost, L915)."""
FOLLOW_UP_INCHES = 1.0
TACTICAL_ADVISOR_CRYSTAL: Colour = "yellow"
"""Tactical Advisor's crystal (the icon is lost, L509; ruling ``tactical-advisor-crystal``)."""
TACTICAL_ADVISOR_GAP = 1.0
TOOL_WIDTH = 1.0
"""The movement tool's width (``tool_polygon``'s footprint, L583)."""


def leading(world: World, side: SideId, effect: str) -> bool:
    """Whether ``side``'s declared leadership ability plays ``effect`` and is active: only while the essence weaver
    that brought it is on the table (L480-482)."""
    declared = world.state.record(side).leadership
    if declared is None:
        return False
    unit_id, _, ability_id = declared.partition("/")
    unit = world.state.units.get(unit_id)
    if unit is None or not world.state.alive(unit):
        return False
    return any(a.id == ability_id and a.effect == effect for a in world.catalogue.card(unit.card).abilities)


def tactical_advisor(world: World, unit: UnitRecord) -> str | None:
    """The scenario element that earns Tactical Advisor's crystal as ``unit`` ends its activation, or None: the
    army's leadership is Tactical Advisor, and a model of the unit is within 1" of an element in play that lies
    within the opponent's table half, part of its base sufficing (L264, L507-509)."""
    if not leading(world, unit.side, "tactical-advisor"):
        return None
    middle = world.state.height / 2
    theirs_top = world.state.record(unit.side).edge != "top"
    alive = world.state.alive(unit)
    for element in world.state.elements.values():
        if element.scenario not in world.state.scenarios:
            continue
        reaches = element.y + element.radius > middle if theirs_top else element.y - element.radius < middle
        if reaches and any(world.gap(m, element.id) <= TACTICAL_ADVISOR_GAP + 1e-9 for m in alive):
            return element.id
    return None


def essence_attack_cost(world: World) -> tuple[Colour, ...]:
    """What an Essence Attack costs (ruling ``essence-attack-cost``)."""
    return ESSENCE_ATTACK_COSTS[world.rulings.essence_attack_cost]


def essence_attack_refusal(world: World, side: SideId, model: ModelId) -> str | None:
    """Why ``model`` may not make an Essence Attack now: its unit must be an ESSENCE WEAVER unit, activating, between
    actions (an active ability is never used during an action, L883, L913)."""
    unit = world.unit(model)
    if unit.side != side:
        return f"{model} is not side {side}'s"
    if not world.catalogue.card(unit.card).essence_weaver:
        return f"{unit.name} is not an ESSENCE WEAVER: only they have the Essence Attack (L913)"
    activation = world.state.activation
    if activation is None or activation.unit != unit.id:
        return f"{unit.id} may use an active ability only in its own activation (L429, L883)"
    if activation.ended:
        return f"{unit.id}'s activation has ended"
    return None


@dataclass(frozen=True, slots=True)
class FollowUp:
    """Follow up's pushes: the enemy hit 1" directly away, then the attacker 1" directly toward it (L959)."""

    target: Push
    attacker: Push | None


def follow_up(world: World, attacker: ModelId, target: ModelId, *, and_follow: bool = True) -> FollowUp:
    """Push the target 1" directly away from the attacker, then (if wished) the attacker 1" directly toward the
    target where the target ended (L959; ruling ``follow-up-timing``: after the damage is marked).

    :raises IllegalCommand: when the target may not be pushed by enemy effects (Rooted, Hold the Line!).
    """
    side = world.state.models[attacker].side
    away = heading_of("directly-away", world.base(target).xy, world.base(attacker).xy)
    assert away is not None
    first = push_model(world, target, away, FOLLOW_UP_INCHES, by=side)
    if not and_follow:
        return FollowUp(first, None)
    moved = world.with_spots({target: first.end})
    toward = heading_of("directly-toward", moved.base(attacker).xy, moved.base(target).xy)
    assert toward is not None
    try:
        second = push_model(moved, attacker, toward, FOLLOW_UP_INCHES, by=side)
    except IllegalCommand:
        second = None
    return FollowUp(first, second)


def follow_up_pushes(world: World, attacker: ModelId, target: ModelId, weapon: str) -> list[tuple[ModelId, Push]]:
    """Follow up after a model of a unit that has it hit an enemy with a melee attack (L957-959): the pushes made, the
    target's then the attacker's, each as far as it went (none when the target may not be pushed or is gone), once
    the damage is marked (ruling ``follow-up-timing``); which of them are made is its player's choice
    (``choosing``)."""
    if attacker not in world.state.models or target not in world.state.models:
        return []
    card = world.card(attacker)
    melee = any(w.name == weapon and w.type == "melee" for w in card.weapons)
    if not melee or not any(a.effect == "follow-up" for a in card.abilities):
        return []
    try:
        made = follow_up(world, attacker, target)
    except IllegalCommand:
        return []
    found = [(target, made.target)] + ([(attacker, made.attacker)] if made.attacker is not None else [])
    return [(model, push) for model, push in found if push.travelled > 1e-9]


def interaction_refusal(world: World, unit: UnitRecord) -> str | None:
    """Why ``unit`` may not interact with scenario elements at all: Simple Minded (L1369), or None."""
    alive = world.state.alive(unit)
    if alive and world.has(alive[0], "Simple Minded"):
        return f"{unit.id} is Simple Minded: it cannot interact with scenario elements (L1369)"
    return None


def free_interaction(world: World, unit: UnitRecord) -> bool:
    """Infiltrator: the unit interacts with scenario elements for no action and no essence (L1347)."""
    alive = world.state.alive(unit)
    return bool(alive) and world.has(alive[0], "Infiltrator")


def backswing_strikes(world: World, attacker: ModelId, target: ModelId, weapon: str) -> list[tuple[Weapon, ModelId]]:
    """Backswing's one more melee attack after the model damaged an enemy with a melee attack (L1319): each weapon
    and enemy it may take, the same enemy first while it stands, then the nearest (its player chooses, the first
    one click away); none when the model may make none."""
    if attacker not in world.state.models or not world.has(attacker, "Backswing"):
        return []
    if not any(w.name == weapon and w.type == "melee" for w in world.card(attacker).weapons):
        return []
    enemies = sorted(world.enemies(attacker), key=lambda e: (e != target, world.gap(attacker, e)))
    return [(melee, enemy) for enemy in enemies for melee in world.melee_weapons(attacker)
            if target_refusal(world, attacker, enemy, melee) is None]


COMBINED = {"ranged": "Combined Shot", "melee": "Combined Strike"}
"""The passive that lets a unit attack with one model for each attack type (L1323-1327)."""


def combined(world: World, unit: UnitRecord, kind: str, target: str) -> tuple[ModelId, int] | None:
    """A Combined Shot or Strike at ``target``: the model that attacks (the first that may take it with a profile of
    ``kind``) and +1 for each remaining model of the unit that may take it, the attacker among them (L1323 calls the
    models still on the table "remaining", and the attacker is one; ruling ``combined-count``), which for a shot
    means not in melee unless Relentless or Pistolero let it (L1325, L1357, L1361; a model in melee may not shoot,
    L716, so it neither attacks nor counts); None without the passive, with fewer than 2 models, or when no model may
    take the target."""
    alive = world.state.alive(unit)
    passive = COMBINED.get(kind)
    if passive is None or len(alive) < 2 or not world.has(alive[0], passive) or target not in world.state.models:
        return None
    able = [m for m in alive if any(weapon_refusal(world, m, w, (), ()) is None and target_refusal(world, m, target, w)
                                   is None for w in world.card(m).weapons if w.type == kind and w.shape == "single")]
    return (able[0], len(able)) if able else None


def away_refusal(world: World, move: ModelMove, origin: ModelId) -> str | None:
    """A move *away* from ``origin``: neither the tool nor the model may be nearer to it at any point than the model
    was at the start (L641)."""
    start = world.base(move.model)
    ref = world.base(origin)
    before = distance(start, ref)
    end_gap = distance(start.at(*move.end), ref)
    if end_gap < before - TOLERANCE or _tool_nearer(move, ref, before - TOLERANCE):
        return f"a move away from {origin} may never come nearer to it than {before:.2f}\" (L641)"
    return None


def _line_gap(a: XY, b: XY, p: XY) -> float:
    """From ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    dd = dx * dx + dy * dy
    t = 0.0 if dd <= 0 else min(1.0, max(0.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / dd))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def _tool_nearer(move: ModelMove, ref: Base, least: float) -> bool:
    """Whether the move's tool comes nearer than ``least`` to ``ref``'s base. The footprint lies within half the
    tool's width of its centre line (a tool of no length is a square: within half its diagonal), so it is measured
    only when the line itself comes that near."""
    points = move.path.points()
    line = min(_line_gap(a, b, ref.xy) for a, b in zip(points, points[1:] or points, strict=False))
    if line - TOOL_WIDTH / math.sqrt(2) - ref.radius >= least:
        return False
    return max(0.0, float(shapely.distance(tool_polygon(move.path), shapely.Point(ref.xy))) - ref.radius) < least


def fall_back_move(world: World, model: ModelId, enemy: ModelId, end: XY, *, via: XY | None = None,
                   moved: Mapping[ModelId, XY] | None = None) -> ModelMove:
    """Fall back!'s move of one model (L521, L963-965): a MOV S away from the enemy model, neither it nor the tool
    nearer to it at any point (L641). It is not a move action, and the melee lock holds only during move actions
    (L654), so the model may leave melee; a friendly ability never moves a Frostbitten unit (L1401). ``moved``: where
    the unit's models moved before it now stand.

    :raises IllegalCommand: for a Frostbitten unit, a move that is not a legal MOV S, or not away from ``enemy``.
    """
    unit = world.unit(model)
    if "frostbite" in unit.conditions:
        raise IllegalCommand(f"{unit.id} has Frostbite: friendly abilities cannot move it (L1401)", verb="move")
    move = plan_model_move(world, model, end, via=via, wanted="S", parry=True, moved=moved)
    why = away_refusal(world, move, enemy)
    if why is not None:
        raise IllegalCommand(why, verb="move")
    return move


FALL_BACK_TURNS = (0.0, 45.0, -45.0)
"""The ways Fall back!'s move is offered: directly away from the enemy, or away at 45 degrees to either side (a move
*away* need not be *directly* away, L641; ruling ``fall-back-way``)."""


def fall_back_plan(world: World, unit: UnitRecord, enemy: ModelId, turn: float = 0.0) -> UnitMove:
    """Fall back!'s move of the whole unit (L521: the friendly model's unit moves): each model as far as a MOV S
    takes it along the chosen way (``turn`` degrees from directly away), each move checked by
    :func:`fall_back_move`; a model with no such move stays where it is. Planned once per table: the window's
    offers, the menu and the reaction played share it.

    :raises IllegalCommand: for a Frostbitten unit (L1401).
    """
    if "frostbite" in unit.conditions:
        raise IllegalCommand(f"{unit.id} has Frostbite: friendly abilities cannot move it (L1401)", verb="move")
    return world.settled(("fall-back", unit.id, enemy, turn), lambda: _fall_back_plan(world, unit, enemy, turn))


def _fall_back_plan(world: World, unit: UnitRecord, enemy: ModelId, turn: float) -> UnitMove:
    planned = plan_unit_move(world, unit, Destination("away", enemy, turn=turn), parry=True, wanted="S")
    kept: list[ModelMove] = []
    stayed = list(planned.stayed)
    for move in planned.moves:
        if len(kept) == planned.moves.index(move):
            # every model before it moved as planned: the plan checked this move where they now stand, with the
            # same tool and the lock waived, so only the way away is left to check
            if away_refusal(world, move, enemy) is None:
                kept.append(move)
            else:
                stayed.append(move.model)
            continue
        joint = move.path.joint
        via = joint if joint not in (move.path.start, move.path.end) else None
        try:
            kept.append(fall_back_move(world, move.model, enemy, move.end, via=via, moved=moved_spots(kept)))
        except IllegalCommand:
            stayed.append(move.model)
    return UnitMove(unit.id, tuple(kept), tuple(stayed))


def fall_back_ways(world: World, unit: UnitRecord, enemy: ModelId) -> list[tuple[float, UnitMove]]:
    """The ways Fall back! may take ``unit`` from ``enemy`` (its player's choice, directly away first): each turn
    of :data:`FALL_BACK_TURNS` whose plan moves some model, no two ending alike."""
    found: list[tuple[float, UnitMove]] = []
    for turn in FALL_BACK_TURNS:
        plan = fall_back_plan(world, unit, enemy, turn)
        if plan.moves and all(plan.ends() != other.ends() for _, other in found):
            found.append((turn, plan))
    return found
