"""Models: round bases in their side's colour, a facing tick, the short id, wound and token badges."""

from __future__ import annotations

import math

from PIL import ImageDraw

from engine.core.board import BoardView, ModelMark
from renderers.canvas import SS, Box, Canvas, in_box
from renderers.fonts import BASE_ID, LABEL, Font, font
from renderers.palette import INK, shade, side_colour

__all__ = ["MIN_BASE_PX", "draw_model_labels", "draw_models", "token_badge", "visible_models"]

MIN_BASE_PX = 9
"""Output pixels; a base is never drawn smaller than this radius, so it stays findable on a big table."""

_WOUND_FILL = (255, 255, 255)
_TOKEN_FILL = (255, 236, 160)


def visible_models(board: BoardView, box: Box) -> list[ModelMark]:
    """Return the models whose base reaches into ``box``."""
    return [m for m in board.models if in_box(box, m.x, m.y, m.radius)]


def _radius(model: ModelMark, canvas: Canvas, k: int = 1) -> float:
    return max(canvas.length(model.radius), MIN_BASE_PX) * k


def draw_models(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas) -> None:
    """Draw every visible base and its facing tick, supersampled (``SS``)."""
    for model in visible_models(board, canvas.box):
        cx, cy = canvas.pt(model.x, model.y, SS)
        r = _radius(model, canvas, SS)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=side_colour(board, model.side), outline=INK,
                     width=2 * SS)
        if model.facing is not None:
            # Image y points down, so a counter-clockwise angle on the table is clockwise on screen.
            dx, dy = math.cos(math.radians(model.facing)), -math.sin(math.radians(model.facing))
            inner, outer = r * 0.55, r + 6 * SS
            draw.line([(cx + dx * inner, cy + dy * inner), (cx + dx * outer, cy + dy * outer)], fill=INK,
                      width=3 * SS)


def token_badge(model: ModelMark) -> str:
    """Return the token badge text: the first letter of each token, up to four (the legend spells them out)."""
    return "".join(token[:1].upper() for token in model.tokens[:4])


def draw_model_labels(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas) -> None:
    """Write each visible model's id on its base, with its wounds badge top-right and tokens bottom-right.

    The id goes last, so where bases crowd the id stays on top of a neighbour's badges.
    """
    small = font(LABEL)
    for model in visible_models(board, canvas.box):
        cx, cy = canvas.pt(model.x, model.y)
        r = _radius(model, canvas)
        if model.wounds is not None:
            _badge(draw, (cx + r + 1, cy - r * 0.6), str(model.wounds), _WOUND_FILL, small)
        if model.tokens:
            _badge(draw, (cx + r + 1, cy + r * 0.6), token_badge(model), _TOKEN_FILL, small)
        size = min(max(BASE_ID, round(r * 0.6)), 2 * BASE_ID)  # bigger on bases a zoom makes big
        draw.text((cx, cy), model.id, font=font(size), fill=(255, 255, 255), anchor="mm", stroke_width=2,
                  stroke_fill=shade(side_colour(board, model.side)))


def _badge(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, fill: tuple[int, int, int],
           small: Font) -> None:
    """Draw a small tag whose left edge starts at ``at`` (beside the base, clear of the id)."""
    x, y = at
    left, top, right, bottom = draw.textbbox((x, y), text, font=small, anchor="lm")
    draw.rounded_rectangle((left - 3, top - 2, right + 3, bottom + 2), radius=4, fill=fill, outline=INK, width=1)
    draw.text((x, y), text, font=small, fill=INK, anchor="lm")
