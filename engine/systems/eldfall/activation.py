"""Steps 1 and 2 of the Activation Sequence (Eldfall core rules v1.5, L1184-1196, L620-645, L1322-1357).

The active player picks a model with AP, spends 1 AP and declares its movement: Walk (SPD), Run (twice SPD),
Climb (half SPD, full with Climbing), Jump (half SPD, full with Leap) or Idle (turning on the spot), with the skills
that go with it (L1190): Flicker, taking flight or landing (Flight, L1938), crouching or standing up (L1192), Taunt,
Trample. A Panicked model first rolls M and, failing, runs its full Run toward the nearest table edge (L1764). The
path is routed round scenery and models, climbs and drops as the ground does (``moving``) and stops at the first base
contact with an enemy (L638); a path asked beyond the allowance stops where the allowance runs out (ruling
``move-too-far``), so declaring never measures for the player. Engaged models only stay Idle or Walk straight at an
enemy engaging them (L1453-1455), Crouched ones only Walk or stay Idle (L1706), Immobilized and over-encumbered ones
only stay Idle (L1748, L390), and one hanging on a vertical surface only Climbs, Jumps or stays Idle (L628, L1343).
"""

from __future__ import annotations

from engine.core import Context, IllegalCommand, InvalidCommand, ModelId, NotYourTurn, SideId
from engine.geometry import bearing
from engine.systems.eldfall.aftermath import pick_up_thrown
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.commands import Activate
from engine.systems.eldfall.downed import fall
from engine.systems.eldfall.duel import takes_part
from engine.systems.eldfall.effects import set_states, take_wounds
from engine.systems.eldfall.events import Activated, AttackResolved, FigureNoted, SequenceEnded, StepReached
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.heights import LADDER
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import allowance, engaged_walk_refusal, panic_run
from engine.systems.eldfall.moving import make_move, route
from engine.systems.eldfall.quests import carrier_leaves, drop_treasure, touch_tokens
from engine.systems.eldfall.state import EldfallState, MovementKind, SequenceState
from engine.systems.eldfall.world import World
from engine.table import ModelPlaced, ModelRemoved, Point
from engine.table.geometry import battlefield

__all__ = ["MOVEMENT_SKILLS", "SPECIAL_MOVEMENTS", "activate", "agony_strikes", "is_special", "movement_allowance",
           "movement_refusal", "skill_refusal"]

Ctx = Context[EldfallState]
SPECIAL_MOVEMENTS = ("run", "climb", "jump")
"""Special movements: after one, only Nothing may be declared (Dash aside) (L640, L1337)."""
MOVEMENT_SKILLS = ("flicker", "fly", "land", "crouch", "stand", "taunt", "trample")
"""The skills and choices declared with a movement (L1190-1192)."""


def is_special(sequence: SequenceState, f: Fighter) -> bool:
    """Whether the sequence's movement was a Special Movement: Run, Climb or Jump, except Climb with Climbing and
    Jump with Leap, which are Normal Movement (L1337, L1918, L1972)."""
    how = sequence.movement
    if how == "climb" and f.has("Climbing"):
        return False
    if how == "jump" and f.has("Leap"):
        return False
    return how in SPECIAL_MOVEMENTS


def movement_allowance(f: Fighter, how: MovementKind) -> float:
    """How far ``f`` may go with ``how`` (L1328, L1341, L1348, L1918, L1972)."""
    return allowance(how, max(f.speed, 0), climbing=f.has("Climbing"), leap=f.has("Leap"), rulings=f.rulings)


def movement_refusal(world: World, f: Fighter, how: MovementKind, *, standing_up: bool = False) -> str | None:
    """Why ``f`` may not declare ``how`` now, citing the rule, or None (``standing_up``: it leaves Crouched first)."""
    if how == "idle":
        return None
    if f.over_encumbered:
        return f"{f.id} carries more than its INVENTORY allows and cannot move (L390)"
    if f.is_("immobilized"):
        return f"{f.id} is Immobilized: no Movement (L1748)"
    if f.is_("crouched") and how != "walk" and not standing_up:
        return f"{f.id} is Crouched: it may only Walk or stay Idle (L1706)"
    if how in ("run", "climb", "jump") and world.engagers(f.id) and not f.has("Hit and Retreat"):
        return f"{f.id} is Engaged: it may only stay Idle or Walk straight at an enemy engaging it (L1453-1455)"
    if f.figure.clinging and how in ("walk", "run") and not f.is_("flying") and not _on_ladder(world, f):
        return (f"{f.id} hangs on the side of {f.figure.clinging}: it may only Climb, Jump or stay Idle there (L628, "
                "L1343)")
    return None


def _on_ladder(world: World, f: Fighter) -> bool:
    """Whether the side it hangs on carries a ladder, which any movement goes on up or down (L642)."""
    return any(p.id == f.figure.clinging and p.has(LADDER) for p in world.terrain)


def _can_fly(f: Fighter) -> bool:
    return f.has("Flight") or f.accessory("flying-carpet")


