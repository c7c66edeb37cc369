"""The legend: who is who (id, name, wounds, states and tokens), grouped by side, beside or under the table."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from engine.core.board import BoardView, ModelMark
from engine.core.ids import SideId
from renderers.canvas import Box, Canvas
from renderers.fonts import LEGEND, Font, font
from renderers.models import visible_models
from renderers.palette import INK, side_colour

__all__ = ["ROW_HEIGHT", "LegendRow", "draw_legend", "legend_rows", "model_summary", "wounds_text"]

ROW_HEIGHT = 24
"""Output pixels per legend row."""


@dataclass(frozen=True, slots=True)
class LegendRow:
    """One line of the legend: a side's heading (``model`` is None) or one model."""

    side: SideId
    model: ModelMark | None = None


def wounds_text(model: ModelMark) -> str:
    """Return wounds as the view gives them: "3/5", "3", or "" when the game does not track them."""
    if model.wounds is None:
        return ""
    return f"{model.wounds}/{model.max_wounds}" if model.max_wounds is not None else str(model.wounds)


def model_summary(model: ModelMark) -> str:
    """Return a model's name followed by its states and tokens, as one short phrase."""
    extras = ", ".join((*model.states, *model.tokens))
    return f"{model.name} ({extras})" if extras else model.name


def legend_rows(board: BoardView, box: Box) -> list[LegendRow]:
    """List the legend's rows for the models visible in ``box``, sides in ``board.sides`` order."""
    shown = visible_models(board, box)
    rows: list[LegendRow] = []
    for side in board.sides:
        mine = [m for m in shown if m.side == side]
        if mine:
            rows.append(LegendRow(side))
            rows.extend(LegendRow(side, m) for m in mine)
    return rows


def _fit(text: str, width: float, face: Font) -> str:
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def draw_legend(draw: ImageDraw.ImageDraw, board: BoardView, canvas: Canvas, rows: list[LegendRow]) -> None:
    """Draw the rows into the layout's legend rectangle, column by column; cut with "+N more" if they overflow."""
    face = font(LEGEND)
    left, top, right, bottom = canvas.legend
    columns = canvas.legend_columns
    col_width = (right - left) // columns
    per_column = max(1, (bottom - top) // ROW_HEIGHT)
    capacity = per_column * columns
    if len(rows) > capacity:
        rows = rows[: capacity - 1]
        hidden = len(legend_rows(board, canvas.box)) - len(rows)
        overflow: str | None = f"+{hidden} more rows (see the text description)"
    else:
        overflow = None
    for index, row in enumerate(rows):
        x = left + (index // per_column) * col_width
        y = top + (index % per_column) * ROW_HEIGHT + ROW_HEIGHT // 2
        colour = side_colour(board, row.side)
        if row.model is None:
            draw.rectangle((x, y - 7, x + 14, y + 7), fill=colour, outline=INK)
            draw.text((x + 22, y), f"Side {row.side}", font=face, fill=INK, anchor="lm")
            continue
        model = row.model
        draw.ellipse((x + 2, y - 6, x + 14, y + 6), fill=colour, outline=INK)
        wounds = wounds_text(model)
        wounds_w = face.getlength(wounds) if wounds else 0
        draw.text((x + 22, y), model.id, font=face, fill=INK, anchor="lm")
        name_x = x + 22 + 40
        draw.text((name_x, y), _fit(model_summary(model), col_width - (name_x - x) - wounds_w - 14, face),
                  font=face, fill=INK, anchor="lm")
        if wounds:
            draw.text((x + col_width - 8, y), wounds, font=face, fill=INK, anchor="rm")
    if overflow is not None:
        x = left + ((capacity - 1) // per_column) * col_width
        y = top + ((capacity - 1) % per_column) * ROW_HEIGHT + ROW_HEIGHT // 2
        draw.text((x, y), _fit(overflow, col_width - 8, face), font=face, fill=INK, anchor="lm")
