"""Shortest routes for a base's centre around other bases, impassable terrain and the table edge.

The route is searched on a visibility graph: its nodes are the convex corners of every obstacle grown by the
mover's radius (plus a hair, so the route never grazes), its edges the straight legs between nodes that hit
nothing. A* with the straight-line distance finds the shortest route; edges are tested lazily, a whole batch
per expanded node, and only when they leave and meet each corner tangentially (no other edge can be on a
shortest route). Circles are grown into 12-sided polygons that enclose them, so a route hugging a base keeps
up to 4% of the radii extra clearance; terrain corners are rounded the same way.

A goal is a point and a reach: arriving anywhere within ``reach`` of the point counts (0 for a plain point).
The last leg then heads straight for the point and stops at that distance, the shortest way into a circle.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry.polygon import orient

from .clearance import TABLE_EDGE, Obstacles, terrain_label
from .errors import NoRoute
from .shapes import XY
from .tolerance import TOLERANCE

__all__ = ["Goal", "Router"]

_QUAD_SEGS = 3
_GROW = 1.0 / math.cos(math.pi / (4 * _QUAD_SEGS))  # vertex radius that makes the polygon enclose the circle
_MARGIN = TOLERANCE  # extra clearance of the nodes, so rounding a waypoint never makes it overlap

_F = NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Goal:
    """Where a route must end: anywhere within ``reach`` inches of ``point``; ``label`` names it in errors."""

    point: XY
    reach: float = 0.0
    label: str = ""

    def entry(self, frm: XY) -> XY:
        """Return where a straight approach from ``frm`` first comes within ``reach`` of the point."""
        dx, dy = self.point[0] - frm[0], self.point[1] - frm[1]
        dist = math.hypot(dx, dy)
        if dist <= self.reach:
            return frm
        f = (dist - self.reach) / dist
        return (frm[0] + dx * f, frm[1] + dy * f)

    def remaining(self, frm: _F) -> _F:
        """Straight-line distance still to go from each row of an (N, 2) array: the A* heuristic."""
        gap: _F = np.maximum(0.0, np.hypot(frm[:, 0] - self.point[0], frm[:, 1] - self.point[1]) - self.reach)
        return gap


class Router:
    """Routes for one base from where it stands; the corner graph is built once, on the first detour (or shared
    with a base of its size routing past the same obstacles, its scenery's part kept across moves)."""

    def __init__(self, obstacles: Obstacles) -> None:
        self.obstacles = obstacles
        self._graph: _Graph | None = None

    def route(self, goal: Goal) -> tuple[XY, ...]:
        """Return the shortest route for the mover's centre to ``goal``, start and end included.

        Raises :class:`NoRoute` naming what walls the goal off (bases, impassable terrain, the table edge).
        """
        obs = self.obstacles
        start = obs.mover.xy
        first = goal.entry(start)
        if obs.legs_clear(np.array([start]), np.array([first]))[0]:
            return (start, first) if first != start else (start,)
        if self._graph is None:
            self._graph = _Graph(obs)
        path = _search(self._graph, goal)
        if path is None:
            raise NoRoute(goal.label or f"{goal.point[0]:g},{goal.point[1]:g}", _walls(obs, goal))
        return path

    def reaches(self, goal: Goal) -> bool:
        """Whether :meth:`route` finds a way to ``goal`` (it raises :class:`NoRoute` exactly when this is False),
        found without the shortest one: the same straight first leg, corner graph and last legs, the corners tried
        nearest the goal first until one sees it. A menu asks this of every model it offers."""
        obs = self.obstacles
        start = obs.mover.xy
        if obs.legs_clear(np.array([start]), np.array([goal.entry(start)]))[0]:
            return True
        if self._graph is None:
            self._graph = _Graph(obs)
        return _reachable(self._graph, goal)


_Legs = tuple[NDArray[np.intp], NDArray[np.intp], _F]
"""Legs between nodes: where each starts, where it ends (node indices) and its length."""


class _Scenery:
    """The convex corners of the impassable scenery grown for one size of base, and the legs between them that are
    tangent at both ends and keep clear of the scenery and the edge, with their lengths: no move changes these, so
    they are worked out once for a table, a size of base and its pieces (``_SCENERY``), and each layout only tests
    them against its bases."""

    def __init__(self, obs: Obstacles) -> None:
        nodes, prev, nxt = _stacked([_grown(t.polygon, (obs.radius + _MARGIN) * _GROW) for t in obs.terrain])
        ok = obs.scenery_clear(nodes, nodes)
        self.nodes, self.prev, self.nxt = nodes[ok], prev[ok], nxt[ok]
        step, tangent = _tangents(self.nodes, self.prev, self.nxt, self.nodes, self.prev, self.nxt)
        heads, tails = np.nonzero(tangent)
        clear = obs.scenery_clear(self.nodes[heads], self.nodes[tails])
        self.legs: _Legs = (heads[clear], tails[clear], step[heads[clear], tails[clear]])


_SCENERY: dict[tuple[object, ...], _Scenery] = {}
"""Scenery graphs by the table, the base's size and the impassable pieces exactly (the oldest forgotten past
``_SCENERY_KEPT``): kept across moves, since no move changes them."""
_SCENERY_KEPT = 16


def _scenery(obs: Obstacles) -> _Scenery:
    key = (obs.field.table.width, obs.field.table.height, obs.radius,
           tuple((t.id, t.polygon) for t in obs.terrain))  # a shape keys by its exact coordinates (see anchors)
    found = _SCENERY.get(key)
    if found is None:
        if len(_SCENERY) >= _SCENERY_KEPT:
            del _SCENERY[next(iter(_SCENERY))]
        found = _SCENERY[key] = _Scenery(obs)
    return found


class _Corners:
    """The corner nodes of one layout for one size of base (the bases' corners first, then the scenery's free of
    the bases), and for each the legs out of it that hit nothing, as (node, length) lists: the scenery's legs less
    those a base blocks, and every tangent leg to or from a base's corner, tested in one batch. No start and no goal
    changes these, so every model of that size routing past the same obstacles shares them."""

    def __init__(self, obs: Obstacles) -> None:
        scenery = _scenery(obs)
        reached = [_grown(shapely.Point(c), (r + _MARGIN) * _GROW) for c, r in zip(obs.centres, obs.reach, strict=True)]
        bases, bprev, bnxt = _stacked(reached)
        ok = obs.legs_clear(bases, bases)
        free = obs.bases_clear(scenery.nodes, scenery.nodes)
        self.nodes = np.concatenate([bases[ok], scenery.nodes[free]])
        self.prev = np.concatenate([bprev[ok], scenery.prev[free]])
        self.nxt = np.concatenate([bnxt[ok], scenery.nxt[free]])
        nb = int(ok.sum())
        index = np.full(len(scenery.nodes), -1, dtype=np.intp)
        index[free] = nb + np.arange(int(free.sum()))
        heads, tails, steps = scenery.legs
        kept = free[heads] & free[tails]
        heads, tails, steps = heads[kept], tails[kept], steps[kept]
        clear = obs.bases_clear(scenery.nodes[heads], scenery.nodes[tails])
        legs = [(index[heads[clear]], index[tails[clear]], steps[clear])]
        if nb:
            own = self.nodes[:nb], self.prev[:nb], self.nxt[:nb]
            into, into_tangent = _tangents(self.nodes, self.prev, self.nxt, *own)  # every corner to a base's
            out, out_tangent = _tangents(*own, self.nodes[nb:], self.prev[nb:], self.nxt[nb:])  # a base's to the rest
            u1, v1 = np.nonzero(into_tangent)
            u2, v2 = np.nonzero(out_tangent)
            heads = np.concatenate([u1, u2])
            tails = np.concatenate([v1, v2 + nb])
            steps = np.concatenate([into[u1, v1], out[u2, v2]])
            clear = obs.legs_clear(self.nodes[heads], self.nodes[tails])
            legs.append((heads[clear], tails[clear], steps[clear]))
        self.out = _adjacency(len(self.nodes), legs)


def _adjacency(n: int, legs: list[_Legs]) -> list[list[tuple[int, float]]]:
    """For each of ``n`` nodes, the legs out of it as (node, length), nearest index first."""
    out: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    heads = np.concatenate([h for h, _, _ in legs])
    order = np.lexsort((np.concatenate([t for _, t, _ in legs]), heads))
    tails = np.concatenate([t for _, t, _ in legs])[order]
    steps = np.concatenate([s for _, _, s in legs])[order]
    for u, v, step in zip(heads[order].tolist(), tails.tolist(), steps.tolist(), strict=True):
        out[u].append((v, step))
    return out


_CORNERS: dict[tuple[object, ...], _Corners] = {}
"""Corner graphs by everything they depend on: the table, the base's size, the bases and the impassable scenery it
must keep clear of (the oldest forgotten past ``_CORNERS_KEPT``)."""
_CORNERS_KEPT = 32


def _shared_corners(obs: Obstacles) -> _Corners:
    key = (obs.field.table.width, obs.field.table.height, obs.radius,
           tuple((b.id, b.pose.x, b.pose.y, b.radius) for b in obs.bases),
           tuple((t.id, t.polygon) for t in obs.terrain))  # a shape keys by its exact coordinates (see anchors)
    found = _CORNERS.get(key)
    if found is None:
        if len(_CORNERS) >= _CORNERS_KEPT:
            del _CORNERS[next(iter(_CORNERS))]
        found = _CORNERS[key] = _Corners(obs)
    return found


class _Graph:
    """The layout's corner nodes and the start (node ``n``), with the legs out of each that hit nothing (the
    start's tangent at the far end only), which no goal changes."""

    def __init__(self, obs: Obstacles) -> None:
        corners = _shared_corners(obs)
        self.obs, self.nodes = obs, corners.nodes
        self.n = len(self.nodes)
        self.pos: _F = np.vstack([self.nodes, np.array([obs.mover.xy])])
        self.xy: list[XY] = [(x, y) for x, y in self.pos.tolist()]
        start = self.pos[self.n:]
        step, tangent = _tangents(start, None, None, self.nodes, corners.prev, corners.nxt)
        idx = np.nonzero(tangent[0])[0]
        clear = obs.legs_clear(np.repeat(start, len(idx), axis=0), self.nodes[idx])
        self.out = [*corners.out, list(zip(idx[clear].tolist(), step[0, idx[clear]].tolist(), strict=True))]


def _last_legs(graph: _Graph, goal: Goal) -> tuple[list[XY], list[bool]]:
    """The straight last leg from each node to ``goal``: where it ends, and whether it hits nothing (one batch)."""
    ends = [goal.entry(here) for here in graph.xy]
    clear = graph.obs.legs_clear(graph.pos, np.array(ends, dtype=float).reshape(-1, 2))
    return ends, clear.tolist()


def _stacked(grown: list[tuple[_F, _F, _F]]) -> tuple[_F, _F, _F]:
    """The corners of several grown shapes, with each corner's ring neighbours, in one array each."""
    if not grown:
        empty = np.zeros((0, 2))
        return empty, empty, empty
    nodes, prev, nxt = (np.concatenate([g[i] for g in grown]) for i in range(3))
    return nodes, prev, nxt


def _tangents(here: _F, hprev: _F | None, hnxt: _F | None, nodes: _F, prev: _F, nxt: _F
              ) -> tuple[_F, NDArray[np.bool_]]:
    """The length of the leg from each row of ``here`` to each node, and which legs are tangent at both ends: the
    far corner's ring neighbours on one side of the leg (and the near one's, given ``hprev`` and ``hnxt``); no
    other leg can be on a shortest route."""
    a = here[:, None, :]
    step: _F = np.hypot(nodes[None, :, 0] - a[..., 0], nodes[None, :, 1] - a[..., 1])
    s1, s2 = _side(a, nodes[None], prev[None]), _side(a, nodes[None], nxt[None])
    tangent = (step > 0) & (s1 * s2 >= 0)
    if hprev is not None and hnxt is not None:
        t1, t2 = _side(nodes[None], a, hprev[:, None, :]), _side(nodes[None], a, hnxt[:, None, :])
        tangent &= t1 * t2 >= 0
    return step, tangent


@lru_cache(maxsize=4096)
def _grown(shape: shapely.Geometry, by: float) -> tuple[_F, _F, _F]:
    """The convex corners of ``shape`` grown by ``by`` inches, with each corner's ring neighbours: one table's
    scenery and bases grow the same way for every model of a size and every menu, so each is grown once."""
    poly = orient(shape.buffer(by, quad_segs=_QUAD_SEGS), 1.0)
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


def _side(a: _F, b: _F, c: _F) -> _F:
    """Sign of the turn a -> b -> c, row by row."""
    result: _F = np.sign((b[..., 0] - a[..., 0]) * (c[..., 1] - a[..., 1])
                         - (b[..., 1] - a[..., 1]) * (c[..., 0] - a[..., 0]))
    return result


def _search(graph: _Graph, goal: Goal) -> tuple[XY, ...] | None:
    """A* from the start (index n) over the corner nodes; the goal is reached by a straight last leg. Plain lists:
    each corner has a few legs out, and numpy's cost per call outweighs the work on so few."""
    n, xy, start = graph.n, graph.xy, graph.obs.mover.xy
    h: list[float] = goal.remaining(graph.pos).tolist()
    g = [math.inf] * (n + 1)
    g[n] = 0.0
    parent = [-1] * (n + 1)
    closed = [False] * (n + 1)
    best, best_from, best_end = math.inf, -1, start
    ends, sees = _last_legs(graph, goal)
    heap = [(h[n], n)]
    while heap:
        f, u = heapq.heappop(heap)
        if closed[u] or f >= best - 1e-12:
            continue
        closed[u] = True
        here = g[u]
        last = here + math.dist(ends[u], xy[u])
        if last < best and sees[u]:
            best, best_from, best_end = last, u, ends[u]
        for v, step in graph.out[u]:
            nv = here + step
            if not closed[v] and nv + h[v] < best and nv < g[v]:
                g[v] = nv
                parent[v] = u
                heapq.heappush(heap, (nv + h[v], v))
    if best_from < 0:
        return None
    chain = [best_end]
    u = best_from
    while u >= 0:
        chain.append(xy[u])
        u = parent[u]
    chain.reverse()
    if chain[-1] == chain[-2]:
        chain.pop()
    chain[0] = start
    return tuple(chain)


def _reachable(graph: _Graph, goal: Goal) -> bool:
    """Whether some corner reachable from the start over the legs ``_search`` may take sees the goal (the start's
    own last leg already tested): exactly when A* finds a route. Greedy, the corners nearest the goal first."""
    h = goal.remaining(graph.pos).tolist()
    _, sees = _last_legs(graph, goal)
    seen = [False] * (graph.n + 1)
    seen[graph.n] = True
    heap = [(h[graph.n], graph.n)]
    while heap:
        _, u = heapq.heappop(heap)
        for v, _ in graph.out[u]:
            if not seen[v]:
                if sees[v]:
                    return True
                seen[v] = True
                heapq.heappush(heap, (h[v], v))
    return False


def _walls(obs: Obstacles, goal: Goal) -> list[str]:
    """Name what separates the start from the goal, after the search has failed.

    Free space is the table shrunk by the mover's radius minus every grown obstacle. The goal region (the
    point, or the circle of its reach) lies in pieces of free space the start's piece does not reach; the
    obstacles bounding the smaller side are named, and the table edge if that side touches it.
    """
    r = obs.radius
    inner = shapely.box(r, r, obs.field.table.width - r, obs.field.table.height - r)
    grown = [(b.id, shapely.Point(b.xy).buffer(reach - TOLERANCE, quad_segs=16))
             for b, reach in zip(obs.bases, obs.reach, strict=True)]
    grown += [(terrain_label(t), t.polygon.buffer(r - TOLERANCE, quad_segs=16)) for t in obs.terrain]
    free = inner.difference(shapely.union_all([geom for _, geom in grown])) if grown else inner
    parts = list(getattr(free, "geoms", [free]))
    target = shapely.Point(goal.point)
    if goal.reach > 0:
        target = target.buffer(goal.reach, quad_segs=16).exterior
    here = shapely.Point(obs.mover.xy)
    mine = sorted(parts, key=here.distance)[:1]
    theirs = [p for p in parts if p.intersects(target) and p not in mine]
    if not theirs:
        side = target  # the goal itself is walled in: name what covers it
        names = [name for name, geom in grown if geom.intersects(side)]
        return names + ([TABLE_EDGE] if not inner.contains(side) else [])
    side = min([shapely.union_all(mine), shapely.union_all(theirs)], key=lambda s: s.area)
    names = [name for name, geom in grown if geom.distance(side) <= 1e-6]
    return names + ([TABLE_EDGE] if side.boundary.distance(inner.boundary) <= 1e-6 else [])
