"""The table's questions to the geometry layer: where a base may stand, where a move goes, what is seen.

Table states hold plain numbers and marks; this module alone builds the geometry objects from them
(``battlefield``) and turns geometry errors into the rules errors every front-end shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import shapely

from engine.core import (
    SPECTATOR,
    IllegalCommand,
    InvalidCommand,
    LineStyle,
    ModelId,
    Overlay,
    OverlayKind,
    QueryAnswer,
    TerrainMark,
    Viewer,
    ZoneMark,
    parse_point,
)
from engine.geometry import (
    IMPASSABLE,
    MM_PER_INCH,
    TOLERANCE,
    Away,
    Base,
    Battlefield,
    Behind,
    Circle,
    Contact,
    GeometryError,
    GoTo,
    LineOfSight,
    Measurable,
    Pose,
    Table,
    Terrain,
    Toward,
    Via,
    Within,
    Zone,
    bearing,
    check_placement,
    circle_template,
    cone_template,
    covered_by,
    distance,
    how_within,
    parse_position,
    resolve_move,
    teardrop_template,
    touched_by,
)
from engine.table.rules import Perceive, Perception, TableRules
from engine.table.state import PlacedModel, Point, TableState

__all__ = [
    "Route",
    "base_of",
    "battlefield",
    "check_spot",
    "check_terrain",
    "lay_template",
    "line_of_sight",
    "measure",
    "model_named",
    "route_move",
]


@dataclass(frozen=True, slots=True)
class Route:
    path: tuple[Point, ...]
    distance: float
    facing: float
    touches: tuple[str, ...]


def base_of(model: PlacedModel) -> Base:
    """The model's base as geometry: its pose (x, y, z, facing) and its size."""
    return Base(model.id, Pose(model.x, model.y, model.z, model.facing), model.base_mm)


@lru_cache(maxsize=2048)
def _terrain(piece: TerrainMark) -> Terrain:
    """The piece as geometry; marks are frozen, so each is built once (a menu routes on one table many times)."""
    return Terrain.from_points(piece.id, piece.kind, piece.polygon, piece.height, piece.keywords)


@lru_cache(maxsize=2048)
def _zone(zone: ZoneMark) -> Zone:
    return Zone.from_points(zone.id, zone.kind, zone.polygon)


def battlefield(state: TableState) -> Battlefield:
    """The state's table, terrain, bases and zones as geometry."""
    return Battlefield(
        table=Table(state.width, state.height),
        terrain=tuple(_terrain(piece) for piece in state.terrain.values()),
        bases=tuple(base_of(model) for model in state.models.values()),
        zones=tuple(_zone(zone) for zone in state.zones.values() if len(zone.polygon) >= 3),
    )


def check_spot(state: TableState, model_id: str, at: Point, radius: float) -> None:
    """Refuse a spot off the table, inside impassable terrain, or overlapping another base."""
    here = Base(model_id, Pose(at[0], at[1]), radius * 2 * MM_PER_INCH)
    try:
        check_placement(battlefield(state), here)
    except GeometryError as error:
        raise IllegalCommand(f"{model_id} cannot stand there: {error}") from None


def check_terrain(state: TableState, piece: TerrainMark) -> None:
    """Refuse a terrain piece that is not a simple shape, does not lie on the table, or would stand on
    models (an impassable piece may not be laid over a base: move the models first)."""
    try:
        terrain = _terrain(piece)
    except ValueError as error:
        raise InvalidCommand(str(error)) from None
    min_x, min_y, max_x, max_y = terrain.polygon.bounds
    if min_x < -TOLERANCE or min_y < -TOLERANCE or max_x > state.width + TOLERANCE \
            or max_y > state.height + TOLERANCE:
        raise IllegalCommand(f"terrain {piece.id} reaches off the {state.width:g}\" x {state.height:g}\" table")
    if IMPASSABLE in piece.keywords:
        under = sorted(model.id for model in state.models.values()
                       if shapely.distance(terrain.polygon, shapely.Point(model.x, model.y)) < model.radius
                       - TOLERANCE)
        if under:
            listed = ", ".join(under[:8]) + (f" and {len(under) - 8} more" if len(under) > 8 else "")
            raise IllegalCommand(f"impassable terrain {piece.id} would stand on {listed}; move them first, or lay "
                                 "the piece elsewhere")


def _names(position: GoTo | Via | Toward | Contact | Behind | Away) -> tuple[str, ...]:
    match position:
        case Toward(target) | Contact(target):
            return (target,)
        case Behind(cover, viewer):
            return (cover, viewer)
        case Away(source):
            return (source,)
    return ()


def route_move(state: TableState, model: PlacedModel, text: str, limit: float | None) -> Route:
    """Turn what a player said (``10,12``, ``via:...``, ``toward B1 max``) into a concrete, legal path.

    A point or waypoints beyond ``limit`` are refused (the player meant that spot); an anchor such as
    ``toward B1 max`` stops at the limit, as it asks.
    """
    try:
        position = parse_position(text)
        if any(name.upper() == model.id.upper() for name in _names(position)):
            raise IllegalCommand(f"{model.id} cannot move relative to itself; name another model, terrain or "
                                 "zone, or give x,y")
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
    """A thing on the table by id, or a typed point."""
    if "," in ident:
        point = parse_point(ident)
        _on_table(field, point, ident)
        return point, f"{point[0]:g},{point[1]:g}"
    try:
        thing = field.find(ident)
    except GeometryError as error:
        raise InvalidCommand(str(error)) from None
    return thing, thing.id


