"""The corridor between two bases: the area every straight line from a point of one base to a point of the other
sweeps (the convex hull of the two circles), and whether some such line passes through a piece of terrain.

Shroudfall asks this for linear terrain's cover: a model within 1" of a wall benefits from it when any line from the
attacker's base to its base passes through that wall (Shroudfall beta rulebook v1.4, L987). Since the union of the
lines between two discs is their convex hull, the question is exact: does the hull reach into the piece?
"""

from __future__ import annotations

import shapely
from shapely.geometry import Polygon

from .shapes import Base
from .tolerance import TOLERANCE

__all__ = ["corridor", "some_line_crosses"]


def corridor(a: Base, b: Base, segments: int = 32) -> Polygon:
    """Every point on some straight line from a point of ``a``'s base to a point of ``b``'s base."""
    discs = [shapely.Point(base.xy).buffer(base.radius, quad_segs=segments // 4) for base in (a, b)]
    hull = shapely.convex_hull(shapely.union(*discs))
    assert isinstance(hull, Polygon)
    return hull


def some_line_crosses(a: Base, b: Base, piece: Polygon) -> bool:
    """Whether some straight line between the two bases passes through ``piece`` (more than grazing it)."""
    return bool(corridor(a, b).intersects(piece.buffer(-TOLERANCE)))