def skill_refusal(world: World, f: Fighter, how: MovementKind, skills: tuple[str, ...]) -> str | None:
    """Why ``f`` may not declare these skills with ``how``, citing the rule, or None."""
    for skill in skills:
        if skill not in MOVEMENT_SKILLS:
            return f"{skill!r} is not a skill declared with a movement; they are {', '.join(MOVEMENT_SKILLS)}"
    if "flicker" in skills and not f.has("Flicker"):
        return f"{f.id} has no Flicker skill (L1932)"
    if ("fly" in skills or "land" in skills) and not _can_fly(f):
        return f"{f.id} has no Flight skill (L1936)"
    if "fly" in skills and f.is_("flying"):
        return f"{f.id} is already Flying"
    if "fly" in skills and world.engagers(f.id):
        return f"{f.id} is Engaged: it cannot take flight (L1940)"
    if "land" in skills and not f.is_("flying") and "fly" not in skills:
        return f"{f.id} is not Flying"
    if "crouch" in skills and (f.is_("flying") or "fly" in skills):
        return "a Flying model cannot choose to crouch (L1739)"
    if "crouch" in skills and f.is_("crouched"):
        return f"{f.id} is already Crouched"
    if "stand" in skills and not f.is_("crouched"):
        return f"{f.id} is not Crouched"
    if "taunt" in skills and not f.has("Taunt"):
        return f"{f.id} has no Taunt skill (L1987)"
    if "trample" in skills and (not f.has("Trample") or how != "run"):
        return "Trample goes with a Run of a model with the Trample trait (L2181)"
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
    skills = tuple(dict.fromkeys(command.skills))
    refusal = skill_refusal(world, f, how, skills) or movement_refusal(world, f, how, standing_up="stand" in skills)
    if refusal is not None:
        raise IllegalCommand(refusal, verb=command.verb)
    if how != "idle" and not command.to:
        raise InvalidCommand(f"say where {f.id} goes: to:x,y or to:toward <id>, contact <id> ... (or how:idle)",
                             verb=command.verb)
    ctx.emit(Activated(model=f.id, ap=f.figure.ap - 1, movement=how, dash=command.dash, skills=skills))
    if "agony" in f.figure.enchantments and agony_strikes(ctx, kit, f, "activation"):
        ctx.emit(SequenceEnded(model=f.id))
        return
    if f.is_("panicked") and _panic_flees(ctx, kit, f):
        return
    if "stand" in skills:
        set_states(ctx, f, removed=("crouched",), why="it stands up as it moves (L1192)")
    if "fly" in skills:
        set_states(ctx, f, added=("flying",), why="it takes flight (L1938)")
    f = kit.world(ctx.state).fighter(f.id)
    if how == "idle":
        _idle(ctx, kit, f, command.face, command.verb)
        path: tuple[Point, ...] = ((f.model.x, f.model.y),)
        trampled: tuple[ModelId, ...] = ()
    else:
        path, trampled = _move(ctx, kit, f, how, command.to or "", command.max_distance, command.verb, skills)
    f = kit.world(ctx.state).fighter(f.id)
    if "land" in skills:
        set_states(ctx, f, removed=("flying",), why="it lands (L1938)")
    if "crouch" in skills:
        set_states(ctx, f, added=("crouched",), why="it crouches at the end of its movement (L1192)")
    ctx.emit(StepReached(step="reaction", path=path, trampled=trampled))
    if how != "idle" and not carrier_leaves(ctx, kit, f.id):
        touch_tokens(ctx, kit, f.id)
        pick_up_thrown(ctx, kit.world(ctx.state), kit.world(ctx.state).fighter(f.id))


def agony_strikes(ctx: Ctx, kit: Kit, f: Fighter, what: str) -> bool:
    """Agony: an INT roll as the model activates or reacts; failing, it loses 1 HP and that activation or reaction
    ends (L2283). Returns whether it failed."""
    if attribute_check(ctx, f, "INT", f"Agony as it starts its {what} (L2283)").passed:
        return False
    down_before = f.is_("incapacitated")
    left = take_wounds(ctx, f.id, 1)
    ctx.emit(AttackResolved(summary=f"{f.id} fails its INT roll against Agony: it loses 1 HP and its {what} ends "
                                    "(L2283)."))
    if left == 0:
        drop_treasure(ctx, kit, f.id)
        fall(ctx, kit, f.id, down_before)
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
    if state.duel is not None and not takes_part(state.duel, model, f.figure.summoner):
        raise IllegalCommand(f"a duel is on: only {state.duel[0]} and {state.duel[1]} and the creatures they summoned "
                             "activate (L1574-1576)", verb=verb)
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


def _move(ctx: Ctx, kit: Kit, f: Fighter, how: MovementKind, to: str, limit: float | None, verb: str,
          skills: tuple[str, ...]) -> tuple[tuple[Point, ...], tuple[ModelId, ...]]:
    """Route the declared move, cut it at the allowance and at the first enemy contact, and make it; returns the
    path and the models a Trample ran over."""
    world = kit.world(ctx.state)
    reach = movement_allowance(f, how)
    if limit is not None:
        reach = min(reach, limit)
    try:
        trip = route(world, f, how, to, reach, flicker="flicker" in skills, trample="trample" in skills)
    except IllegalCommand as error:
        raise IllegalCommand(error.reason, verb=verb) from None
    engagers = world.engagers(f.id)
    if engagers and not f.has("Hit and Retreat") and len(trip.path) > 1:
        refusal = engaged_walk_refusal(trip.path[0], trip.path[-1], [world.base(e) for e in engagers])
        if refusal is not None or len(trip.path) > 2:
            raise IllegalCommand(refusal or f"{f.id} is Engaged: its Walk must be one straight line (L1453-1455)",
                                 verb=verb)
    make_move(ctx, world, f, trip)
    return trip.path, trip.trampled


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
        trip = route(world, f, "run", f"{end[0]:.2f},{end[1]:.2f}", 2.0 * max(f.speed, 0))
        if len(trip.path) > 1:
            path = trip.path
            make_move(ctx, world, f, trip)
    except IllegalCommand:
        pass
    ctx.emit(StepReached(step="reaction", path=path, panic_failed=True))
    return True
