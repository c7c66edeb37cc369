"""Steps 1 and 2 of the Activation Sequence (Eldfall core rules v1.5, L1184-1196, L620-645, L1322-1357).

The active player picks a model with AP, spends 1 AP and declares its movement: Walk (SPD), Run (twice SPD),
Climb (half SPD, full with Climbing), Jump (half SPD, full with Leap) or Idle (turning on the spot). A Panicked
model first rolls M and, failing, runs its full Run toward the nearest table edge (L1764). The path is routed
round scenery and models and stops at the first base contact with an enemy (L638); a path asked beyond the
allowance stops where the allowance runs out (ruling ``move-too-far``), so declaring never measures for the
player. Engaged models only stay Idle or Walk straight at an enemy engaging them (L1453-1455), Crouched ones only
Walk or stay Idle (L1706), Immobilized and over-encumbered ones only stay Idle (L1748, L390).
"""

from __future__ import annotations

import itertools
import math

from engine.core import Context, IllegalCommand, InvalidCommand, ModelId, NotYourTurn, SideId
from engine.geometry import GeometryError, bearing, cut_path, parse_position, resolve_move
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.commands import Activate
from engine.systems.eldfall.effects import set_states, take_wounds
from engine.systems.eldfall.events import Activated, AttackResolved, FigureNoted, SequenceEnded, StepReached
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import allowance, engaged_walk_refusal, first_contact, panic_run
from engine.systems.eldfall.quests import carrier_leaves, touch_tokens
from engine.systems.eldfall.state import EldfallState, MovementKind
from engine.systems.eldfall.world import World
from engine.table import ModelMoved, ModelPlaced, ModelRemoved, Point
from engine.table.geometry import battlefield

__all__ = ["SPECIAL_MOVEMENTS", "activate", "agony_strikes", "movement_allowance", "movement_refusal"]

Ctx = Context[EldfallState]
SPECIAL_MOVEMENTS = ("run", "climb", "jump")
"""Special movements: after one, only Nothing may be declared (Dash aside) (L640, L1337)."""


def movement_allowance(f: Fighter, how: MovementKind) -> float:
    """How far ``f`` may go with ``how`` (L1328, L1341, L1348, L1918, L1972)."""
    return allowance(how, max(f.speed, 0), climbing=f.has("Climbing"), leap=f.has("Leap"), rulings=f.rulings)


def movement_refusal(world: World, f: Fighter, how: MovementKind) -> str | None:
    """Why ``f`` may not declare ``how`` now, citing the rule, or None."""
    if how == "idle":
        return None
    if f.over_encumbered:
        return f"{f.id} carries more than its INVENTORY allows and cannot move (L390)"
    if f.is_("immobilized"):
        return f"{f.id} is Immobilized: no Movement (L1748)"
    if f.is_("crouched") and how != "walk":
        return f"{f.id} is Crouched: it may only Walk or stay Idle (L1706)"
    if how in ("run", "climb", "jump") and world.engagers(f.id) and not f.has("Hit and Retreat"):
        return f"{f.id} is Engaged: it may only stay Idle or Walk straight at an enemy engaging it (L1453-1455)"
    return None


def activate(ctx: Ctx, kit: Kit, command: Activate) -> None:
    """Spend 1 AP and move (or stay Idle), then open the Reaction step."""
    state = ctx.state
    world = kit.world(state)
    side = ctx.acting_side()
    f = _activatable(state, world, side, command.model, command.verb)
    how = command.how
    if command.dash and not f.has("Dash"):
        raise IllegalCommand(f"{f.id} has no Dash skill (L1922)", verb=command.verb)
    if command.dash and how != "run":
        raise IllegalCommand("Dash is declared with a Run (L1922)", verb=command.verb)
    refusal = movement_refusal(world, f, how)
    if refusal is not None:
        raise IllegalCommand(refusal, verb=command.verb)
    if how != "idle" and not command.to:
        raise InvalidCommand(f"say where {f.id} goes: to:x,y or to:toward <id>, contact <id> ... (or how:idle)",
                             verb=command.verb)
    ctx.emit(Activated(model=f.id, ap=f.figure.ap - 1, movement=how, dash=command.dash))
    if "agony" in f.figure.enchantments and agony_strikes(ctx, f, "activation"):
        ctx.emit(SequenceEnded(model=f.id))
        return
    if f.is_("panicked") and _panic_flees(ctx, kit, f):
        return
    if how == "idle":
        _idle(ctx, kit, f, command.face, command.verb)
        ctx.emit(StepReached(step="reaction", path=((f.model.x, f.model.y),)))
        return
    path = _move(ctx, kit, f, how, command.to or "", command.max_distance, command.verb)
    ctx.emit(StepReached(step="reaction", path=path))
    if not carrier_leaves(ctx, kit, f.id):
        touch_tokens(ctx, kit, f.id)


def agony_strikes(ctx: Ctx, f: Fighter, what: str) -> bool:
    """Agony: an INT roll as the model activates or reacts; failing, it loses 1 HP and that activation or reaction
    ends (L2283). Returns whether it failed."""
    if attribute_check(ctx, f, "INT", f"Agony as it starts its {what} (L2283)").passed:
        return False
    left = take_wounds(ctx, f.id, 1)
    ctx.emit(AttackResolved(summary=f"{f.id} fails its INT roll against Agony: it loses 1 HP and its {what} ends "
                                    "(L2283)."))
    if left == 0:
        set_states(ctx, f, added=("incapacitated",), removed=("engaged",), why="0 HP, L872")
    return True


