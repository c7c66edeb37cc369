"""Boards of cells (hex boards): every cell by kind with its id, tokens, then the shared models, overlays, legend.

``draw_board`` hands a ``BoardView`` with ``cells`` here. Cells are filled by kind (told apart by lightness
and pattern as well as hue): plain, a side's territory (tinted in the side's colour), blocked (dark, hatched),
lethal (red, with a cross); a starting hex carries a white ring. Each id is written near the top of its cell,
where a fighter standing in the middle leaves it readable. No inch grid and no rulers: positions are typed as
cell ids. A face-down token is drawn blank, whatever label it carries.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.board import BoardView, CellMark
from renderers.canvas import SS, Canvas
from renderers.fonts import LABEL, font
from renderers.frame import Frame, clear_margins, draw_frame
from renderers.labels import draw_model_labels, occupied
from renderers.models import draw_models
from renderers.overlays import draw_overlay_labels, draw_overlays
from renderers.palette import BACKGROUND, INK, RGB, side_colour
from renderers.shapes import centroid, halo_text

__all__ = [
    "BLOCKED_FILL",
    "CELL_FILL",
    "CELL_LINE",
    "ID_TEXT",
    "LETHAL_FILL",
    "TOKEN_DOWN",
    "TOKEN_UP",
    "cell_fill",
    "draw_cell_board",
]

CELL_FILL: RGB = (238, 232, 214)
CELL_LINE: RGB = (150, 140, 118)
BLOCKED_FILL: RGB = (74, 72, 78)
LETHAL_FILL: RGB = (214, 96, 80)
ID_TEXT: RGB = (88, 80, 64)
TOKEN_UP: RGB = (244, 204, 84)
TOKEN_DOWN: RGB = (70, 62, 52)
_TERRITORY_ALPHA = 64
_ID_RISE = 0.76
"""How far above a cell's centre its id sits, as a share of the cell's circumradius."""
_TOKEN_RADIUS = 0.62
"""Share of the circumradius: wider than a fighter's base, so a fighter standing on a token leaves a ring showing."""
_START_RADIUS = 0.7


def cell_fill(cell: CellMark, board: BoardView) -> RGB:
    """Return the flat colour a cell is filled with before patterns: blocked and lethal win over territory."""
    if "blocked" in cell.kinds:
        return BLOCKED_FILL
    if "lethal" in cell.kinds:
        return LETHAL_FILL
    if cell.owner is None:
        return CELL_FILL
    (r, g, b), (fr, fg, fb), a = side_colour(board, cell.owner), CELL_FILL, _TERRITORY_ALPHA / 255
    return (round(r * a + fr * (1 - a)), round(g * a + fg * (1 - a)), round(b * a + fb * (1 - a)))


def draw_cell_board(board: BoardView, canvas: Canvas, frame: Frame) -> Image.Image:
    """Draw a board of cells as ``board.viewer`` sees it, laid out by ``canvas`` with ``frame`` round it
    (``board.draw_board`` makes both)."""
    static = board.model_copy(update={"title": "", "models": (), "overlays": (), "header": None})
    large = _cells_layer(static, canvas).copy()
    shapes = ImageDraw.Draw(large, "RGBA")
    draw_overlays(shapes, board, canvas)
    draw_models(shapes, board, canvas)
    image = large.reduce(SS)
    text = ImageDraw.Draw(image)
    clear_margins(text, canvas)
    draw_frame(image, board, canvas, frame)
    _draw_ids(text, board, canvas)
    tags = draw_model_labels(image, board, canvas)
    draw_overlay_labels(text, board, canvas, avoid=occupied(board, canvas, tags))
    return image


@lru_cache(maxsize=4)
def _cells_layer(static: BoardView, canvas: Canvas) -> Image.Image:
    width, height = canvas.size
    large = Image.new("RGB", (width * SS, height * SS), BACKGROUND)
    draw = ImageDraw.Draw(large, "RGBA")
    for cell in static.cells:
        _draw_cell(draw, static, canvas, cell)
    return large


