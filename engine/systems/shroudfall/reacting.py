"""Reactive essence abilities (Shroudfall beta rulebook v1.4, L885-889, L1541-1561, L1589-1595): which a side may use
when a trigger is met, and what each does. A window is offered to each side in the order the rules give (the defender
first when a model is targeted, hit or damaged), and only to a side that has one it may use and pay for now; each
ability triggers once per trigger, and one marked so once per activation.

Played here: Anger Issues (a damaged model strikes back in melee, L953-957; its attack may be infused like any other,
L929-931), No one is forgotten (a friendly model
destroyed within 4": place this model within 1" of itself, L356-358) and Fall back! (an enemy ends a move within 8"
of Adamant in melee with a friendly model: that model's unit makes a MOV S away from it, L519-521, L961-965).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core import ModelId, SideId
from engine.geometry import XY
from engine.systems.shroudfall.abilities import fall_back_ways
from engine.systems.shroudfall.actives import beloved_candidates
from engine.systems.shroudfall.essence import can_pay, pay, unit_cost
from engine.systems.shroudfall.movement import place_refusal
from engine.systems.shroudfall.schema import COLOURS, AbilitySpec, Colour
from engine.systems.shroudfall.state import Task, UnitRecord
from engine.systems.shroudfall.targeting import target_refusal
from engine.systems.shroudfall.world import World

__all__ = ["ATTACK_TRIGGERS", "TRIGGERS", "Offer", "infusion_asked", "offers", "place_spots"]

ATTACK_TRIGGERS = ("targeted", "hit", "damaged")
"""An attack's windows where the defender declares first (L1542, L1550, L1557)."""
TRIGGERS = (*ATTACK_TRIGGERS, "friendly-destroyed", "enemy-ends-move")
"""Every trigger a window opens for: the reaction triggers ``/pass until:`` covers."""
FALL_BACK_RANGE = 8.0
FORGOTTEN_RANGE = 4.0


@dataclass(frozen=True, slots=True)
class Offer:
    """One reaction a side may use now: its key (``<unit>/<ability>``, with the unit that acts for Fall back!, and
    ``+<colour>`` for an attack infused), the unit whose card has it, the ability, and what it would do."""

    key: str
    unit: str
    ability: AbilitySpec
    label: str


def _abilities(world: World, unit: UnitRecord, trigger: str) -> list[AbilitySpec]:
    card = world.catalogue.card(unit.card)
    return [a for a in card.abilities if a.kind == "reactive" and a.trigger == trigger and a.effect is not None]


def _payable(world: World, unit: UnitRecord, ability: AbilitySpec) -> bool:
    reserve = world.state.record(unit.side).reserve
    return can_pay(reserve, unit_cost(reserve, ability.cost, unit.conditions))


def _fresh(world: World, unit: UnitRecord, ability: AbilitySpec) -> bool:
    return not (ability.once_per_activation and f"{unit.id}/{ability.id}" in world.state.reacted)


def place_spots(world: World, model: ModelId) -> list[XY]:
    """Legal spots to place ``model`` within 1" of itself (No one is forgotten, its own side's ability: none while
    Frostbitten, L1401): around it, nearest first."""
    base, side = world.base(model), world.state.models[model].side
    found: list[XY] = []
    for reach in (2 * base.radius + 0.98, base.radius + 0.5):
        for step in range(8):
            angle = math.radians(step * 45)
            spot = (round(base.xy[0] + reach * math.cos(angle), 2), round(base.xy[1] + reach * math.sin(angle), 2))
            if place_refusal(world, model, spot, reference=model, within=1.0, by=side) is None and spot not in found:
                found.append(spot)
    return found[:8]


def _defending(world: World, side: SideId, task: Task) -> UnitRecord | None:
    """The unit of ``side`` whose model an enemy's attack hit or damaged (the window's target), or None."""
    target, attacker = ModelId(task.target), ModelId(task.model)
    if target not in world.state.models or attacker not in world.state.models:
        return None
    unit = world.unit(target)
    return unit if unit.side == side and world.state.models[attacker].side != side else None


def _damaged(world: World, side: SideId, task: Task) -> list[Offer]:
    """Anger Issues: the damaged model may strike the attacker in melee."""
    damaged, attacker = ModelId(task.target), ModelId(task.model)
    unit = _defending(world, side, task)
    if unit is None:
        return []
    found = []
    for ability in _abilities(world, unit, "damaged"):
        if ability.effect != "anger-issues" or not (_payable(world, unit, ability) and _fresh(world, unit, ability)):
            continue
        melee = [w for w in world.melee_weapons(damaged) if target_refusal(world, damaged, attacker, w) is None]
        if melee:
            shown = f"{ability.name}: {damaged} strikes {attacker} with {melee[0].name}"
            found.append(Offer(f"{unit.id}/{ability.id}", unit.id, ability, shown))
            found += [Offer(f"{unit.id}/{ability.id}+{colour}", unit.id, ability, f"{shown}, infused with {colour}")
                      for colour in _infusions(world, unit, ability)]
    return found


