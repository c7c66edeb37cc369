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
from renderers.canvas import SS, Box, Canvas
from renderers.cells import draw_cell_board
from renderers.crop import clamp_box
from renderers.fonts import clear_stamps
from renderers.frame import clear_margins, draw_frame, frame_of, layout
from renderers.labels import draw_model_labels, occupied
from renderers.models import draw_models
from renderers.overlays import draw_overlay_labels, draw_overlays
from renderers.palette import BACKGROUND
from renderers.table import draw_edge_labels, draw_objective_labels, draw_table
from renderers.terrain_labels import objective_boxes, terrain_labels

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
    box = (0.0, 0.0, board.width, board.height) if crop is None else clamp_box(board, crop)
    frame = frame_of(board, box, crop is not None)
    canvas = layout(box, frame)
    if board.cells:
        return draw_cell_board(board, canvas, frame)
    static = board.model_copy(update={"title": "", "models": (), "overlays": (), "header": None})
    large = _static_layer(static, canvas).copy()
    shapes = ImageDraw.Draw(large, "RGBA")
    draw_overlays(shapes, board, canvas)
    draw_models(shapes, board, canvas)
    image = large.reduce(SS)
    text = ImageDraw.Draw(image)
    clear_margins(text, canvas)
    draw_frame(image, board, canvas, frame)
    draw_edge_labels(text, canvas)
    draw_objective_labels(text, board, canvas)
    avoid = [label.box for label in terrain_labels(static, canvas)] + objective_boxes(board, canvas)
    tags = draw_model_labels(image, board, canvas, avoid=avoid)
    draw_overlay_labels(text, board, canvas, avoid=occupied(board, canvas, tags))
    return image


def board_canvas(board: BoardView, *, crop: Box | None = None) -> Canvas:
    """Return the layout ``draw_board`` uses: where each table inch lands in the picture."""
    box = (0.0, 0.0, board.width, board.height) if crop is None else clamp_box(board, crop)
    return layout(box, frame_of(board, box, crop is not None))


@lru_cache(maxsize=4)
def _static_layer(static: BoardView, canvas: Canvas) -> Image.Image:
    width, height = canvas.size
    large = Image.new("RGB", (width * SS, height * SS), BACKGROUND)
    labels = [(label.text, label.centre) for label in terrain_labels(static, canvas)]
    draw_table(ImageDraw.Draw(large, "RGBA"), static, canvas, labels)
    return large


def clear_cache() -> None:
    """Forget the cached static layers and words (to measure a first render, or to free memory)."""
    _static_layer.cache_clear()
    clear_stamps()