def _draw_cell(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas, cell: CellMark) -> None:
    pixels = [canvas.pt(x, y, SS) for x, y in cell.polygon]
    if len(pixels) < 3:
        return
    draw.polygon(pixels, fill=cell_fill(cell, board), outline=CELL_LINE, width=SS)
    cx, cy = centroid(pixels)
    radius = max(abs(px - cx) for px, _ in pixels) / 0.866  # corner-to-centre of a pointy hex
    if "blocked" in cell.kinds:
        _hatch(draw, cx, cy, radius)
        draw.polygon(pixels, outline=(250, 250, 250), width=3 * SS)  # the book's thick white border
    elif "lethal" in cell.kinds:
        arm = radius * 0.35
        for sign in (1, -1):
            draw.line([(cx - arm, cy - sign * arm), (cx + arm, cy + sign * arm)], fill=(250, 240, 236), width=4 * SS)
    if "starting" in cell.kinds:
        r = radius * _START_RADIUS
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(252, 252, 252), width=3 * SS)
    if cell.token is not None:
        r = radius * _TOKEN_RADIUS
        fill = TOKEN_UP if cell.token_face_up else TOKEN_DOWN
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=2 * SS)


def _hatch(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float) -> None:
    """Draw diagonal strokes inside a blocked cell (within its inscribed circle), so it reads as blocked
    without its colour."""
    inner = radius * 0.8
    for k in range(-3, 4):
        offset = k * inner / 3.5  # distance of this stroke from the centre, across the strokes
        half = math.sqrt(inner * inner - offset * offset)
        mx, my = cx + offset * math.sqrt(0.5), cy + offset * math.sqrt(0.5)
        dx, dy = half * math.sqrt(0.5), -half * math.sqrt(0.5)
        draw.line([(mx - dx, my - dy), (mx + dx, my + dy)], fill=(130, 128, 136), width=2 * SS)


def _draw_ids(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas) -> None:
    """Write each visible cell's id near its top (light on blocked cells), and a face-up token's number in a disc
    of the token's colour on its right, where a fighter standing in the middle leaves both readable. Not near the
    cell's bottom: that is where the ids of the row below are written, and "C9 1 D9" read as three ids."""
    for cell in board.cells:
        if len(cell.polygon) < 3:
            continue
        x, y = centroid(cell.polygon)
        circumradius = max(abs(py - y) for _, py in cell.polygon)
        rise = circumradius * _ID_RISE
        if not (canvas.shows(x, y + rise) and canvas.shows(x, y - rise)):  # a cell the crop cuts keeps no id
            continue
        blocked = "blocked" in cell.kinds
        halo_text(draw, canvas.pt(x, y + rise), cell.id, LABEL, (245, 245, 245) if blocked else ID_TEXT,
                  BLOCKED_FILL if blocked else cell_fill(cell, board), stroke=2)
        if cell.token is not None and cell.token_face_up:
            _token_number(draw, canvas.pt(x + circumradius * _NUMBER_AT[0], y + circumradius * _NUMBER_AT[1]),
                          cell.token)


_NUMBER_AT = (0.5, -0.12)
"""Where a token's number disc is centred, in circumradii from the cell's centre: on the token's right rim."""


def _token_number(draw: ImageDraw.ImageDraw, at: tuple[float, float], number: str) -> None:
    """A token's number in a small disc of the token's colour, outlined: it reads as the token's, not a cell's."""
    left, top, right, bottom = draw.textbbox(at, number, font=font(LABEL), anchor="mm")
    r = max(right - left, bottom - top) / 2 + 3
    draw.ellipse((at[0] - r, at[1] - r, at[0] + r, at[1] + r), fill=TOKEN_UP, outline=INK, width=2)
    draw.text(at, number, font=font(LABEL), fill=INK, anchor="mm")