def _activatable(state: EldfallState, world: World, side: SideId, model: ModelId, verb: str) -> Fighter:
    """The model, checked to be the active side's, able to act and holding AP (L1129, L1164, L1184)."""
    if state.phase != "tactical" or state.active_side is None:
        raise NotYourTurn("models activate in their side's Tactical phase (L1164)", verb=verb)
    if state.active_side != side:
        raise NotYourTurn(f"it is side {state.active_side}'s turn: only the Active player activates models (L1129)",
                          verb=verb)
    if state.sequence is not None:
        raise IllegalCommand(f"{state.sequence.model}'s Activation Sequence is not over: declare its action first "
                             "(L1182)", verb=verb)
    if model not in state.models or model not in state.figures:
        mine = ", ".join(f.id for f in world.fighters(side, standing=True)) or "none"
        raise InvalidCommand(f"there is no model {model}; your models: {mine}", verb=verb)
    f = world.fighter(model)
    if f.side != side:
        raise NotYourTurn(f"{model} belongs to side {f.side}", verb=verb)
    if f.out:
        raise IllegalCommand(f"{model} is {'Dead' if f.dead else 'Incapacitated'} and cannot activate (L1712, L1756)",
                             verb=verb)
    if f.figure.ap < 1:
        raise IllegalCommand(f"{model} has no AP left: a model needs 1 AP to activate (L1164, L1184)", verb=verb)
    if state.duel is not None and model not in state.duel:
        raise IllegalCommand(f"a duel is on: only {state.duel[0]} and {state.duel[1]} activate (L1574)", verb=verb)
    return f


def _idle(ctx: Ctx, kit: Kit, f: Fighter, face: str | None, verb: str) -> None:
    """Idle: the model may turn on the spot (L1333)."""
    if not face:
        return
    facing = _facing(ctx.state, f, face, verb)
    if abs((facing - f.model.facing + 180.0) % 360.0 - 180.0) > 0.005:
        ctx.emit(ModelPlaced(model_id=f.id, x=f.model.x, y=f.model.y, facing=facing))


def _facing(state: EldfallState, f: Fighter, face: str, verb: str) -> float:
    text = face.strip()
    try:
        return round(float(text) % 360.0, 2)
    except ValueError:
        pass
    other = state.models.get(ModelId(text.upper()))
    if other is None:
        raise InvalidCommand(f"face:{text} is neither degrees nor a model on the table", verb=verb)
    return round(bearing((f.model.x, f.model.y), (other.x, other.y)) % 360.0, 2)


def _move(ctx: Ctx, kit: Kit, f: Fighter, how: MovementKind, to: str, limit: float | None,
          verb: str) -> tuple[Point, ...]:
    """Route the declared move, cut it at the allowance and at the first enemy contact, and make it."""
    state = ctx.state
    world = kit.world(state)
    reach = movement_allowance(f, how)
    if limit is not None:
        reach = min(reach, limit)
    try:
        position = parse_position(to)
        result = resolve_move(battlefield(state), f.id, position, max_distance=reach)
    except GeometryError as error:
        raise IllegalCommand(str(error), verb=verb) from None
    path: tuple[Point, ...] = result.waypoints
    facing = result.facing
    engagers = world.engagers(f.id)
    if engagers and not f.has("Hit and Retreat"):
        refusal = engaged_walk_refusal(path[0], path[-1], [world.base(e) for e in engagers])
        if refusal is not None or len(path) > 2:
            raise IllegalCommand(refusal or f"{f.id} is Engaged: its Walk must be one straight line (L1453-1455)",
                                 verb=verb)
    enemies = [world.base(e.id) for e in world.enemies(f, standing=False)]
    contact = first_contact(path, world.base(f.id), enemies)
    if contact is not None and contact.along < result.distance - 0.01:
        path, _cut = cut_path(path, contact.along)
        path = tuple((round(x, 2), round(y, 2)) for x, y in path)
        facing = round(bearing(path[-1], (state.models[ModelId(contact.other)].x,
                                          state.models[ModelId(contact.other)].y)) % 360.0, 2)
    distance = sum(math.dist(a, b) for a, b in itertools.pairwise(path))
    if len(path) > 1:
        ctx.emit(ModelMoved(model_id=f.id, path=path, distance=round(distance, 2), facing=facing,
                            touches=result.bases))
    return path


def _panic_flees(ctx: Ctx, kit: Kit, f: Fighter) -> bool:
    """A Panicked model rolls M as it activates; failing, it runs its full Run toward the nearest open edge and
    leaves the game if that carries it off the table (L1764, ruling panic-edge). Returns whether it fled."""
    roll = attribute_check(ctx, f, "M", "its panic as it activates (L1764)")
    if roll.passed:
        return False
    world = kit.world(ctx.state)
    table = battlefield(ctx.state).table
    run = panic_run(world.base(f.id), max(f.speed, 0), table, rulings=kit.rulings(ctx.state))
    if run.leaves_table:
        ctx.emit(ModelRemoved(model_id=f.id))
        ctx.emit(FigureNoted(model=f.id, changes={"gone": "fled"}))
        return True
    end = (min(max(run.end[0], f.model.radius), ctx.state.width - f.model.radius),
           min(max(run.end[1], f.model.radius), ctx.state.height - f.model.radius))
    path: tuple[Point, ...] = ((f.model.x, f.model.y),)
    try:
        result = resolve_move(battlefield(ctx.state), f.id, parse_position(f"{end[0]:.2f},{end[1]:.2f}"),
                              max_distance=2.0 * max(f.speed, 0))
        if len(result.waypoints) > 1:
            path = result.waypoints
            ctx.emit(ModelMoved(model_id=f.id, path=path, distance=round(result.distance, 2), facing=result.facing))
    except GeometryError:
        pass
    ctx.emit(StepReached(step="reaction", path=path, panic_failed=True))
    return True
