"""A move action resolved model by model, and Fall back!'s move (Shroudfall beta rulebook v1.4, L1526-1533,
L519-521, L961-965).

The book moves a unit's models one after another, and "when a model ends a move" effects resolve after each model's
move, before the next model moves (L1528-1530): so an enemy's Fall back! may answer the first model that ends in
melee (the book's example: as soon as the Windrunner ends its move, L961-965). A planned move action becomes one step
per model, each followed by that window; each step checks its model's planned move again where the table now stands
(unchanged unless a reaction moved something, then a model whose move is no longer legal stays where it is, as a
move action allows).
"""

from __future__ import annotations

import itertools
import math

from engine.core import IllegalCommand, ModelId
from engine.geometry import XY, bearing
from engine.systems.shroudfall.abilities import fall_back_plan
from engine.systems.shroudfall.events_flow import ToolLaid
from engine.systems.shroudfall.flow import suffer
from engine.systems.shroudfall.hazards import entered
from engine.systems.shroudfall.movement import ModelMove, plan_model_move
from engine.systems.shroudfall.plans import UnitMove
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.state import Task
from engine.table import ModelMoved

__all__ = ["STEP_EXECUTORS", "after_move", "emit_model_move", "emit_move", "move_steps"]

ENDS_MOVE = "enemy-ends-move"
"""The window of 'when an enemy model ends a move' (Fall back!, L521)."""


def emit_model_move(ctx: Table, ref: Referee, planned: ModelMove) -> list[Task]:
    """Move one model as planned: its path and the tool it laid, and the hazards it moves into (L1431-1435, L1465,
    L947); the Regeneration questions their damage rolls leave (``flow.suffer``)."""
    if planned.model not in ctx.state.models:
        return []
    start = ctx.state.models[planned.model]
    origin = (start.x, start.y)
    bend = _bend(planned)
    path = (origin, *((bend,) if bend else ()), planned.end)
    length = sum(math.dist(a, b) for a, b in itertools.pairwise(path))
    facing = bearing(origin, planned.end) if planned.end != origin else start.facing
    ctx.emit(ToolLaid(model=planned.model, mov=planned.tool, length=round(planned.path.length, 2),
                      line=planned.path.points(), why=planned.why))
    ctx.emit(ModelMoved(model_id=planned.model, path=path, distance=round(length, 2), facing=facing))
    hazards = entered(ref.world(ctx), planned.model, origin, path[1:])
    return suffer(ctx, ref, planned.model, hazards, "moves into")


def emit_move(ctx: Table, ref: Referee, move: UnitMove) -> list[Task]:
    """Move every model of a planned move at once (a move no window interrupts: Fall back!'s own)."""
    return [ask for planned in move.moves for ask in emit_model_move(ctx, ref, planned)]


def _bend(planned: ModelMove) -> XY | None:
    joint = planned.path.joint
    return joint if joint not in (planned.path.start, planned.path.end) else None


def move_steps(ctx: Table, unit_id: str, move: UnitMove) -> list[Task]:
    """A move action's steps: each model's move, then the enemy's window for a model ending a move (L1528-1530),
    then what follows the action (``after_move``)."""
    opponent = ctx.state.opponent(ctx.state.units[unit_id].side)
    steps: list[Task] = []
    for planned in move.moves:
        bend = _bend(planned)
        points = (planned.end, bend) if bend else (planned.end,)
        steps += [Task(kind="step", unit=unit_id, model=planned.model, points=points),
                  Task(kind="window", why=ENDS_MOVE, sides=(opponent,), unit=unit_id, model=planned.model)]
    return [*steps, *after_move(unit_id)]


def after_move(unit_id: str) -> list[Task]:
    """What follows a move action once every model has moved: the hazards of completing it, then the activation's
    end when the move broke coherency or was the second (L543, L610, L1532-1533)."""
    return [Task(kind="acted", unit=unit_id, type="move"), Task(kind="moved", unit=unit_id)]


def _step(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """One model's planned move, checked again where the table stands now (a reaction may have moved something)."""
    model = ModelId(task.model)
    unit = ctx.state.units.get(task.unit)
    if unit is None or model not in ctx.state.models:
        return []
    end, *via = task.points
    try:
        planned = plan_model_move(ref.world(ctx), model, end, via=via[0] if via else None,
                                  parry="passive:Parry" in unit.effects)
    except IllegalCommand:
        return []  # no longer legal: the model stays where it is
    return emit_model_move(ctx, ref, planned)


def _fall_back(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """Fall back!'s MOV S away from the enemy, the way its player chose (L521, L641, L963-965)."""
    unit = ctx.state.units.get(task.unit)
    if unit is None or task.target not in ctx.state.models:
        return []
    turn = float(task.to) if task.to else 0.0
    return emit_move(ctx, ref, fall_back_plan(ref.world(ctx), unit, ModelId(task.target), turn))


STEP_EXECUTORS = {"step": _step, "fall-back": _fall_back}
"""The executors of this module's steps, for ``agenda.EXECUTORS``."""
