"""Placing a unit's models instead of moving them (Shroudfall beta rulebook v1.4, L656-663, L1333, L1363): Ethereal's
move action that places each model within X" of itself, and Reposition's place within X" at the end of the unit's
activation. A place ignores what lies between; the spot must be free of bases, IMPASSABLE and LINEAR TERRAIN and on
the table (L663). Each model goes in turn, checked where the ones before it now stand.

A destination is read as a move's is (``toward B3``, ``away B3``, ``x,y`` for the first model, ``A3@x,y;A4@x,y``):
toward or away from a thing, each model is placed as far as it may go, up to X", in that direction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core import IllegalCommand, ModelId
from engine.geometry import XY, distance
from engine.systems.shroudfall.movement import coherency_range, lock_refusal, place_refusal
from engine.systems.shroudfall.plans import Destination
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.world import World

__all__ = ["PLACING", "Placed", "ethereal_apart", "placing_inches", "placing_refusal", "plan_places"]

PLACING = {"ethereal": "Ethereal", "reposition": "Reposition"}
"""The passives that place a unit's models, by the action that uses them (L1333, L1363)."""
_STEPS = 8


@dataclass(frozen=True, slots=True)
class Placed:
    """One model's place: where it stood and where it goes."""

    model: ModelId
    start: XY
    end: XY


def placing_inches(world: World, unit: UnitRecord, passive: str) -> float | None:
    """X of the unit's Ethereal (X) or Reposition (X), or None when it has neither."""
    alive = world.state.alive(unit)
    level = world.level(alive[0], passive) if alive else None
    return float(level) if level else None


def placing_refusal(unit: UnitRecord, passive: str) -> str | None:
    """Why ``unit`` may not place its own models with Ethereal or Reposition at all now: a Frostbitten unit is never
    placed by its own side's abilities (L1401), so neither its Ethereal move nor its Reposition may be taken."""
    if "frostbite" in unit.conditions:
        return f"{unit.id} has Frostbite: it cannot be placed by its own {passive} (L1401)"
    return None


def _aim(world: World, model: ModelId, where: Destination) -> XY | None:
    if where.kind == "each":
        return dict(where.each).get(model)
    if where.kind == "to" and where.point is not None:
        return where.point
    if where.ident not in world.state.models and where.ident not in world.state.elements:
        raise IllegalCommand(f"{where.ident} is not a model or a scenario element on the table", verb="place")
    here, there = world.base(model).xy, world.base(where.ident).xy
    if where.kind == "toward":
        return there
    away = math.atan2(here[1] - there[1], here[0] - there[0])
    return here[0] + 100 * math.cos(away), here[1] + 100 * math.sin(away)


def plan_places(world: World, unit: UnitRecord, where: Destination, inches: float, *,
                lock: bool = False) -> list[Placed]:
    """Each model's place within ``inches`` of itself toward ``where`` (as far as it may go; a named spot exactly).
    ``lock``: the places are a move action (Ethereal's), so a model without Parry stays in melee with each enemy it
    was in melee with (L654, L1333).

    :raises IllegalCommand: for a named spot the rules refuse, naming the rule.
    """
    found: list[Placed] = []
    table = world
    parry = lock and "passive:Parry" in unit.effects
    for model in world.state.alive(unit):
        aim = _aim(table, model, where)
        if aim is None:
            continue
        start = table.base(model).xy
        if where.kind in ("each", "to") and (where.kind == "each" or model == world.state.alive(unit)[0]):
            why = _refusal(table, model, aim, inches, unit, lock=lock, parry=parry)
            if why is not None:
                raise IllegalCommand(f"{model}: {why}", verb="place")
            spot: XY | None = aim
        else:
            spot = _farthest(table, model, start, aim, inches, unit, lock=lock, parry=parry)
        if spot is None or spot == start:
            continue
        found.append(Placed(model, start, spot))
        table = table.with_spots({p.model: p.end for p in found})
    return found


def ethereal_apart(world: World, unit: UnitRecord, placed: list[Placed]) -> ModelId | None:
    """After an Ethereal move (``placed``, in order, on ``world`` as they now stand), a model placed after the first
    out of coherency range of the first model placed, which ends the activation at once (L1333), or None; a model
    the place destroyed (a hazard it was placed into) is no longer on the table and counts for nothing."""
    placed = [p for p in placed if p.model in world.state.models]
    if not placed:
        return None
    first, reach = world.base(placed[0].model), coherency_range(unit)
    return next((p.model for p in placed[1:] if distance(first, world.base(p.model)) > reach + 1e-9), None)


def _refusal(world: World, model: ModelId, spot: XY, inches: float, unit: UnitRecord, *, lock: bool,
             parry: bool) -> str | None:
    why = place_refusal(world, model, spot, reference=model, within=inches, by=unit.side)
    return why if why is not None or not lock else lock_refusal(world, model, spot, parry, {})


def _farthest(world: World, model: ModelId, start: XY, aim: XY, inches: float, unit: UnitRecord, *, lock: bool,
              parry: bool) -> XY | None:
    """The farthest legal spot toward ``aim`` whose base stays within ``inches`` of where the model stood."""
    gap = math.dist(start, aim)
    if gap < 1e-6:
        return None
    reach = min(gap, inches + 2 * world.base(model).radius - 0.02)
    for step in range(_STEPS, 0, -1):
        d = reach * step / _STEPS
        spot = (round(start[0] + (aim[0] - start[0]) * d / gap, 2), round(start[1] + (aim[1] - start[1]) * d / gap, 2))
        if _refusal(world, model, spot, inches, unit, lock=lock, parry=parry) is None:
            return spot
    return None
