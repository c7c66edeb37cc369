"""A model moving on the field: the route its declared movement takes, what the ground does to it on the way, and
the events that make it (Eldfall core rules v1.5, L620-645, L876-889, L1322-1357, L1728-1742, L1932-1940, L2179).

- Walk, Run and dodge moves go round impassable scenery and, with heights refereed, round solid scenery rising above
  the hitbox that has no ladder (L645); ladders cost double, narrow surfaces double, drops are falls (``heights``).
- Climb goes over any solid scenery, its heights counting against half SPD (full with Climbing, L1341, L1918).
- A Jump is a straight line to its destination, measured in 3D: it lands, pulls itself up onto the edge, or falls
  where its half SPD runs out (L1345-1353).
- A Flying model passes over scenery (not infinite pieces) and models, its distance measured on the field (L1734,
  L1742); Flicker goes straight through anything, its 3D length measured, and drops when it ends in mid-air (L1934).
- A move passes through allied models, never ending on one unless it is Incapacitated or Dead (L637, L639), and
  stops at the first base contact with an enemy at its height (L638); a Trampling Run passes through smaller models,
  each touched taking a Hit later (L2179-2182); a Personal Guard stops at its model's Awareness (``leash``).
- A fall longer than half SPD costs an AG roll per half SPD fallen, a Wound each failure; Flight spares it (L883-889,
  L1938, ruling ``fall-speed``).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from dataclasses import dataclass

import shapely

from engine.core import Context, IllegalCommand, ModelId
from engine.geometry import (
    IMPASSABLE,
    TOLERANCE,
    Away,
    Battlefield,
    Behind,
    Contact,
    GeometryError,
    GoTo,
    Terrain,
    Toward,
    Via,
    bearing,
    parse_position,
    placement_conflicts,
    resolve_move,
)
from engine.geometry.positions import Position
from engine.systems.eldfall.cards import size_steps
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.effects import set_states, take_wounds
from engine.systems.eldfall.events import AttackResolved, FigureNoted
from engine.systems.eldfall.familiars import spare_caster
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.heights import (
    INFINITE,
    LADDER,
    Fall,
    Travel,
    is_solid,
    ladders_headed,
    travel,
    walk_obstacles,
)
from engine.systems.eldfall.hitbox import vertical_gap
from engine.systems.eldfall.leash import leash_stop
from engine.systems.eldfall.movement import MovementKind, fall_rolls, first_contact, jump
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World
from engine.table import ModelMoved, ModelPlaced, Point

__all__ = ["Route", "allies_passed", "fall_damage", "goals_of", "headed_up", "let_go", "make_move",
           "push_down", "route", "setting", "smaller_models"]

Ctx = Context[EldfallState]


@dataclass(frozen=True, slots=True)
class Route:
    """A declared movement worked out: the path made (base centre, 0.01"), the SPD it spent, the facing and height
    it ends at, the piece whose side it hangs on (if it does), its falls, why it stopped short, what it touches, the
    models a Trample ran over, and the working."""

    path: tuple[Point, ...]
    distance: float
    facing: float
    z: float
    clinging: str | None = None
    falls: tuple[Fall, ...] = ()
    stopped: str | None = None
    touches: tuple[str, ...] = ()
    trampled: tuple[ModelId, ...] = ()
    lines: tuple[str, ...] = ()


def _rounded(path: tuple[Point, ...] | list[Point]) -> tuple[Point, ...]:
    kept: list[Point] = []
    for x, y in path:
        p = (round(x, 2), round(y, 2))
        if not kept or p != kept[-1]:
            kept.append(p)
    return tuple(kept)


def goals_of(world: World, position: Position) -> tuple[Point, ...]:
    """Where a declared position heads: its points, or the model or piece it names."""
    match position:
        case GoTo(point):
            return (point,)
        case Via(points):
            return points
        case Toward(target) | Contact(target):
            model = world.state.models.get(ModelId(target.upper()))
            return ((model.x, model.y),) if model is not None else ()
    return ()


def headed_up(world: World, goals: tuple[Point, ...]) -> frozenset[str]:
    """The pieces with a ladder a move headed for ``goals`` goes up (``ladders_headed``), worked out once per state
    for each set of goals (a menu asks it of every model it offers, toward the same few models)."""
    return world.kept(("ladders headed", goals), lambda: ladders_headed(world.field().terrain, goals))


def _field(world: World, f: Fighter, how: MovementKind, position: Position, *, through: bool, flying: bool,
           passable: frozenset[str]) -> Battlefield:
    """The table as this movement meets it: what it must go round, and which models it may pass through (allied
    ones, L637; smaller ones on a Trampling Run, L2181)."""
    field = world.field()
    terrain: tuple[Terrain, ...] = field.terrain
    if through:
        terrain = ()
    elif flying:
        terrain = tuple(dataclasses.replace(p, keywords=p.keywords | {IMPASSABLE}) for p in terrain if p.has(INFINITE))
    elif world.heights and how in ("walk", "run", "dodge"):
        hitbox = world.base(f.id).height
        goals = goals_of(world, position)
        points = goals if isinstance(position, GoTo | Via) else ()
        for piece in terrain if points else ():
            rise = piece.height - f.model.z
            if is_solid(piece) and not piece.has(LADDER) and rise > hitbox + TOLERANCE \
                    and any(shapely.contains_xy(piece.polygon, x, y) for x, y in points):
                raise IllegalCommand(f"{piece.id} rises {rise:g}\" above {f.id}'s feet, taller than its {hitbox:.2f}\" "
                                     "hitbox: only Climb, Jump or a ladder goes up it (L645)")
        up = headed_up(world, goals)
        terrain = world.kept(("walk-terrain", f.model.z, hitbox, up),
                             lambda: walk_obstacles(field.terrain, f.model.z, hitbox, up))
    bases = tuple(b for b in field.bases if b.id == f.id or not (through or flying or b.id in passable))
    return dataclasses.replace(field, terrain=terrain, bases=bases)


def allies_passed(world: World, f: Fighter, position: Position) -> frozenset[str]:
    """The allied models a move may pass through (L637), but the one it heads for, which it must meet."""
    passed, but = world.kept(("passed", f.id), lambda: _passable(world, f))
    return but.get(_target_of(position).upper(), passed)


def _passable(world: World, f: Fighter) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """Its allies, and by each one's id upper-cased, the others (a menu asks ``allies_passed`` toward every model)."""
    passed = frozenset(a.id for a in world.allies(f, standing=False))
    return passed, {named: frozenset(a for a in passed if a.upper() != named) for named in {a.upper() for a in passed}}


def _target_of(position: Position) -> str:
    match position:
        case Toward(target) | Contact(target):
            return target
        case Behind(_cover, viewer):
            return viewer
        case Away(source):
            return source
    return ""


def smaller_models(world: World, f: Fighter) -> frozenset[str]:
    """The models a Trampling model may run through: those of a smaller size (L2181)."""
    return frozenset(o.id for o in world.fighters() if o.id != f.id and size_steps(o.card.size, f.card.size) > 0)


def route(world: World, f: Fighter, how: MovementKind, to: str, allowance: float, *, flicker: bool = False,
          trample: bool = False) -> Route:
    """Work out ``f``'s ``how`` movement toward ``to`` (a point or an anchor) within ``allowance`` inches of SPD,
    held back by a Personal Guard's leash (``leash``).

    :raises IllegalCommand: for a route that cannot be made (no way round, a spot nobody may stand on, a leash).
    """
    return _leashed(world, f, _route(world, f, how, to, allowance, flicker=flicker, trample=trample))


def _leashed(world: World, f: Fighter, trip: Route) -> Route:
    """A Personal Guard's move cut where its hitbox would wholly leave its model's Awareness (L2906)."""
    try:
        stop = leash_stop(world, f, trip.path)
    except ValueError as error:
        raise IllegalCommand(str(error)) from None
    if stop is None:
        return trip
    along, why = stop
    path = list(trip.path)
    made = _rounded(_cut(path, along))
    spent = min(trip.distance, _length(made) + max(0.0, trip.distance - _length(path)))
    facing = bearing(made[-2], made[-1]) % 360.0 if len(made) > 1 else f.model.facing
    return dataclasses.replace(trip, path=made, distance=round(spent, 2), facing=round(facing, 2),
                               z=round(world.ground(made[-1]), 2), clinging=None,
                               falls=tuple(fl for fl in trip.falls if _along(path, fl.at) <= along + 0.01),
                               lines=(*trip.lines, why))


def setting(world: World, f: Fighter, how: MovementKind, to: str, smaller: frozenset[str], *,
             flicker: bool) -> tuple[Position, frozenset[str], Battlefield]:
    """The position declared, the models the move may pass through, and the table as the move meets it."""
    position = parse_position(to)
    passable = smaller | allies_passed(world, f, position)
    field = _field(world, f, how, position, through=flicker, flying=f.is_("flying"), passable=passable)
    return position, passable, field


def _route(world: World, f: Fighter, how: MovementKind, to: str, allowance: float, *, flicker: bool,
           trample: bool) -> Route:
    """The route worked out. Past ``resolve_move`` nothing here refuses a move (``has_way`` relies on it): the rest
    cuts, settles and describes it."""
    flying = f.is_("flying")
    smaller = smaller_models(world, f) if trample else frozenset()
    try:
        position, passable, field = setting(world, f, how, to, smaller, flicker=flicker)
        if how == "jump" or flicker:
            aim = resolve_move(field, f.id, position)
            return _straight(world, f, how, aim.end, allowance, flicker, aim.facing)
        result = resolve_move(field, f.id, position, max_distance=allowance)
    except GeometryError as error:
        raise IllegalCommand(str(error)) from None
    path = result.waypoints
    base = world.base(f.id)
    if world.heights and not flying:
        trip = travel(path, world.terrain, feet=f.model.z, hitbox=base.height, radius=base.radius, kind=how,
                      allowance=allowance, rulings=world.rulings)
    else:
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(path))
        trip = Travel(tuple(path), round(length, 2), world.ground(path[-1]), levels=((0.0, length, 0.0),))
    made = list(trip.path)
    facing = result.facing if len(made) > 1 and made[-1] == path[-1] else \
        (bearing(made[-2], made[-1]) % 360.0 if len(made) > 1 else f.model.facing)
    lines: list[str] = [trip.stopped] if trip.stopped else []
    if not result.complete and not trip.stopped:  # said in the preview, before the move is confirmed
        lines.append(f"it stops short: its {allowance:g}\" run out before {to}")
    if not flying:
        stop = _first_enemy(world, f, made, trip, smaller)
        if stop is not None:
            along, other, point = stop
            made = list(_cut(made, along))
            made[-1] = point = _touching_spot(world, f, point, other)
            there = world.state.models[other]
            facing = bearing(point, (there.x, there.y)) % 360.0
            trip = dataclasses.replace(trip, z=_floor_at(trip, along), clinging=None,
                                       falls=tuple(fl for fl in trip.falls if _along(made, fl.at) <= along + 0.01))
            lines.append(f"it touches {other}: its move ends there (L638)")
    trampled = _trampled(world, f, made, smaller) if trample else ()
    upright = frozenset(m for m in passable if not world.fighter(ModelId(m)).out)  # it may end on a fallen one (L639)
    if trampled or _ends_on(world, f, made, upright):
        made = list(_clear_end(world, f, made, upright))
    spent = trip.cost if trip.cost <= allowance + TOLERANCE else allowance
    if len(made) < len(trip.path) or made[-1] != trip.path[-1]:
        spent = min(spent, _length(made) + (trip.cost - trip.length))
    return Route(_rounded(made), round(spent, 2), round(facing % 360.0, 2), round(trip.z, 2), trip.clinging,
                 trip.falls, trip.stopped, tuple(result.bases), trampled, tuple(lines))


