"""Deployment: where models stand in their side's zone, in rows from the front edge back.

One algorithm serves both ways models get there: ``/deploy auto`` spreads a side's models evenly over its
zone (``spread_layout``), and models entering without a spot (``/model add`` with no ``at``, ``/force load``)
take the free spots the same rows offer (``entry_spots``). A side without a deployment zone deploys along its
own table edge (A at the bottom, B at the top, C left, D right), 6" deep.

The layout is worked out once, when the command runs; the log keeps each model's spot as an ordinary
placement, so a replay never lays the zone out again (and a later change here cannot move a stored game). Menus ask
the same layouts the commands then make (whether ``/deploy auto`` would move anything, which units still fit), so
each is remembered for the table it was worked out on: a menu and the check that follows it lay a zone out once.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import shapely

from engine.core import IllegalCommand, ModelId, SideId
from engine.geometry import (
    MM_PER_INCH,
    TOLERANCE,
    Base,
    Battlefield,
    Pose,
    bearing,
    placement_conflicts,
    round_point,
)
from engine.table.geometry import battlefield
from engine.table.state import Point, TableState

__all__ = ["EDGE_DEPTH", "NEAR_ZONE", "ROW_GAP", "default_facing", "entry_spots", "spread_layout"]

T = TypeVar("T")

NEAR_ZONE = 2.0
"""Inches: a model whose base is this close to its zone still counts as deploying (not yet in the fight)."""
ROW_GAP = 0.5
"""Inches kept at least between bases in a row and between rows; half of it inside the zone's front edge."""
_SEARCH_STEP = 0.25  # inches between the spots tried around a spot that terrain or a base takes
EDGE_DEPTH = 6.0
"""Inches: how deep a side's strip along its table edge is when the map gives it no deployment zone."""


@dataclass(frozen=True, slots=True)
class _Piece:
    """A base to lay out: a model already on the table or one about to enter."""

    id: ModelId
    radius: float
    facing: float = 90.0

    @property
    def base_mm(self) -> float:
        return self.radius * 2 * MM_PER_INCH


@dataclass(frozen=True, slots=True)
class _Frame:
    """The zone's box seen from its front edge: ``u`` runs along the front, ``v`` from the front toward the back."""

    origin: Point
    along: Point
    back: Point
    width: float
    depth: float

    def point(self, u: float, v: float) -> Point:
        return (self.origin[0] + self.along[0] * u + self.back[0] * v,
                self.origin[1] + self.along[1] * u + self.back[1] * v)


def _frame(state: TableState, bounds: tuple[float, float, float, float]) -> _Frame:
    """The front edge is the side of the zone's box that faces the table's centre."""
    x0, y0, x1, y1 = bounds
    dx = state.width / 2 - (x0 + x1) / 2
    dy = state.height / 2 - (y0 + y1) / 2
    if abs(dy) >= abs(dx):
        if dy > 0:
            return _Frame((x0, y1), (1.0, 0.0), (0.0, -1.0), x1 - x0, y1 - y0)
        return _Frame((x0, y0), (1.0, 0.0), (0.0, 1.0), x1 - x0, y1 - y0)
    if dx > 0:
        return _Frame((x1, y0), (0.0, 1.0), (-1.0, 0.0), y1 - y0, x1 - x0)
    return _Frame((x0, y0), (0.0, 1.0), (1.0, 0.0), y1 - y0, x1 - x0)


def _number(model_id: str) -> tuple[int, str]:
    """Order ids as players count them: A2 before A10."""
    digits = re.search(r"\d+$", model_id)
    return (int(digits.group()) if digits else 0, model_id)


def _rows(models: list[_Piece], width: float) -> list[list[_Piece]]:
    """Fill the front row first, then the next, each with as many bases as fit with the gap between."""
    rows: list[list[_Piece]] = []
    used = 0.0
    for model in models:
        need = 2 * model.radius + ROW_GAP
        if rows and used + need <= width + 1e-9:
            rows[-1].append(model)
            used += need
        else:
            rows.append([model])
            used = need
    return rows


def _ideal_spots(rows: list[list[_Piece]], frame: _Frame) -> list[tuple[_Piece, Point]]:
    """Each row's bases share its width evenly (equal room on both sides of each), front edges aligned."""
    spots: list[tuple[_Piece, Point]] = []
    v = ROW_GAP / 2
    for row in rows:
        room = (frame.width - sum(2 * m.radius for m in row)) / len(row)
        u = room / 2
        for model in row:
            spots.append((model, round_point(frame.point(u + model.radius, v + model.radius))))
            u += 2 * model.radius + room
        v += max(2 * m.radius for m in row) + ROW_GAP
    return spots


