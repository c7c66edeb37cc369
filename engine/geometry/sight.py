"""Line of sight and the share of a target hidden, for one pair or for every observer against every target.

A sight line is a segment from a point of the observer's base to a point of the target's base. Each base is
sampled at ``samples`` points evenly spread across its diameter square to the line between the two centres
(the width each model shows the other); every observer point is joined to every target point.

- The observer sees the target when at least one sampled sight line crosses no blocker.
- The target's hidden share is the share of its width (its diameter square to the line between the two
  centres) that no point of the observer's width can see: 0.0 in plain view, 1.0 when out of sight. For one
  pair (:meth:`LineOfSight.check`) the width is cut into 100 equal strips, each sampled at its middle, so the
  share is exact to 1%; the many-pair surveys use ``samples`` points across each base, so their shares come
  in steps of 1 / ``samples``.
- A line is blocked by a terrain piece when it passes through the piece's interior, and by a base when it
  passes strictly inside the circle; grazing an edge, a corner or a rim does not block.
- Bases that touch (within the tolerance) always see each other, with nothing hidden.

Which pieces block is the caller's choice: the terrain and bases handed to :class:`LineOfSight`, filtered per
pair by a rule (by default :func:`blocks_by_height`). The same sight lines are tested both ways, so line of
sight is symmetric whenever the rule is.

Speed: the corridor of each pair (the quadrilateral spanned by the two sampled diameters) is matched against
the blockers with one ``STRtree`` query; only the surviving (pair, blocker) candidates are tested, with numpy,
segment against polygon edges or circle. Near-degenerate contacts (a line through a vertex, along an edge)
fall back to shapely's exact interior test.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from numpy.typing import NDArray

from .clearance import segment_gap
from .measure import bearing
from .shapes import XY, Base, Pose, Terrain
from .sight_lines import across, cross_circles, cross_polygon, cross_polygons, polygon_edges, strip_middles
from .tolerance import TOLERANCE

__all__ = ["BlockRule", "LineOfSight", "Sight", "blocks_by_height", "in_arc"]

FINE_STRIPS = 100
"""Strips of the target's width judged one by one when a single pair is checked: the share is exact to 1%."""
_FINE_OBSERVER = 21  # points across the observer's width for a single pair, both rims included

BlockRule = Callable[[Terrain | Base, Base, Base], bool]
"""Decides whether a blocker may block sight between an observer and a target: ``rule(blocker, obs, tgt)``."""

_F = NDArray[np.float64]
_B = NDArray[np.bool_]
_I = NDArray[np.intp]


def blocks_by_height(blocker: Terrain | Base, observer: Base, target: Base) -> bool:
    """The default rule: a blocker counts when its top is at least as high as the taller model's top.

    Terrain that either model stands in or touches never blocks the lines between those two (models see out
    of, and into, the piece they are in). Heights are inches above the table; a model's top is z + height.
    """
    top = blocker.height if isinstance(blocker, Terrain) else blocker.top
    if top + TOLERANCE < max(observer.top, target.top):
        return False
    if isinstance(blocker, Terrain):
        gap = shapely.distance(blocker.polygon, shapely.points([observer.xy, target.xy]))
        return bool(np.all(gap - np.array([observer.radius, target.radius]) > TOLERANCE))
    return True


@dataclass(frozen=True, slots=True)
class Sight:
    """What one observer sees of one target.

    ``hidden_share`` is the share of the target's width (across the line between the centres) that no point of
    the observer's width can see, to 1%. ``blocked_by`` lists (sorted) the ids of the blockers that cut at least
    one sampled sight line, for showing the working; it may be non-empty while the target is visible.
    """

    visible: bool
    hidden_share: float
    blocked_by: tuple[str, ...]


