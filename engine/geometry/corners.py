"""The corner graphs routes are searched on: the convex corners of every obstacle grown by the mover's radius, and
the straight legs between them that hit nothing. The scenery's part is worked out once for a table and a size of base
(no move changes it), a layout's bases added per layout; both are kept, so every model of one size walking past the
same obstacles, and every menu asking about them, shares them. The router (``routing``) and the test of whether many
movers can get somewhere (``reaching``) both search on these.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeVar

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry.polygon import orient

from .clearance import Obstacles
from .shapes import shape_key
from .tolerance import TOLERANCE

__all__ = [
    "CORNERS",
    "CORNERS_KEPT",
    "GROW",
    "MARGIN",
    "Corners",
    "grown",
    "grown_disc",
    "kept",
    "layout_key",
    "shared_corners",
    "shared_scenery",
    "stacked",
    "tangents",
]

QUAD_SEGS = 3
"""Segments a quarter circle is grown into."""
GROW = 1.0 / math.cos(math.pi / (4 * QUAD_SEGS))
"""The vertex radius that makes the grown polygon enclose the circle."""
MARGIN = TOLERANCE
"""Extra clearance of the nodes, so rounding a waypoint never makes it overlap."""

_F = NDArray[np.float64]
_K = TypeVar("_K")


class _Scenery:
    """The convex corners of the impassable scenery grown for one size of base, and the legs between them that are
    tangent at both ends and keep clear of the scenery and the edge, with their lengths, by the corner they leave
    (``out``): no move changes these, so they are worked out once for a table, a size of base and its pieces
    (``_SCENERY``), and each layout only tests them against its bases."""

    def __init__(self, obs: Obstacles) -> None:
        nodes, prev, nxt = stacked([grown(t.polygon, (obs.radius + MARGIN) * GROW) for t in obs.terrain])
        ok = obs.scenery_clear(nodes, nodes)
        self.nodes, self.prev, self.nxt = nodes[ok], prev[ok], nxt[ok]
        heads, tails, lengths = tangents(self.nodes, self.prev, self.nxt, self.nodes, self.prev, self.nxt)
        clear = obs.scenery_clear(self.nodes[heads], self.nodes[tails])
        self.tails, self.lengths = tails[clear], lengths[clear]
        """The legs, by the corner they leave (then by the corner they reach): where each ends and its length."""
        self.first: NDArray[np.intp] = np.searchsorted(heads[clear], np.arange(len(self.nodes) + 1))
        """Where each corner's legs begin among them (and end, at the next corner's)."""


_SCENERY: dict[tuple[object, ...], _Scenery] = {}
"""Scenery graphs by the table, the base's size and the impassable pieces exactly (the oldest forgotten past
``_SCENERY_KEPT``): kept across moves, since no move changes them."""
_SCENERY_KEPT = 16


def shared_scenery(obs: Obstacles) -> _Scenery:
    key = (obs.field.table.width, obs.field.table.height, obs.radius,
           tuple((t.id, shape_key(t.polygon)) for t in obs.terrain))
    return kept(_SCENERY, _SCENERY_KEPT, key, lambda: _Scenery(obs))


def kept(store: dict[tuple[object, ...], _K], most: int, key: tuple[object, ...], make: Callable[[], _K]) -> _K:
    """``store[key]``, made and kept when missing (the oldest forgotten once ``most`` are kept)."""
    found = store.get(key)
    if found is None:
        if len(store) >= most:
            del store[next(iter(store))]
        found = store[key] = make()
    return found


class Corners:
    """The corner nodes of one layout for one size of base (the bases' corners first, then the scenery's free of
    the bases), and for each the legs out of it that hit nothing, as (node, length) lists, found when a search first
    needs a corner's (``complete``, a batch of corners at a time): the scenery's legs less those a base blocks, and
    the tangent legs to or from a base's corner. No start and no goal changes these, so every model of that size
    routing past the same obstacles shares them."""

    def __init__(self, obs: Obstacles) -> None:
        self.scenery = scenery = shared_scenery(obs)
        reached = [grown_disc(b.pose.x, b.pose.y, (r + MARGIN) * GROW) for b, r in zip(obs.bases, obs.reach.tolist(),
                                                                                       strict=True)]
        bases, bprev, bnxt = stacked(reached)
        # the bases' corners and the scenery's asked of the bases in one call (numpy's cost is per call); the bases'
        # corners then of the edge and the scenery, as :meth:`Obstacles.legs_clear` asks them
        places = np.concatenate([bases, scenery.nodes])
        clear = obs.bases_clear(places, places)
        ok, free = clear[:len(bases)], clear[len(bases):]
        ok &= obs.on_table(bases)
        obs.scenery_clear_of(bases, ok)
        self.obs = obs
        self.nodes = np.concatenate([bases[ok], scenery.nodes[free]])
        self.prev = np.concatenate([bprev[ok], scenery.prev[free]])
        self.nxt = np.concatenate([bnxt[ok], scenery.nxt[free]])
        self.nb = nb = int(ok.sum())
        self.index = np.full(len(scenery.nodes), -1, dtype=np.intp)
        """Each scenery corner's index here, -1 where a base covers it."""
        self.index[free] = nb + np.arange(int(free.sum()))
        self.source = np.nonzero(free)[0]
        """The scenery corner each layout corner past the bases' is."""
        self.out: list[list[tuple[int, float]]] = [[] for _ in range(len(self.nodes))]
        self.ready = [False] * len(self.nodes)
        """Whether a corner's legs are known."""

    def complete(self, rows: Sequence[int], starts: _F | None = None, ends: _F | None = None) -> list[bool]:
        """Find the legs that hit nothing out of the corners ``rows`` (one batch); the legs from ``starts`` to
        ``ends`` (a search's last legs) are tested in the same call, and whether each hits nothing returned."""
        return self.complete_from(None, rows, starts, ends)[1]

    def complete_from(self, origin: _F | None, rows: Sequence[int], starts: _F | None = None, ends: _F | None = None
                      ) -> tuple[list[tuple[int, float]], list[bool]]:
        """:meth:`complete`, and the legs that hit nothing from ``origin`` (a (1, 2) array: a search's start, tangent
        at the far end only) to the corners, as (node, length) in the corners' order, found in the same calls: the
        start is one more row of the corners' own tangent tests (its ring neighbours itself, so its own turns come to
        0 exactly and every far end tangent passes), not a call of its own."""
        todo = [u for u in dict.fromkeys(rows) if u < len(self.ready) and not self.ready[u]]
        if not todo and (starts is None or not len(starts)) and origin is None:
            return [], []
        for u in todo:
            self.ready[u] = True
        nb, n, idx = self.nb, len(self.nodes), np.array(todo, dtype=np.intp)
        own = idx[idx < nb]
        here, below = idx, own  # the rows asked of the bases' corners, and of the scenery's
        where = self.nodes
        if origin is not None:
            here, below = np.append(idx, n), np.append(own, n)
            where = np.concatenate([self.nodes, origin])
        prev, nxt = (self.prev, self.nxt) if origin is None else (np.concatenate([self.prev, origin]),
                                                                 np.concatenate([self.nxt, origin]))
        parts = [self._scenery_legs(idx[idx >= nb])]
        if nb and len(here):
            r, c, lengths = tangents(where[here], prev[here], nxt[here], self.nodes[:nb], self.prev[:nb], self.nxt[:nb])
            parts.append((here[r], c, lengths))
        if len(below) and n > nb:
            r, c, lengths = tangents(where[below], prev[below], nxt[below],
                                      self.nodes[nb:], self.prev[nb:], self.nxt[nb:])
            parts.append((below[r], c + nb, lengths))
        heads, tails, steps = (np.concatenate([p[i] for p in parts]) for i in range(3))
        inner = len(parts[0][0])  # the scenery's own legs come first: clear of it already, only the bases asked
        starts = np.zeros((0, 2)) if starts is None else starts
        ends = np.zeros((0, 2)) if ends is None else ends
        if not len(heads) and not len(starts):
            return [], []
        clear = self.obs.legs_clear_past(np.concatenate([where[heads], starts]),
                                         np.concatenate([self.nodes[tails], ends]), inner)
        ok = clear[:len(heads)]
        out = self.out
        begun: list[tuple[int, float]] = []
        for u, leg in zip(heads[ok].tolist(), zip(tails[ok].tolist(), steps[ok].tolist(), strict=True), strict=True):
            (begun if u == n else out[u]).append(leg)
        result: list[bool] = clear[len(heads):].tolist()
        return begun, result

    def _scenery_legs(self, rows: NDArray[np.intp]) -> tuple[NDArray[np.intp], NDArray[np.intp], _F]:
        """The scenery's legs out of the corners ``rows`` (all past the bases') to corners the bases leave free, row
        by row in the scenery's order."""
        first = self.scenery.first
        source = self.source[rows - self.nb]
        begin, counts = first[source], first[source + 1] - first[source]
        legs = np.arange(int(counts.sum())) + np.repeat(begin - np.cumsum(counts) + counts, counts)
        tails = self.index[self.scenery.tails[legs]]
        kept = tails >= 0
        return np.repeat(rows, counts)[kept], tails[kept], self.scenery.lengths[legs][kept]


