"""A whole unit's move, planned from where a player says it goes (Shroudfall beta rulebook v1.4, L573-612): toward a
model or a scenario element, away from one, to a point for its first model with the others keeping their places
around it, or each model to its own point. Each model's move is checked by the one rule check of
:func:`engine.systems.shroudfall.movement.plan_model_move`, where the models moved before it now stand; a model with
nowhere legal to go on that line stays where it is (a move action may leave a model in place).

The destination a player gives is the player's choice; how far each model goes along it is the tool's reach, cut
short before bases and anything the tool may not cross.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import IllegalCommand, InvalidCommand, ModelId
from engine.geometry import XY
from engine.systems.shroudfall.movement import ModelMove, in_coherency, move_tool, moved_spots, plan_model_move
from engine.systems.shroudfall.schema import Move
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.world import World

__all__ = ["Destination", "UnitMove", "parse_destination", "plan_unit_move", "reach_of"]

_POINT = r"(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)"
_SHARES = (1.0, 0.85, 0.7, 0.55, 0.4, 0.25, 0.1)
_SIDESTEPS = (0.0, 0.6, -0.6, 1.2, -1.2)
CLOSE = 0.1
"""How far short of touching a model or element a move toward it stops (inches), so bases never overlap."""


@dataclass(frozen=True, slots=True)
class Destination:
    """Where a unit goes: ``toward``/``away`` a thing on the table (by id), the unit ``to`` a point (its first model
    there, the others as they stand around it), or ``each`` model to its own point."""

    kind: str
    ident: str = ""
    point: XY | None = None
    each: tuple[tuple[ModelId, XY], ...] = ()
    turn: float = 0.0
    """Degrees turned from the straight line toward or away (a move *away* need not be *directly* away, L641)."""

    def shown(self) -> str:
        if self.kind in ("toward", "away"):
            return f"{self.kind} {self.ident}"
        if self.kind == "to" and self.point is not None:
            return f"{self.point[0]:g},{self.point[1]:g}"
        return ";".join(f"{m}@{x:g},{y:g}" for m, (x, y) in self.each)


def parse_destination(text: str) -> Destination:
    """Read ``toward B3``, ``away B3``, ``12.5,20`` or ``A3@10,12;A4@11,12``.

    :raises InvalidCommand: naming the forms accepted.
    """
    raw = text.strip()
    words = raw.split()
    if len(words) == 2 and words[0].casefold() in ("toward", "away"):
        return Destination(words[0].casefold(), words[1].upper())
    match = re.fullmatch(_POINT, raw)
    if match:
        return Destination("to", point=(round(float(match[1]), 2), round(float(match[2]), 2)))
    each: list[tuple[ModelId, XY]] = []
    for part in (p.strip() for p in raw.split(";") if p.strip()):
        found = re.fullmatch(r"([A-Za-z]\w*)\s*@\s*" + _POINT, part)
        if found is None:
            each = []
            break
        each.append((ModelId(found[1].upper()), (round(float(found[2]), 2), round(float(found[3]), 2))))
    if each:
        return Destination("each", each=tuple(each))
    raise InvalidCommand(f"to:{raw[:40]} is not a destination; write toward <id>, away <id>, x,y (the unit's first "
                         "model there, the others around it) or A3@10,12;A4@11,12 (each model to its point)")


@dataclass(frozen=True, slots=True)
class UnitMove:
    """A unit's move action as planned: each model's move (those left in place are missing) and what was said about
    the ones that could not go."""

    unit: str
    moves: tuple[ModelMove, ...]
    stayed: tuple[str, ...] = ()

    def ends(self) -> dict[ModelId, XY]:
        return moved_spots(self.moves)


def reach_of(world: World, model: ModelId, wanted: Move | None = None) -> float:
    """How far the model's centre may travel in one move: its tool's length and its base's diameter (the tool
    touches the base at the start, the base touches the tool at the end, L583-600)."""
    mov, _ = move_tool(world, model, wanted=wanted)
    return world.rulings.tool_length(mov) + 2 * world.base(model).radius - 0.02


def _ahead(start: XY, direction: float, length: float) -> XY:
    a = math.radians(direction)
    return round(start[0] + length * math.cos(a), 2), round(start[1] + length * math.sin(a), 2)


def _first_legal(world: World, model: ModelId, start: XY, direction: float, length: float, parry: bool,
                 moved: dict[ModelId, XY], wanted: Move | None) -> ModelMove | None:
    """The farthest legal end along ``direction`` (a straight tool first, trying a little to either side; then a
    bent one for the longer tries), or None."""
    if length <= 0.01:
        return None
    reach = reach_of(world, model, wanted)
    for bend in (False, True):
        for share in (_SHARES[:3] if bend else _SHARES):
            for side in _SIDESTEPS:
                ahead = _ahead(start, direction, length * share)
                end = _ahead(ahead, direction + 90.0, side) if side else ahead
                if math.dist(start, end) > reach + 1e-6:
                    continue
                try:
                    return plan_model_move(world, model, end, wanted=wanted, parry=parry, moved=moved, bend=bend)
                except IllegalCommand:
                    continue
    return None


def _together(world: World, models: list[ModelId], direction: float, length: float, parry: bool,
              wanted: Move | None) -> list[ModelMove] | None:
    """Every model moved by the same step (the formation kept), each with a straight tool, the longest step that
    works among a few; None when even a short one does not."""
    for share in _SHARES[:5]:
        planned: list[ModelMove] = []
        for model in models:
            end = _ahead(world.base(model).xy, direction, length * share)
            try:
                planned.append(plan_model_move(world, model, end, wanted=wanted, parry=parry,
                                               moved=moved_spots(planned), bend=False))
            except IllegalCommand:
                break
        else:
            return planned
    return None


def _stop_short(world: World, models: list[ModelId], goal: XY, radius: float, direction: float, stop: float) -> float:
    """How far along ``direction`` the unit may go before its nearest model comes within ``stop`` of the goal."""
    a = math.radians(direction)
    ux, uy = math.cos(a), math.sin(a)
    least = math.inf
    for model in models:
        base = world.base(model)
        dx, dy = goal[0] - base.xy[0], goal[1] - base.xy[1]
        along, across = dx * ux + dy * uy, abs(-dx * uy + dy * ux)
        keep = base.radius + radius + stop
        if along > 0 and across < keep:
            least = min(least, along - math.sqrt(keep * keep - across * across))
    return max(0.0, least)


def _target_spot(world: World, ident: str) -> tuple[XY, float]:
    if ident in world.state.models or ident in world.state.elements:
        base = world.base(ident)
        return base.xy, base.radius
    raise InvalidCommand(f"{ident} is neither a model nor a scenario element on the table")


def plan_unit_move(world: World, unit: UnitRecord, where: Destination, *, parry: bool = False,
                   wanted: Move | None = None, stop: float = CLOSE) -> UnitMove:
    """Plan the unit's move action toward ``where``: each model in turn (the nearest to the goal first), as far as its
    tool reaches on a legal line, checked where the models before it now stand. Planned once per table: the menu's
    check, a preview and the command itself share the plan.

    :raises IllegalCommand: for a point or model move the rules refuse (a typed end spot must be legal as given).
    """
    return world.settled(("unit-move", unit.id, where, parry, wanted, stop),
                         lambda: _plan_unit_move(world, unit, where, parry, wanted, stop))


def _plan_unit_move(world: World, unit: UnitRecord, where: Destination, parry: bool, wanted: Move | None,
                    stop: float) -> UnitMove:
    alive = world.state.alive(unit)
    moved: dict[ModelId, XY] = {}
    planned: list[ModelMove] = []
    stayed: list[str] = []
    if where.kind == "each":
        unknown = [m for m, _ in where.each if m not in alive]
        if unknown:
            raise IllegalCommand(f"{', '.join(unknown)} is not a model of {unit.id} on the table "
                                 f"({', '.join(alive)})", verb="move")
        for model, end in where.each:
            planned.append(plan_model_move(world, model, end, wanted=wanted, parry=parry, moved=moved))
            moved = moved_spots(planned)
        return UnitMove(unit.id, tuple(planned))
    if where.kind == "to":
        assert where.point is not None
        lead = world.base(alive[0]).xy
        shift = (where.point[0] - lead[0], where.point[1] - lead[1])
        for model in alive:
            start = world.base(model).xy
            end = (round(start[0] + shift[0], 2), round(start[1] + shift[1], 2))
            planned.append(plan_model_move(world, model, end, wanted=wanted, parry=parry, moved=moved))
            moved = moved_spots(planned)
        return UnitMove(unit.id, tuple(planned))
    goal, goal_radius = _target_spot(world, where.ident)
    order = sorted(alive, key=lambda m: math.dist(world.base(m).xy, goal))
    spots = [world.base(m).xy for m in alive]
    centre = (sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots))
    toward = where.kind == "toward"
    direction = where.turn + math.degrees(math.atan2(goal[1] - centre[1], goal[0] - centre[0]) if toward else
                                          math.atan2(centre[1] - goal[1], centre[0] - goal[0]))
    reach = min(reach_of(world, m, wanted) for m in alive)
    length = min(reach, _stop_short(world, alive, goal, goal_radius, direction, stop)) if toward else reach
    if not toward:
        order.reverse()
    together = _together(world, order, direction, length, parry, wanted) if length > 0.01 else None
    if together is not None:
        return UnitMove(unit.id, tuple(together))
    for model in order:
        base = world.base(model)
        gap = math.dist(base.xy, goal) - base.radius - goal_radius
        if toward:
            heading = where.turn + math.degrees(math.atan2(goal[1] - base.xy[1], goal[0] - base.xy[0]))
            going = min(reach_of(world, model, wanted), gap - stop)
        else:
            heading = where.turn + math.degrees(math.atan2(base.xy[1] - goal[1], base.xy[0] - goal[0]))
            going = reach_of(world, model, wanted)
        found = _first_legal(world, model, base.xy, heading, going, parry, moved, wanted)
        if found is None:
            stayed.append(model)
            continue
        planned.append(found)
        moved = moved_spots(planned)
    return UnitMove(unit.id, tuple(planned), tuple(stayed))


def keeps_formation(world: World, unit: UnitRecord, move: UnitMove) -> bool:
    """Whether the unit stays in coherency once the planned move is made (L606-612)."""
    return in_coherency(world, unit, move.ends())


def unit_gap(world: World, models: Sequence[ModelId], ident: str) -> float:
    """The least gap between any of ``models`` and the thing ``ident``."""
    return min((world.gap(m, ident) for m in models), default=math.inf)