def _free_spot(field: Battlefield, area: shapely.Polygon, model: _Piece, ideal: Point) -> Point | None:
    """The ideal spot if the base stands there wholly in the zone and clear of everything, else the nearest
    such spot on a grid around it; ``None`` when the zone has no room left for this base."""
    inner = area.buffer(-(model.radius - TOLERANCE))
    if inner.is_empty:
        return None
    spot = _first_clear(field, inner, model, np.array([ideal]))  # most bases stand where their row puts them
    if spot is not None:
        return spot
    x0, y0, x1, y1 = inner.bounds
    us = np.arange(math.floor((x0 - ideal[0]) / _SEARCH_STEP), math.ceil((x1 - ideal[0]) / _SEARCH_STEP) + 1)
    vs = np.arange(math.floor((y0 - ideal[1]) / _SEARCH_STEP), math.ceil((y1 - ideal[1]) / _SEARCH_STEP) + 1)
    grid = np.stack(np.meshgrid(us * _SEARCH_STEP, vs * _SEARCH_STEP), axis=-1).reshape(-1, 2) + np.array(ideal)
    grid = np.round(grid[np.argsort(np.hypot(grid[:, 0] - ideal[0], grid[:, 1] - ideal[1]), kind="stable")], 2)
    return _first_clear(field, inner, model, grid)


def _first_clear(field: Battlefield, inner: shapely.Polygon, model: _Piece, grid: np.ndarray) -> Point | None:
    """The first of the ``grid``'s points (rows of x, y) where the base stands in ``inner``, clear of everything."""
    keep = shapely.contains_xy(inner, grid[:, 0], grid[:, 1]) | shapely.intersects_xy(inner.boundary, grid[:, 0],
                                                                                      grid[:, 1])
    if field.bases:
        centres = np.array([b.xy for b in field.bases])
        reach = np.array([b.radius + model.radius - TOLERANCE for b in field.bases])
        gaps = np.hypot(grid[:, None, 0] - centres[None, :, 0], grid[:, None, 1] - centres[None, :, 1])
        keep &= ~(gaps < reach[None, :]).any(axis=1)
    for x, y in grid[keep]:
        here = Base(model.id, Pose(float(x), float(y), 0.0, model.facing), model.base_mm)
        if not placement_conflicts(field, here):
            return (float(x), float(y))
    return None


def _area(state: TableState, side: SideId) -> tuple[str, shapely.Polygon]:
    """The side's deployment zone, or its strip along its own table edge when the map gives none."""
    zone = state.deployment_zone(side)
    if zone is not None:
        return zone.id, shapely.Polygon(zone.polygon)
    w, h, d = state.width, state.height, min(EDGE_DEPTH, state.width / 2, state.height / 2)
    strips = {0: (0.0, 0.0, w, d), 1: (0.0, h - d, w, h), 2: (0.0, 0.0, d, h), 3: (w - d, 0.0, w, h)}
    index = state.sides.index(side) if side in state.sides else 0
    return f"side {side}'s table edge", shapely.box(*strips[index % 4])


def _layout(state: TableState, area: shapely.Polygon, pieces: list[_Piece], fixed: tuple[Base, ...],
            where: str) -> list[Point] | str:
    """Spots for ``pieces`` in rows from the area's front edge, each wholly inside it and clear of the ``fixed``
    bases, terrain and each other; or why they do not fit."""
    field = battlefield(state)
    frame = _frame(state, area.bounds)
    rows = _rows(pieces, frame.width)
    depth = ROW_GAP / 2 + sum(max(2 * m.radius for m in row) for row in rows) + ROW_GAP * (len(rows) - 1)
    widest = max(2 * m.radius for m in pieces)
    if depth > frame.depth + 1e-9 or widest + ROW_GAP > frame.width + 1e-9:
        return f"their rows need {depth:.1f}\" of the {frame.depth:g}\" depth of {where}"
    placed: list[Base] = []
    spots: list[Point] = []
    for piece, ideal in _ideal_spots(rows, frame):
        here = Battlefield(field.table, field.terrain, (*fixed, *placed))
        spot = _free_spot(here, area, piece, ideal)
        if spot is None:
            return f"no room is left in {where} for a {piece.base_mm:.0f}mm base once terrain and other models are " \
                   "avoided"
        spots.append(spot)
        placed.append(Base(piece.id, Pose(spot[0], spot[1], 0.0, piece.facing), piece.base_mm))
    return spots  # rows are runs of ``pieces`` in order, so the spots come in the order of ``pieces``


