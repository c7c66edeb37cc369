"""Steps 1 and 2 of the Activation Sequence (Eldfall core rules v1.5, L1184-1196, L620-645, L1322-1357).

The active player picks a model with AP, spends 1 AP and declares its movement: Walk (SPD), Run (twice SPD),
Climb (half SPD, full with Climbing), Jump (half SPD, full with Leap) or Idle (turning on the spot), with the skills
that go with it (L1190): Flicker, taking flight or landing (Flight, L1938), crouching or standing up (L1192), Taunt,
Trample. A Panicked model first rolls M and, failing, runs its full Run toward the nearest table edge (L1764). The
path is routed round scenery and models, climbs and drops as the ground does (``routes``) and stops at the first base
contact with an enemy (L638); a path asked beyond the allowance stops where the allowance runs out (ruling
``move-too-far``), so declaring never measures for the player. Engaged models only stay Idle or Walk straight at an
enemy engaging them (L1453-1455), Crouched ones only Walk or stay Idle (L1706), Immobilized and over-encumbered ones
only stay Idle (L1748, L390), and one hanging on a vertical surface only Climbs, Jumps or stays Idle (L628, L1343).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from engine.core import Choice, Context, IllegalCommand, ModelId, SideId
from engine.geometry import bearing
from engine.systems.eldfall.aftermath import pick_up_thrown
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.downed import fall
from engine.systems.eldfall.dropping import drop_ordered
from engine.systems.eldfall.duel_rules import takes_part
from engine.systems.eldfall.effects import set_states, take_wounds
from engine.systems.eldfall.events import Activated, AttackResolved, FigureNoted, SequenceEnded, StepReached
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.heights import LADDER
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import allowance, engaged_walk_refusal, panic_run
from engine.systems.eldfall.quests import carrier_leaves, drop_treasure, touch_tokens
from engine.systems.eldfall.routes import Route, make_move, route
from engine.systems.eldfall.state import EldfallState, MovementKind, SequenceState
from engine.systems.eldfall.ways import WayAsked, has_way, has_way_each
from engine.systems.eldfall.world import World
from engine.table import ModelPlaced, ModelRemoved, Point
from engine.table.geometry import battlefield

__all__ = ["MOVEMENT_SKILLS", "SPECIAL_MOVEMENTS", "Activation", "activatable", "activatable_refusal", "activate",
           "agony_strikes", "declarable", "goes", "goes_anywhere", "goes_each", "is_special", "move_refusal",
           "movement_allowance", "movement_choice_refusal", "movement_refusal", "movements", "planned_route",
           "read_movement", "sequence_refusal", "skill_refusal", "way_test", "written"]

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


@dataclass(frozen=True, slots=True)
class Activation:
    """A checked activation (Steps 1 and 2): the model, its movement with the skills declared with it, where it goes
    (a point or an anchor, routed by the handler) or, Idle, what it turns to face."""

    model: ModelId
    how: MovementKind
    to: str | None = None
    face: str | None = None
    dash: bool = False
    skills: tuple[str, ...] = ()


def read_movement(text: str) -> tuple[MovementKind, bool, tuple[str, ...]] | str:
    """A movement as typed (``walk``, ``run trample``, ``dash``: a Run with Dash; L1190-1192) as (movement, dash,
    skills), or why it cannot be read."""
    words = text.strip().casefold().split()
    movement = words[0] if words else "idle"
    dash = movement == "dash"
    if dash:
        movement = "run"
    if movement not in _MOVES:
        return (f"{movement!r} is not a movement; choose walk, run, climb, jump, idle or dash (a Run with Dash), then "
                "any skills it goes with: flicker, fly, land, crouch, stand, taunt, trample (L1322-1357, L1190)")
    skills = tuple(dict.fromkeys(words[1:]))
    unknown = [w for w in skills if w not in MOVEMENT_SKILLS]
    if unknown:
        return (f"{unknown[0]!r} is not a skill declared with a movement; they are {', '.join(MOVEMENT_SKILLS)} "
                "(L1190-1192)")
    return movement, dash, skills


def movement_choice_refusal(world: World, f: Fighter, text: str) -> str | None:
    """Why ``f`` may not declare the movement ``text`` now (its skills, Dash, its states), or None."""
    read = read_movement(text)
    if isinstance(read, str):
        return read
    how, dash, skills = read
    if dash and not f.has("Dash"):
        return f"{f.id} has no Dash skill (L1922)"
    return skill_refusal(world, f, how, skills) or movement_refusal(world, f, how, standing_up="stand" in skills)


_MOVES: tuple[MovementKind, ...] = ("walk", "run", "climb", "jump", "idle")
_SKILLED = ("walk flicker", "run flicker", "walk fly", "walk land", "walk stand", "walk crouch", "walk taunt",
            "run trample", "dash")
"""The movements with skills a menu offers (each only to a model that may declare it, L1190-1192)."""


def movements(world: World, f: Fighter, *, idle: bool) -> list[Choice]:
    """The movements ``f`` may declare now, in the book's order, then those with skills (``idle``: Idle too)."""
    found = [Choice(how, f"{how} ({movement_allowance(f, how):g}\")" if how != "idle" else "stay Idle")
             for how in _MOVES if (idle or how != "idle") and movement_choice_refusal(world, f, how) is None]
    return found + [Choice(how) for how in _SKILLED if movement_choice_refusal(world, f, how) is None]


