"""What a moving base must keep clear of: other bases, impassable terrain and the table edge.

A base's centre is legal where the base overlaps no other base and no impassable terrain by more than the
tolerance, and hangs over no table edge by more than it. A straight leg is legal when every point along it
is. Obstacles the mover already overlaps at its start (a position fixed by hand) are ignored, so it can
leave them.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import shapely
from numpy.typing import NDArray

from .battlefield import Battlefield
from .shapes import XY, Base, Terrain
from .tolerance import TOLERANCE

__all__ = ["IMPASSABLE", "TABLE_EDGE", "Obstacles", "segment_gap", "terrain_label"]

IMPASSABLE = "impassable"
"""The terrain keyword that stops movement."""

TABLE_EDGE = "the table edge"
"""How messages name the edge of the table."""

_F = NDArray[np.float64]
_B = NDArray[np.bool_]


def terrain_label(t: Terrain) -> str:
    """Name a terrain piece for a player, with why it matters: ``T2 (impassable)``."""
    return f"{t.id} ({IMPASSABLE})" if t.has(IMPASSABLE) else t.id


def segment_gap(start: _F, end: _F, point: _F) -> _F:
    """Distance from each point to its segment; the last axis holds x, y and the others broadcast."""
    sx, sy = start[..., 0], start[..., 1]
    dx, dy = end[..., 0] - sx, end[..., 1] - sy
    px, py = point[..., 0], point[..., 1]
    dd = dx * dx + dy * dy  # by component: numpy sums over a last axis of two slowly
    t = np.clip(((px - sx) * dx + (py - sy) * dy) / np.where(dd > 0, dd, 1.0), 0.0, 1.0)
    result: _F = np.hypot(sx + t * dx - px, sy + t * dy - py)
    return result


_MARGIN = 1e-6
"""Inches by which a leg must clear a piece's bounding disc, or enter its inner one, to be settled without measuring
it exactly: far more than any rounding of the coordinates (1e-13 at most)."""


@lru_cache(maxsize=256)
def _discs(polygons: tuple[shapely.Polygon, ...]) -> tuple[_F, _F, _F]:
    """For each polygon a centre, the radius of a disc about it holding the whole polygon, and the radius of one
    about it lying wholly inside (negative when the centre lies outside: no such disc)."""
    centres = shapely.get_coordinates(shapely.centroid(np.array(polygons, dtype=object))).reshape(-1, 2)
    outer = np.array([float(np.max(np.hypot(*(np.asarray(p.exterior.coords)[:, :2] - c).T)))
                      for p, c in zip(polygons, centres, strict=True)]).reshape(-1)
    points = shapely.points(centres)
    inside = shapely.contains(np.array(polygons, dtype=object), points)
    depth = shapely.distance(shapely.boundary(np.array(polygons, dtype=object)), points)
    inner = np.where(inside, depth, -1.0).astype(float).reshape(-1)
    return centres, outer, inner


_FEW = 12
"""Up to this many legs go to GEOS at once: settling them by the discs first costs more than it saves."""


class Obstacles:
    """The obstacles for one base moving from where it stands now, on one battlefield."""

    def __init__(self, field: Battlefield, mover: Base) -> None:
        self.field = field
        self.mover = mover
        self.radius = mover.radius
        bases = [b for b in field.bases if b.id != mover.id]
        terrain = [t for t in field.terrain if t.has(IMPASSABLE)]
        here = np.array([mover.xy], dtype=float)
        # Leave out what the start already overlaps: a hand-placed overlap must not trap the model. Every base and
        # piece is measured in one call (a menu builds these for each model it routes).
        clash = self._clashes(here, bases)
        self.bases = tuple(b for b, hit in zip(bases, clash, strict=True) if not hit)
        gaps = shapely.distance([t.polygon for t in terrain], shapely.Point(mover.xy))
        self.terrain = tuple(t for t, gap in zip(terrain, gaps, strict=True) if float(gap) >= self.radius - TOLERANCE)
        self.centres = np.array([b.xy for b in self.bases], dtype=float).reshape(-1, 2)
        self.reach = np.array([self.radius + b.radius for b in self.bases], dtype=float)
        self._tree = shapely.STRtree([t.polygon for t in self.terrain])
        self._discs = _discs(tuple(t.polygon for t in self.terrain))
        w, h = field.table.width, field.table.height
        self.low = self.radius - TOLERANCE
        self.high = (w - self.radius + TOLERANCE, h - self.radius + TOLERANCE)

    def _clashes(self, here: _F, bases: list[Base]) -> _B:
        """For each base, whether the mover standing at ``here`` (one row) overlaps it."""
        centres = np.array([b.xy for b in bases], dtype=float).reshape(-1, 2)
        reach = np.array([self.radius + b.radius for b in bases], dtype=float)
        gaps = segment_gap(here[:, None, :], here[:, None, :], centres[None, :, :])[0]
        return np.asarray(gaps < reach - TOLERANCE, dtype=bool)

    def _base_clash(self, start: _F, end: _F, bases: list[Base]) -> _B:
        centres = np.array([b.xy for b in bases], dtype=float).reshape(-1, 2)
        reach = np.array([self.radius + b.radius for b in bases], dtype=float)
        gaps = segment_gap(start[:, None, :], end[:, None, :], centres[None, :, :])
        return np.asarray((gaps < reach[None, :] - TOLERANCE).any(axis=1), dtype=bool)

    def on_table(self, points: _F) -> _B:
        """For an (N, 2) array of centres, tell which keep the base on the table (within the tolerance)."""
        result: _B = ((points[:, 0] >= self.low) & (points[:, 1] >= self.low)
                      & (points[:, 0] <= self.high[0]) & (points[:, 1] <= self.high[1]))
        return result

    def legs_clear(self, start: _F, end: _F) -> _B:
        """For (N, 2) arrays of leg ends, tell which legs hit nothing (the far end must be on the table)."""
        ok = self.on_table(end)
        if len(self.bases):
            ok &= self.bases_clear(start, end)
        return self._pieces_clear(start, end, ok)

    def legs_clear_past(self, start: _F, end: _F, known: int) -> _B:
        """:meth:`legs_clear`, the first ``known`` legs known to keep clear of the scenery and the edge already (only
        the bases asked of them): a router tests a batch of legs of both kinds in one call."""
        ok = self.bases_clear(start, end)
        rest = ok[known:]  # a view: the tests below change ``ok``
        rest &= self.on_table(end[known:])
        self._pieces_clear(start[known:], end[known:], rest)
        return ok

    def bases_clear(self, start: _F, end: _F) -> _B:
        """For (N, 2) arrays of leg ends, tell which legs come within no base (the scenery and the edge not asked)."""
        if not len(self.bases):
            return np.ones(len(start), dtype=bool)
        gaps = segment_gap(start[:, None, :], end[:, None, :], self.centres[None, :, :])
        return np.asarray(~(gaps < self.reach[None, :] - TOLERANCE).any(axis=1), dtype=bool)

    def scenery_clear(self, start: _F, end: _F) -> _B:
        """For (N, 2) arrays of leg ends, tell which legs keep clear of the impassable terrain and end on the table
        (the bases not asked): what no move changes, so a router keeps it across moves."""
        return self._pieces_clear(start, end, self.on_table(end))

    def _pieces_clear(self, start: _F, end: _F, ok: _B) -> _B:
        """``ok`` (changed in place) less the legs that come within the impassable terrain, only those still ok
        tested. A leg far outside a piece's bounding disc misses it and one through the disc inside it hits it (by a
        margin no rounding reaches): only the legs neither settles for every piece are measured exactly."""
        if len(self.terrain) and ok.any():
            idx = np.nonzero(ok)[0]
            if len(idx) > _FEW:
                idx = self._unsettled(start, end, idx, ok)
            if len(idx):
                lines = shapely.linestrings(np.stack([start[idx], end[idx]], axis=1))
                hit, _ = self._tree.query(lines, predicate="dwithin", distance=self.radius - TOLERANCE)
                ok[idx[hit]] = False
        return ok

    def _unsettled(self, start: _F, end: _F, idx: NDArray[np.intp], ok: _B) -> NDArray[np.intp]:
        """The legs of ``idx`` the pieces' discs do not settle; those through an inner disc marked in ``ok``."""
        centres, outer, inner = self._discs
        gaps = segment_gap(start[idx, None, :], end[idx, None, :], centres[None, :, :])
        hits = (gaps < inner[None, :] - _MARGIN).any(axis=1)
        misses = (gaps > outer[None, :] + self.radius - TOLERANCE + _MARGIN).all(axis=1)
        ok[idx[hits]] = False
        unsettled: NDArray[np.intp] = idx[~hits & ~misses]
        return unsettled

    def points_clear(self, points: _F) -> _B:
        """For an (N, 2) array of centres, tell which are legal places for the base to stand."""
        return self.legs_clear(points, points)

    def leg_conflicts(self, a: XY, b: XY) -> list[str]:
        """Name everything one leg from ``a`` to ``b`` runs into, bases first, for a player's message."""
        sa, sb = np.array([a], dtype=float), np.array([b], dtype=float)
        names = [base.id for base in self.bases if self._base_clash(sa, sb, [base])[0]]
        line = shapely.LineString([a, b]) if a != b else shapely.Point(a)
        names += [terrain_label(t) for t in self.terrain
                  if float(shapely.distance(line, t.polygon)) < self.radius - TOLERANCE]
        if not self.on_table(sb)[0]:
            names.append(TABLE_EDGE)
        return names
