"""Freeplay's questions to the geometry layer: where a base may stand, where a move goes, what is seen.

Freeplay state holds plain numbers; this module builds the geometry objects from it and turns
geometry errors into the rules errors every front-end shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import (
    IllegalCommand,
    InvalidCommand,
    LineStyle,
    Overlay,
    OverlayKind,
    QueryAnswer,
    SideId,
    parse_point,
)
from engine.geometry import (
    MM_PER_INCH,
    TOLERANCE,
    Base,
    Battlefield,
    Circle,
    GeometryError,
    GoTo,
    LineOfSight,
    Measurable,
    Pose,
    Table,
    Terrain,
    Via,
    Zone,
    bearing,
    blocks_by_height,
    check_placement,
    circle_template,
    cone_template,
    covered_by,
    distance,
    parse_position,
    resolve_move,
    teardrop_template,
    touched_by,
)
from engine.systems.freeplay.state import FreeplayState, PlacedModel, PlacedTerrain, PlacedZone, Point

__all__ = [
    "TOLERANCE",
    "Route",
    "battlefield",
    "bearing",
    "check_spot",
    "check_terrain",
    "deployment_spots",
    "deployment_zone",
    "lay_template",
    "line_of_sight",
    "measure",
    "route_move",
]


@dataclass(frozen=True, slots=True)
class Route:
    path: tuple[Point, ...]
    distance: float
    facing: float
    touches: tuple[str, ...]


def _base(model: PlacedModel) -> Base:
    return Base(model.id, Pose(model.x, model.y, 0.0, model.facing), model.base_mm)


def _terrain(piece: PlacedTerrain) -> Terrain:
    return Terrain.from_points(piece.id, piece.kind, piece.polygon, piece.height, piece.keywords)


def battlefield(state: FreeplayState) -> Battlefield:
    """The state's table, terrain, bases and zones as geometry."""
    return Battlefield(
        table=Table(state.width, state.height),
        terrain=tuple(_terrain(piece) for piece in state.terrain.values()),
        bases=tuple(_base(model) for model in state.models.values()),
        zones=tuple(Zone.from_points(zone.id, zone.kind, zone.polygon) for zone in state.zones.values()
                    if len(zone.polygon) >= 3),
    )


def check_spot(state: FreeplayState, model_id: str, at: Point, radius: float) -> None:
    """Refuse a spot off the table, inside impassable terrain, or overlapping another base."""
    here = Base(model_id, Pose(at[0], at[1]), radius * 2 * MM_PER_INCH)
    try:
        check_placement(battlefield(state), here)
    except GeometryError as error:
        raise IllegalCommand(f"{model_id} cannot stand there: {error}") from None


def check_terrain(state: FreeplayState, piece: PlacedTerrain) -> None:
    """Refuse a terrain piece that is not a simple shape or does not lie on the table."""
    try:
        terrain = _terrain(piece)
    except ValueError as error:
        raise InvalidCommand(str(error)) from None
    min_x, min_y, max_x, max_y = terrain.polygon.bounds
    if min_x < -TOLERANCE or min_y < -TOLERANCE or max_x > state.width + TOLERANCE \
            or max_y > state.height + TOLERANCE:
        raise IllegalCommand(f"terrain {piece.id} reaches off the {state.width:g}\" x {state.height:g}\" table")


def deployment_zone(state: FreeplayState, side: SideId) -> PlacedZone | None:
    """The side's deployment zone (the first one, if a map gives it several), or ``None``."""
    return next((z for z in state.zones.values() if z.kind == "deployment" and z.side == side), None)


def deployment_spots(state: FreeplayState, side: SideId, radii: list[float]) -> list[Point]:
    """Spread bases in rows across the side's deployment zone (or its half of the table), front row first.

    Spots never overlap each other, placed models or impassable terrain; what does not fit is refused.
    """
    zone = deployment_zone(state, side)
    if zone is not None:
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        box = (min(xs), min(ys), max(xs), max(ys))
    else:
        index = state.sides.index(side)
        box = (0.0, 0.0, state.width, 6.0) if index % 2 == 0 else (0.0, state.height - 6.0, state.width,
                                                                      state.height)
    spots: list[Point] = []
    taken: list[tuple[Point, float]] = []
    gap = 1.0
    for radius in radii:
        spot = _first_free(state, box, radius, gap, taken)
        if spot is None:
            raise IllegalCommand(f"side {side}'s deployment zone has no room left for a "
                                 f"{radius * 2 * 25.4:.0f}mm base; place it yourself with /model add at:x,y")
        spots.append(spot)
        taken.append((spot, radius))
    return spots