def declarable(world: World, f: Fighter) -> list[str]:
    """Every movement ``f`` may declare now but Idle, with each set of skills it may declare with it, written as a
    menu lists them (``written``). A skill is tried alone and with the two that may allow it: Fly (Land in the same
    move, L1938) and Stand (a Crouched model's only way to more than a Walk, L1192, L1706)."""
    found: list[str] = []
    for how in ("walk", "run", "climb", "jump", "dash"):
        allowed = [s for s in MOVEMENT_SKILLS
                   if any(movement_choice_refusal(world, f, _in_order(how, (s, *k))) is None
                          for k in ((), ("fly",), ("stand",)))]
        for size in range(len(allowed) + 1):
            found += [text for chosen in itertools.combinations(allowed, size)
                      if movement_choice_refusal(world, f, text := " ".join((how, *chosen))) is None]
    return found


def written(text: str) -> str | None:
    """A movement as ``declarable`` writes it (``walk land fly`` -> ``walk fly land``), or None for no movement."""
    read = read_movement(text)
    if isinstance(read, str):
        return None
    how, dash, skills = read
    return _in_order("dash" if dash else how, skills)


def _in_order(how: str, skills: tuple[str, ...]) -> str:
    return " ".join((how, *sorted(set(skills), key=MOVEMENT_SKILLS.index)))


def activatable_refusal(world: World, side: SideId, model: str) -> str | None:
    """Why ``side`` may not activate ``model`` now (L1129, L1164, L1184, L1574-1576), or None."""
    state = world.state
    model_id = ModelId(model.upper())
    if model_id not in state.models or model_id not in state.figures:
        mine = ", ".join(f.id for f in world.fighters(side, standing=True)) or "none"
        return f"there is no model {model}; your models: {mine}"
    f = world.fighter(model_id)
    if f.side != side:
        return f"{model_id} belongs to side {f.side}"
    if f.out:
        return f"{model_id} is {'Dead' if f.dead else 'Incapacitated'} and cannot activate (L1712, L1756)"
    if f.figure.ap < 1:
        return f"{model_id} has no AP left: a model needs 1 AP to activate (L1164, L1184)"
    if state.duel is not None and not takes_part(state.duel, model_id, f.figure.summoner):
        return (f"a duel is on: only {state.duel[0]} and {state.duel[1]} and the creatures they summoned activate "
                "(L1574-1576)")
    return None