@dataclass(frozen=True)
class _Pairs:
    """The sampled sight lines of every pair that does not touch: the corridors at once, the lines themselves only
    when a blocker is in some corridor."""

    obs: _I
    tgt: _I
    a: _F  # (P, mo, 2): the observer's sample points
    b: _F  # (P, mt, 2): the target's sample points
    quads: NDArray[np.object_]  # (P,) corridor polygons
    axis: _F  # (P, 2, 2): centre to centre
    half_width: _F  # (P,): the larger of the two radii

    @property
    def shape(self) -> tuple[int, int, int]:
        return len(self.obs), self.a.shape[1], self.b.shape[1]

    @cached_property
    def _ends(self) -> tuple[_F, _F]:
        n, mo, mt = self.shape
        pa = np.broadcast_to(self.a[:, :, None, :], (n, mo, mt, 2))
        pb = np.broadcast_to(self.b[:, None, :, :], (n, mo, mt, 2))
        # Order each segment's ends lexicographically, so A->B and B->A run the very same arithmetic.
        swap = (pa[..., 0] > pb[..., 0]) | ((pa[..., 0] == pb[..., 0]) & (pa[..., 1] > pb[..., 1]))
        return np.where(swap[..., None], pb, pa), np.where(swap[..., None], pa, pb)

    @property
    def start(self) -> _F:
        """(P, mo, mt, 2): canonical first endpoint of each line."""
        return self._ends[0]

    @property
    def end(self) -> _F:
        """(P, mo, mt, 2)"""
        return self._ends[1]


