"""What a moving base must keep clear of: other bases, impassable terrain and the table edge.

A base's centre is legal where the base overlaps no other base and no impassable terrain by more than the
tolerance, and hangs over no table edge by more than it. A straight leg is legal when every point along it
is. Obstacles the mover already overlaps at its start (a position fixed by hand) are ignored, so it can
leave them.
"""

from __future__ import annotations

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
        tested."""
        if len(self.terrain) and ok.any():
            idx = np.nonzero(ok)[0]
            lines = shapely.linestrings(np.stack([start[idx], end[idx]], axis=1))
            hit, _ = self._tree.query(lines, predicate="dwithin", distance=self.radius - TOLERANCE)
            ok[idx[hit]] = False
        return ok

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
