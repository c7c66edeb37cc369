"""Which part of the table a picture shows: the action, a model's surroundings, or a caller's box."""

from __future__ import annotations

from collections.abc import Collection

from engine.core.board import BoardView, OverlayKind
from engine.core.ids import SideId
from renderers.canvas import Box
from renderers.overlays import overlay_points

__all__ = ["ACTION_MARGIN", "MIN_CROP", "action_crop", "clamp_box", "zoom_box"]

ACTION_MARGIN = 3.0
"""Inches of table shown around the action."""

MIN_CROP = 12.0
"""Inches; a cropped picture is never narrower or shorter than this (unless the table is)."""


def clamp_box(board: BoardView, box: Box, minimum: float = 0.0) -> Box:
    """Cut ``box`` to the table, then grow it to ``minimum`` inches a side (as far as the table allows).

    :raises ValueError: if the box is empty, inverted, or wholly off the table.
    """
    x0, y0, x1, y1 = box
    if not (x1 > x0 and y1 > y0):
        raise ValueError(f"crop box must have x0 < x1 and y0 < y1, got {box!r}")
    left, right = _fit_span(x0, x1, minimum, board.width)
    bottom, top = _fit_span(y0, y1, minimum, board.height)
    if right <= left or top <= bottom:
        raise ValueError(f"crop box {box!r} lies off the {board.width:g} x {board.height:g} table")
    return (left, bottom, right, top)


def _fit_span(lo: float, hi: float, minimum: float, limit: float) -> tuple[float, float]:
    """Cut [lo, hi] to [0, limit], then widen it to ``minimum`` about its middle without leaving [0, limit]."""
    lo, hi = max(lo, 0.0), min(hi, limit)
    if hi <= lo or hi - lo >= minimum:
        return (lo, hi)
    if minimum >= limit:
        return (0.0, limit)
    middle = min(max((lo + hi) / 2, minimum / 2), limit - minimum / 2)
    return (middle - minimum / 2, middle + minimum / 2)


def action_crop(board: BoardView, deciding: Collection[SideId] = ()) -> Box | None:
    """Return the box around the overlays (facing arcs aside) and the models of the ``deciding`` sides (who answer
    the action, a reaction with their own models: they must see them), plus ``ACTION_MARGIN``, at least
    ``MIN_CROP`` square, on the table.

    Returns None when there is no such overlay (draw the whole table).
    """
    # A facing arc drawn round every model is part of the table, not the action.
    points = [p for overlay in board.overlays if overlay.kind is not OverlayKind.ARC for p in overlay_points(overlay)]
    if not points:
        return None
    points += [(m.x, m.y) for m in board.models if m.side in deciding and not m.out]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box = (min(xs) - ACTION_MARGIN, min(ys) - ACTION_MARGIN, max(xs) + ACTION_MARGIN, max(ys) + ACTION_MARGIN)
    return clamp_box(board, box, MIN_CROP)


def zoom_box(board: BoardView, model_id: str, radius: float = 6.0) -> Box:
    """Return the box ``radius`` inches around a model, slid inside the table, for ``/board zoom``.

    :raises KeyError: if the view has no model with that id.
    """
    for model in board.models:
        if model.id == model_id:
            box = (model.x - radius, model.y - radius, model.x + radius, model.y + radius)
            return clamp_box(board, box, 2 * radius)
    raise KeyError(f"no model {model_id!r} on the board")
