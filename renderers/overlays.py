"""Overlays: movement paths, sight lines, range rings, templates and facing arcs.

Line styles differ by dash pattern as well as colour (``palette.DASHES``), so a blocked sight line reads as
blocked without telling red from green.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from engine.core.board import BoardView, LineStyle, Overlay, OverlayKind
from renderers.canvas import SS, Canvas
from renderers.fonts import LABEL, font
from renderers.palette import DASHES, INK, STYLE_COLOURS, with_alpha
from renderers.shapes import arrowhead, centroid, halo_text, polyline

__all__ = ["ARC_WIDTH", "LINE_WIDTH", "draw_overlay_labels", "draw_overlays", "label_anchor", "overlay_points"]

LINE_WIDTH = 3
"""Output pixels."""

ARC_WIDTH = 8
"""Output pixels of a facing arc's rim: 3 px on a phone (``renderers.fonts.PHONE_WIDTH``)."""

_FILL_ALPHA = 70

Rect = tuple[float, float, float, float]


def _dash(style: LineStyle) -> tuple[float, float] | None:
    dash = DASHES[style]
    return None if dash is None else (dash[0] * SS, dash[1] * SS)


def overlay_points(overlay: Overlay) -> list[tuple[float, float]]:
    """Return the table points an overlay covers (its extent, for cropping)."""
    if overlay.kind in (OverlayKind.RING, OverlayKind.ARC) and overlay.center is not None:
        (x, y), r = overlay.center, overlay.radius or 0.0
        return [(x - r, y - r), (x + r, y + r)]
    return list(overlay.points)


def draw_overlays(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas) -> None:
    """Draw every overlay, supersampled (``SS``), in the order the view lists them."""
    for overlay in board.overlays:
        colour = STYLE_COLOURS[overlay.style]
        width = LINE_WIDTH * SS
        pixels = [canvas.pt(x, y, SS) for x, y in overlay.points]
        if overlay.kind is OverlayKind.SHAPE and len(pixels) >= 3:
            draw.polygon(pixels, fill=with_alpha(colour, _FILL_ALPHA))
            polyline(draw, [*pixels, pixels[0]], colour, width, _dash(overlay.style))
        elif overlay.kind in (OverlayKind.PATH, OverlayKind.SIGHT) and len(pixels) >= 2:
            if overlay.kind is OverlayKind.SIGHT:
                pixels = [pixels[0], pixels[-1]]
            polyline(draw, pixels, colour, width, _dash(overlay.style))
            if overlay.kind is OverlayKind.PATH:
                arrowhead(draw, pixels[-2], pixels[-1], colour, 12 * SS)
        elif overlay.kind is OverlayKind.RING and overlay.center is not None and overlay.radius:
            _draw_ring(draw, canvas, overlay)
        elif overlay.kind is OverlayKind.ARC and overlay.center is not None and overlay.radius:
            cx, cy = canvas.pt(*overlay.center, SS)
            r = canvas.length(overlay.radius, SS) + ARC_WIDTH * SS / 2
            start, end = overlay.start or 0.0, overlay.end if overlay.end is not None else 360.0
            # Pillow sweeps clockwise on screen; the table counts counter-clockwise with y up. The wedge is
            # see-through; its rim is a band thick enough to read on a phone.
            draw.pieslice((cx - r, cy - r, cx + r, cy + r), -end, -start, fill=with_alpha(colour, _FILL_ALPHA))
            draw.arc((cx - r, cy - r, cx + r, cy + r), -end, -start, fill=colour, width=ARC_WIDTH * SS)


def _draw_ring(draw: ImageDraw.ImageDraw, canvas: Canvas, overlay: Overlay) -> None:
    assert overlay.center is not None and overlay.radius is not None
    colour, dash = STYLE_COLOURS[overlay.style], _dash(overlay.style)
    cx, cy = canvas.pt(*overlay.center, SS)
    r = canvas.length(overlay.radius, SS)
    if dash is None:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=LINE_WIDTH * SS)
        return
    steps = max(24, int(2 * math.pi * r / (4 * SS)))
    ring = [(cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps))
            for i in range(steps + 1)]
    polyline(draw, ring, colour, LINE_WIDTH * SS, dash)


def label_anchor(overlay: Overlay) -> tuple[float, float] | None:
    """Return where an overlay's label goes on the table: a path's end, a line's middle, a ring's top."""
    if overlay.kind is OverlayKind.PATH and overlay.points:
        return overlay.points[-1]
    if overlay.kind is OverlayKind.SIGHT and overlay.points:
        (x0, y0), (x1, y1) = overlay.points[0], overlay.points[-1]
        return ((x0 + x1) / 2, (y0 + y1) / 2)
    if overlay.kind is OverlayKind.SHAPE and overlay.points:
        return centroid(overlay.points)
    if overlay.center is not None:
        x, y = overlay.center
        return (x, y + (overlay.radius or 0.0) if overlay.kind is OverlayKind.RING else y)
    return None


def draw_overlay_labels(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas,
                        avoid: Sequence[Rect] = ()) -> None:
    """Write overlay labels (a path's distance, an attack's dice and result) in boxed tags over everything else,
    inside the table's drawn rectangle: each at its overlay, or moved up or down to cover less of the other tags and
    of ``avoid`` (the models' bases and tags)."""
    placed: list[Rect] = []
    for overlay in board.overlays:
        at = label_anchor(overlay) if overlay.label else None
        if at is None or overlay.label is None or not canvas.shows(*at):
            continue
        x, y = canvas.pt(*at)
        y += -16 if overlay.kind is OverlayKind.PATH else 0
        first = _label_box(draw, canvas, overlay.label, x, y)
        step = first[3] - first[1] + 12
        tried = [_label_box(draw, canvas, overlay.label, x, y + dy) for dy in (0, -step, step, -2 * step, 2 * step)]
        box = min(tried, key=lambda b: (4 * sum(_overlap(b, other) for other in placed)
                                        + sum(_overlap(b, other) for other in avoid)))
        placed.append(box)
        left, top, right, bottom = box
        draw.rounded_rectangle(box, radius=6, fill=(255, 255, 255), outline=STYLE_COLOURS[overlay.style], width=2)
        halo_text(draw, ((left + right) / 2, (top + bottom) / 2), overlay.label, LABEL, INK, (255, 255, 255),
                  stroke=0)


def _label_box(draw: ImageDraw.ImageDraw, canvas: Canvas, label: str, x: float, y: float
               ) -> Rect:
    """The tag round ``label`` centred on (x, y), slid inside the table's drawn rectangle, so a label near the
    edge of a crop is read whole."""
    left, top, right, bottom = draw.textbbox((x, y), label, anchor="mm", font=font(LABEL))
    x0, y0, x1, y1 = canvas.table_rect
    dx = max(x0 + 6 - left, 0) + min(x1 - 6 - right, 0)
    dy = max(y0 + 5 - top, 0) + min(y1 - 5 - bottom, 0)
    return (left + dx - 5, top + dy - 4, right + dx + 5, bottom + dy + 4)


def _overlap(a: Rect, b: Rect) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
