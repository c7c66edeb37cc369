"""What a moving base must keep clear of: other bases, impassable terrain and the table edge.

A base's centre is legal where the base overlaps no other base and no impassable terrain by more than the
tolerance, and hangs over no table edge by more than it. A straight leg is legal when every point along it
is. Obstacles the mover already overlaps at its start (a position fixed by hand) are ignored, so it can
leave them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray

from .battlefield import Battlefield
from .shapes import XY, Base, Terrain, shape_key
from .tolerance import TOLERANCE

__all__ = ["IMPASSABLE", "TABLE_EDGE", "Obstacles", "segment_gap", "terrain_label"]

IMPASSABLE = "impassable"
"""The terrain keyword that stops movement."""

TABLE_EDGE = "the table edge"
"""How messages name the edge of the table."""

_F = NDArray[np.float64]
_B = NDArray[np.bool_]
_I = NDArray[np.intp]


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


def _offsets(start: _F, end: _F | None, points: _F) -> tuple[_F, _F]:
    """From each of M points to the nearest point of each of N legs (rows of (N, 2) arrays), as two (M, N) arrays:
    :func:`segment_gap`'s sums in its order (``np.hypot`` of the two is its gap exactly), laid out so numpy's inner
    loops run along the many legs rather than the few points. No ``end``: legs of no length (places to stand), whose
    nearest point is the start (those sums come to the start less the point exactly)."""
    sx, sy = start[:, 0], start[:, 1]
    if end is None:
        return sx - points[:, 0:1], sy - points[:, 1:2]
    dx, dy = end[:, 0] - sx, end[:, 1] - sy
    px, py = points[:, 0:1], points[:, 1:2]
    dd = dx * dx + dy * dy
    t = np.minimum(np.maximum(((px - sx) * dx + (py - sy) * dy) / np.where(dd > 0, dd, 1.0), 0.0), 1.0)
    return sx + t * dx - px, sy + t * dy - py


def _closer(start: _F, end: _F | None, points: _F, limit: _F) -> _B:
    """For each of M points (with its ``limit``) and each of N legs, whether the leg comes closer than the limit:
    exactly ``segment_gap < limit``, decided on the squares where they are a hair or more apart (a square root, the
    costliest step, only for the few within a hair)."""
    a, b = _offsets(start, end, points)
    square = a * a + b * b
    bound = limit[:, None]
    closer = square < np.where(bound > _HAIR, (bound - _HAIR) ** 2, -1.0)
    unsure = ~closer & (square <= (bound + _HAIR) ** 2)
    if unsure.any():
        closer[unsure] = np.hypot(a[unsure], b[unsure]) < np.broadcast_to(bound, unsure.shape)[unsure]
    return closer


_HAIR = 1e-9
"""Inches: a gap's square and the square of its limit this far apart settle the comparison however they are rounded
(by 1e-13 at most on a table)."""


_FEW = 120
"""Legs times obstacles up to which :meth:`Obstacles.legs_clear` works in plain Python rather than numpy."""

_MARGIN = 1e-6
"""Inches by which a leg must clear a piece's bounding disc, or enter its inner one, to be settled without measuring
it exactly: far more than any rounding of the coordinates (1e-13 at most)."""


def _clear_of_pieces(start: _F, end: _F, ok: _B, centres: _F, inside: _F, beyond: _F,
                     prepared: NDArray[np.object_], reach: float | _F, owner: _I | None = None,
                     of: _I | None = None) -> _B:
    """``ok`` (changed in place) less the legs still ok that come within ``reach`` of a piece. A leg far outside a
    piece's bounding disc (squared gap over ``beyond``) misses it and one within the base's reach of the disc inside it
    (under ``inside``) hits it, by a margin no rounding reaches: only the pairs of a leg and a piece neither settles
    are measured exactly. With ``owner`` (each piece's layout) and ``of`` (each leg's), a leg meets only its own
    layout's pieces and ``reach`` is given per piece: several layouts tested in one call (``leg_batches``)."""
    idx = np.nonzero(ok)[0]
    a, b = _offsets(start[idx], None if end is start else end[idx], centres)
    square = a * a + b * b  # the margins dwarf any rounding: no square roots
    within = square < inside
    near = square <= beyond
    if owner is not None and of is not None:
        mine = owner[:, None] == of[idx][None, :]
        within &= mine
        near &= mine
    hit = within.any(axis=0)
    near &= ~within & ~hit
    ok[idx[hit]] = False
    rows, legs = np.divmod(np.flatnonzero(near), near.shape[1])  # np.nonzero of a 2-D mask costs three times more
    if len(legs):  # a line for each pair measured (a leg near two pieces drawn twice costs less than sorting)
        measured = idx[legs]
        lines = shapely.linestrings(np.stack([start[measured], end[measured]], axis=1))
        gap = reach if isinstance(reach, float) else reach[rows]
        ok[measured[shapely.dwithin(prepared[rows], lines, gap)]] = False
    return ok


