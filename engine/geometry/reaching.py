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
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from .clearance import Obstacles
from .corners import (
    CORNERS_KEPT,
    GROW,
    MARGIN,
    grown_disc,
    kept,
    layout_key,
    shared_corners,
    shared_scenery,
    stacked,
    tangents,
)
from .leg_batches import legs_clear_each, points
from .routing import Goal
from .shapes import XY

__all__ = ["reaches_each"]

_GUESSED = 3
"""How many corners, those a route through could be shortest by first, ``_quick`` tries each mover's route by in its
first batch, with its first legs to every corner (before it knows which they reach)."""
_TRIED = (2, 6)
"""How many corners a mover's first legs reach ``_quick`` tries on from, batch by batch (then it leaves the mover to
the search), those a route through could be shortest first."""


def reaches_each(asked: Sequence[tuple[Obstacles, Sequence[Goal]]]) -> list[bool]:
    """Whether :meth:`Router.reaches_any` holds for each mover and its goals: every mover's first legs tested
    together, the movers past each layout as one group (``_quick``), and those it leaves open searched sharing what
    each search learns (``_Reached``)."""
    found = [False] * len(asked)
    alike: dict[tuple[object, ...], list[int]] = {}
    for i, (obs, goals) in enumerate(asked):
        if goals:
            alike.setdefault(layout_key(obs), []).append(i)
    quick = _quick([[asked[i] for i in members] for members in alike.values()])
    for (key, members), known in zip(alike.items(), quick, strict=True):
        open_ = [i for i, ok in zip(members, known, strict=True) if not ok]
        for i in members:
            found[i] = True
        if open_:
            reached = kept(_REACHED, CORNERS_KEPT, key, _making(asked[open_[0]][0]))
            for i, ok in zip(open_, reached.each([asked[i] for i in open_]), strict=True):
                found[i] = ok
    return found


def _making(obs: Obstacles) -> Callable[[], _Reached]:
    return lambda: _Reached(obs)


class _Mover:
    """One mover ``_quick`` looks for a route for: its goals, the corners its first legs may reach (tangent there,
    as the router's) by how short a route through each could be, and what the legs tested so far showed."""

    def __init__(self, goals: Sequence[Goal], start: XY, order: list[int]) -> None:
        self.start, self.ends = start, _farthest(goals)
        self.order = order
        """The corners its first legs may reach, those a route through could be shortest by first."""
        self.first: dict[int, bool] = {}
        """Whether the first leg to a corner hits nothing, for those tested."""
        self.tried: set[int] = set()
        """The corners whose own spot and last legs were tested."""
        self.found = False


class _Group:
    """The movers past one layout, with the corners the router's graph past it may hold (``_corners``)."""

    def __init__(self, asked: Sequence[tuple[Obstacles, Sequence[Goal]]]) -> None:
        self.obs = asked[0][0]
        nodes, prev, nxt = _corners(self.obs)
        starts = [o.mover.xy for o, _ in asked]
        rows, cols, lengths = tangents(points(starts), None, None, nodes, prev, nxt)
        used, at = np.unique(cols, return_inverse=True)  # the few corners some first leg reaches, of hundreds
        spots = nodes[used]
        self.xy: dict[int, XY] = {v: (x, y) for v, (x, y) in zip(used.tolist(), spots.tolist(), strict=True)}
        sets: dict[frozenset[Goal], int] = {}
        which = np.array([sets.setdefault(frozenset(goals), len(sets)) for _, goals in asked])
        near = np.array([np.min([goal.remaining(spots) for goal in _farthest(goals)], axis=0) for goals in sets])
        order = np.lexsort((lengths + near.reshape(len(sets), -1)[which[rows], at], rows))  # by mover, then by
        ranked: list[int] = cols[order].tolist()  # the length of the shortest route through each corner
        counts: list[int] = np.bincount(rows, minlength=len(asked)).tolist()
        self.movers: list[_Mover] = []
        for start, (_, goals), count in zip(starts, asked, counts, strict=True):
            self.movers.append(_Mover(goals, start, ranked[:count]))
            del ranked[:count]
        self.froms: list[XY] = []
        self.tos: list[XY] = []

    def legs(self, frm: XY, tos: list[XY]) -> range:
        """Ask for the legs from ``frm`` to each of ``tos`` in the next batch; where their answers will be."""
        at = len(self.tos)
        self.froms += [frm] * len(tos)
        self.tos += tos
        return range(at, at + len(tos))