def _length(path: list[Point] | tuple[Point, ...]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(path))


def _along(path: list[Point], point: Point) -> float:
    walked = 0.0
    for a, b in itertools.pairwise(path):
        leg = math.dist(a, b)
        if abs(math.dist(a, point) + math.dist(point, b) - leg) <= 0.02:
            return walked + math.dist(a, point)
        walked += leg
    return walked


def _cut(path: list[Point], along: float) -> tuple[Point, ...]:
    kept: list[Point] = [path[0]]
    walked = 0.0
    for a, b in itertools.pairwise(path):
        leg = math.dist(a, b)
        if walked + leg >= along - 1e-9:
            f = 0.0 if leg <= 1e-12 else (along - walked) / leg
            kept.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
            return tuple(kept)
        kept.append(b)
        walked += leg
    return tuple(kept)


def _floor_at(trip: Travel, along: float) -> float:
    return next((floor for lo, hi, floor in trip.levels if lo - 1e-6 <= along <= hi + 1e-6), trip.z)


def _touching_spot(world: World, f: Fighter, point: Point, other: ModelId) -> Point:
    """The 0.01" point by ``point`` where the mover's base touches ``other``'s, neither apart nor overlapping:
    positions are kept to 0.01", and rounding the contact point itself could leave the bases just apart, so
    a move that ends by touching an enemy would not be in base contact (L638, L742)."""
    there = world.state.models[other]
    contact = world.base(f.id).radius + world.base(other).radius
    cx, cy = round(point[0] * 100), round(point[1] * 100)
    grid = [((cx + dx) / 100, (cy + dy) / 100) for dx in range(-2, 3) for dy in range(-2, 3)]
    fits = [p for p in grid if contact <= math.dist(p, (there.x, there.y)) <= contact + TOLERANCE]
    return min(fits, key=lambda p: math.dist(p, point)) if fits else point