def _first_free(state: FreeplayState, box: tuple[float, float, float, float], radius: float, gap: float,
                taken: list[tuple[Point, float]]) -> Point | None:
    """The free spot nearest the middle of the zone's front row (the row facing the table's centre)."""
    x0, y0, x1, y1 = box
    step = 2 * radius + gap
    rows = int((y1 - y0 - 2 * radius) // step) + 1
    columns = int((x1 - x0 - 2 * radius) // step) + 1
    facing_up = (y0 + y1) / 2 < state.height / 2
    row_ys = [round(y1 - radius - r * step, 2) if facing_up else round(y0 + radius + r * step, 2)
              for r in range(rows)]
    xs = sorted((round(x0 + radius + c * step, 2) for c in range(columns)), key=lambda x: abs(x - (x0 + x1) / 2))
    for y in row_ys:
        for x in xs:
            if any((x - p[0]) ** 2 + (y - p[1]) ** 2 < (radius + r + gap / 2) ** 2 for p, r in taken):
                continue
            try:
                check_spot(state, "new", (x, y), radius)
            except IllegalCommand:
                continue
            return (x, y)
    return None


def route_move(state: FreeplayState, model: PlacedModel, text: str, limit: float | None) -> Route:
    """Turn what a player said (``10,12``, ``via:...``, ``toward B1 max``) into a concrete, legal path.

    A point or waypoints beyond ``limit`` are refused (the player meant that spot); an anchor such as
    ``toward B1 max`` stops at the limit, as it asks.
    """
    try:
        position = parse_position(text)
        field = battlefield(state)
        result = resolve_move(field, model.id, position)
        if limit is not None and result.distance > limit + TOLERANCE:
            if isinstance(position, GoTo | Via):
                raise IllegalCommand(f"that move is {result.distance:.2f}\", more than the {limit:g}\" allowed; "
                                     "choose a nearer point, or move toward it: to:toward <id> max")
            result = resolve_move(field, model.id, position, max_distance=limit)
    except GeometryError as error:
        raise IllegalCommand(str(error)) from None
    return Route(path=result.waypoints, distance=round(result.distance, 2), facing=round(result.facing, 2),
                 touches=(*result.terrain, *result.bases))


def _thing_text(field: Battlefield, ident: str) -> tuple[Measurable, str]:
    try:
        thing = field.find(ident)
    except GeometryError:
        if "," in ident:
            try:
                x, y = (float(v) for v in ident.split(","))
            except ValueError:
                raise InvalidCommand(f"{ident!r} is neither an id on the table nor a point x,y") from None
            return (x, y), f"{x:g},{y:g}"
        raise
    return thing, thing.id


def measure(state: FreeplayState, first: str, second: str) -> QueryAnswer:
    """Closest-point distance between two things on the table, with a ring overlay to draw."""
    field = battlefield(state)
    try:
        a, a_name = _thing_text(field, first)
        b, b_name = _thing_text(field, second)
    except GeometryError as error:
        raise InvalidCommand(str(error)) from None
    gap = distance(a, b)
    touching = " (touching)" if gap <= TOLERANCE else ""
    rings = (Overlay(kind=OverlayKind.RING, center=a.xy, radius=round(a.radius + gap, 2), label=f"{gap:.2f}\""),) \
        if isinstance(a, Base) and gap > TOLERANCE else ()
    return QueryAnswer(f"{a_name} to {b_name}: {gap:.2f}\"{touching}, closest points.", overlays=rings)


def _blocks_sight(blocker: Terrain | Base, observer: Base, target: Base) -> bool:
    """Freeplay's ruling: bases and terrain marked blocking or obscuring stop sight when they stand at least
    as tall as the taller model; low cover (walls) never does."""
    if isinstance(blocker, Terrain) and not (blocker.has("blocking") or blocker.has("obscuring")):
        return False
    return blocks_by_height(blocker, observer, target)


def line_of_sight(state: FreeplayState, first: str, second: str) -> QueryAnswer:
    """Whether one model sees another across terrain taller than them (and other bases), and how hidden."""
    field = battlefield(state)
    try:
        observer, target = field.base(first), field.base(second)
    except GeometryError as error:
        raise InvalidCommand(str(error)) from None
    sight = LineOfSight(field.terrain, field.others(observer.id), rule=_blocks_sight).check(observer, target)
    blockers = f"; lines cut by {', '.join(sight.blocked_by)}" if sight.blocked_by else ""
    verdict = "can see" if sight.visible else "cannot see"
    overlay = Overlay(kind=OverlayKind.SIGHT, points=(observer.xy, target.xy),
                      style=LineStyle.CLEAR if sight.visible else LineStyle.BLOCKED)
    return QueryAnswer(f"{observer.id} {verdict} {target.id} ({sight.hidden_share:.0%} hidden{blockers}).",
                       overlays=(overlay,))


def _anchor_point(field: Battlefield, text: str) -> Point:
    """A model's (or terrain's, or zone's) centre, or a typed x,y."""
    if "," in text:
        return parse_point(text)
    thing = field.find(text)
    return thing.xy if isinstance(thing, Base) else thing.centre


def lay_template(state: FreeplayState, kind: str, at: str, size: float, toward: str | None,
                 width: float | None) -> QueryAnswer:
    """Which bases a circle, cone or teardrop template touches and fully covers; drawn as a shaded area."""
    field = battlefield(state)
    try:
        origin = _anchor_point(field, at)
        if kind == "circle":
            template = circle_template(origin, size)
        else:
            if toward is None:
                raise InvalidCommand(f"a {kind} needs a direction: toward:<model id or x,y>")
            direction = bearing(origin, _anchor_point(field, toward))
            build = cone_template if kind == "cone" else teardrop_template
            template = build(origin, direction, size, width if width is not None else size / 2)
    except GeometryError as error:
        raise InvalidCommand(str(error)) from None
    except ValueError as error:
        raise InvalidCommand(f"that template does not fit: {error}") from None
    area = template.area
    outline = area.to_polygon() if isinstance(area, Circle) else area
    points = tuple((round(x, 2), round(y, 2)) for x, y in outline.exterior.coords)
    touched = touched_by(template, field.bases)
    covered = covered_by(template, field.bases)
    text = (f"A {kind} template at {origin[0]:g},{origin[1]:g} touches {', '.join(touched) or 'no model'}"
            f"; fully covers {', '.join(covered) or 'no model'}.")
    return QueryAnswer(text, overlays=(Overlay(kind=OverlayKind.SHAPE, points=points, style=LineStyle.THREAT),))