_REMEMBERED = 64
"""Layouts kept: a few tables' worth of menus, each asked again until something on its table changes."""
_LAYOUTS: OrderedDict[tuple[Any, ...], tuple[bool, Any]] = OrderedDict()


def _table_key(state: TableState) -> tuple[Any, ...]:
    """Everything a layout reads: the table, its sides, terrain, zones and bases."""
    return (state.width, state.height, state.sides,
            tuple((m.id, m.side, m.x, m.y, m.facing, m.base_mm) for m in state.models.values()),
            tuple((t.id, t.polygon, t.height, t.keywords) for t in state.terrain.values()),
            tuple((z.id, z.kind, z.side, z.polygon) for z in state.zones.values()))


def _remembered(key: tuple[Any, ...], work: Callable[[], T]) -> T:
    """``work()`` for this key, worked out once (a refusal too) while the key is among the latest kept."""
    if key in _LAYOUTS:
        _LAYOUTS.move_to_end(key)
    else:
        try:
            _LAYOUTS[key] = (True, work())
        except IllegalCommand as refusal:
            _LAYOUTS[key] = (False, (refusal.reason, refusal.verb))
        while len(_LAYOUTS) > _REMEMBERED:
            _LAYOUTS.popitem(last=False)
    done, found = _LAYOUTS[key]
    if not done:
        reason, verb = found
        raise IllegalCommand(reason, verb=verb)
    result: T = found
    return result


def default_facing(state: TableState, at: Point) -> float:
    """Face the middle of the table unless told otherwise."""
    centre = (state.width / 2, state.height / 2)
    return round(bearing(at, centre), 2) if at != centre else 90.0


def spread_layout(state: TableState, side: SideId) -> list[tuple[ModelId, Point]]:
    """Where ``/deploy auto`` puts each of the side's models in or near its zone: spread evenly in rows from
    the front edge, wholly inside the zone, clear of each other, of other models and of impassable terrain.

    Raises :class:`IllegalCommand` when the side has no model to deploy, or more than fits.
    """
    return list(_remembered(("spread", side, _table_key(state)), lambda: _spread(state, side)))


def _spread(state: TableState, side: SideId) -> list[tuple[ModelId, Point]]:
    where, area = _area(state, side)
    field = battlefield(state)
    near = [m for m in state.models.values() if m.side == side
            and shapely.distance(area, shapely.Point(m.x, m.y)) - m.radius <= NEAR_ZONE + TOLERANCE]
    models = sorted(near, key=lambda m: _number(m.id))
    if not models:
        raise IllegalCommand(f"side {side} has no models in or within {NEAR_ZONE:g}\" of {where} to deploy; add "
                             "them with /force load or /model add", verb="deploy auto")
    pieces = [_Piece(m.id, m.radius, m.facing) for m in models]
    moving = {m.id for m in models}
    spots = _layout(state, area, pieces, tuple(b for b in field.bases if b.id not in moving), where)
    if isinstance(spots, str):
        raise IllegalCommand(f"side {side}'s {len(models)} models do not fit: {spots}; place some with /model "
                             "place first", verb="deploy auto")
    return [(piece.id, spot) for piece, spot in zip(pieces, spots, strict=True)]


def entry_spots(state: TableState, side: SideId, radii: list[float]) -> list[Point]:
    """Free spots for new bases of these radii entering the table for ``side``, taken as ``/deploy auto``
    would lay them out, around the models already there.

    Raises :class:`IllegalCommand` when they do not fit.
    """
    return list(_remembered(("entry", side, tuple(radii), _table_key(state)), lambda: _entries(state, side, radii)))


def _entries(state: TableState, side: SideId, radii: list[float]) -> list[Point]:
    where, area = _area(state, side)
    pieces = [_Piece(ModelId(f"new{index}"), radius) for index, radius in enumerate(radii, start=1)]
    spots = _layout(state, area, pieces, battlefield(state).bases, where)
    if isinstance(spots, str):
        size = f"{max(radii) * 2 * MM_PER_INCH:.0f}mm base" if len(radii) == 1 else f"{len(radii)} models"
        raise IllegalCommand(f"no room for a {size} in {where}: {spots}; place it yourself with /model add "
                             "at:x,y")
    return spots
