"""The battlefield picture: compose the layers of a ``BoardView`` and encode a PNG.

Shapes are drawn at ``SS`` times the output size and reduced (a box filter, which is what supersampling
averages anyway), then text is written at output size, where FreeType anti-aliases it. The static layer
(table, zones, terrain, grid) depends on nothing a turn changes, so it is cached by value.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.board import BoardView
from renderers.canvas import SS, Box, Canvas, plan
from renderers.cells import draw_cell_board
from renderers.crop import clamp_box
from renderers.fonts import TITLE, font
from renderers.labels import draw_model_labels
from renderers.legend import ROW_HEIGHT, draw_legend, legend_rows
from renderers.models import draw_models
from renderers.overlays import draw_overlay_labels, draw_overlays
from renderers.palette import BACKGROUND, INK
from renderers.table import draw_edge_labels, draw_objective_labels, draw_table, inches

__all__ = ["board_canvas", "clear_cache", "draw_board", "encode_png", "render_board"]


def render_board(board: BoardView, *, crop: Box | None = None) -> bytes:
    """Return a PNG of the table as ``board.viewer`` sees it, about 1024 px on its long side.

    ``crop`` is a box in inches (x0, y0, x1, y1); a box partly off the table is cut to it.
    :raises ValueError: if ``crop`` is empty, inverted or wholly off the table.
    """
    return encode_png(draw_board(board, crop=crop))


def encode_png(image: Image.Image) -> bytes:
    """Encode a picture as a palette PNG: a third of the bytes of RGB and faster to write, with no visible loss.

    Boards are flat fills plus anti-aliased edges, so 256 colours without dithering look the same.
    """
    buffer = io.BytesIO()
    palette = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def draw_board(board: BoardView, *, crop: Box | None = None) -> Image.Image:
    """Draw the picture that ``render_board`` encodes (for callers that want to compose or time it)."""
    if board.cells:
        return draw_cell_board(board, board_canvas(board, crop=crop))
    canvas = board_canvas(board, crop=crop)
    box = canvas.box
    rows = legend_rows(board, box)
    static = board.model_copy(update={"title": "", "models": (), "overlays": ()})
    large = _static_layer(static, canvas).copy()
    shapes = ImageDraw.Draw(large, "RGBA")
    draw_overlays(shapes, board, canvas)
    draw_models(shapes, board, canvas)
    image = large.reduce(SS)
    text = ImageDraw.Draw(image)
    _clear_margins(text, canvas)
    # Pillow's bundled font has no en dash, so ranges read "x 6" to 18"".
    title = board.title if crop is None else f"{board.title}: x {inches(box[0])} to {inches(box[2])}, " \
        f"y {inches(box[1])} to {inches(box[3])}"
    text.text((canvas.left, 8), title, font=font(TITLE), fill=INK, anchor="lt")
    draw_edge_labels(text, canvas)
    draw_objective_labels(text, board, canvas)
    draw_model_labels(text, board, canvas)
    draw_overlay_labels(text, board, canvas)
    draw_legend(text, board, canvas, rows)
    return image


def board_canvas(board: BoardView, *, crop: Box | None = None) -> Canvas:
    """Return the layout ``draw_board`` uses: where each table inch lands in the picture."""
    box = (0.0, 0.0, board.width, board.height) if crop is None else clamp_box(board, crop)
    return plan(box, len(legend_rows(board, box)), ROW_HEIGHT)


@lru_cache(maxsize=4)
def _static_layer(static: BoardView, canvas: Canvas) -> Image.Image:
    width, height = canvas.size
    large = Image.new("RGB", (width * SS, height * SS), BACKGROUND)
    draw_table(ImageDraw.Draw(large, "RGBA"), static, canvas)
    return large


def clear_cache() -> None:
    """Forget the cached static layers (to measure a first render, or to free memory)."""
    _static_layer.cache_clear()


def _clear_margins(draw: ImageDraw.ImageDraw, canvas: Canvas) -> None:
    """Paint over whatever spilled past the table's edge (a ring, a base on the crop line)."""
    width, height = canvas.size
    left, top, right, bottom = canvas.table_rect
    for rect in ((0, 0, width, top - 1), (0, bottom + 1, width, height), (0, 0, left - 1, height),
                 (right + 1, 0, width, height)):
        draw.rectangle(rect, fill=BACKGROUND)