class LineOfSight:
    """Sight between bases across a fixed set of blockers.

    ``terrain`` and ``bases`` are the candidate blockers; a base never blocks sight to or from itself.
    ``rule`` filters them per pair (``None`` means :func:`blocks_by_height`, evaluated with numpy); a custom
    rule is called once per (blocker, observer, target) whose corridor the blocker crosses.
    ``samples`` (>= 2) is the number of points sampled across each base.
    """

    def __init__(self, terrain: Sequence[Terrain] = (), bases: Sequence[Base] = (), *,
                 rule: BlockRule | None = None, samples: int = 5) -> None:
        if samples < 2:
            raise ValueError(f"samples must be at least 2, got {samples}")
        self._terrain = tuple(terrain)
        self._bases = tuple(bases)
        self._rule = rule
        self._coarse = across(samples)
        self._blockers: tuple[Terrain | Base, ...] = (*self._terrain, *self._bases)
        nt = len(self._terrain)
        self._polys = [t.polygon for t in self._terrain]
        for p in self._polys:
            shapely.prepare(p)
        self._edges = [polygon_edges(p) for p in self._polys]
        self._top = np.array([t.height for t in self._terrain] + [b.top for b in self._bases], dtype=float)
        self._centre = np.array([b.xy for b in self._bases], dtype=float).reshape(-1, 2)
        self._radius = np.array([b.radius for b in self._bases], dtype=float)
        self._base_index = {b.id: nt + i for i, b in enumerate(self._bases)}
        self._edge_lists: dict[int, list[tuple[float, float, float, float, float, float]]] = {}

    @cached_property
    def _poly_array(self) -> NDArray[np.object_]:
        return np.array(self._polys, dtype=object).reshape(-1)

    @cached_property
    def _sides(self) -> _I:
        """How many edges each piece has (its rings' together)."""
        return np.array([len(e) for e in self._edges], dtype=np.intp)

    @cached_property
    def _by_sides(self) -> dict[int, tuple[_F, _I]]:
        """For each number of edges, the edges of the pieces with that many stacked (k, E, 2, 2), and where each
        piece's stand in the stack (-1 for another number)."""
        found: dict[int, tuple[_F, _I]] = {}
        for count in sorted(set(self._sides.tolist())):
            members = [i for i, e in enumerate(self._edges) if len(e) == count]
            slot = np.full(len(self._edges), -1, dtype=np.intp)
            slot[members] = np.arange(len(members))
            found[count] = (np.stack([self._edges[i] for i in members]), slot)
        return found

    @cached_property
    def _terrain_tree(self) -> shapely.STRtree:
        """The pieces indexed, built at the first survey (``matrix`` settles many pairs without one)."""
        return shapely.STRtree(self._polys)

    @cached_property
    def _base_tree(self) -> shapely.STRtree:
        low, high = self._centre - self._radius[:, None], self._centre + self._radius[:, None]
        return shapely.STRtree(shapely.box(low[:, 0], low[:, 1], high[:, 0], high[:, 1]))

    def ruled(self, rule: BlockRule | None) -> LineOfSight:
        """The same blockers filtered by another rule, sharing what was measured of them (the trees, the edges): a
        game whose rule reads the state builds the geometry once per layout and the rule per question."""
        other = copy.copy(self)
        other._rule = rule
        return other

    def matrix(self, observers: Sequence[Base], targets: Sequence[Base]) -> _B:
        """Return a bool array, ``[i, j]`` true when ``observers[i]`` can see ``targets[j]``: a pair whose centre line
        (one of its sampled lines) surely crosses no blocker is seen without a survey (``_centre_seen``), the targets
        of the others surveyed."""
        if self._rule is not None or not len(observers) or not len(targets):
            return self.survey(observers, targets)[0]
        visible = np.array([[self._centre_seen(o, t) for t in targets] for o in observers], dtype=bool)
        unsure = np.nonzero(~visible.all(axis=0))[0]
        if len(unsure):
            visible[:, unsure] = self.survey(observers, [targets[j] for j in unsure.tolist()])[0]
        return visible

    def _centre_seen(self, observer: Base, target: Base) -> bool:
        """Whether the survey surely finds ``observer`` sees ``target`` (the default rule): the bases touch, or the
        line between the centres, which the survey samples with the very same ends, surely crosses none of the
        blockers that rule may count (each piece and base tall enough, the pair's own bases aside), by the survey's
        own sums (``cross_polygon``, ``segment_gap``); False says only that it may not (the survey decides)."""
        ox, oy = observer.xy
        tx, ty = target.xy
        apart = math.hypot(tx - ox, ty - oy) - (observer.radius + target.radius + TOLERANCE)
        if abs(apart) <= _SURE:
            return False
        if apart < 0:
            return True
        (sx, sy), (ex, ey) = sorted(((ox, oy), (tx, ty)))  # the survey's own order of the ends
        taller = max(observer.top, target.top)
        dx, dy = ex - sx, ey - sy
        tops, bounds = self._raised_tops, self._bounds
        low_x, high_x, low_y, high_y = min(sx, ex), max(sx, ex), min(sy, ey), max(sy, ey)
        tall = [i for i, top in enumerate(tops[:len(bounds)]) if top >= taller]
        near = [i for i in tall if bounds[i][0] <= high_x and bounds[i][2] >= low_x and bounds[i][1] <= high_y
                and bounds[i][3] >= low_y]  # the likeliest to block, measured first
        pieces = [*near, *(i for i in tall if i not in near)]
        for i in pieces:
            for ax, ay, bx, by, ux, uy in self._edge_list(i):  # crossing or touching an edge: the survey measures it
                if (dx * (ay - sy) - dy * (ax - sx)) * (dx * (by - sy) - dy * (bx - sx)) <= 0 and \
                        (ux * (sy - ay) - uy * (sx - ax)) * (ux * (ey - ay) - uy * (ex - ax)) <= 0:
                    return False
        for i in pieces:
            x0, y0, x1, y1 = bounds[i]
            if x0 <= sx <= x1 and y0 <= sy <= y1 and shapely.contains_xy(self._polys[i], sx, sy):
                return False  # wholly inside the piece
        over = dx * dx + dy * dy
        over = over if over > 0 else 1.0
        nt = len(self._terrain)
        for j, base in enumerate(self._bases):
            if tops[nt + j] < taller or base.id in (observer.id, target.id):
                continue
            px, py = base.xy
            t = min(max(((px - sx) * dx + (py - sy) * dy) / over, 0.0), 1.0)
            a, b = sx + t * dx - px, sy + t * dy - py
            if a * a + b * b <= (base.radius + _SURE) ** 2:  # inside the circle, or near enough that the survey decides
                return False
        return True

    @cached_property
    def _bounds(self) -> list[tuple[float, float, float, float]]:
        """Each piece's bounds: a point outside them is inside no piece."""
        return [(x0, y0, x1, y1) for x0, y0, x1, y1 in shapely.bounds(np.array(self._polys, dtype=object)).tolist()]

    @cached_property
    def _raised_tops(self) -> list[float]:
        """Each blocker's top plus the tolerance, the default rule's sum: it counts where this reaches the taller
        model's top."""
        return (self._top + TOLERANCE).tolist()  # type: ignore[no-any-return]

    def _edge_list(self, piece: int) -> list[tuple[float, float, float, float, float, float]]:
        """A piece's edges as plain floats for ``_centre_seen`` (each piece's once it is measured): the two ends, then
        the second less the first."""
        found = self._edge_lists.get(piece)
        if found is None:
            found = self._edge_lists[piece] = [(ax, ay, bx, by, bx - ax, by - ay)
                                               for (ax, ay), (bx, by) in self._edges[piece].tolist()]
        return found

    def hidden_shares(self, observers: Sequence[Base], targets: Sequence[Base]) -> _F:
        """Return floats, ``[i, j]`` the share (0 to 1) of ``targets[j]`` hidden from ``observers[i]``."""
        return self.survey(observers, targets)[1]

    def survey(self, observers: Sequence[Base], targets: Sequence[Base]) -> tuple[_B, _F]:
        """Return both the visibility matrix and the hidden shares, computed in one pass."""
        visible, hidden, _ = self._survey(observers, targets, self._coarse, self._coarse, want_blockers=False)
        return visible, hidden

    def check(self, observer: Base, target: Base) -> Sight:
        """Return whether ``observer`` sees ``target``, the share of its width hidden (to 1%), and what cut sight
        lines."""
        visible, hidden, cut = self._survey([observer], [target], _FINE_OBS, _FINE_TGT, want_blockers=True)
        ids = sorted({self._blockers[b].id for b in cut})
        return Sight(bool(visible[0, 0]), float(hidden[0, 0]), tuple(ids))

    def can_see(self, observer: Base, target: Base) -> bool:
        """Tell whether some sampled sight line from ``observer`` to ``target`` crosses no blocker."""
        return bool(self.matrix([observer], [target])[0, 0])

    def lines_through(self, observer: Base, target: Base, pieces: Sequence[Terrain], *,
                      every: bool = False) -> tuple[str, ...]:
        """Ids of ``pieces`` that a clear sight line from ``observer`` to ``target`` passes through: some clear
        line, or every clear line with ``every``. The pieces need not be blockers (low walls, hedges): this is cover
        in games where it comes from the terrain a line of sight is drawn through (Sunshard:Embren core rules v1.0,
        L302). Bases that touch, or that see nothing of each other, have none."""
        pairs = self._pairs([observer], [target], _FINE_OBS, _FINE_OBS)
        if pairs is None:
            return ()
        blocked, _ = self._blocked(pairs, [observer], [target], want_blockers=False)
        clear = ~blocked[0]
        if not clear.any():
            return ()
        found = []
        for piece in pieces:
            crossing = cross_polygon(piece.polygon, polygon_edges(piece.polygon), pairs.start[0], pairs.end[0])[clear]
            if crossing.all() if every else crossing.any():
                found.append(piece.id)
        return tuple(found)

    def _survey(self, observers: Sequence[Base], targets: Sequence[Base], across_observer: _F, across_target: _F,
                want_blockers: bool) -> tuple[_B, _F, list[int]]:
        n, k = len(observers), len(targets)
        visible = np.ones((n, k), dtype=bool)
        hidden = np.zeros((n, k), dtype=float)
        pairs = self._pairs(observers, targets, across_observer, across_target)
        if pairs is None:
            return visible, hidden, []
        blocked, cut = self._blocked(pairs, observers, targets, want_blockers=want_blockers)
        seen = np.asarray((~blocked).any(axis=1), dtype=bool)  # (P, mt): target samples seen by the observer
        visible[pairs.obs, pairs.tgt] = seen.any(axis=1)
        hidden[pairs.obs, pairs.tgt] = 1.0 - seen.mean(axis=1)
        return visible, hidden, cut

    def _blocked(self, pairs: _Pairs, observers: Sequence[Base], targets: Sequence[Base], *,
                 want_blockers: bool) -> tuple[_B, list[int]]:
        """Which sampled lines of each pair a blocker cuts, shape (P, mo, mt), and which blockers cut any."""
        blocked = np.zeros(pairs.shape, dtype=bool)
        pair_idx, blocker_idx = self._candidates(pairs)
        keep = self._applies(pair_idx, blocker_idx, pairs, observers, targets)
        pair_idx, blocker_idx = pair_idx[keep], blocker_idx[keep]
        cut: list[int] = []
        if not len(pair_idx):  # nothing in any corridor: every line is clear, no line need be drawn
            return blocked, cut
        nt = len(self._terrain)
        on_terrain = blocker_idx < nt
        rows, pieces = pair_idx[on_terrain], blocker_idx[on_terrain]
        sides = self._sides[pieces]
        for count in np.unique(sides).tolist():  # the pieces of one number of sides measured in one call
            mine = sides == count
            sel, which = rows[mine], pieces[mine]
            stacked, slot = self._by_sides[count]
            hit = cross_polygons(self._poly_array[which], stacked[slot[which]], pairs.start[sel], pairs.end[sel])
            np.logical_or.at(blocked, sel, hit)
            if want_blockers:
                cut.extend(np.unique(which[hit.any(axis=(1, 2))]).tolist())
        sel, which = pair_idx[~on_terrain], blocker_idx[~on_terrain]
        if len(sel):
            hit = cross_circles(pairs.start[sel], pairs.end[sel], self._centre[which - nt],
                                 self._radius[which - nt])
            np.logical_or.at(blocked, sel, hit)
            if want_blockers:
                cut.extend(int(b) for b in which[hit.any(axis=(1, 2))])
        return blocked, cut

    def _candidates(self, pairs: _Pairs) -> tuple[_I, _I]:
        """(pair, blocker) whose corridor and footprint meet: exact for terrain, by distance for bases."""
        tp, tb = self._terrain_tree.query(pairs.quads, predicate="intersects")
        bp, bb = self._base_tree.query(pairs.quads)
        # Keep bases whose centre is within their radius of the corridor's axis widened by the pair's radii.
        a, b = pairs.axis[bp, 0], pairs.axis[bp, 1]
        near = segment_gap(a, b, self._centre[bb]) <= self._radius[bb] + pairs.half_width[bp]
        return np.concatenate([tp, bp[near]]), np.concatenate([tb, bb[near] + len(self._terrain)])

    def _pairs(self, observers: Sequence[Base], targets: Sequence[Base], across_observer: _F,
               across_target: _F) -> _Pairs | None:
        """Sample the sight lines of every pair whose bases do not touch: ``across_*`` are the sample points as
        fractions of each base's radius, from -1 to 1 across its width."""
        oc = np.array([b.xy for b in observers], dtype=float).reshape(-1, 2)
        tc = np.array([b.xy for b in targets], dtype=float).reshape(-1, 2)
        orad = np.array([b.radius for b in observers], dtype=float)
        trad = np.array([b.radius for b in targets], dtype=float)
        d = tc[None, :, :] - oc[:, None, :]
        length = np.hypot(d[..., 0], d[..., 1])
        far = length > orad[:, None] + trad[None, :] + TOLERANCE
        obs, tgt = np.nonzero(far)
        if len(obs) == 0:
            return None
        u = d[obs, tgt] / length[obs, tgt, None]
        normal = np.stack([-u[:, 1], u[:, 0]], axis=1)
        a = oc[obs, None, :] + (across_observer[None, :, None] * orad[obs, None, None]) * normal[:, None, :]
        b = tc[tgt, None, :] + (across_target[None, :, None] * trad[tgt, None, None]) * normal[:, None, :]
        corners = np.stack([a[:, 0], a[:, -1], b[:, -1], b[:, 0]], axis=1)
        quads = shapely.polygons(corners)
        axis = np.stack([oc[obs], tc[tgt]], axis=1)
        return _Pairs(obs, tgt, a, b, quads, axis, np.maximum(orad[obs], trad[tgt]))

    def _applies(self, pair_idx: _I, blocker_idx: _I, pairs: _Pairs, observers: Sequence[Base],
                 targets: Sequence[Base]) -> _B:
        """Filter (pair, blocker) candidates: drop a pair's own bases, then apply the rule."""
        obs, tgt = pairs.obs[pair_idx], pairs.tgt[pair_idx]
        own_o = np.array([self._base_index.get(b.id, -1) for b in observers], dtype=np.intp)
        own_t = np.array([self._base_index.get(b.id, -1) for b in targets], dtype=np.intp)
        keep: _B = (blocker_idx != own_o[obs]) & (blocker_idx != own_t[tgt])
        if self._rule is not None:
            rule = self._rule
            for c in np.nonzero(keep)[0]:
                keep[c] = rule(self._blockers[blocker_idx[c]], observers[obs[c]], targets[tgt[c]])
            return keep
        o_top = np.array([b.top for b in observers], dtype=float)
        t_top = np.array([b.top for b in targets], dtype=float)
        keep &= self._top[blocker_idx] + TOLERANCE >= np.maximum(o_top[obs], t_top[tgt])
        nt = len(self._terrain)
        if nt:
            o_in = self._stands_in(observers)
            t_in = self._stands_in(targets)
            terrain = blocker_idx < nt
            tb = np.where(terrain, blocker_idx, 0)
            keep &= ~(terrain & (o_in[obs, tb] | t_in[tgt, tb]))
        return keep

    def _stands_in(self, bases: Sequence[Base]) -> _B:
        """``[i, t]``: base i touches or overlaps terrain piece t."""
        pts = shapely.points(np.array([b.xy for b in bases], dtype=float).reshape(-1, 2))
        rad = np.array([b.radius for b in bases], dtype=float)
        gap = shapely.distance(pts[:, None], np.array(self._polys, dtype=object)[None, :])
        result: _B = gap - rad[:, None] <= TOLERANCE
        return result

_SURE = 1e-6
"""Inches by which ``_centre_seen`` wants a gap or a clearance settled: far more than any rounding on a table."""
_FINE_OBS = across(_FINE_OBSERVER)
_FINE_TGT = strip_middles(FINE_STRIPS)


def in_arc(observer: Pose, target: Base | XY, arc_degrees: float) -> bool:
    """Tell whether any part of ``target`` lies inside the observer's arc of ``arc_degrees``.

    The arc is centred on the observer's facing and measured from its centre; 360 (or more) is all round.
    A target whose base covers the observer's centre is always in the arc. The tolerance widens the target.
    """
    if arc_degrees >= 360.0:
        return True
    if arc_degrees < 0:
        raise ValueError(f"an arc cannot be negative, got {arc_degrees}")
    xy, r = (target.xy, target.radius) if isinstance(target, Base) else (target, 0.0)
    dist = math.hypot(xy[0] - observer.x, xy[1] - observer.y)
    if dist <= r + TOLERANCE:
        return True
    off = abs((bearing(observer.xy, xy) - observer.facing + 180.0) % 360.0 - 180.0)
    return off <= arc_degrees / 2.0 + math.degrees(math.asin((r + TOLERANCE) / dist))
