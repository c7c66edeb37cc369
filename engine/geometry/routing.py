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

import bisect
import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from numpy.typing import NDArray

from .clearance import TABLE_EDGE, Obstacles, terrain_label
from .corners import shared_corners
from .errors import NoRoute
from .shapes import XY
from .tolerance import TOLERANCE

__all__ = ["Goal", "Router"]


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
        return self.reaches_any((goal,))

    def reaches_any(self, goals: Sequence[Goal]) -> bool:
        """Whether :meth:`reaches` holds for one of ``goals``, in one search: the straight first legs to them all
        tested in one batch, then the corners tried nearest any goal first, each one's last legs to every goal in
        one batch (a menu asks whether a model goes anywhere it names)."""
        obs = self.obstacles
        start = obs.mover.xy
        if not goals:
            return False
        ends = np.array([goal.entry(start) for goal in goals], dtype=float)
        if obs.legs_clear(np.repeat(np.array([start], dtype=float), len(goals), axis=0), ends).any():
            return True
        if self._graph is None:
            self._graph = _Graph(obs)
        return _reachable(self._graph, goals)


class _Graph:
    """The layout's corner nodes and the start (node ``n``), with the legs out of each that hit nothing (the
    start's tangent at the far end only), which no goal changes: found a batch of nodes at a time (``complete``, the
    start's with the first batch)."""

    def __init__(self, obs: Obstacles) -> None:
        corners = shared_corners(obs)
        self.obs, self.nodes, self.corners = obs, corners.nodes, corners
        self.n = len(self.nodes)
        self.pos: _F = np.vstack([self.nodes, np.array([obs.mover.xy])])
        self.xy: list[XY] = [(x, y) for x, y in self.pos.tolist()]
        self.out = [*corners.out, []]
        self._started = False

    def ready(self, u: int) -> bool:
        """Whether the legs out of node ``u`` are known."""
        return self._started if u == self.n else self.corners.ready[u]

    def complete(self, rows: Sequence[int], starts: _F, ends: _F) -> list[bool]:
        """Find the legs out of the nodes ``rows`` and test the legs from ``starts`` to ``ends``, in one batch; whether
        each of the latter hits nothing."""
        if self._started or self.n not in rows:
            return self.corners.complete(rows, starts, ends)
        self._started = True
        begun, clear = self.corners.complete_from(self.pos[self.n:], rows, starts, ends)
        self.out[self.n].extend(begun)
        return clear


class _LastLegs:
    """The straight last leg from each node to one goal: where it ends, and whether it hits nothing (tested only
    when a search needs it, a batch at a time)."""

    def __init__(self, graph: _Graph, goal: Goal) -> None:
        self.graph, self.goal = graph, goal
        self.ends: list[XY | None] = [None] * (graph.n + 1)
        self.clear: list[bool | None] = [None] * (graph.n + 1)

    def end(self, u: int) -> XY:
        """Where the last leg from node ``u`` ends."""
        found = self.ends[u]
        if found is None:
            found = self.ends[u] = self.goal.entry(self.graph.xy[u])
        return found

    def untested(self, nodes: Sequence[int]) -> tuple[list[int], _F]:
        """The nodes of ``nodes`` whose last leg is not tested yet, and where each ends (in one flat list: numpy reads
        it several times faster than a list of pairs)."""
        clear, ends, xy = self.clear, self.ends, self.graph.xy
        (gx, gy), reach = self.goal.point, self.goal.reach
        todo = [v for v in dict.fromkeys(nodes) if clear[v] is None]
        flat: list[float] = []
        for v in todo:
            found = ends[v]
            if found is None:  # Goal.entry written out: a search asks it of a hundred nodes at once
                fx, fy = frm = xy[v]
                dx, dy = gx - fx, gy - fy
                dist = math.hypot(dx, dy)
                if dist <= reach:
                    found = frm
                else:
                    f = (dist - reach) / dist
                    found = (fx + dx * f, fy + dy * f)
                ends[v] = found
            flat += found
        return todo, np.array(flat, dtype=float).reshape(-1, 2)

    def record(self, nodes: list[int], clear: list[bool]) -> None:
        """Keep whether the last legs from ``nodes`` hit nothing."""
        for v, ok in zip(nodes, clear, strict=True):
            self.clear[v] = ok


