"""Models: round bases in their side's colour and a facing tick, and a grey cross where a model was taken out
(their labels: ``renderers.labels``)."""

from __future__ import annotations

import math

from PIL import ImageDraw

from engine.core.board import BoardView, ModelMark
from renderers.canvas import SS, Box, Canvas, in_box
from renderers.palette import INK, side_colour

__all__ = ["FALLEN", "MIN_BASE_PX", "draw_models", "token_badge", "visible_models"]

MIN_BASE_PX = 9
"""Output pixels; a base is never drawn smaller than this radius, so it stays findable on a big table."""

FALLEN = (128, 128, 128)
"""The cross where a model was taken out."""


def visible_models(board: BoardView, box: Box) -> list[ModelMark]:
    """Return the models whose base (or the marker where it fell) reaches into ``box``."""
    return [m for m in board.models if in_box(box, m.x, m.y, m.radius)]


def _radius(model: ModelMark, canvas: Canvas, k: int = 1) -> float:
    return max(canvas.length(model.radius), MIN_BASE_PX) * k


def draw_models(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas) -> None:
    """Draw the crosses where models fell, then every visible base and its facing tick, supersampled (``SS``), so
    a model standing where another fell covers its cross."""
    shown = visible_models(board, canvas.box)
    for model in shown:
        if model.out:
            cx, cy = canvas.pt(model.x, model.y, SS)
            arm = _radius(model, canvas, SS) * 0.8
            for sign in (1, -1):
                draw.line([(cx - arm, cy - sign * arm), (cx + arm, cy + sign * arm)], fill=FALLEN, width=4 * SS)
    for model in shown:
        if model.out:
            continue
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
    """Return the token badge text: the first letter of each token, up to four (the key spells them out)."""
    return "".join(token[:1].upper() for token in model.tokens[:4])