@dataclass(frozen=True, slots=True)
class _Pieces:
    """What a leg test reads of the impassable pieces, worked out once for a tuple of them: for each a centre, the
    radius of a disc about it holding the whole polygon, the radius of one about it lying wholly inside (negative
    when the centre lies outside: no such disc), and a prepared copy of the polygon (its edges indexed once, so
    each leg measured against it costs a few hundred instructions rather than the twenty thousand of indexing the
    leg and the piece for every pair)."""

    centres: _F
    outer: _F
    inner: _F
    prepared: NDArray[np.object_]


_PIECES: dict[tuple[bytes, ...], _Pieces] = {}
"""What leg tests read of a tuple of pieces, by their shapes (``shape_key``; the oldest forgotten past 256)."""


def _pieces(polygons: tuple[shapely.Polygon, ...]) -> _Pieces:
    key = tuple(shape_key(p) for p in polygons)
    found = _PIECES.get(key)
    if found is None:
        if len(_PIECES) >= 256:
            del _PIECES[next(iter(_PIECES))]
        found = _PIECES[key] = _made_pieces(polygons)
    return found


def _made_pieces(polygons: tuple[shapely.Polygon, ...]) -> _Pieces:
    shapes = np.array(polygons, dtype=object)
    centres = shapely.get_coordinates(shapely.centroid(shapes)).reshape(-1, 2)
    outer = np.array([float(np.max(np.hypot(*(np.asarray(p.exterior.coords)[:, :2] - c).T)))
                      for p, c in zip(polygons, centres, strict=True)]).reshape(-1)
    points = shapely.points(centres)
    inside = shapely.contains(shapes, points)
    depth = shapely.distance(shapely.boundary(shapes), points)
    inner = np.where(inside, depth, -1.0).astype(float).reshape(-1)
    prepared = np.array([copy.copy(p) for p in polygons], dtype=object)  # copies: the pieces' own stay unprepared
    shapely.prepare(prepared)
    return _Pieces(centres, outer, inner, prepared)