class _Ahead:
    """The nodes of a graph by the shortest a route through each to the goal could be (straight to it, then
    straight on): a search popping a node at ``f`` pops none whose bound is more, so what it will want next is tested
    in one batch with it (a call costs far more than a leg), those within a tenth more than ``f``."""

    def __init__(self, graph: _Graph, remaining: _F) -> None:
        start = graph.pos[graph.n]
        bound = np.hypot(graph.pos[:, 0] - start[0], graph.pos[:, 1] - start[1]) + remaining
        order = np.argsort(bound, kind="stable")
        self._order: list[int] = order.tolist()
        self._bound: list[float] = bound[order].tolist()
        self._passed = 0

    def upto(self, f: float) -> list[int]:
        """The nodes not handed out yet whose bound is at most a tenth more than ``f``."""
        first, self._passed = self._passed, max(self._passed, bisect.bisect_right(self._bound, f * 1.1 + 0.5))
        return self._order[first:self._passed]


def _search(graph: _Graph, goal: Goal) -> tuple[XY, ...] | None:
    """A* from the start (index n) over the corner nodes; the goal is reached by a straight last leg. Plain lists:
    each corner has a few legs out, and numpy's cost per call outweighs the work on so few."""
    n, xy, start = graph.n, graph.xy, graph.obs.mover.xy
    remaining = goal.remaining(graph.pos)
    h: list[float] = remaining.tolist()
    g = [math.inf] * (n + 1)
    g[n] = 0.0
    parent = [-1] * (n + 1)
    closed = [False] * (n + 1)
    best, best_from, best_end = math.inf, -1, start
    last_legs, ahead = _LastLegs(graph, goal), _Ahead(graph, remaining)
    heap = [(h[n], n)]
    while heap:
        f, u = heapq.heappop(heap)
        if closed[u] or f >= best - 1e-12:
            continue
        closed[u] = True
        if last_legs.clear[u] is None or not graph.ready(u):
            batch = [u, *ahead.upto(f)]
            todo, ends = last_legs.untested(batch)
            last_legs.record(todo, graph.complete(batch, graph.pos[todo], ends))
        here = g[u]
        end = last_legs.end(u)
        last = here + math.dist(end, xy[u])
        if last < best and last_legs.clear[u]:
            best, best_from, best_end = last, u, end
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


def _reachable(graph: _Graph, goals: Sequence[Goal]) -> bool:
    """Whether some corner reachable from the start over the legs ``_search`` may take sees one of the goals (the
    start's own last legs already tested): exactly when A* finds a route to it. Greedy, the corners nearest a goal
    first: a corner's legs are found when it is popped, the last legs of those it opens to every goal in one batch
    (a route is often found after a few pops, so nothing is found ahead of them)."""
    h = np.min([goal.remaining(graph.pos) for goal in goals], axis=0).tolist()
    last_legs = [_LastLegs(graph, goal) for goal in goals]
    seen = [False] * (graph.n + 1)
    seen[graph.n] = True
    heap = [(h[graph.n], graph.n)]
    while heap:
        _, u = heapq.heappop(heap)
        if not graph.ready(u):
            graph.complete([u], np.zeros((0, 2)), np.zeros((0, 2)))
        opened = [v for v, _ in graph.out[u] if not seen[v]]
        untested = [(legs, *legs.untested(opened)) for legs in last_legs]
        todo = [v for _, nodes, _ in untested for v in nodes]
        if todo:
            clear = graph.obs.legs_clear(graph.pos[todo], np.concatenate([ends for _, _, ends in untested])).tolist()
            for legs, nodes, _ in untested:
                legs.record(nodes, clear[:len(nodes)])
                clear = clear[len(nodes):]
        if any(legs.clear[v] for legs in last_legs for v in opened):
            return True
        for v in opened:
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
