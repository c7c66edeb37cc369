"""Resolve a position a player said into a concrete, routed move for one base on one battlefield.

Rulings (see docs/geometry.md):

- ``x,y`` and ``via:`` route each leg around bases, impassable terrain and the table edge; every point named
  must be a legal place to stand.
- ``toward X`` stops 0.02" short of touching X, so the model does not count as in contact; with a distance it
  goes that far along the route (or stops short of contact first). Toward terrain or a zone aims at its
  nearest point.
- ``contact X`` takes the shortest route into base contact (the gap is 0).
- ``behind T from V`` goes to the nearest free spot hugging T that T hides completely from V (every sampled
  sight line from V crosses T, whatever the heights).
- ``away X`` moves straight away from X's centre and stops short of whatever is in the way.
- The allowance (``max_distance``) cuts every move; ``complete`` says whether the position was fully met.
- Facing defaults to the anchor for ``toward`` and ``contact``, and to the last leg's direction otherwise.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

import numpy as np
import shapely
from shapely.ops import nearest_points

from .battlefield import Battlefield, Thing
from .clearance import IMPASSABLE, Obstacles
from .errors import GeometryError, NoCoverSpot, NoRoute
from .measure import bearing, distance
from .movement import MoveResult, check_placement, finish_move, path_length
from .positions import (
    Away,
    Behind,
    Contact,
    FaceDegrees,
    FaceThing,
    Facing,
    GoTo,
    Position,
    Toward,
    Via,
)
from .reaching import reaches_each
from .routing import Goal, Router
from .shapes import XY, Base, Circle, Terrain, shape_key
from .sight import LineOfSight
from .tolerance import TOLERANCE

__all__ = ["SHORT_OF_CONTACT", "Asked", "has_route", "has_route_any", "has_route_each", "resolve_move"]

SHORT_OF_CONTACT = 2 * TOLERANCE
"""Inches ``toward`` stops short of touching, so that even after rounding the gap exceeds the tolerance."""

_V = TypeVar("_V")

_HUG_STEP = 0.25  # inches between the spots tried around a piece of cover
_MAX_COVER_ROUTES = 12  # routes tried, nearest spots first, when looking for cover


def resolve_move(field: Battlefield, mover_id: str, position: Position, *,
                 max_distance: float | None = None) -> MoveResult:
    """Work out the move that takes base ``mover_id`` to ``position``; nothing on the field changes.

    ``max_distance`` is the move allowance in inches (``None``: unlimited). Raises :class:`UnknownId`,
    :class:`PlacementError`, :class:`NoRoute` or :class:`NoCoverSpot` (all :class:`GeometryError`).
    """
    mover = field.base(mover_id)
    obs = Obstacles(field, mover)
    face = position.face
    match position:
        case GoTo(point):
            return _finish(field, obs, _through(field, mover, [point]), max_distance, False, face)
        case Via(points):
            return _finish(field, obs, _through(field, mover, points), max_distance, False, face)
        case Toward(target, far):
            thing = field.find(target)
            limit, meets = _limit(far, max_distance)
            path = _approach(field, obs, thing, SHORT_OF_CONTACT)
            return _finish(field, obs, path, limit, meets, face or FaceThing(thing.id))
        case Contact(target):
            thing = field.find(target)
            path = _approach(field, obs, thing, 0.0)
            return _finish(field, obs, path, max_distance, False, face or FaceThing(thing.id))
        case Behind(cover, viewer):
            path = _behind(field, mover, obs, field.terrain_piece(cover), field.base(viewer))
            return _finish(field, obs, path, max_distance, False, face)
        case Away(source, far):
            limit, meets = _limit(far, max_distance)
            if limit is None:
                raise GeometryError(f"away {source} needs a distance here, like: away {source} 3")
            path, stopped = _away(obs, _centre(field.find(source)), limit)
            return _finish(field, obs, path, limit, meets, face, stopped)


def _limit(asked: float | None, allowance: float | None) -> tuple[float | None, bool]:
    """Combine an asked distance and the allowance: the limit, and whether stopping at it meets the ask."""
    if asked is None:
        return allowance, True
    if allowance is None or asked <= allowance:
        return asked, True
    return allowance, False


def _finish(field: Battlefield, obs: Obstacles, path: Sequence[XY], limit: float | None, meets: bool,
            face: Facing | None, stopped: Sequence[str] = ()) -> MoveResult:
    """Cut, round and describe the path; a cut at ``limit`` meets the ask when ``meets``; turn as asked."""
    result = finish_move(obs, path, max_distance=limit, stopped_by=stopped)
    complete = not stopped and (result.complete or meets)
    facing = result.facing
    match face:
        case FaceDegrees(degrees):
            facing = degrees
        case FaceThing(ident):
            facing = bearing(result.end, _centre(field.find(ident)))
    return replace(result, complete=complete, facing=round(facing % 360.0, 2) % 360.0)


def _through(field: Battlefield, mover: Base, points: Sequence[XY]) -> tuple[XY, ...]:
    """Route leg by leg through each point, each of which must be a legal place to stand."""
    path: list[XY] = [mover.xy]
    here = mover
    for p in points:
        check_placement(field, here.at(*p))
        leg = Router(Obstacles(field, here)).route(Goal(p, 0.0, f"{p[0]:g},{p[1]:g}"))
        path.extend(leg[1:])
        here = here.at(*p)
    return tuple(path)


_APPROACHES: dict[tuple[object, ...], tuple[XY, ...]] = {}
"""Routes to a thing already worked out, by everything they depend on (the table, its terrain and bases exactly,
the mover, the thing, the gap): ``toward X 3``, ``toward X max`` and the allowance cutting them share one route,
and a menu, its check and the move made ask it of copies of one layout."""
_APPROACHES_KEPT = 512
_ROUTERS: dict[tuple[object, ...], Router] = {}
"""A router per layout and mover, so routes to several things (a menu's objectives and enemies) share its corner
graph; kept by the same key as ``_APPROACHES`` without the thing and the gap."""
_ROUTERS_KEPT = 32


def has_route(field: Battlefield, mover_id: str, position: Position, *, max_distance: float | None = None) -> bool:
    """Whether :func:`resolve_move` makes a move to ``position`` (it raises a :class:`GeometryError` exactly when this
    is False): a route kept in ``_APPROACHES`` is one; otherwise :func:`has_route_any` of it alone."""
    match position:
        case Toward(target) | Contact(target):
            try:
                mover = field.base(mover_id)
                gap = SHORT_OF_CONTACT if isinstance(position, Toward) else 0.0
                if (_layout(field, mover), field.find(target).id, gap) in _APPROACHES:
                    return True
            except GeometryError:
                return False
    return has_route_any(field, mover_id, (position,), max_distance=max_distance)


def has_route_any(field: Battlefield, mover_id: str, positions: Sequence[Position], *,
                  max_distance: float | None = None) -> bool:
    """Whether :func:`has_route` holds for one of ``positions`` (:func:`has_route_each` of them)."""
    return has_route_each([(field, mover_id, positions, max_distance)])[0]


Asked = tuple[Battlefield, str, Sequence[Position], float | None]
"""A table, a mover on it, the positions it might head for and its allowance: whether it may reach one is asked."""


def has_route_each(asked: Sequence[Asked]) -> list[bool]:
    """Whether :func:`has_route` holds for one of the positions of each ask: every ``toward`` and ``contact`` of them
    all asked of :func:`reaches_each` at once (the movers past one layout searched together, sharing what each search
    learns: a menu asks it of every model it offers, with every place it names), any other position resolved whole.
    """
    found = [False] * len(asked)
    searched: list[tuple[int, Obstacles, list[Goal]]] = []
    made: dict[tuple[object, ...], Obstacles] = {}
    for i, (field, mover_id, positions, max_distance) in enumerate(asked):
        goals = _goals(field, mover_id, positions, max_distance)
        if goals is None:
            found[i] = True
        elif goals:
            searched.append((i, _obstacles(field, field.base(mover_id), made), goals))
    for (i, _, _), ok in zip(searched, reaches_each([(obs, goals) for _, obs, goals in searched]), strict=True):
        found[i] = ok
    return found


def _obstacles(field: Battlefield, mover: Base, made: dict[tuple[object, ...], Obstacles]) -> Obstacles:
    """``Obstacles(field, mover)``, or a copy of those ``made`` for another mover of its size past the same other
    bases and scenery (a menu's movers of one side walk past the same enemies): where neither start overlaps
    anything, by a margin no rounding reaches, the obstacles are the same, only the mover differs."""
    others = tuple(b for b in field.bases if b.id != mover.id)
    key = (field.table, id(field.terrain), tuple(map(id, others)), mover.radius)
    like = made.get(key)
    if like is not None and like.bases == others and _surely_free(like, mover.xy):
        shared = copy.copy(like)
        shared.field, shared.mover = field, mover
        return shared
    obs = Obstacles(field, mover)
    if key not in made and len(obs.bases) == len(others) and _surely_free(obs, mover.xy):
        made[key] = obs
    return obs


def _surely_free(obs: Obstacles, at: XY) -> bool:
    """Whether a base of the mover's size at ``at`` surely overlaps none of ``obs``'s bases and no impassable piece
    (each one's bounding disc, ``_Pieces.outer``, far enough), with a margin no rounding reaches; False only says
    that it might: ``Obstacles`` measures it exactly, and leaves out what the start overlaps."""
    x, y = at
    reach = obs.radius - TOLERANCE + _SURELY
    pieces = obs._pieces
    return len(pieces.centres) == sum(t.has(IMPASSABLE) for t in obs.field.terrain) and all(
        (x - cx) ** 2 + (y - cy) ** 2 >= (r + reach) ** 2
        for (cx, cy), r in zip([*obs.centres.tolist(), *pieces.centres.tolist()],
                               [*(b.radius for b in obs.bases), *pieces.outer.tolist()], strict=True))


_SURELY = 1e-6
"""Inches a start must keep clear of a base or a piece's bounding disc to be surely clear of it (far more than any
rounding of a table's coordinates)."""


def _goals(field: Battlefield, mover_id: str, positions: Sequence[Position],
           max_distance: float | None) -> list[Goal] | None:
    """Where routes toward or into contact with the things ``positions`` name end (``_goal``), or None once one of
    them is met without a search: the mover is there already, or another kind of position resolves whole."""
    goals: list[Goal] = []
    try:
        mover: Base | None = field.base(mover_id)
    except GeometryError:
        mover = None
    for position in positions:
        match position:
            case Toward(target) | Contact(target):
                if mover is None:
                    continue
                try:
                    thing = field.find(target)
                    gap = SHORT_OF_CONTACT if isinstance(position, Toward) else 0.0
                    goal = _goal(mover, thing, gap)
                except GeometryError:
                    continue
                if goal is None:
                    return None
                goals.append(goal)
            case _:
                try:
                    resolve_move(field, mover_id, position, max_distance=max_distance)
                except GeometryError:
                    continue
                return None
    return goals if mover is not None else []


def _layout(field: Battlefield, mover: Base) -> tuple[object, ...]:
    """Everything a route depends on but its goal: the table, its terrain and bases exactly, the mover (shapes by
    ``shape_key``: shapely hashes a shape by writing its WKB on every lookup, and a route looks its layout up four
    times)."""
    return (field.table.width, field.table.height, mover.id,
            tuple((t.id, t.height, t.keywords, shape_key(t.polygon)) for t in field.terrain),
            tuple((b.id, b.pose.x, b.pose.y, b.pose.z, b.diameter_mm, b.height) for b in field.bases),
            tuple((z.id, repr(z.area) if isinstance(z.area, Circle) else shape_key(z.area)) for z in field.zones))


def _router(layout: tuple[object, ...], obstacles: Callable[[], Obstacles]) -> Router:
    """The layout's router (kept, see ``_ROUTERS``), made past ``obstacles()`` when none is kept."""
    router = _ROUTERS.get(layout)
    if router is None:
        router = _keep(_ROUTERS, _ROUTERS_KEPT, layout, Router(obstacles()))
    return router


def _approach(field: Battlefield, obs: Obstacles, thing: Thing, gap: float) -> tuple[XY, ...]:
    """Route the mover of ``obs`` to ``gap`` inches from ``thing`` (kept, see ``_APPROACHES``)."""
    mover = obs.mover
    layout = _layout(field, mover)
    key = (layout, thing.id, gap)
    found = _APPROACHES.get(key)
    if found is None:
        goal = _goal(mover, thing, gap)
        path = (mover.xy,) if goal is None else _router(layout, lambda: obs).route(goal)
        found = _keep(_APPROACHES, _APPROACHES_KEPT, key, path)
    return found


def _keep(kept: dict[tuple[object, ...], _V], most: int, key: tuple[object, ...], value: _V) -> _V:
    """Keep ``value`` under ``key``, forgetting the oldest entry once ``most`` are kept."""
    if len(kept) >= most:
        del kept[next(iter(kept))]
    kept[key] = value
    return value


def _goal(mover: Base, thing: Thing, gap: float) -> Goal | None:
    """Where a route to ``gap`` inches from ``thing`` ends: a base's edge, or the nearest point of terrain or a zone;
    None when the mover is there already."""
    if thing.id == mover.id:
        raise GeometryError(f"{mover.id} cannot move toward or into contact with itself; name another id")
    if distance(mover, thing) <= gap + TOLERANCE:
        return None
    if isinstance(thing, Base):
        # The target stays an obstacle: the last leg stops at the reach, which its clearance allows.
        return Goal(thing.xy, mover.radius + thing.radius + gap, thing.id)
    area = thing.polygon if isinstance(thing, Terrain) else thing.area
    outline = area.to_polygon().exterior if isinstance(area, Circle) else area.exterior
    near = nearest_points(outline, shapely.Point(mover.xy))[0]
    return Goal((float(near.x), float(near.y)), mover.radius + gap, thing.id)


def _behind(field: Battlefield, mover: Base, obs: Obstacles, cover: Terrain, viewer: Base) -> tuple[XY, ...]:
    """Route to the nearest free spot hugging ``cover`` where ``cover`` hides the mover from ``viewer``."""
    ring = cover.polygon.buffer(mover.radius + TOLERANCE / 2, quad_segs=8).exterior
    steps = np.append(np.arange(0.0, ring.length, _HUG_STEP), ring.project(shapely.Point(mover.xy)))
    spots = shapely.get_coordinates(shapely.line_interpolate_point(ring, steps))
    spots = spots[obs.points_clear(spots)]
    if len(spots):
        sight = LineOfSight([cover], rule=lambda *_: True)
        hidden = sight.hidden_shares([viewer], [mover.at(float(x), float(y)) for x, y in spots])[0]
        spots = spots[hidden >= 1.0]
    order = np.argsort(np.hypot(spots[:, 0] - mover.pose.x, spots[:, 1] - mover.pose.y))
    router = Router(obs)
    best: tuple[XY, ...] | None = None
    for i in order[:_MAX_COVER_ROUTES]:
        spot = (float(spots[i, 0]), float(spots[i, 1]))
        if best is not None and math.dist(mover.xy, spot) >= path_length(best):
            break
        try:
            path = router.route(Goal(spot, 0.0, f"behind {cover.id}"))
        except NoRoute:
            continue
        if best is None or path_length(path) < path_length(best):
            best = path
    if best is None:
        raise NoCoverSpot(cover.id, viewer.id)
    return best


def _away(obs: Obstacles, source: XY, limit: float) -> tuple[tuple[XY, ...], list[str]]:
    """Go straight away from ``source`` for ``limit`` inches, or stop short of the first thing in the way."""
    mover = obs.mover
    same_spot = math.dist(source, mover.xy) < 1e-9
    angle = math.radians(mover.pose.facing if same_spot else bearing(source, mover.xy))
    start = np.array([mover.xy], dtype=float)

    def point(t: float) -> XY:
        return (mover.pose.x + math.cos(angle) * t, mover.pose.y + math.sin(angle) * t)

    if obs.legs_clear(start, np.array([point(limit)]))[0]:
        return (mover.xy, point(limit)), []
    stopped = obs.leg_conflicts(mover.xy, point(limit))
    lo, hi = 0.0, limit
    while hi - lo > TOLERANCE / 4:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if obs.legs_clear(start, np.array([point(mid)]))[0] else (lo, mid)
    return (mover.xy, point(max(0.0, lo - TOLERANCE))), stopped


def _centre(thing: Thing) -> XY:
    """The point to aim at or face on a base, terrain piece or zone."""
    return thing.xy if isinstance(thing, Base) else thing.centre
