"""The static layer: table, deployment zones, terrain, grid, and the ruler marks on the edges.

Everything here depends only on the table, its terrain and zones and the layout, so ``board.py`` caches the
supersampled layer between renders of the same table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from engine.core.board import BoardView, TerrainMark, ZoneMark
from renderers.canvas import SS, Canvas
from renderers.fonts import LABEL, font
from renderers.palette import (
    EDGE_TEXT,
    GRID,
    INK,
    OBJECTIVE,
    TABLE,
    TABLE_EDGE,
    side_colour,
    terrain_fill,
    with_alpha,
)
from renderers.shapes import centroid, halo_text

__all__ = ["OBJECTIVE_RADIUS", "draw_edge_labels", "draw_objective_labels", "draw_table", "edge_step", "inches",
           "objective_label_at"]

OBJECTIVE_RADIUS = 0.5
"""Inches; objectives given as a single point are drawn as a marker of this radius."""


def inches(value: float) -> str:
    """Format a length in inches the way players write it, to a tenth: 6", 2.5"."""
    return f'{round(value, 1):g}"'


def edge_step(span: float) -> int:
    """Return the spacing of the edge labels: every 6", or every 2" on a zoomed-in picture."""
    return 6 if span >= 18 else 2


def draw_table(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas,
               labels: Sequence[tuple[str, tuple[float, float]]] = ()) -> None:
    """Draw the table, zones, terrain, grid and objectives, supersampled (``SS``), and each terrain label (its text
    and centre in output pixels: ``terrain_labels`` places them clear of the objectives)."""
    left, top, right, bottom = (v * SS for v in canvas.table_rect)
    draw.rectangle((left, top, right, bottom), fill=TABLE)
    for zone in board.zones:
        if zone.kind != "objective" and len(zone.polygon) >= 3:
            _draw_deployment(draw, board, canvas, zone)
    if board.show_grid:
        _draw_grid(draw, canvas)
    for piece in board.terrain:
        _draw_terrain(draw, canvas, piece)
    for text, (x, y) in labels:
        draw.text((x * SS, y * SS), text, font=font(LABEL * SS), fill=INK, anchor="mm", stroke_width=3 * SS,
                  stroke_fill=(255, 255, 255))
    for zone in board.zones:
        if zone.kind == "objective":
            _draw_objective(draw, board, canvas, zone)
    draw.rectangle((left, top, right, bottom), outline=TABLE_EDGE, width=2 * SS)


def _draw_deployment(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas, zone: ZoneMark) -> None:
    """Tint a deployment zone in its side's colour; no text, since models stand on it (the legend says whose)."""
    colour = side_colour(board, zone.side)
    pixels = [canvas.pt(x, y, SS) for x, y in zone.polygon]
    draw.polygon(pixels, fill=with_alpha(colour, 46), outline=with_alpha(colour, 170), width=2 * SS)


def _draw_grid(draw: ImageDraw.ImageDraw, canvas: Canvas) -> None:
    x0, y0, x1, y1 = canvas.box
    left, top, right, bottom = (v * SS for v in canvas.table_rect)
    for x in range(math.ceil(x0), math.floor(x1) + 1):
        px = canvas.pt(x, 0, SS)[0]
        draw.line([(px, top), (px, bottom)], fill=GRID, width=SS if x % 6 else 2 * SS)
    for y in range(math.ceil(y0), math.floor(y1) + 1):
        py = canvas.pt(0, y, SS)[1]
        draw.line([(left, py), (right, py)], fill=GRID, width=SS if y % 6 else 2 * SS)


def _draw_terrain(draw: ImageDraw.ImageDraw, canvas: Canvas, piece: TerrainMark) -> None:
    fill, outline = terrain_fill(piece.kind)
    pixels = [canvas.pt(x, y, SS) for x, y in piece.polygon]
    if len(pixels) >= 3:
        draw.polygon(pixels, fill=fill, outline=outline, width=2 * SS)
    else:
        draw.line(pixels, fill=outline, width=3 * SS)


def _draw_objective(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas, zone: ZoneMark) -> None:
    """An objective's marker, in the colour of the side holding it where one does."""
    fill = OBJECTIVE if zone.side is None else side_colour(board, zone.side)
    if len(zone.polygon) >= 3:
        draw.polygon([canvas.pt(x, y, SS) for x, y in zone.polygon], fill=fill, outline=INK, width=2 * SS)
        return
    cx, cy = canvas.pt(*centroid(zone.polygon), SS)
    r = max(canvas.length(OBJECTIVE_RADIUS, SS), 9 * SS)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=2 * SS)


def draw_objective_labels(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas) -> None:
    """Write the objective ids above their markers, over the models, so a model standing on one hides nothing."""
    for zone in board.zones:
        if zone.kind != "objective" or not zone.polygon:
            continue
        x, y = centroid(zone.polygon)
        if canvas.shows(x, y):
            halo_text(draw, objective_label_at(canvas, zone), zone.id, LABEL, INK, OBJECTIVE, anchor="md")


def objective_label_at(canvas: Canvas, zone: ZoneMark) -> tuple[float, float]:
    """Where an objective's id goes (the bottom of its text): just above the marker drawn, the top of its outline
    when it has one (a Sunshard objective's base is wider than the point marker), so the marker never covers its own
    id; just below it where above would leave the table drawn (a crop's top edge: the title is written there)."""
    px, py = canvas.pt(*centroid(zone.polygon))
    if len(zone.polygon) >= 3:
        ys = [canvas.pt(x, y)[1] for x, y in zone.polygon]
        above, below = min(ys) - 2, max(ys) + 2
    else:
        radius = max(canvas.length(OBJECTIVE_RADIUS), 9)
        above, below = py - radius - 2, py + radius + 2
    _, top, _, bottom = font(LABEL).getbbox(zone.id, anchor="md", stroke_width=3)
    height = bottom - top
    return (px, above) if above - height >= canvas.table_rect[1] else (px, below + height)


def draw_edge_labels(draw: ImageDraw.ImageDraw, canvas: Canvas) -> None:
    """Label the bottom and left edges in inches, so positions in commands can be read off the picture."""
    x0, y0, x1, y1 = canvas.box
    left, _, _, bottom = canvas.table_rect
    step = edge_step(max(x1 - x0, y1 - y0))
    for x in range(math.ceil(x0 / step) * step, math.floor(x1) + 1, step):
        px = canvas.pt(x, 0)[0]
        draw.line([(px, bottom), (px, bottom + 5)], fill=TABLE_EDGE, width=2)
        halo_text(draw, (px, bottom + 7), inches(x), LABEL, EDGE_TEXT, (255, 255, 255), anchor="mt", stroke=0)
    for y in range(math.ceil(y0 / step) * step, math.floor(y1) + 1, step):
        py = canvas.pt(0, y)[1]
        draw.line([(left - 5, py), (left, py)], fill=TABLE_EDGE, width=2)
        halo_text(draw, (left - 7, py), inches(y), LABEL, EDGE_TEXT, (255, 255, 255), anchor="rm", stroke=0)
