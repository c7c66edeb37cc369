"""Moving a base along straight legs: length, cutting at an allowance, collisions, placement, the result.

A move's end is rounded to 0.01" (as events store it); its distance is the real length of the path to that
rounded end, so a move may use up to its allowance plus the tolerance.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from .battlefield import Battlefield
from .clearance import IMPASSABLE, TABLE_EDGE, Obstacles, segment_gap, terrain_label
from .errors import MoveBlocked, PlacementError
from .measure import bearing, overlaps
from .shapes import XY, Base, Pose
from .tolerance import TOLERANCE, round_point

__all__ = [
    "MoveResult",
    "check_placement",
    "cut_path",
    "finish_move",
    "path_length",
    "placement_conflicts",
    "walk",
]


@dataclass(frozen=True, slots=True)
class MoveResult:
    """A move worked out but not yet made: what a front-end previews before the player confirms.

    ``waypoints`` run from the start to the end, which is rounded to 0.01" (the corners between are exact);
    ``distance`` is their real length in inches; ``facing`` is in degrees. ``terrain`` and ``bases`` list
    (sorted) the ids the moving base passes over or touches on the way, the end included. ``complete`` is
    false when the allowance, or for ``away`` something in the way (named in ``stopped_by``), cut the move
    short of what was asked.
    """

    mover: str
    waypoints: tuple[XY, ...]
    distance: float
    facing: float
    terrain: tuple[str, ...]
    bases: tuple[str, ...]
    complete: bool = True
    stopped_by: tuple[str, ...] = ()

    @property
    def end(self) -> XY:
        """Where the base's centre ends, rounded to 0.01"."""
        return self.waypoints[-1]

    def pose(self, before: Pose) -> Pose:
        """Return the mover's pose after the move, keeping its height ``z`` from ``before``."""
        return Pose(self.end[0], self.end[1], before.z, self.facing)


def path_length(points: Sequence[XY]) -> float:
    """Return the length in inches of the polyline through ``points`` (0.0 for fewer than two)."""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def cut_path(points: Sequence[XY], max_distance: float) -> tuple[tuple[XY, ...], bool]:
    """Return the first ``max_distance`` inches of the polyline, and whether it had to be cut."""
    if max_distance < 0:
        raise ValueError(f"max_distance cannot be negative, got {max_distance}")
    kept: list[XY] = [points[0]]
    left = max_distance
    for a, b in itertools.pairwise(points):
        leg = math.dist(a, b)
        if leg <= left:
            kept.append(b)
            left -= leg
            continue
        f = left / leg
        kept.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
        return tuple(kept), True
    return tuple(kept), False


def placement_conflicts(field: Battlefield, base: Base) -> tuple[str, ...]:
    """Name what ``base`` (as posed) would overlap: other bases, impassable terrain, the table edge.

    A base with the same id already on the field is the one being placed, so it is not a conflict.
    """
    names = [b.id for b in field.bases if b.id != base.id and overlaps(base, b)]
    here = shapely.Point(base.xy)
    names += [terrain_label(t) for t in field.terrain
              if t.has(IMPASSABLE) and float(here.distance(t.polygon)) < base.radius - TOLERANCE]
    if not field.table.holds(base):
        names.append(TABLE_EDGE)
    return tuple(names)


def check_placement(field: Battlefield, base: Base) -> None:
    """Raise :class:`PlacementError` naming the conflicts if ``base`` cannot stand where it is posed."""
    conflicts = placement_conflicts(field, base)
    if conflicts:
        raise PlacementError(f"{base.pose.x:g},{base.pose.y:g}", conflicts)


