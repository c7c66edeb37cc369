"""Drawing helpers Pillow lacks: dashed polylines, arrowheads, polygon centroids, text with a halo."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import ImageDraw

from renderers.fonts import font
from renderers.palette import RGB

__all__ = ["arrowhead", "centroid", "halo_text", "polyline"]

Pixel = tuple[float, float]


def centroid(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Return the area centroid of a polygon (the vertex mean when it has no area)."""
    n = len(points)
    area = cx = cy = 0.0
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
    return (cx / (3 * area), cy / (3 * area))


def polyline(draw: ImageDraw.ImageDraw, points: Sequence[Pixel], colour: RGB, width: int,
             dash: tuple[float, float] | None) -> None:
    """Draw a polyline, solid or with a dash pattern (on, off) in pixels that carries over the corners."""
    if dash is None:
        draw.line(list(points), fill=colour, width=width, joint="curve")
        return
    on, off = dash
    phase = 0.0  # distance already travelled in the current on+off period
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        pos = 0.0
        while pos < length:
            if phase < on:
                step = min(on - phase, length - pos)
                draw.line([(x0 + ux * pos, y0 + uy * pos), (x0 + ux * (pos + step), y0 + uy * (pos + step))],
                          fill=colour, width=width)
            else:
                step = min(on + off - phase, length - pos)
            pos += step
            phase = (phase + step) % (on + off)


def arrowhead(draw: ImageDraw.ImageDraw, tail: Pixel, tip: Pixel, colour: RGB, size: float) -> None:
    """Draw a filled arrowhead at ``tip`` pointing away from ``tail``."""
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    draw.polygon([tip, left, right], fill=colour)


def halo_text(draw: ImageDraw.ImageDraw, at: Pixel, text: str, size: int, colour: RGB, halo: RGB,
              anchor: str = "mm", stroke: int = 3) -> None:
    """Write text with an outline in ``halo``, so it reads on any fill beneath it."""
    draw.text(at, text, font=font(size), fill=colour, anchor=anchor, stroke_width=stroke, stroke_fill=halo)