def _first_enemy(world: World, f: Fighter, path: list[Point], trip: Travel,
                 passed: frozenset[str]) -> tuple[float, ModelId, Point] | None:
    """The first enemy base the move touches at the height it then stands at (L638), skipping trampled ones."""
    if len(path) < 2:
        return None
    mover = world.base(f.id)
    enemies = [world.base(e.id) for e in world.enemies(f, standing=False) if e.id not in passed
               and not world.touching(f.id, e.id)]  # a move ends as it enters contact, not leaving one (L638)
    best: tuple[float, ModelId, Point] | None = None
    for lo, hi, floor in trip.levels or ((0.0, _length(path), trip.z),):
        piece = _cut(path, hi)
        feet = dataclasses.replace(mover, pose=dataclasses.replace(mover.pose, z=floor))
        level = [e for e in enemies if vertical_gap(feet, e) <= TOLERANCE]
        contact = first_contact(piece, mover, level)
        if contact is not None and lo - 1e-6 <= contact.along < _length(path) - 0.01 \
                and (best is None or contact.along < best[0]):
            best = (contact.along, ModelId(contact.other), contact.point)
    return best


def _trampled(world: World, f: Fighter, path: list[Point], smaller: frozenset[str]) -> tuple[ModelId, ...]:
    """The smaller models whose hitboxes the Run passed through or touched (L2181)."""
    mover = world.base(f.id)
    found = []
    for model in sorted(smaller):
        other = world.fighter(ModelId(model))
        if other.out:
            continue
        if first_contact(path, mover, [world.base(other.id)]) is not None:
            found.append(ModelId(model))
    return tuple(found)


