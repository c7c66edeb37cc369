"""Where things go: the picture's layout and the inch-to-pixel transform.

Table inches have y up with the origin bottom-left; image pixels have y down with the origin top-left.
Every drawing module goes through ``Canvas.pt`` so that flip lives in one place. Shapes are drawn
supersampled (``SS`` times larger, then reduced) for smooth edges; text is drawn at output size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["LONG_SIDE", "SS", "Box", "Canvas", "in_box", "plan"]

Box = tuple[float, float, float, float]
"""A region of the table in inches: (x0, y0, x1, y1), x0 < x1 and y0 < y1."""

LONG_SIDE = 1024
"""The picture's long side in pixels."""

SS = 2
"""Supersampling factor for shapes."""

_LEFT, _RIGHT, _TOP, _BOTTOM = 46, 14, 40, 34
_LEGEND_BESIDE = 300
_LEGEND_GAP = 16
_WIDE = 1.25
"""Boxes wider than this (width / height) get the legend under the table, others beside it."""


@dataclass(frozen=True, slots=True)
class Canvas:
    """The layout of one picture and the transform from table inches to output pixels."""

    box: Box
    scale: float
    """Output pixels per inch."""
    left: int
    top: int
    size: tuple[int, int]
    legend: tuple[int, int, int, int]
    """The legend's rectangle (left, top, right, bottom) in output pixels."""
    legend_columns: int

    @property
    def table_rect(self) -> tuple[int, int, int, int]:
        """The drawn part of the table in output pixels (left, top, right, bottom)."""
        x0, y0, x1, y1 = self.box
        right, bottom = self.left + round((x1 - x0) * self.scale), self.top + round((y1 - y0) * self.scale)
        return (self.left, self.top, right, bottom)

    def pt(self, x: float, y: float, k: int = 1) -> tuple[float, float]:
        """Return the pixel for table point (x, y), ``k`` times larger when drawing supersampled."""
        x0, _, _, y1 = self.box
        return ((self.left + (x - x0) * self.scale) * k, (self.top + (y1 - y) * self.scale) * k)

    def length(self, inches: float, k: int = 1) -> float:
        """Return a distance on the table in pixels."""
        return inches * self.scale * k

    def shows(self, x: float, y: float, margin: float = 0.0) -> bool:
        """Tell whether table point (x, y) lies in the drawn box, give or take ``margin`` inches."""
        return in_box(self.box, x, y, margin)


def in_box(box: Box, x: float, y: float, margin: float = 0.0) -> bool:
    """Tell whether table point (x, y) lies in ``box``, give or take ``margin`` inches."""
    x0, y0, x1, y1 = box
    return x0 - margin <= x <= x1 + margin and y0 - margin <= y <= y1 + margin


def plan(box: Box, legend_rows: int, row_height: int) -> Canvas:
    """Lay out the table box and a legend of ``legend_rows`` rows so the long side is ``LONG_SIDE`` px.

    Square and tall boxes put the legend beside the table; wide boxes put it under, in three columns.
    """
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    if width / height <= _WIDE:
        avail_w = LONG_SIDE - _LEFT - _RIGHT - _LEGEND_BESIDE - _LEGEND_GAP
        scale = min(avail_w / width, (LONG_SIDE - _TOP - _BOTTOM) / height)
        table_h = round(height * scale)
        legend_h = legend_rows * row_height
        image_h = min(LONG_SIDE, max(_TOP + table_h + _BOTTOM, _TOP + legend_h + _BOTTOM))
        legend_left = _LEFT + round(width * scale) + _LEGEND_GAP
        return Canvas(box, scale, _LEFT, _TOP, (LONG_SIDE, image_h),
                      (legend_left, _TOP, LONG_SIDE - _RIGHT, image_h - _BOTTOM // 2), 1)
    columns = 3
    legend_h = math.ceil(legend_rows / columns) * row_height
    avail_w = LONG_SIDE - _LEFT - _RIGHT
    scale = min(avail_w / width, (LONG_SIDE - _TOP - _BOTTOM - _LEGEND_GAP - legend_h - 8) / height)
    scale = max(scale, avail_w / width / 2)
    table_h = round(height * scale)
    legend_top = _TOP + table_h + _BOTTOM + _LEGEND_GAP
    image_h = min(LONG_SIDE, legend_top + legend_h + 8)
    left = (LONG_SIDE - round(width * scale)) // 2 if round(width * scale) < avail_w else _LEFT
    return Canvas(box, scale, left, _TOP, (LONG_SIDE, image_h),
                  (_LEFT, legend_top, LONG_SIDE - _RIGHT, image_h), columns)