def activatable(world: World, side: SideId) -> list[Choice]:
    """The models ``side`` may activate now, with their AP."""
    return [Choice(f.id, f"{f.id} {f.name} ({f.figure.ap} AP)") for f in world.fighters(side, standing=True)
            if activatable_refusal(world, side, f.id) is None]


def sequence_refusal(state: EldfallState) -> str | None:
    """Why no model may be activated (nor the turn ended) now: a sequence is under way (L1182)."""
    if state.sequence is not None:
        return f"{state.sequence.model}'s Activation Sequence is not over: declare its action first (L1182)"
    return None


def activate(ctx: Ctx, kit: Kit, plan: Activation) -> None:
    """Spend 1 AP and move (or stay Idle), then open the Reaction step."""
    world = kit.world(ctx.state)
    f = world.fighter(plan.model)
    how, skills = plan.how, plan.skills
    ctx.emit(Activated(model=f.id, ap=f.figure.ap - 1, movement=how, dash=plan.dash, skills=skills))
    drop_ordered(ctx, world, f.id)  # the items it was ordered to drop, as it activates (L394)
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
        _idle(ctx, f, plan.face)
        path: tuple[Point, ...] = ((f.model.x, f.model.y),)
        trampled: tuple[ModelId, ...] = ()
    else:
        path, trampled = _move(ctx, kit, f, how, plan.to or "", skills)
    f = kit.world(ctx.state).fighter(f.id)
    if "land" in skills:
        set_states(ctx, f, removed=("flying",), why="it lands (L1938)")
    if "crouch" in skills:
        set_states(ctx, f, added=("crouched",), why="it crouches at the end of its movement (L1192)")
    ctx.emit(StepReached(step="reaction", path=path, trampled=trampled))
    if how != "idle" and not carrier_leaves(ctx, kit, f.id):
        touch_tokens(ctx, kit, f.id)
        if f.id in ctx.state.models:  # a Sigil it set off may have taken it off the table (L2041, L2022)
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


def _idle(ctx: Ctx, f: Fighter, face: str | None) -> None:
    """Idle: the model may turn on the spot (L1333)."""
    if not face:
        return
    facing = _facing_to(ctx.state, (f.model.x, f.model.y), face)
    assert facing is not None  # checked with the activation
    if abs((facing - f.model.facing + 180.0) % 360.0 - 180.0) > 0.005:
        ctx.emit(ModelPlaced(model_id=f.id, x=f.model.x, y=f.model.y, facing=facing))


def _facing_to(state: EldfallState, here: Point, face: str) -> float | None:
    """Degrees, or the bearing from ``here`` to a model on the table; None for neither."""
    text = face.strip()
    try:
        return round(float(text) % 360.0, 2)
    except ValueError:
        pass
    other = state.models.get(ModelId(text.upper()))
    if other is None:
        return None
    return round(bearing(here, (other.x, other.y)) % 360.0, 2)


def planned_route(world: World, f: Fighter, how: MovementKind, to: str, skills: tuple[str, ...]) -> Route:
    """The declared move routed, cut at the allowance and at the first enemy contact; an Engaged model's Walk one
    straight line (L1453-1455). :raises IllegalCommand: for a route that cannot be made."""
    trip = route(world, f, how, to, movement_allowance(f, how), flicker="flicker" in skills,
                 trample="trample" in skills)
    engagers = world.engagers(f.id)
    if engagers and not f.has("Hit and Retreat") and len(trip.path) > 1:
        refusal = engaged_walk_refusal(trip.path[0], trip.path[-1], [world.base(e) for e in engagers])
        if refusal is not None or len(trip.path) > 2:
            raise IllegalCommand(refusal or f"{f.id} is Engaged: its Walk must be one straight line (L1453-1455)")
    return trip


