"""``/deploy auto``: a side's models spread evenly over its deployment zone, in rows from the front edge back.

The layout is worked out once, when the command runs; the log keeps each model's spot as an ordinary
placement, so a replay never lays the zone out again (and a later change here cannot move a stored game).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np
import shapely

from engine.core import IllegalCommand, ModelId, SideId
from engine.geometry import TOLERANCE, Base, Battlefield, Pose, Zone, distance, placement_conflicts, round_point
from engine.systems.freeplay import table_geometry as geo
from engine.systems.freeplay.state import FreeplayState, PlacedModel, Point

__all__ = ["NEAR_ZONE", "ROW_GAP", "spread_layout"]

NEAR_ZONE = 2.0
"""Inches: a model whose base is this close to its zone still counts as deploying (not yet in the fight)."""
ROW_GAP = 0.5
"""Inches kept at least between bases in a row and between rows; half of it inside the zone's front edge."""
_SEARCH_STEP = 0.25  # inches between the spots tried around a spot that terrain or a base takes


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


def _frame(state: FreeplayState, bounds: tuple[float, float, float, float]) -> _Frame:
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


def _rows(models: list[PlacedModel], width: float) -> list[list[PlacedModel]]:
    """Fill the front row first, then the next, each with as many bases as fit with the gap between."""
    rows: list[list[PlacedModel]] = []
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


def _ideal_spots(rows: list[list[PlacedModel]], frame: _Frame) -> list[tuple[PlacedModel, Point]]:
    """Each row's bases share its width evenly (equal room on both sides of each), front edges aligned."""
    spots: list[tuple[PlacedModel, Point]] = []
    v = ROW_GAP / 2
    for row in rows:
        room = (frame.width - sum(2 * m.radius for m in row)) / len(row)
        u = room / 2
        for model in row:
            spots.append((model, round_point(frame.point(u + model.radius, v + model.radius))))
            u += 2 * model.radius + room
        v += max(2 * m.radius for m in row) + ROW_GAP
    return spots


def _free_spot(field: Battlefield, area: shapely.Polygon, model: PlacedModel, ideal: Point) -> Point | None:
    """The ideal spot if the base stands there wholly in the zone and clear of everything, else the nearest
    such spot on a grid around it; ``None`` when the zone has no room left for this base."""
    inner = area.buffer(-(model.radius - TOLERANCE))
    if inner.is_empty:
        return None
    x0, y0, x1, y1 = inner.bounds
    us = np.arange(math.floor((x0 - ideal[0]) / _SEARCH_STEP), math.ceil((x1 - ideal[0]) / _SEARCH_STEP) + 1)
    vs = np.arange(math.floor((y0 - ideal[1]) / _SEARCH_STEP), math.ceil((y1 - ideal[1]) / _SEARCH_STEP) + 1)
    grid = np.stack(np.meshgrid(us * _SEARCH_STEP, vs * _SEARCH_STEP), axis=-1).reshape(-1, 2) + np.array(ideal)
    grid = np.round(grid[np.argsort(np.hypot(grid[:, 0] - ideal[0], grid[:, 1] - ideal[1]), kind="stable")], 2)
    grid = np.vstack([np.array([ideal]), grid])
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


def spread_layout(state: FreeplayState, side: SideId) -> list[tuple[ModelId, Point]]:
    """Where ``/deploy auto`` puts each of the side's models in or near its zone: spread evenly in rows from
    the front edge, wholly inside the zone, clear of each other, of other models and of impassable terrain.

    Raises :class:`IllegalCommand` when the side has no zone, no model to deploy, or more than fits.
    """
    placed = geo.deployment_zone(state, side)
    if placed is None or len(placed.polygon) < 3:
        raise IllegalCommand(f"side {side} has no deployment zone on this table; place its models with "
                             "/model place or /model add at:x,y", verb="deploy auto")
    zone = Zone.from_points(placed.id, placed.kind, placed.polygon)
    area = shapely.Polygon(placed.polygon)
    field = geo.battlefield(state)
    models = sorted((m for m in state.models.values() if m.side == side
                     and distance(field.base(m.id), zone) <= NEAR_ZONE + TOLERANCE), key=lambda m: _number(m.id))
    if not models:
        raise IllegalCommand(f"side {side} has no models in or within {NEAR_ZONE:g}\" of zone {placed.id} to "
                             "deploy; add them with /force load or /model add", verb="deploy auto")
    frame = _frame(state, area.bounds)
    rows = _rows(models, frame.width)
    depth = ROW_GAP / 2 + sum(max(2 * m.radius for m in row) for row in rows) + ROW_GAP * (len(rows) - 1)
    widest = max(2 * m.radius for m in models)
    if depth > frame.depth + 1e-9 or widest + ROW_GAP > frame.width + 1e-9:
        raise IllegalCommand(f"side {side}'s {len(models)} models do not fit in zone {placed.id}: their rows need "
                             f"{depth:.1f}\" of its {frame.depth:g}\" depth; place some with /model place first",
                             verb="deploy auto")
    moving = {m.id for m in models}
    fixed = tuple(b for b in field.bases if b.id not in moving)
    spots: list[tuple[ModelId, Point]] = []
    for model, ideal in _ideal_spots(rows, frame):
        here = Battlefield(field.table, field.terrain, (*fixed, *(_base(state, i, p) for i, p in spots)))
        spot = _free_spot(here, area, model, ideal)
        if spot is None:
            raise IllegalCommand(f"side {side}'s models do not fit in zone {placed.id}: no room is left for "
                                 f"{model.id} {model.name} once terrain and other models are avoided; place "
                                 "some with /model place first", verb="deploy auto")
        spots.append((model.id, spot))
    return spots


def _base(state: FreeplayState, model_id: ModelId, at: Point) -> Base:
    model = state.models[model_id]
    return Base(model.id, Pose(at[0], at[1], 0.0, model.facing), model.base_mm)
