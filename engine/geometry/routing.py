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
    with a base of its size routing past the same obstacles), and what its searches learn of the legs between
    corners is kept for the next route (to another goal, or of another such base)."""

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
        found without the shortest one: the same straight first leg, corner graph and last-leg test, the corners
        tried nearest the goal first until one sees it. A menu asks this of every model it offers."""
        obs = self.obstacles
        start = obs.mover.xy
        if obs.legs_clear(np.array([start]), np.array([goal.entry(start)]))[0]:
            return True
        if self._graph is None:
            self._graph = _Graph(obs)
        return _reachable(self._graph, goal)


class _Corners:
    """The corner nodes of one set of obstacles for one size of base, and what is known of the legs out of each
    corner (tangent, their lengths, which hit nothing): no start and no goal changes these, so every model of that
    size routing past the same obstacles (a menu's walkers, allies being passable) shares them."""

    def __init__(self, obs: Obstacles) -> None:
        self.nodes, self.prev, self.nxt = _corners(obs)
        self.out: dict[int, tuple[_F, NDArray[np.bool_]]] = {}
        self.clear: dict[int, NDArray[np.int8]] = {}  # by node: 1 clear, 0 blocked, -1 not tested yet


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
    """The corner nodes and the start (node ``n``), and what is known of the legs out of each, which no goal
    changes: the tangent legs out of a node and their lengths, and which of them hit nothing (tested lazily,
    only the legs a search wants, each once for every route searched past the same obstacles)."""

    def __init__(self, obs: Obstacles) -> None:
        corners = _shared_corners(obs)
        self.obs, self.nodes, self.prev, self.nxt = obs, corners.nodes, corners.prev, corners.nxt
        self.n = len(self.nodes)
        self.pos: _F = np.vstack([self.nodes, np.array([obs.mover.xy])])
        self._corners = corners
        self._start_out: dict[int, tuple[_F, NDArray[np.bool_]]] = {}
        self._start_clear: dict[int, NDArray[np.int8]] = {}

    def out(self, u: int) -> tuple[_F, NDArray[np.bool_]]:
        """The length of the leg from node ``u`` to every node, and which legs are tangent at both ends."""
        kept = self._corners.out if u < self.n else self._start_out
        found = kept.get(u)
        if found is None:
            nodes, here = self.nodes, self.pos[u]
            step = np.hypot(nodes[:, 0] - here[0], nodes[:, 1] - here[1])
            # Only tangent edges: the neighbours of the far corner on one side of the edge (and of the near one).
            s1, s2 = _side(here, nodes, self.prev), _side(here, nodes, self.nxt)
            tangent = (step > 0) & (s1 * s2 >= 0)
            if u < self.n:
                t1, t2 = _side(nodes, here, self.prev[u]), _side(nodes, here, self.nxt[u])
                tangent &= t1 * t2 >= 0
            found = kept[u] = (step, tangent)
        return found

    def clear(self, u: int, idx: NDArray[np.intp], last: _LastLegs) -> NDArray[np.bool_]:
        """Which legs from node ``u`` to the nodes ``idx`` hit nothing; the last legs from ``idx`` to the goal not
        tested yet are tested in the same batch (one call, not two, for each corner a search expands)."""
        kept = self._corners.clear if u < self.n else self._start_clear
        known = kept.get(u)
        if known is None:
            known = kept[u] = np.full(self.n, -1, dtype=np.int8)
        todo = idx[known[idx] < 0]
        extra, ends = last.untested(idx)
        if len(todo) or len(extra):
            starts = np.concatenate([np.repeat(self.pos[u:u + 1], len(todo), axis=0), self.pos[extra]])
            clear = self.obs.legs_clear(starts, np.concatenate([self.nodes[todo], ends]))
            known[todo] = clear[:len(todo)]
            last.known[extra] = clear[len(todo):]
        result: NDArray[np.bool_] = known[idx] == 1
        return result