def move_refusal(world: World, f: Fighter, text: str, to: str | None) -> str | None:
    """Why ``f`` may not make the movement ``text`` toward ``to`` now: the movement itself, then its route (the
    handler's own), or None. The menus, the activation's check and the bots all ask this."""
    refusal = movement_choice_refusal(world, f, text)
    read = read_movement(text)
    if refusal is not None or isinstance(read, str) or read[0] == "idle" or to is None:
        return refusal
    try:
        planned_route(world, f, read[0], to, read[2])
    except IllegalCommand as error:
        return error.reason
    return None


def goes(world: World, f: Fighter, text: str, to: str | None) -> bool:
    """Whether ``move_refusal`` is None, found cheaper where only the way decides (``way_test``)."""
    return way_test(world, f, text)(to)


def way_test(world: World, f: Fighter, text: str) -> Callable[[str | None], bool]:
    """Whether ``move_refusal`` is None for a place, as a test a menu asks of each place it names, the movement, the
    model's states and its allowance read once: a Walk, Run or Climb of a model neither Engaged (unless it Hits and
    Retreats) nor a Personal Guard needs only some route to the place (``has_way``); a Jump, a Flicker and the rest
    are routed whole."""
    refusal = movement_choice_refusal(world, f, text)
    read = read_movement(text)
    if refusal is not None or isinstance(read, str) or read[0] == "idle":
        return lambda to: refusal is None
    how, _, skills = read
    if _simple_way(world, f, how, skills):
        far, trample = movement_allowance(f, how), "trample" in skills
        return lambda to: to is None or has_way(world, f, how, to, far, trample=trample)
    return lambda to: to is None or _routed(world, f, how, to, skills)


def _routed(world: World, f: Fighter, how: MovementKind, to: str, skills: tuple[str, ...]) -> bool:
    """Whether ``planned_route`` makes the movement (``move_refusal`` past the movement's own refusal)."""
    try:
        planned_route(world, f, how, to, skills)
    except IllegalCommand:
        return False
    return True


def goes_anywhere(world: World, f: Fighter, text: str, places: Sequence[str]) -> bool:
    """Whether ``way_test`` passes one of ``places`` (``goes_each``)."""
    return goes_each(world, text, [(f, places)])[0]


def goes_each(world: World, text: str, asked: Sequence[tuple[Fighter, Sequence[str]]]) -> list[bool]:
    """For each model and the places it names, whether ``way_test`` of the movement ``text`` passes one of them (any
    way, not the shortest): where only the way decides, the ways of every model to all its places are asked at once
    (``has_way_each``: a menu asks it of every model it offers)."""
    read = read_movement(text)
    simple: list[WayAsked] = []
    found: list[bool | None] = []
    for f, places in asked:
        if isinstance(read, str) or read[0] == "idle" or movement_choice_refusal(world, f, text) is not None \
                or not _simple_way(world, f, read[0], read[2]):
            test = way_test(world, f, text)
            found.append(any(test(place) for place in places))
            continue
        how = read[0]
        simple.append((f, how, places, partial(movement_allowance, f, how), "trample" in read[2]))
        found.append(None)
    ways = iter(has_way_each(world, simple))
    return [next(ways) if known is None else known for known in found]


def _simple_way(world: World, f: Fighter, how: MovementKind, skills: tuple[str, ...]) -> bool:
    """Whether a movement ``f`` may declare needs only some route to a place (see ``way_test``)."""
    return not (how == "jump" or "flicker" in skills or f.figure.guard_of is not None
                or (world.engagers(f.id) and not f.has("Hit and Retreat")))


def _move(ctx: Ctx, kit: Kit, f: Fighter, how: MovementKind, to: str,
          skills: tuple[str, ...]) -> tuple[tuple[Point, ...], tuple[ModelId, ...]]:
    """Make the declared move (checked with the activation); returns the path and the models a Trample ran over."""
    world = kit.world(ctx.state)
    trip = planned_route(world, f, how, to, skills)
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