def _ends_on(world: World, f: Fighter, path: list[Point], models: frozenset[str]) -> bool:
    """Whether the move would end with its base on one of ``models`` it passed through (L639)."""
    return bool(models) and any(c in models for c in placement_conflicts(world.field(),
                                                                         world.base(f.id).at(*path[-1])))


def _clear_end(world: World, f: Fighter, path: list[Point], models: frozenset[str]) -> tuple[Point, ...]:
    """Back off along the path until the base no longer stands on a model it passed through (L639)."""
    field = world.field()
    mover = world.base(f.id)
    along = _length(path)
    while along > 0:
        end = _cut(path, along)[-1]
        if not [c for c in placement_conflicts(field, mover.at(*end)) if c in models]:
            return _cut(path, along)
        along -= 0.1
    return (path[0],)


def _straight(world: World, f: Fighter, how: MovementKind, end: Point, allowance: float, flicker: bool,
              facing: float) -> Route:
    """A Jump or a Flicker: one straight line from where it stands to ``end``, measured in 3D."""
    start = (f.model.x, f.model.y, f.model.z)
    goal = (end[0], end[1], world.ground(end))
    base = world.base(f.id)
    field = world.field()
    conflicts = [c for c in placement_conflicts(field, base.at(*end)) if c != "table edge"]
    if conflicts:
        raise IllegalCommand(f"{f.id} cannot end its {'Flicker' if flicker else 'Jump'} at {end[0]:g},{end[1]:g}: "
                             f"{', '.join(conflicts)} is there (L639, L1934)")
    if flicker:
        length = math.dist(start, goal)
        if length <= allowance + TOLERANCE:
            return Route(_rounded([start[:2], end]), round(length, 2), facing, round(goal[2], 2),
                         lines=(f"Flicker: {length:.2f}\" in a straight line through everything (L1934)",))
        k = allowance / length
        at = (start[0] + (goal[0] - start[0]) * k, start[1] + (goal[1] - start[1]) * k)
        air = start[2] + (goal[2] - start[2]) * k
        ground = world.ground(at)
        drop = max(0.0, air - ground)
        falls = (Fall((round(at[0], 2), round(at[1], 2)), round(drop, 2)),) if drop > TOLERANCE else ()
        return Route(_rounded([start[:2], at]), round(allowance, 2), facing, round(ground, 2), falls=falls,
                     lines=(f"Flicker: its {allowance:g}\" run out in mid-air; it drops {drop:.2f}\" (L1934)",))
    outcome = jump(start, goal, max(f.speed, 0), base.height, leap=f.has("Leap"),
                   ground_below=world.ground(_toward(start, goal, allowance)), rulings=world.rulings)
    if outcome.kind == "falls":
        where = (outcome.at[0], outcome.at[1])
        falls = (Fall((round(where[0], 2), round(where[1], 2)), round(outcome.drop, 2)),) \
            if outcome.drop > TOLERANCE else ()
        return Route(_rounded([start[:2], where]), round(allowance, 2), facing, round(outcome.at[2], 2), falls=falls,
                     lines=(outcome.working,))
    return Route(_rounded([start[:2], end]), round(min(math.dist(start, goal), allowance), 2), facing,
                 round(goal[2], 2), lines=(outcome.working,))


