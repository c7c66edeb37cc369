"""Whether some route exists, asked of many movers at once: a menu asks it of every model of a side, each walking
past the same bases and scenery (its allies walked through, its enemies in the way), with every place it names.

The answer is the router's own (:meth:`Router.reaches_any`, which :func:`resolve_move` agrees with): the same corner
graph and the same straight legs tested alike, only fewer of them. Movers of one size past one layout share the
corner graph and what each search learns (``_Reached``); before any graph is built, a few of the legs most likely to
find a way (straight to a goal, or to one of the corners nearest a goal and on) are tested for them all in one batch
(``_quick``), which settles most movers.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence

import numpy as np
import shapely

from .clearance import Obstacles
from .corners import (
    CORNERS_KEPT,
    GROW,
    MARGIN,
    grown,
    kept,
    layout_key,
    shared_corners,
    shared_scenery,
    stacked,
    tangents,
)
from .routing import Goal
from .shapes import XY

__all__ = ["reaches_each"]

_TRIED = (2, 6)
"""How many corners a mover's first legs reach ``_quick`` tries on from, batch by batch (then it leaves the mover to
the search), those a route through could be shortest first."""


def reaches_each(asked: Sequence[tuple[Obstacles, Sequence[Goal]]]) -> list[bool]:
    """Whether :meth:`Router.reaches_any` holds for each mover and its goals: the movers past one layout asked
    together (``_quick``), and those it leaves open searched sharing what each search learns (``_Reached``)."""
    found = [False] * len(asked)
    alike: dict[tuple[object, ...], list[int]] = {}
    for i, (obs, goals) in enumerate(asked):
        if goals:
            alike.setdefault(layout_key(obs), []).append(i)
    for key, members in alike.items():
        quick = _quick([asked[i] for i in members])
        open_ = [i for i, known in zip(members, quick, strict=True) if not known]
        for i in members:
            found[i] = True
        if open_:
            reached = kept(_REACHED, CORNERS_KEPT, key, _making(asked[open_[0]][0]))
            for i, ok in zip(open_, reached.each([asked[i] for i in open_]), strict=True):
                found[i] = ok
    return found


def _making(obs: Obstacles) -> Callable[[], _Reached]:
    return lambda: _Reached(obs)


def _quick(asked: Sequence[tuple[Obstacles, Sequence[Goal]]]) -> list[bool]:
    """Which movers (all past one layout) surely have a route, from a few batches of legs (a leg near scenery costs as
    much to test as a batch does: few are tested): each one's straight legs to its goals and its first legs to the
    corners (tangent there, as the router's); then, from the corners reached that a route through could be shortest
    first (``_TRIED`` at a time), the corner itself (a node of the router's graph only where a base may stand) and the
    last legs on to the goals (to each goal point the one that stops farthest short, which a longer one there could
    only follow). A mover with a straight leg, or a first and a last leg by a corner, has one; False says only that
    these legs did not show it."""
    obs = asked[0][0]
    nodes, prev, nxt = _corners(obs)
    xy: list[XY] = [(x, y) for x, y in nodes.tolist()]
    starts = [o.mover.xy for o, _ in asked]
    rows, cols, lengths = tangents(np.array(starts, dtype=float), None, None, nodes, prev, nxt)
    froms: list[XY] = [start for start, (_, goals) in zip(starts, asked, strict=True) for _ in goals]
    tos: list[XY] = [goal.entry(start) for start, (_, goals) in zip(starts, asked, strict=True) for goal in goals]
    straight = len(froms)
    froms += [starts[i] for i in rows.tolist()]
    tos += [xy[v] for v in cols.tolist()]
    clear = _clear(obs, froms, tos)
    found: list[bool] = []
    at = 0
    for _, goals in asked:
        found.append(any(clear[at:at + len(goals)]))
        at += len(goals)
    reached = np.array(clear[straight:], dtype=bool)
    queues: dict[int, list[int]] = {}
    for i, (_, goals) in enumerate(asked):
        if not found[i]:
            mine = (rows == i) & reached
            near = np.min([goal.remaining(nodes[cols[mine]]) for goal in goals], axis=0) if mine.any() else 0.0
            queues[i] = cols[mine][np.argsort(lengths[mine] + near, kind="stable")].tolist()
    for many in _TRIED:
        tried: list[tuple[int, int, int]] = []
        froms, tos = [], []
        for i, queue in queues.items():
            ends = _farthest(asked[i][1])
            for v in queue[:many]:
                tried.append((i, len(froms), len(ends)))
                froms += [xy[v]] * (1 + len(ends))
                tos += [xy[v], *(goal.entry(xy[v]) for goal in ends)]
            del queue[:many]
        clear = _clear(obs, froms, tos)
        for i, at, ends_ in tried:
            found[i] = found[i] or (clear[at] and any(clear[at + 1:at + 1 + ends_]))
        queues = {i: queue for i, queue in queues.items() if queue and not found[i]}
        if not queues:
            break
    return found


def _farthest(goals: Sequence[Goal]) -> list[Goal]:
    """Of the goals about one point, the one with the longest reach (its last leg stops first on the same line)."""
    best: dict[XY, Goal] = {}
    for goal in goals:
        if goal.point not in best or goal.reach > best[goal.point].reach:
            best[goal.point] = goal
    return list(best.values())


def _clear(obs: Obstacles, froms: list[XY], tos: list[XY]) -> list[bool]:
    """Whether each leg hits nothing (:meth:`Obstacles.legs_clear`, none asked for no leg)."""
    if not froms:
        return []
    clear: list[bool] = obs.legs_clear(np.array(froms, dtype=float), np.array(tos, dtype=float)).tolist()
    return clear


def _corners(obs: Obstacles) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every corner the router's graph past ``obs`` may hold (``corners.Corners``'s, before it leaves out those a base
    may not stand on): the bases' grown corners, then the scenery's, with each one's ring neighbours."""
    scenery = shared_scenery(obs)
    bases, bprev, bnxt = stacked([grown(shapely.Point(c), (r + MARGIN) * GROW)
                                   for c, r in zip(obs.centres, obs.reach, strict=True)])
    return (np.concatenate([bases, scenery.nodes]), np.concatenate([bprev, scenery.prev]),
            np.concatenate([bnxt, scenery.nxt]))


class _Reached:
    """What searches for whether some route exists past one layout, for one size of base, learn that a search from any
    other start may use (a menu asks it of every model of a side, each walking past the same bases and scenery): the
    corner graph (``Corners``), the corners each start's first legs reach, whether each corner's last leg to a goal
    hits nothing, and, by set of goals, the corners known to lead to one of them (``good``) or known not to
    (``dead``). The legs are the router's own, tested alike, so each answer is :meth:`Router.reaches_any`'s."""

    def __init__(self, obs: Obstacles) -> None:
        self.corners = shared_corners(obs)
        self.xy: list[XY] = [(x, y) for x, y in self.corners.nodes.tolist()]
        self.opened: dict[XY, list[int]] = {}
        self.last: dict[Goal, list[bool | None]] = {}
        self.good: dict[frozenset[Goal], set[int]] = {}
        self.dead: dict[frozenset[Goal], set[int]] = {}
        self.h: dict[frozenset[Goal], list[float]] = {}

    def each(self, asked: Sequence[tuple[Obstacles, Sequence[Goal]]]) -> list[bool]:
        """Whether a route exists from each mover's start to one of its goals: the straight legs of them all and the
        first legs from every start not met before tested in one batch, then the last legs from the corners those
        reach to the goals in another; a search goes on past those (``reaches``) only for a start they do not settle.
        """
        obs = asked[0][0]
        starts = [o.mover.xy for o, _ in asked]
        froms = [start for start, (_, goals) in zip(starts, asked, strict=True) for _ in goals]
        tos = [goal.entry(start) for start, (_, goals) in zip(starts, asked, strict=True) for goal in goals]
        new = [start for start in dict.fromkeys(starts) if start not in self.opened]
        rows: list[int] = []
        cols: list[int] = []
        if new and self.xy:
            corners = self.corners
            r, c, _ = tangents(np.array(new, dtype=float), None, None, corners.nodes, corners.prev, corners.nxt)
            rows, cols = r.tolist(), c.tolist()
            froms += [new[i] for i in rows]
            tos += [self.xy[v] for v in cols]
        clear = obs.legs_clear(np.array(froms, dtype=float).reshape(-1, 2),
                               np.array(tos, dtype=float).reshape(-1, 2)).tolist()
        straight = []
        for _, goals in asked:
            straight.append(any(clear[:len(goals)]))
            clear = clear[len(goals):]
        for start in new:
            self.opened[start] = []
        for i, v, ok in zip(rows, cols, clear, strict=True):
            if ok:
                self.opened[new[i]].append(v)
        self._last_legs(obs, list(dict.fromkeys((goal, v) for start, (_, goals), done
                                                in zip(starts, asked, straight, strict=True)
                                                if not done for goal in goals for v in self.opened[start])))
        return [done or self.reaches(o, goals) for (o, goals), done in zip(asked, straight, strict=True)]

    def _legs(self, goal: Goal) -> list[bool | None]:
        """Whether each corner's last leg to ``goal`` hits nothing (None: not tested yet)."""
        found = self.last.get(goal)
        if found is None:
            found = self.last[goal] = [None] * len(self.xy)
        return found

    def _last_legs(self, obs: Obstacles, pairs: Sequence[tuple[Goal, int]]) -> None:
        """Test the last legs of ``pairs`` (a goal and a corner, each once) not tested yet, in one batch."""
        todo = [(legs, v, goal.entry(self.xy[v])) for goal, v in pairs if (legs := self._legs(goal))[v] is None]
        if todo:
            clear = obs.legs_clear(self.corners.nodes[[v for _, v, _ in todo]],
                                   np.array([end for _, _, end in todo], dtype=float)).tolist()
            for (legs, v, _), ok in zip(todo, clear, strict=True):
                legs[v] = ok

    def reaches(self, obs: Obstacles, goals: Sequence[Goal]) -> bool:
        """Whether some corner the start's first legs reach (``each`` tested them) leads on to one of ``goals`` (the
        straight legs not asked): greedy, the corners nearest a goal first, as ``_reachable``; the corners a search
        passes on its way to a goal are kept as good, all it saw as dead when it finds none."""
        which = frozenset(goals)
        good, dead = self.good.setdefault(which, set()), self.dead.setdefault(which, set())
        last = [self._legs(goal) for goal in which]
        h = self.h.get(which)
        if h is None:
            h = self.h[which] = np.min([goal.remaining(self.corners.nodes) for goal in which], axis=0).tolist() \
                if self.xy else []
        seen: dict[int, int] = {}
        heap: list[tuple[float, int]] = []

        def found(v: int) -> bool:
            while v >= 0:
                good.add(v)
                v = seen.get(v, -1)
            return True

        def opens(nodes: Sequence[int], frm: int) -> bool:
            fresh = [v for v in dict.fromkeys(nodes) if v not in seen and v not in dead]
            for v in fresh:
                seen[v] = frm
            known = next((v for v in fresh if v in good), None)
            if known is not None:
                return found(known)
            untested = [(goal, v) for goal, legs in zip(which, last, strict=True) for v in fresh if legs[v] is None]
            if untested:
                self._last_legs(obs, untested)
            hit = next((v for v in fresh if any(legs[v] for legs in last)), None)
            if hit is not None:
                return found(hit)
            for v in fresh:
                heapq.heappush(heap, (h[v], v))
            return False

        if opens(self.opened[obs.mover.xy], -1):
            return True
        corners = self.corners
        while heap:
            _, u = heapq.heappop(heap)
            if not corners.ready[u]:
                corners.complete([u])
            if opens([v for v, _ in corners.out[u]], u):
                return True
        dead.update(seen)
        return False


_REACHED: dict[tuple[object, ...], _Reached] = {}
"""What searches for whether a route exists learnt, by layout and size of base (as ``corners.CORNERS``)."""
