"""Shapes on the table in inches (origin bottom-left): a simple polygon, a rectangle or a circle."""

from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import BeforeValidator, model_validator
from pydantic_core import PydanticCustomError

from engine.schema.fields import Spec

__all__ = ["Bounds", "Point", "ShapeField", "Shaped", "crossing_edges"]

Point = tuple[float, float]
"""A point in inches, origin at the table's bottom-left corner."""

Bounds = tuple[float, float, float, float]
"""``(min_x, min_y, max_x, max_y)`` in inches."""

ShapeField = Literal["polygon", "rect", "circle"]
_SHAPE_FIELDS: tuple[ShapeField, ...] = ("polygon", "rect", "circle")


def _numbers(value: object, size: int, form: str) -> tuple[float, ...]:
    if not isinstance(value, list | tuple) or len(value) != size:
        raise PydanticCustomError("shape", "must be {form} in inches", {"form": form})
    if any(isinstance(v, bool) or not isinstance(v, int | float) for v in value):
        raise PydanticCustomError("shape", "must be {form} in inches, all numbers", {"form": form})
    return tuple(float(v) for v in value)


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2, d3, d4 = _cross(c, d, a), _cross(c, d, b), _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0) != (d2 > 0)) and d1 != 0 and d2 != 0 and ((d3 > 0) != (d4 > 0)) and d3 != 0 and d4 != 0:
        return True
    return (
        (d1 == 0 and _on_segment(a, c, d))
        or (d2 == 0 and _on_segment(b, c, d))
        or (d3 == 0 and _on_segment(c, a, b))
        or (d4 == 0 and _on_segment(d, a, b))
    )


def _doubles_back(shared: Point, p: Point, q: Point) -> bool:
    """Tell whether two edges from ``shared`` (towards ``p`` and ``q``) run along the same line, same way."""
    dot = (p[0] - shared[0]) * (q[0] - shared[0]) + (p[1] - shared[1]) * (q[1] - shared[1])
    return _cross(shared, p, q) == 0 and dot > 0


def crossing_edges(points: tuple[Point, ...]) -> tuple[int, int] | None:
    """Return the first pair of edges that cross or touch where they should not, or None for a simple polygon.

    Edge ``i`` runs from point ``i`` to point ``i + 1`` (the last closes the ring). Pure Python, O(n²): data
    polygons have a handful of points.
    """
    n = len(points)
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            (a, b), (c, d) = edges[i], edges[j]
            if j == i + 1 or (i == 0 and j == n - 1):
                # Neighbours share a vertex; they only go wrong when one doubles back along the other.
                shared, p, q = (b, a, d) if j == i + 1 else (a, b, c)
                if _doubles_back(shared, p, q):
                    return i, j
            elif _segments_meet(a, b, c, d):
                return i, j
    return None


def _polygon(value: object) -> tuple[Point, ...]:
    if not isinstance(value, list | tuple) or len(value) < 3:
        raise PydanticCustomError("shape", "must be a list of at least 3 [x, y] points")
    ring: tuple[Point, ...] = ()
    for number, point in enumerate(value, start=1):
        try:
            x, y = _numbers(point, 2, "[x, y]")
        except PydanticCustomError:
            raise PydanticCustomError("shape", "point {n} must be [x, y] in inches", {"n": number}) from None
        ring += ((x, y),)
    if ring[0] == ring[-1]:
        ring = ring[:-1]  # a closed ring written out in full
    if len(set(ring)) != len(ring):
        raise PydanticCustomError("shape", "repeats a point")
    if len(ring) < 3:
        raise PydanticCustomError("shape", "must be a list of at least 3 [x, y] points")
    if all(_cross(ring[0], ring[1], point) == 0 for point in ring[2:]):
        raise PydanticCustomError("shape", "has no area: its points lie on one line")
    crossing = crossing_edges(ring)
    if crossing:
        raise PydanticCustomError(
            "shape",
            "crosses itself: the edge from point {i} meets the edge from point {j}",
            {"i": crossing[0] + 1, "j": crossing[1] + 1},
        )
    return ring


def _rect(value: object) -> tuple[float, float, float, float]:
    x, y, w, h = _numbers(value, 4, "[x, y, width, height]")
    if w <= 0 or h <= 0:
        raise PydanticCustomError("shape", "must have a positive width and height")
    return x, y, w, h


def _circle(value: object) -> tuple[float, float, float]:
    x, y, r = _numbers(value, 3, "[x, y, radius]")
    if r <= 0:
        raise PydanticCustomError("shape", "must have a positive radius")
    return x, y, r


class Shaped(Spec):
    """Exactly one of ``polygon``, ``rect`` (``[x, y, w, h]``, x/y the bottom-left corner) or ``circle``
    (``[x, y, r]``), in inches.

    Polygons are checked to be simple: at least 3 distinct points, some area, no edge crossing another.
    """

    polygon: Annotated[tuple[Point, ...], BeforeValidator(_polygon)] | None = None
    rect: Annotated[tuple[float, float, float, float], BeforeValidator(_rect)] | None = None
    circle: Annotated[tuple[float, float, float], BeforeValidator(_circle)] | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> Shaped:
        given = [name for name in _SHAPE_FIELDS if getattr(self, name) is not None]
        if len(given) != 1:
            got = " and ".join(given) if given else "none"
            message = "needs exactly one shape: polygon, rect or circle (got {got})"
            raise PydanticCustomError("shape", message, {"got": got})
        return self

    @property
    def shape_field(self) -> ShapeField:
        """Name the field that holds the shape, so a report can point at it."""
        return next(name for name in _SHAPE_FIELDS if getattr(self, name) is not None)

    def bounds(self) -> Bounds:
        """Return the smallest upright box around the shape (exact for circles)."""
        if self.rect is not None:
            x, y, w, h = self.rect
            return x, y, x + w, y + h
        if self.circle is not None:
            x, y, r = self.circle
            return x - r, y - r, x + r, y + r
        xs, ys = zip(*self.outline(), strict=True)
        return min(xs), min(ys), max(xs), max(ys)

    def outline(self, segments: int = 32) -> tuple[Point, ...]:
        """Return the shape as a ring of points; a circle becomes a regular polygon of ``segments`` corners."""
        if self.rect is not None:
            x, y, w, h = self.rect
            return (x, y), (x + w, y), (x + w, y + h), (x, y + h)
        if self.circle is not None:
            cx, cy, r = self.circle
            step = 2 * math.pi / segments
            return tuple((cx + r * math.cos(k * step), cy + r * math.sin(k * step)) for k in range(segments))
        assert self.polygon is not None  # guaranteed by _one_shape
        return self.polygon