def walk(field: Battlefield, mover_id: str, waypoints: Sequence[XY], *, max_distance: float | None = None,
         facing: float | None = None) -> MoveResult:
    """Move a base straight through ``waypoints`` in turn (no routing) from where it stands.

    Raises :class:`MoveBlocked` naming the first leg that runs into a base, impassable terrain or the table
    edge. ``facing`` defaults to the direction of the last leg. ``max_distance`` cuts the path short.
    """
    mover = field.base(mover_id)
    obs = Obstacles(field, mover)
    path = (mover.xy, *waypoints)
    starts = np.array(path[:-1], dtype=float).reshape(-1, 2)
    ends = np.array(path[1:], dtype=float).reshape(-1, 2)
    clear = obs.legs_clear(starts, ends)
    if not clear.all():
        leg = int(np.argmin(clear))
        raise MoveBlocked(leg + 1, obs.leg_conflicts(path[leg], path[leg + 1]))
    return finish_move(obs, path, max_distance=max_distance, facing=facing)


def finish_move(obs: Obstacles, path: Sequence[XY], *, max_distance: float | None = None,
                facing: float | None = None, stopped_by: Sequence[str] = ()) -> MoveResult:
    """Cut a legal path at the allowance, round its end and describe the move; no ``facing``: along the path.

    The end is snapped to the nearest 0.01" grid point that is free, keeps the last leg clear and keeps the
    length within the allowance plus the tolerance; the waypoints before it are left exact.
    """
    exact: tuple[XY, ...] = (obs.mover.xy, *path[1:])
    cut = False
    limit = math.inf
    if max_distance is not None:
        exact, cut = cut_path(exact, max_distance)
        limit = max_distance + TOLERANCE
    settled = _settled(obs, exact, limit)
    if facing is None:
        facing = _heading(settled, obs.mover.pose.facing)
    terrain, bases = _touched(obs, settled)
    return MoveResult(obs.mover.id, settled, path_length(settled), round(facing % 360.0, 2) % 360.0,
                      terrain, bases, not cut and not stopped_by, tuple(stopped_by))


def _settled(obs: Obstacles, path: Sequence[XY], limit: float) -> tuple[XY, ...]:
    """Snap the end to the nearest 0.01" grid point with a clear last leg and the path within ``limit``."""
    *before, end = path
    if before:
        x, y = end
        grid = [round_point((fx(x * 100) / 100, fy(y * 100) / 100))
                for fx in (math.floor, math.ceil) for fy in (math.floor, math.ceil)]
        grid.sort(key=lambda g: math.dist(g, end))
        clear = obs.legs_clear(np.array([before[-1]] * 4, dtype=float), np.array(grid, dtype=float))
        so_far = path_length(before)
        fits = [g for g, ok in zip(grid, clear, strict=True)
                if ok and so_far + math.dist(before[-1], g) <= limit]
        end = fits[0] if fits else round_point(end)
    deduped = [path[0]]
    for p in (*before[1:], end):
        if p != deduped[-1]:
            deduped.append(p)
    return tuple(deduped)


def _heading(path: Sequence[XY], current: float) -> float:
    """Direction of the last leg, or ``current`` when the base did not move."""
    return bearing(path[-2], path[-1]) if len(path) > 1 else current


def _touched(obs: Obstacles, path: Sequence[XY]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Ids of the terrain and bases that the moving base passes over or touches along ``path``."""
    field, mover = obs.field, obs.mover
    swept = shapely.LineString(path) if len(path) > 1 else shapely.Point(path[0])
    gaps = shapely.distance(swept, np.array([t.polygon for t in field.terrain], dtype=object)).tolist()
    terrain = sorted(t.id for t, gap in zip(field.terrain, gaps, strict=True) if gap <= mover.radius + TOLERANCE)
    others = field.others(mover.id)
    if not others:
        return tuple(terrain), ()
    legs = np.array(path if len(path) > 1 else [path[0], path[0]], dtype=float)
    centres = np.array([b.xy for b in others], dtype=float)
    reach = np.array([mover.radius + b.radius for b in others], dtype=float)
    gaps = segment_gap(legs[:-1, None, :], legs[1:, None, :], centres[None, :, :])
    near = np.asarray((gaps <= reach[None, :] + TOLERANCE).any(axis=0), dtype=bool)
    return tuple(terrain), tuple(sorted(b.id for b, hit in zip(others, near, strict=True) if hit))
