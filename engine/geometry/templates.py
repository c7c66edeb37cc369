"""Area templates (blasts, cones, teardrops, any polygon) and which bases they touch or fully cover.

Lengths are inches and directions degrees (0 = +x, counter-clockwise). A base is touched when any part of it
is under the template, counting a gap of up to the tolerance; it is covered when all of it is, allowing it to
stick out by the tolerance. Circular templates are measured exactly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import Polygon

from .measure import is_completely_within, is_touching
from .shapes import XY, Base, Circle
from .tolerance import TOLERANCE

__all__ = [
    "Template",
    "circle_template",
    "cone_template",
    "covered_by",
    "overlapped_by",
    "polygon_template",
    "strip_template",
    "teardrop_template",
    "touched_by",
    "trapezoid_template",
]


@dataclass(frozen=True, slots=True)
class Template:
    """A template laid on the table: its kind (``circle``, ``cone``, ``teardrop``, ``polygon``) and area."""

    kind: str
    area: Polygon | Circle


def circle_template(centre: XY, radius: float) -> Template:
    """A round blast of ``radius`` inches centred on ``centre``."""
    if radius <= 0:
        raise ValueError(f"a template's radius must be > 0, got {radius}")
    return Template("circle", Circle(centre[0], centre[1], radius))


def _check(length: float, width: float) -> None:
    if length <= 0 or width <= 0:
        raise ValueError(f"a template needs length and width > 0, got {length} and {width}")


def _ahead(origin: XY, direction: float, forward: float, side: float) -> XY:
    """The point ``forward`` inches along ``direction`` from ``origin`` and ``side`` inches to its left."""
    a = math.radians(direction)
    return (origin[0] + forward * math.cos(a) - side * math.sin(a),
            origin[1] + forward * math.sin(a) + side * math.cos(a))


def cone_template(origin: XY, direction: float, length: float, width: float) -> Template:
    """A triangle, point at ``origin``, ``length`` long toward ``direction``, ``width`` wide at the end."""
    _check(length, width)
    corners = [origin, _ahead(origin, direction, length, width / 2),
               _ahead(origin, direction, length, -width / 2)]
    return Template("cone", Polygon(corners))


def teardrop_template(origin: XY, direction: float, length: float, width: float) -> Template:
    """A flamer-style teardrop: narrow at ``origin``, ``length`` long, with a round end ``width`` across."""
    _check(length, width)
    if length < width / 2:
        raise ValueError(f"a teardrop must be at least half its width long, got {length} x {width}")
    end = shapely.Point(_ahead(origin, direction, length - width / 2, 0.0)).buffer(width / 2, quad_segs=32)
    return Template("teardrop", shapely.convex_hull(shapely.union(end, shapely.Point(origin))))


def trapezoid_template(origin: XY, direction: float, length: float, near: float, far: float) -> Template:
    """A cone cut flat at its narrow end: ``near`` wide across ``origin`` (its narrow edge's middle), ``far`` wide
    ``length`` inches on toward ``direction`` (Sunshard:Embren's Cone, its narrow edge's white line laid against the
    attacker's base, core rules v1.0, L553)."""
    _check(length, min(near, far))
    corners = [_ahead(origin, direction, 0.0, near / 2), _ahead(origin, direction, length, far / 2),
               _ahead(origin, direction, length, -far / 2), _ahead(origin, direction, 0.0, -near / 2)]
    return Template("trapezoid", Polygon(corners))


def strip_template(centre: XY, direction: float, length: float, width: float) -> Template:
    """A rectangle ``length`` long along ``direction`` and ``width`` across, centred on ``centre`` (Sunshard:Embren's
    Wall template, core rules v1.0, L559)."""
    _check(length, width)
    half_l, half_w = length / 2, width / 2
    corners = [_ahead(centre, direction, -half_l, half_w), _ahead(centre, direction, half_l, half_w),
               _ahead(centre, direction, half_l, -half_w), _ahead(centre, direction, -half_l, -half_w)]
    return Template("strip", Polygon(corners))


def polygon_template(points: Iterable[XY]) -> Template:
    """Any polygonal template, from its vertices in inches."""
    poly = Polygon(list(points))
    if not poly.is_valid or poly.area <= 0:
        raise ValueError("a polygon template needs a valid outline with an area")
    return Template("polygon", poly)


def touched_by(template: Template, bases: Sequence[Base]) -> tuple[str, ...]:
    """Ids of the bases any part of which is under ``template`` (in the order given)."""
    return tuple(b.id for b in bases if is_touching(b, template.area))


def overlapped_by(template: Template, bases: Sequence[Base]) -> tuple[str, ...]:
    """Ids of the bases some area of which lies under ``template``: more than a touch (in the order given)."""
    area = template.area.to_polygon() if isinstance(template.area, Circle) else template.area
    return tuple(b.id for b in bases if area.distance(shapely.Point(b.xy)) < b.radius - TOLERANCE)


def covered_by(template: Template, bases: Sequence[Base]) -> tuple[str, ...]:
    """Ids of the bases wholly under ``template`` (in the order given)."""
    return tuple(b.id for b in bases if is_completely_within(b, template.area))