class _LastLegs:
    """The straight last leg from each node of a graph to one goal: where it ends, and whether it hits nothing
    (each tested once, in batches)."""

    def __init__(self, graph: _Graph, goal: Goal) -> None:
        self.graph, self.goal = graph, goal
        self.ends: dict[int, XY] = {}
        self.known = np.full(graph.n + 1, -1, dtype=np.int8)

    def untested(self, idx: NDArray[np.intp]) -> tuple[NDArray[np.intp], _F]:
        """The nodes of ``idx`` whose last leg is not tested yet, and where each ends."""
        todo = idx[self.known[idx] < 0]
        for v in todo:
            here = self.graph.pos[v]
            self.ends[int(v)] = self.goal.entry((float(here[0]), float(here[1])))
        return todo, np.array([self.ends[int(v)] for v in todo], dtype=float).reshape(-1, 2)

    def test_all(self) -> None:
        """Test the last leg from every node in one batch: a search past a corner graph whose legs are known
        already (a second goal) then makes no call for them at all."""
        self.sees(np.arange(self.graph.n + 1))

    def sees(self, idx: NDArray[np.intp]) -> NDArray[np.bool_]:
        """Whether the last legs from the nodes ``idx`` hit nothing."""
        todo, ends = self.untested(idx)
        if len(todo):
            self.known[todo] = self.graph.obs.legs_clear(self.graph.pos[todo], ends)
        result: NDArray[np.bool_] = self.known[idx] == 1
        return result


def _corners(obs: Obstacles) -> tuple[_F, _F, _F]:
    """Return the usable convex corners of the grown obstacles, with each corner's ring neighbours."""
    grown = [_grown(shapely.Point(c), (r + _MARGIN) * _GROW) for c, r in zip(obs.centres, obs.reach, strict=True)]
    grown += [_grown(t.polygon, (obs.radius + _MARGIN) * _GROW) for t in obs.terrain]
    if not grown:
        empty = np.zeros((0, 2))
        return empty, empty, empty
    nodes, prev, nxt = (np.concatenate([g[i] for g in grown]) for i in range(3))
    ok = obs.points_clear(nodes)
    return nodes[ok], prev[ok], nxt[ok]


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
    """A* from the start (index n) over the corner nodes; the goal is reached by a straight last leg."""
    n, pos, start = graph.n, graph.pos, graph.obs.mover.xy
    h = goal.remaining(pos)
    g = np.full(n + 1, np.inf)
    g[n] = 0.0
    parent = np.full(n + 1, -1)
    closed = np.zeros(n + 1, dtype=bool)
    best, best_from, best_end = math.inf, -1, start
    last_legs = _LastLegs(graph, goal)
    last_legs.test_all()
    heap = [(h[n], n)]
    while heap:
        f, u = heapq.heappop(heap)
        if closed[u] or f >= best - 1e-12:
            continue
        closed[u] = True
        seen = last_legs.sees(np.array([u]))[0]
        end = last_legs.ends[u]
        last = math.dist(end, pos[u])
        if g[u] + last < best and seen:
            best, best_from, best_end = g[u] + last, u, end
        step, tangent = graph.out(u)
        cand = tangent & ~closed[:n] & (g[u] + step + h[:n] < best)
        cand &= g[u] + step < g[:n]
        idx = np.nonzero(cand)[0]
        if len(idx) == 0:
            continue
        for v in idx[graph.clear(u, idx, last_legs)]:
            nv = g[u] + step[v]
            if nv < g[v]:
                g[v] = nv
                parent[v] = u
                heapq.heappush(heap, (nv + h[v], int(v)))
    if best_from < 0:
        return None
    chain = [best_end]
    u = best_from
    while u >= 0:
        chain.append((float(pos[u][0]), float(pos[u][1])))
        u = int(parent[u])
    chain.reverse()
    if chain[-1] == chain[-2]:
        chain.pop()
    chain[0] = start
    return tuple(chain)


def _reachable(graph: _Graph, goal: Goal) -> bool:
    """Greedy best-first over the legs ``_search`` may take (the start's own last leg already tested): every corner
    A* would close is opened here too, and its last leg tested the same way (a batch per corner expanded), so this
    finds a corner that sees the goal exactly when A* finds a route."""
    n = graph.n
    h = goal.remaining(graph.pos)
    last_legs = _LastLegs(graph, goal)
    seen = np.zeros(n + 1, dtype=bool)
    seen[n] = True
    heap = [(h[n], n)]
    while heap:
        _, u = heapq.heappop(heap)
        _, tangent = graph.out(u)
        idx = np.nonzero(tangent & ~seen[:n])[0]
        if len(idx) == 0:
            continue
        opened = idx[graph.clear(u, idx, last_legs)]
        if last_legs.sees(opened).any():
            return True
        seen[opened] = True
        for v in opened:
            heapq.heappush(heap, (h[v], int(v)))
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