CORNERS: dict[tuple[object, ...], Corners] = {}
"""Corner graphs by everything they depend on: the table, the base's size, the bases and the impassable scenery it
must keep clear of (the oldest forgotten past ``CORNERS_KEPT``)."""
CORNERS_KEPT = 32


def layout_key(obs: Obstacles) -> tuple[object, ...]:
    """Everything a layout's corner graph depends on: the table, the base's size, the bases and the impassable
    scenery exactly (pieces by ``shape_key``, cheap to hash)."""
    return (obs.field.table.width, obs.field.table.height, obs.radius,
            tuple((b.id, b.pose.x, b.pose.y, b.radius) for b in obs.bases),
            tuple((t.id, shape_key(t.polygon)) for t in obs.terrain))


def shared_corners(obs: Obstacles) -> Corners:
    return kept(CORNERS, CORNERS_KEPT, layout_key(obs), lambda: Corners(obs))


def stacked(grown: list[tuple[_F, _F, _F]]) -> tuple[_F, _F, _F]:
    """The corners of several grown shapes, with each corner's ring neighbours, in one array each."""
    if not grown:
        empty = np.zeros((0, 2))
        return empty, empty, empty
    nodes, prev, nxt = (np.concatenate([g[i] for g in grown]) for i in range(3))
    return nodes, prev, nxt


