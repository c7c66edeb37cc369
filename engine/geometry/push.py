"""Straight pushes that stop at the first thing the base touches, and the direction rules of pushes and moves.

A push moves a base in a straight line; whatever stands in the way stops it on contact, rather than being jumped over
(Shroudfall beta rulebook v1.4, L667-677, L604: other bases, the terrain its game names, the table edge). The sweep is
exact for bases and the table edge, and found to the tolerance for polygons. Directions: *directly* away or toward
runs along the line through both centres; *away* (or *toward*) allows any straight line that never brings the base
nearer to (or further from) the reference (L636-645, L669-673).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import shapely
from shapely.geometry import LineString, Polygon

from .clearance import TABLE_EDGE
from .measure import bearing
from .shapes import XY, Base, Table
from .tolerance import TOLERANCE, round_point

__all__ = ["Heading", "Push", "direction_refusal", "heading_of", "push_base"]

Heading = Literal["directly-away", "directly-toward", "away", "toward", "any"]


@dataclass(frozen=True, slots=True)
class Push:
    """Where a pushed base ends: its path, how far it went of how far it was pushed, and what stopped it."""

    start: XY
    end: XY
    asked: float
    travelled: float
    stopped_by: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.stopped_by


def _base_contact(p0: XY, u: XY, reach: float, centre: XY) -> float | None:
    """The distance along ``u`` at which a circle of ``reach`` around ``centre`` is first touched, or None."""
    fx, fy = p0[0] - centre[0], p0[1] - centre[1]
    b = fx * u[0] + fy * u[1]
    c = fx * fx + fy * fy - reach * reach
    if c < -TOLERANCE * reach:  # already overlapping: a hand-placed overlap does not trap the base
        return None
    disc = b * b - c
    if disc < 0 or b > 0:
        return None
    return max(0.0, -b - math.sqrt(disc))


def _edge_limit(p0: XY, u: XY, radius: float, table: Table) -> float:
    limits = []
    for axis, size in ((0, table.width), (1, table.height)):
        if u[axis] > 1e-12:
            limits.append((size - radius - p0[axis]) / u[axis])
        elif u[axis] < -1e-12:
            limits.append((radius - p0[axis]) / u[axis])
    return max(0.0, min(limits, default=math.inf))


def _wall_limit(p0: XY, u: XY, radius: float, limit: float, wall: Polygon) -> float:
    def clear(t: float) -> bool:
        end = (p0[0] + u[0] * t, p0[1] + u[1] * t)
        swept = LineString([p0, end]) if t > 0 else shapely.Point(p0)
        return float(shapely.distance(swept, wall)) >= radius - TOLERANCE / 2
    if clear(limit):
        return limit
    lo, hi = 0.0, limit
    while hi - lo > TOLERANCE / 4:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if clear(mid) else (lo, mid)
    return lo


def push_base(mover: Base, direction: float, distance: float, *, table: Table, bases: Sequence[Base] = (),
              walls: Sequence[tuple[str, Polygon]] = ()) -> Push:
    """Push ``mover`` ``distance`` inches toward ``direction`` (degrees), stopping where it first touches another
    base, a wall (terrain that stops pushes) or the table edge. Walls it already overlaps do not stop it."""
    if distance < 0:
        raise ValueError(f"a push distance is 0 or more, got {distance}")
    a = math.radians(direction)
    u = (math.cos(a), math.sin(a))
    p0, r = mover.xy, mover.radius
    stops: list[tuple[float, str]] = [(distance, "")]
    stops += [(t, b.id) for b in bases if b.id != mover.id
              and (t := _base_contact(p0, u, r + b.radius, b.xy)) is not None and t < distance]
    edge = _edge_limit(p0, u, r, table)
    if edge < distance:
        stops.append((edge, TABLE_EDGE))
    here = shapely.Point(p0)
    for name, wall in walls:
        if float(shapely.distance(here, wall)) < r - TOLERANCE:
            continue
        t = _wall_limit(p0, u, r, distance, wall)
        if t < distance:
            stops.append((t, name))
    nearest = min(t for t, _ in stops)
    stopped = tuple(sorted(name for t, name in stops if name and t <= nearest + TOLERANCE / 2))
    end = round_point((p0[0] + u[0] * nearest, p0[1] + u[1] * nearest))
    return Push(p0, end, distance, nearest, stopped)


def heading_of(kind: Heading, mover: XY, origin: XY) -> float | None:
    """The one direction a *directly* away or toward push or move takes (through both centres), else None."""
    if kind == "directly-away":
        return bearing(origin, mover)
    if kind == "directly-toward":
        return bearing(mover, origin)
    return None


def direction_refusal(kind: Heading, mover: XY, origin: XY, direction: float) -> str | None:
    """Why a straight line toward ``direction`` breaks ``kind`` relative to ``origin``, or None."""
    exact = heading_of(kind, mover, origin)
    if exact is not None:
        off = abs((direction - exact + 180) % 360 - 180)
        return None if off <= 0.5 else f"it must go {kind.replace('-', ' ')}, along {exact:.0f} degrees"
    if kind == "any":
        return None
    a = math.radians(direction)
    dot = math.cos(a) * (mover[0] - origin[0]) + math.sin(a) * (mover[1] - origin[1])
    if kind == "away" and dot < -1e-9:
        return "it may never come nearer to what it moves away from"
    if kind == "toward" and dot > 1e-9:
        return "it may never go further from what it moves toward"
    return None
