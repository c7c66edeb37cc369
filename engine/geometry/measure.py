"""Distances and "within" between anything on the table, measured between closest points, in inches.

Circles (bases, circular zones and templates) are measured exactly, not as polygons. Height (z) is ignored:
every distance here is measured flat, across the table.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Any, TypeAlias

import shapely
from shapely import Geometry

from .shapes import XY, Base, Circle, Edge, Terrain, Zone
from .tolerance import TOLERANCE

__all__ = [
    "Measurable",
    "Within",
    "bearing",
    "distance",
    "how_within",
    "is_completely_within",
    "is_touching",
    "is_within",
    "overlaps",
]

Measurable: TypeAlias = Base | Terrain | Zone | Circle | Edge | XY | Geometry
"""Anything with a footprint: a base, terrain, zone, circle, table edge, point (x, y) or shapely geometry."""


def _shape(thing: Measurable) -> Circle | Any:
    """Reduce a thing to an exact circle (a point is a circle of radius 0) or a shapely geometry."""
    if isinstance(thing, Base):
        return thing.circle
    if isinstance(thing, Circle):
        return thing
    if isinstance(thing, Terrain):
        return thing.polygon
    if isinstance(thing, Zone):
        return thing.area
    if isinstance(thing, Edge):
        return thing.line
    if isinstance(thing, tuple):
        return Circle(float(thing[0]), float(thing[1]), 0.0)
    if isinstance(thing, shapely.Geometry):
        return thing
    raise TypeError(f"cannot measure a {type(thing).__name__}")


def distance(a: Measurable, b: Measurable) -> float:
    """Return the gap in inches between the closest points of ``a`` and ``b``.

    Touching or overlapping things give 0.0, never a negative number; a base inside a zone is at 0.0 from it.
    """
    if isinstance(a, Base) and isinstance(b, Base):  # the common case, without building circles
        return max(0.0, math.hypot(a.pose.x - b.pose.x, a.pose.y - b.pose.y) - a.radius - b.radius)
    sa, sb = _shape(a), _shape(b)
    if isinstance(sa, Circle) and isinstance(sb, Circle):
        return max(0.0, math.hypot(sa.x - sb.x, sa.y - sb.y) - sa.radius - sb.radius)
    if isinstance(sb, Circle):
        sa, sb = sb, sa
    if isinstance(sa, Circle):
        return max(0.0, float(shapely.distance(sb, shapely.Point(sa.x, sa.y))) - sa.radius)
    return float(shapely.distance(sa, sb))


def is_within(a: Measurable, b: Measurable, inches: float) -> bool:
    """Tell whether any part of ``a`` is within ``inches`` of ``b`` (closest points, plus the tolerance)."""
    return distance(a, b) <= inches + TOLERANCE


def is_touching(a: Measurable, b: Measurable) -> bool:
    """Tell whether ``a`` and ``b`` touch or overlap: a gap up to the tolerance (0.01") counts as contact."""
    return distance(a, b) <= TOLERANCE


def is_completely_within(a: Measurable, b: Measurable, inches: float = 0.0) -> bool:
    """Tell whether every part of ``a`` is within ``inches`` of ``b``; with 0, whether ``a`` is inside ``b``.

    ``a`` may stick out by the tolerance. Circles against circles are exact; against polygons and lines the
    reach of ``inches`` is a 128-sided offset, exact to 0.0003 x ``inches``.
    """
    sa, sb = _shape(a), _shape(b)
    reach = inches + TOLERANCE
    if isinstance(sb, Circle):
        if isinstance(sa, Circle):
            return math.hypot(sa.x - sb.x, sa.y - sb.y) + sa.radius <= sb.radius + reach
        sb = shapely.Point(sb.x, sb.y).buffer(sb.radius, quad_segs=32)
    region = shapely.buffer(sb, reach, quad_segs=32)
    if isinstance(sa, Circle):
        centre = shapely.Point(sa.x, sa.y)
        return bool(region.covers(centre)) and float(shapely.distance(region.boundary, centre)) >= sa.radius
    return bool(region.covers(sa))


class Within(Enum):
    """How much of a thing lies in an area (a zone, a terrain piece, a template)."""

    OUTSIDE = "outside"
    PARTLY = "partly"  # some part of it is in the area, or touches its edge (within the tolerance)
    COMPLETELY = "completely"  # all of it is in the area (sticking out by at most the tolerance)


def how_within(a: Measurable, area: Measurable) -> Within:
    """Tell whether ``a`` is completely, partly, or not at all within ``area``.

    Games ask both ("a model partly within the zone scores it", "completely within the deployment zone"):
    completely implies partly, so :attr:`Within.PARTLY` means partly but not completely.
    """
    if is_completely_within(a, area):
        return Within.COMPLETELY
    return Within.PARTLY if is_touching(a, area) else Within.OUTSIDE


def overlaps(a: Base, b: Base) -> bool:
    """Tell whether two bases overlap by more than the tolerance (0.01"), which no legal position allows."""
    return math.hypot(a.pose.x - b.pose.x, a.pose.y - b.pose.y) < a.radius + b.radius - TOLERANCE


def bearing(origin: XY, to: XY) -> float:
    """Return the direction from ``origin`` to ``to`` in degrees in [0, 360), 0 = +x, counter-clockwise.

    Coincident points give 0.0.
    """
    return math.degrees(math.atan2(to[1] - origin[1], to[0] - origin[0])) % 360.0