class Obstacles:
    """The obstacles for one base moving from where it stands now, on one battlefield."""

    def __init__(self, field: Battlefield, mover: Base) -> None:
        self.field = field
        self.mover = mover
        self.radius = mover.radius
        bases = [b for b in field.bases if b.id != mover.id]
        terrain = [t for t in field.terrain if t.has(IMPASSABLE)]
        # Leave out what the start already overlaps: a hand-placed overlap must not trap the model. Every piece is
        # measured in one call (a menu builds these for each model it routes).
        clash = self._clashes(mover.xy, bases)
        self.bases = tuple(b for b, hit in zip(bases, clash, strict=True) if not hit)
        gaps = shapely.distance([t.polygon for t in terrain], shapely.Point(mover.xy))
        self.terrain = tuple(t for t, gap in zip(terrain, gaps, strict=True) if float(gap) >= self.radius - TOLERANCE)
        self.centres = np.array([b.xy for b in self.bases], dtype=float).reshape(-1, 2)
        self.reach = np.array([self.radius + b.radius for b in self.bases], dtype=float)
        self._pieces = pieces = _pieces(tuple(t.polygon for t in self.terrain))
        reach = self.radius - TOLERANCE
        inner, outer = pieces.inner + reach - _MARGIN, pieces.outer + reach + _MARGIN
        self._inside = np.where(pieces.inner > 0, inner * inner, -1.0)[:, None]
        """A leg whose gap to a piece's centre squared is less surely comes within the base's reach of the piece (the
        disc about the centre lies inside it)."""
        self._beyond = (outer * outer)[:, None]
        """A leg whose gap to a piece's centre squared is more surely keeps clear of the piece."""
        w, h = field.table.width, field.table.height
        self.low = self.radius - TOLERANCE
        self.high = (w - self.radius + TOLERANCE, h - self.radius + TOLERANCE)

    def _clashes(self, here: XY, bases: list[Base]) -> list[bool]:
        """For each base, whether the mover standing at ``here`` overlaps it: :func:`segment_gap` of a leg of no length
        (``np.hypot`` of the start less the centre, exactly), a few bases measured without numpy's cost per call."""
        x, y = here
        return [bool(np.hypot(x - b.pose.x, y - b.pose.y) < self.radius + b.radius - TOLERANCE) for b in bases]

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
        if len(start) * (len(self.bases) + len(self.terrain)) <= _FEW:
            return self._few_clear(start.tolist(), end.tolist())
        ok = self.on_table(end)
        if len(self.bases):
            ok &= self.bases_clear(start, end)
        return self._pieces_clear(start, end, ok)

    def _few_clear(self, starts: list[list[float]], ends: list[list[float]]) -> _B:
        """:meth:`legs_clear` of a few legs, in plain Python: numpy's cost per call outweighs the work on so few (a
        route's straight first leg, a move's settled end). The same sums in the same order as :func:`_offsets`,
        :func:`_closer` and :meth:`_pieces_clear`, so each answer is theirs exactly."""
        low, (right, top) = self.low, self.high
        bases = list(zip(self.centres.tolist(), (self.reach - TOLERANCE).tolist(), strict=True))
        pieces = self._pieces
        scenery = list(zip(pieces.centres.tolist(), self._inside[:, 0].tolist(), self._beyond[:, 0].tolist(),
                           strict=True))
        clear: list[bool] = []
        near: list[tuple[int, int]] = []
        for (sx, sy), (ex, ey) in zip(starts, ends, strict=True):
            dx, dy = ex - sx, ey - sy
            dd = dx * dx + dy * dy
            over = dd if dd > 0 else 1.0
            ok = ex >= low and ey >= low and ex <= right and ey <= top
            for (px, py), bound in bases if ok else ():
                t = min(max(((px - sx) * dx + (py - sy) * dy) / over, 0.0), 1.0)
                a, b = sx + t * dx - px, sy + t * dy - py
                square = a * a + b * b
                closer = square < ((bound - _HAIR) * (bound - _HAIR) if bound > _HAIR else -1.0)
                if not closer and square <= (bound + _HAIR) * (bound + _HAIR):
                    closer = bool(np.hypot(a, b) < bound)
                if closer:
                    ok = False
                    break
            nearby = []
            for k, ((px, py), inside, beyond) in enumerate(scenery if ok else ()):
                t = min(max(((px - sx) * dx + (py - sy) * dy) / over, 0.0), 1.0)
                a, b = sx + t * dx - px, sy + t * dy - py
                square = a * a + b * b
                if square < inside:
                    ok = False
                    break
                if square <= beyond:
                    nearby.append((len(clear), k))
            if ok:
                near += nearby
            clear.append(ok)
        result = np.array(clear, dtype=bool)
        if near:
            legs = [[starts[i], ends[i]] for i, _ in near]
            within = shapely.dwithin(pieces.prepared[[k for _, k in near]], shapely.linestrings(legs),
                                     self.radius - TOLERANCE)
            result[[i for (i, _), hit in zip(near, within.tolist(), strict=True) if hit]] = False
        return result

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
        return np.asarray(~_closer(start, None if end is start else end, self.centres, self.reach - TOLERANCE)
                          .any(axis=0), dtype=bool)

    def scenery_clear(self, start: _F, end: _F) -> _B:
        """For (N, 2) arrays of leg ends, tell which legs keep clear of the impassable terrain and end on the table
        (the bases not asked): what no move changes, so a router keeps it across moves."""
        return self._pieces_clear(start, end, self.on_table(end))

    def scenery_clear_of(self, places: _F, ok: _B) -> _B:
        """``ok`` (changed in place) less the ``places`` still ok where the base would come within the impassable
        terrain: the last step of :meth:`legs_clear` for places to stand, the bases and the edge asked already."""
        return self._pieces_clear(places, places, ok)

    def _pieces_clear(self, start: _F, end: _F, ok: _B) -> _B:
        """``ok`` (changed in place) less the legs that come within the impassable terrain, only those still ok
        tested (:func:`_clear_of_pieces`)."""
        if len(self.terrain) and ok.any():
            pieces = self._pieces
            _clear_of_pieces(start, end, ok, pieces.centres, self._inside, self._beyond, pieces.prepared,
                             self.radius - TOLERANCE)
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