def _toward(start: tuple[float, float, float], goal: tuple[float, float, float], reach: float) -> Point:
    length = math.dist(start, goal)
    k = 1.0 if length <= reach or length == 0 else reach / length
    return (start[0] + (goal[0] - start[0]) * k, start[1] + (goal[1] - start[1]) * k)


def make_move(ctx: Ctx, world: World, f: Fighter, trip: Route, *, why: str = "") -> None:
    """Make the move: the table's event (its height when it changed), hanging on a face or not, then the falls."""
    if len(trip.path) > 1:
        z = trip.z if abs(trip.z - f.model.z) > 0.005 else None
        ctx.emit(ModelMoved(model_id=f.id, path=trip.path, distance=trip.distance, facing=trip.facing,
                            touches=trip.touches, z=z))
    if trip.clinging != f.figure.clinging:
        where = f"{f.id} hangs on the side of {trip.clinging}, {trip.z:g}\" up (L1343)." if trip.clinging else ""
        ctx.emit(FigureNoted(model=f.id, changes={"clinging": trip.clinging}, shown=where))
    if trip.lines and (why or len(trip.path) > 1):
        ctx.emit(AttackResolved(summary=f"{f.id}'s move: {'; '.join(trip.lines)}.", lines=trip.lines))
    for drop in trip.falls:
        fall_damage(ctx, world, f, drop.drop, f"off the edge at {drop.at[0]:g},{drop.at[1]:g}")