def _on_table(field: Battlefield, point: Point, text: str) -> None:
    x, y = point
    if not (-TOLERANCE <= x <= field.table.width + TOLERANCE and -TOLERANCE <= y <= field.table.height + TOLERANCE):
        raise InvalidCommand(f"{text} is off the {field.table.width:g}\" x {field.table.height:g}\" table; give a "
                             "point on it (x from 0 to the width, y from 0 to the height)")


def measure(state: TableState, first: str, second: str, perceive: Perceive | None = None,
            viewer: Viewer = SPECTATOR) -> QueryAnswer:
    """Closest-point distance between two things on the table, with a ring overlay to draw; between two models, what
    the game's own sight rule (``perceive``) makes of them too."""
    field = battlefield(state)
    a, a_name = _thing_text(field, first)
    b, b_name = _thing_text(field, second)
    if a_name == b_name:
        raise InvalidCommand(f"from: and to: are both {a_name}; measure between two different things")
    gap = distance(a, b)
    touching = " (touching)" if gap <= TOLERANCE else ""
    rings = (Overlay(kind=OverlayKind.RING, center=a.xy, radius=round(a.radius + gap, 2), label=f"{gap:.2f}\""),) \
        if isinstance(a, Base) and gap > TOLERANCE else ()
    sight = ""
    if perceive is not None and isinstance(a, Base) and isinstance(b, Base):
        seen = perceive(state, viewer, ModelId(a.id), ModelId(b.id))
        sight = f" {_perceived(a.id, b.id, seen)}" if seen is not None else ""
    return QueryAnswer(f"{a_name} to {b_name}: {gap:.2f}\"{touching}, closest points.{_within_note(a, b)}{sight}",
                       overlays=rings)


def _perceived(observer: str, target: str, seen: Perception) -> str:
    """A game's sight verdict as sentences: who sees whom, the rule that decided, then its notes."""
    verdict = "can see" if seen.sees else "cannot see"
    return " ".join((f"{observer} {verdict} {target}: {seen.why}.", *seen.notes))


def _within_note(a: Measurable, b: Measurable) -> str:
    """When a model is measured to an area (a zone or a terrain piece): how much of its base lies in it."""
    base, area = (a, b) if isinstance(a, Base) else (b, a)
    if not isinstance(base, Base) or not isinstance(area, Zone | Terrain):
        return ""
    within = how_within(base, area)
    if within is Within.OUTSIDE:
        return f" {base.id} is outside {area.id}."
    return f" {base.id} is {within.value} within {area.id}."


def line_of_sight(state: TableState, first: str, second: str, rules: TableRules,
                  viewer: Viewer = SPECTATOR) -> QueryAnswer:
    """Whether one model sees another: by the game's own sight rule where it has one (a front arc, Blinded, saying
    which rule decided), otherwise all round across what the game's block rule lets block, and how much is hidden."""
    field = battlefield(state)
    try:
        observer, target = field.base(first), field.base(second)
    except GeometryError as error:
        raise InvalidCommand(str(error)) from None
    if observer.id == target.id:
        raise InvalidCommand(f"from: and to: are both {observer.id}; a model's sight is checked to another model")
    seen = rules.perceive(state, viewer, ModelId(observer.id), ModelId(target.id)) \
        if rules.perceive is not None else None
    if seen is not None:
        line = _sight_line(observer, target, seen.sees)
        return QueryAnswer(_perceived(observer.id, target.id, seen), overlays=(line,))
    sight = LineOfSight(field.terrain, field.others(observer.id), rule=rules.sight).check(observer, target)
    blockers = f"; lines cut by {', '.join(sight.blocked_by)}" if sight.blocked_by else ""
    verdict = "can see" if sight.visible else "cannot see"
    return QueryAnswer(f"{observer.id} {verdict} {target.id} ({sight.hidden_share:.0%} of {target.id}'s width "
                       f"hidden{blockers}).", overlays=(_sight_line(observer, target, sight.visible),))


def _sight_line(observer: Base, target: Base, visible: bool) -> Overlay:
    return Overlay(kind=OverlayKind.SIGHT, points=(observer.xy, target.xy),
                   style=LineStyle.CLEAR if visible else LineStyle.BLOCKED)


def _anchor_point(field: Battlefield, text: str) -> Point:
    """A model's (or terrain's, or zone's) centre, or a typed x,y."""
    if "," in text:
        point = parse_point(text)
        _on_table(field, point, text)
        return point
    thing = field.find(text)
    return thing.xy if isinstance(thing, Base) else thing.centre


def lay_template(state: TableState, kind: str, at: str, size: float, toward: str | None,
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
            aim = _anchor_point(field, toward)
            if aim == origin:
                raise InvalidCommand(f"toward:{toward} is where the {kind} starts; point it somewhere else")
            build = cone_template if kind == "cone" else teardrop_template
            template = build(origin, bearing(origin, aim), size, width if width is not None else size / 2)
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


def model_named(state: TableState, model_id: str, verb: str) -> PlacedModel:
    """The model called ``model_id`` (any case), or a refusal listing the models on the table."""
    model = state.models.get(ModelId(model_id.upper()))
    if model is None:
        known = ", ".join(sorted(state.models)) or "none yet (add one with /model add)"
        raise InvalidCommand(f"there is no model {model_id}. Models: {known}", verb=verb)
    return model