def tangents(here: _F, hprev: _F | None, hnxt: _F | None, nodes: _F, prev: _F, nxt: _F
              ) -> tuple[NDArray[np.intp], NDArray[np.intp], _F]:
    """The legs from rows of ``here`` to ``nodes`` that are tangent at both ends (the far corner's ring neighbours
    on one side of the leg, and the near one's given ``hprev`` and ``hnxt``; no other leg can be on a shortest
    route), as the row and the node of each, row by row, with its length. The turns are written out over whole
    rows and columns (numpy's cost is per call, and this runs on every corner a search reaches), the lengths
    measured only for the legs kept."""
    ax, ay = here[:, 0:1], here[:, 1:2]
    nx, ny = nodes[:, 0], nodes[:, 1]
    dx, dy = nx - ax, ny - ay
    # two turns are not strictly opposite exactly when their product is not negative (no product of turns on a table
    # underflows)
    tangent = (dx * (prev[:, 1] - ay) - dy * (prev[:, 0] - ax)) * (dx * (nxt[:, 1] - ay) - dy * (nxt[:, 0] - ax)) >= 0
    flat = np.flatnonzero(tangent)  # np.nonzero of a 2-D mask costs three times as much
    rows, cols = np.divmod(flat, tangent.shape[1])
    dx, dy = dx.ravel()[flat], dy.ravel()[flat]
    if hprev is not None and hnxt is not None:
        # the near end only for the few legs tangent at the far end, each by the very sums a whole row and column
        # would make: the near end's turns are the far end's formula negated exactly (ax - nx is -(nx - ax)), which
        # leaves the product's sign as it is
        nx, ny, before, after = nx[cols], ny[cols], hprev[rows], hnxt[rows]
        near = ((dx * (before[:, 1] - ny) - dy * (before[:, 0] - nx))
                * (dx * (after[:, 1] - ny) - dy * (after[:, 0] - nx))) >= 0
        rows, cols, dx, dy = rows[near], cols[near], dx[near], dy[near]
    lengths: _F = np.hypot(dx, dy)
    leg = lengths > 0  # no leg from a corner to itself: left out of the few kept, not the many measured
    return rows[leg], cols[leg], lengths[leg]


@lru_cache(maxsize=4096)
def grown(shape: shapely.Geometry, by: float) -> tuple[_F, _F, _F]:
    """The convex corners of ``shape`` grown by ``by`` inches, with each corner's ring neighbours: one table's
    scenery and bases grow the same way for every model of a size and every menu, so each is grown once."""
    poly = orient(shape.buffer(by, quad_segs=QUAD_SEGS), 1.0)
    pts: list[_F] = []
    before: list[_F] = []
    after: list[_F] = []
    for ring in (poly.exterior, *poly.interiors):
        xy = np.asarray(ring.coords, dtype=float)[:-1]
        p, n = np.roll(xy, 1, axis=0), np.roll(xy, -1, axis=0)
        turn = (xy[:, 0] - p[:, 0]) * (n[:, 1] - xy[:, 1]) - (xy[:, 1] - p[:, 1]) * (n[:, 0] - xy[:, 0])
        convex = turn > 0  # the obstacle's interior lies to the left of both rings once oriented
        pts.append(xy[convex])
        before.append(p[convex])
        after.append(n[convex])
    found = np.concatenate(pts), np.concatenate(before), np.concatenate(after)
    for array in found:
        array.setflags(write=False)
    return found


@lru_cache(maxsize=4096)
def grown_disc(x: float, y: float, by: float) -> tuple[_F, _F, _F]:
    """:func:`grown` of the point ``x, y`` (a base's centre), kept by its coordinates: a point made and hashed by its
    WKB for each base of every layout cost more than growing it."""
    return grown(shapely.Point(x, y), by)