def fall_damage(ctx: Ctx, world: World, f: Fighter, drop: float, where: str) -> int:
    """A fall of ``drop`` inches: an AG roll per half SPD fallen when longer than half SPD, a Wound each failure
    (L883-889); a model with Flight takes none (L1938). Returns the Wounds taken."""
    if drop <= TOLERANCE:
        return 0
    if f.has("Flight") or f.is_("flying") or f.accessory("flying-carpet"):
        ctx.emit(AttackResolved(summary=f"{f.id} falls {drop:g}\" {where}: Flight spares it any fall damage (L1938)."))
        return 0
    speed = f.speed if world.rulings.fall_speed == "modified" else f.card["SPD"]
    rolls = fall_rolls(drop, max(speed, 0))
    interval = math.ceil(max(speed, 0) / 2)
    if rolls == 0:
        ctx.emit(AttackResolved(summary=f"{f.id} falls {drop:g}\" {where}: no more than half its SPD ({interval}\"), "
                                        "no fall damage (L883)."))
        return 0
    failed = sum(1 for _ in range(rolls) if not attribute_check(ctx, f, "AG", f"a {drop:g}\" fall (L883-889)").passed)
    ctx.emit(AttackResolved(summary=f"{f.id} falls {drop:g}\" {where}: {rolls} AG {'roll' if rolls == 1 else 'rolls'} "
                                    f"(one per {interval}\"), {failed} failed: {failed} "
                                    f"{'Wound' if failed == 1 else 'Wounds'} (L883-889)."))
    wounds = spare_caster(ctx, world.catalogue, world.rulings, f.id, failed, "the fall") if failed else 0
    if wounds:
        left = take_wounds(ctx, f.id, wounds)
        if left == 0 and ctx.state.sequence is None and not f.is_("incapacitated"):
            set_states(ctx, f, added=("incapacitated",), removed=("engaged", "flying"), why="0 HP after a fall, L872")
    return failed




def let_go(ctx: Ctx, world: World, f: Fighter, what: str) -> bool:
    """A model hanging on a vertical surface that acts falls first (L1342), unless it has Climbing (L1918); returns
    whether its action is lost with the fall (ruling ``clinging-action``)."""
    if not f.figure.clinging or f.has("Climbing"):
        return False
    below = world.ground((f.model.x, f.model.y))
    ctx.emit(ModelPlaced(model_id=f.id, x=f.model.x, y=f.model.y, facing=f.model.facing, z=round(below, 2)))
    ctx.emit(FigureNoted(model=f.id, changes={"clinging": None},
                         shown=f"{f.id} lets go of the vertical surface to {what}, and falls (L1342)."))
    fall_damage(ctx, world, f, round(f.model.z - below, 2), "from the vertical surface")
    return world.rulings.clinging_action == "falls-instead"


def push_down(ctx: Ctx, world: World, f: Fighter, before: float, end: Point, why: str) -> None:
    """After a push or a dodge move that carried it off a surface: the fall to the ground below (L878-881)."""
    below = world.ground(end)
    if before - below > TOLERANCE and not f.is_("flying"):
        fall_damage(ctx, world, f, round(before - below, 2), why)
