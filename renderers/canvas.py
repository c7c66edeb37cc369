"""Where things go: the picture's layout and the inch-to-pixel transform.

Table inches have y up with the origin bottom-left; image pixels have y down with the origin top-left.
Every drawing module goes through ``Canvas.pt`` so that flip lives in one place. Shapes are drawn
supersampled (``SS`` times larger, then reduced) for smooth edges; text is drawn at output size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["HEADER_ROW", "LONG_SIDE", "SS", "Box", "Canvas", "in_box", "key_widths", "plan", "rows_beside"]

Box = tuple[float, float, float, float]
"""A region of the table in inches: (x0, y0, x1, y1), x0 < x1 and y0 < y1."""

LONG_SIDE = 1024
"""The picture's long side in pixels."""

SS = 2
"""Supersampling factor for shapes."""

HEADER_ROW = 32
"""Pixels a line of the header takes under the title."""

_LEFT, _RIGHT, _TOP, _BOTTOM = 46, 14, 44, 34
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
    """The roster's rectangle (left, top, right, bottom) in output pixels."""
    legend_columns: int
    key: tuple[int, int, int, int] = (0, 0, 0, 0)
    """The key's rectangle (left, top, right, bottom): what each symbol drawn means, under the table."""

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


def _wide(box: Box) -> bool:
    x0, y0, x1, y1 = box
    return (x1 - x0) / (y1 - y0) > _WIDE


def key_widths() -> tuple[int, int]:
    """How wide the key's rows are with the roster beside the table, and with it under (the whole width)."""
    under = LONG_SIDE - _LEFT - _RIGHT
    return (under - _LEGEND_BESIDE - _LEGEND_GAP, under)


def rows_beside(header_lines: int, row_height: int) -> int:
    """How many roster rows fit beside the table under ``header_lines`` of header (more go under it)."""
    return (LONG_SIDE - _TOP - header_lines * HEADER_ROW - _BOTTOM // 2) // row_height


def plan(box: Box, legend_rows: int, row_height: int, *, header_lines: int = 0,
         key_rows: tuple[int, int] = (0, 0)) -> Canvas:
    """Lay out the title and ``header_lines`` of header, the table box, the key under it (``key_rows`` rows when the
    roster is beside the table, when it is under) and a roster of ``legend_rows`` rows, so the long side is
    ``LONG_SIDE`` px.

    Square and tall boxes put the roster beside the table, unless it is longer than the picture is high; wide boxes
    put it under the key, in three columns.
    """
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    top = _TOP + header_lines * HEADER_ROW
    beside, under = key_widths()
    fits_beside = legend_rows <= rows_beside(header_lines, row_height)
    if not _wide(box) and fits_beside:
        key_h = key_rows[0] * row_height
        scale = min(beside / width, (LONG_SIDE - top - _BOTTOM - key_h - 8) / height)
        table_h = round(height * scale)
        key_top = top + table_h + _BOTTOM
        image_h = min(LONG_SIDE, max(key_top + key_h + 8, top + legend_rows * row_height + _BOTTOM // 2))
        legend_left = _LEFT + round(width * scale) + _LEGEND_GAP
        return Canvas(box, scale, _LEFT, top, (LONG_SIDE, image_h),
                      (max(legend_left, _LEFT + beside + _LEGEND_GAP // 2), top, LONG_SIDE - _RIGHT,
                       image_h - _BOTTOM // 2), 1, (_LEFT, key_top, _LEFT + beside, key_top + key_h))
    columns = 3
    legend_h = math.ceil(legend_rows / columns) * row_height
    key_h = key_rows[1] * row_height
    scale = min(under / width, (LONG_SIDE - top - _BOTTOM - key_h - _LEGEND_GAP - legend_h - 8) / height)
    scale = max(scale, under / width / 2)
    table_h = round(height * scale)
    key_top = top + table_h + _BOTTOM
    legend_top = key_top + key_h + _LEGEND_GAP
    image_h = min(LONG_SIDE, legend_top + legend_h + 8)
    left = (LONG_SIDE - round(width * scale)) // 2 if round(width * scale) < under else _LEFT
    return Canvas(box, scale, left, top, (LONG_SIDE, image_h), (_LEFT, legend_top, LONG_SIDE - _RIGHT, image_h),
                  columns, (_LEFT, key_top, LONG_SIDE - _RIGHT, key_top + key_h))