def _infusions(world: World, unit: UnitRecord, ability: AbilitySpec) -> list[Colour]:
    """The colours a reaction's attack may be infused with (L929-931: an attack's rolls, whatever made the attack):
    those the reserve still holds once the ability is paid for, the strongest first."""
    reserve = world.state.record(unit.side).reserve
    left, _ = pay(reserve, unit_cost(reserve, ability.cost, unit.conditions), what=ability.name)
    return [c for c in reversed(COLOURS) if c in left]


def infusion_asked(key: str) -> Colour | None:
    """The colour a reaction's key (``<unit>/<ability>+<colour>``) infuses its attack with, if any."""
    _, plus, colour = key.partition("+")
    return next((c for c in COLOURS if plus and c == colour), None)


def _destroyed(world: World, side: SideId, task: Task) -> list[Offer]:
    """No one is forgotten: a model within 4" of the friendly model destroyed may be placed within 1" of itself."""
    if not task.points:
        return []
    (x, y), *_ = task.points
    found = []
    for unit in world.state.units_of(side):
        for ability in _abilities(world, unit, "friendly-destroyed"):
            if ability.effect is None or not (_payable(world, unit, ability) and _fresh(world, unit, ability)):
                continue
            for model in world.state.alive(unit):
                base = world.base(model)
                near = math.dist(base.xy, (x, y)) - base.radius - task.radius <= FORGOTTEN_RANGE
                if near and place_spots(world, model):
                    found.append(Offer(f"{unit.id}/{ability.id}/{model}", unit.id, ability,
                                       f"{ability.name}: place {model} within 1\" of itself"))
    return found


def _ends_move(world: World, side: SideId, task: Task) -> list[Offer]:
    """Fall back!: the enemy model that just ended its move (``task.model``; any of the unit that moved when none is
    named) ends within 8" of the ability's model and in melee with another friendly model: that friendly model's
    unit may make a MOV S away from it, unless Frostbitten (L1401), when some way away is open to it."""
    mover = world.state.units.get(task.unit)
    if mover is None or mover.side == side:
        return []
    movers = [ModelId(task.model)] if task.model else world.state.alive(mover)
    found: list[Offer] = []
    for unit in world.state.units_of(side):
        for ability in _abilities(world, unit, "enemy-ends-move"):
            if ability.effect != "fall-back" or not (_payable(world, unit, ability) and _fresh(world, unit, ability)):
                continue
            holders = world.state.alive(unit)
            for enemy in (m for m in movers if m in world.state.models):
                if not any(world.gap(h, enemy) <= FALL_BACK_RANGE + 1e-9 for h in holders):
                    continue
                for friend in world.engaged(enemy):
                    other = world.unit(friend)
                    if friend in holders or other.side != side or "frostbite" in other.conditions:
                        continue  # a friendly ability never moves a Frostbitten unit (L1401)
                    key = f"{unit.id}/{ability.id}/{other.id}/{enemy}"
                    if any(o.key == key or o.key.startswith(f"{key}/") for o in found):
                        continue
                    found += [Offer(key + (f"/{turn:g}" if turn else ""), unit.id, ability,
                                    f"{ability.name}: {other.id} makes a MOV S {_way(turn)} from {enemy} ({ends})")
                              for turn, ends in _ways(world, other, enemy)]
    return found


def _way(turn: float) -> str:
    return "directly away" if not turn else f"away, turned {turn:+g} degrees"


def _ways(world: World, unit: UnitRecord, enemy: ModelId) -> list[tuple[float, str]]:
    """Fall back!'s ways away (L641: away, not only directly away; ruling ``fall-back-way``), each offered as its
    own answer with where the models would end, directly away first."""
    return [(turn, "; ".join(f"{m.model} to {m.end[0]:g},{m.end[1]:g}" for m in plan.moves))
            for turn, plan in fall_back_ways(world, unit, enemy)]


def _hit(world: World, side: SideId, task: Task) -> list[Offer]:
    """Beloved Commander (a passive with a choice): the hit passed on to a friendly model within 2" (L360-362)."""
    hit = ModelId(task.target)
    unit = _defending(world, side, task)
    if unit is None:
        return []
    found = []
    for ability in world.catalogue.card(unit.card).abilities:
        if ability.effect == "beloved-commander" and _fresh(world, unit, ability):
            found += [Offer(f"{unit.id}/{ability.id}/{friend}", unit.id, ability,
                            f"{ability.name}: {friend} is hit instead of {hit}")
                      for friend in beloved_candidates(world, hit)]
    return found


def offers(world: World, side: SideId, trigger: str, task: Task) -> list[Offer]:
    """The reactions ``side`` may use now for ``trigger`` (described by the window's ``task``)."""
    if trigger == "hit":
        return _hit(world, side, task)
    if trigger == "damaged":
        return _damaged(world, side, task)
    if trigger == "friendly-destroyed":
        return _destroyed(world, side, task)
    if trigger == "enemy-ends-move":
        return _ends_move(world, side, task)
    return []