_Asked = tuple[_Group, _Mover, range, range, list[tuple[int, range]]]
"""What a batch asks about a mover: where the answers are of its straight legs, its first legs (by corner, as
``_Mover.order``, or none) and of the routes by some corners (the corner, and its spot then its last legs)."""


def _quick(groups: Sequence[Sequence[tuple[Obstacles, Sequence[Goal]]]]) -> list[list[bool]]:
    """Which movers (by group, each past one layout) surely have a route, from a few batches of legs, each batch one
    test for every group (``legs_clear_each``: a leg near scenery costs as much to test as a batch does, so few are
    tested). The first batch: each mover's straight legs to its goals (to each goal point the one that stops
    farthest short, which a longer one there could only follow), its first legs to every corner (tangent
    there, as the router's) and, by the ``_GUESSED`` corners a route through could be shortest by, the corner itself
    (a node of the router's graph only where a base may stand) and the last legs on to the goals (to each goal point
    the one that stops farthest short, which a longer one there could only follow); then, for a mover these leave
    open, the same by the other corners its first legs reach, ``_TRIED`` at a time. A mover with a straight leg, or
    a first and a last leg by a corner, has one; False says only that these legs did not show it."""
    found = [_Group(asked) for asked in groups]
    batch: list[_Asked] = []
    for group in found:
        xy = group.xy
        for m in group.movers:
            straight = group.legs(m.start, [goal.entry(m.start) for goal in m.ends])
            firsts = group.legs(m.start, [xy[v] for v in m.order])
            batch.append((group, m, straight, firsts, _through(group, m, m.order[:_GUESSED])))
    _settle(found, batch)
    for many in _TRIED:
        batch = []
        for group in found:
            for m in group.movers:
                queue = [v for v in m.order if m.first.get(v) and v not in m.tried] if not m.found else []
                if queue:
                    batch.append((group, m, range(0), range(0), _through(group, m, queue[:many])))
        if not batch:
            break
        _settle(found, batch)
    return [[m.found for m in group.movers] for group in found]


def _through(group: _Group, m: _Mover, corners: list[int]) -> list[tuple[int, range]]:
    """Ask for the legs of a route by each of ``corners`` past its first leg: the corner's spot, then its last legs."""
    m.tried.update(corners)
    return [(v, group.legs(at, [at, *(goal.entry(at) for goal in m.ends)])) for v in corners for at in (group.xy[v],)]


def _settle(groups: list[_Group], batch: list[_Asked]) -> None:
    """Test every leg asked of ``groups`` in one batch and mark the movers the answers show a route for."""
    answers = legs_clear_each([(group.obs, group.froms, group.tos) for group in groups])
    where = {id(group): answer for group, answer in zip(groups, answers, strict=True)}
    for group in groups:
        group.froms, group.tos = [], []
    for group, m, straight, firsts, corners in batch:
        clear = where[id(group)]
        m.found = m.found or any(clear[straight.start:straight.stop])
        if firsts:
            m.first.update(zip(m.order, clear[firsts.start:firsts.stop], strict=True))
        m.found = m.found or any(m.first.get(v) and clear[legs.start] and any(clear[legs.start + 1:legs.stop])
                                 for v, legs in corners)


def _farthest(goals: Iterable[Goal]) -> list[Goal]:
    """Of the goals about one point, the one with the longest reach (its last leg stops first on the same line)."""
    best: dict[XY, Goal] = {}
    for goal in goals:
        if goal.point not in best or goal.reach > best[goal.point].reach:
            best[goal.point] = goal
    return list(best.values())


def _corners(obs: Obstacles) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every corner the router's graph past ``obs`` may hold (``corners.Corners``'s, before it leaves out those a base
    may not stand on): the bases' grown corners, then the scenery's, with each one's ring neighbours."""
    scenery = shared_scenery(obs)
    bases, bprev, bnxt = stacked([grown_disc(x, y, (r + MARGIN) * GROW)
                                   for (x, y), r in zip(obs.centres.tolist(), obs.reach.tolist(), strict=True)])
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
