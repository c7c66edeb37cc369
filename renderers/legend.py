"""The roster: every model of every side (not only those in the picture), with its id, name, states and tokens and
its wounds; a model taken out is listed as out, greyed. Grouped by side, beside the table or under it."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.core.board import BoardView, ModelMark
from engine.core.ids import SideId
from renderers.canvas import Canvas
from renderers.fonts import LEGEND, length, write
from renderers.palette import INK, side_colour

__all__ = ["OUT_GREY", "ROW_HEIGHT", "LegendRow", "draw_legend", "fit", "legend_rows", "model_summary",
           "wounds_text"]

ROW_HEIGHT = 28
"""Output pixels per roster or key row."""

OUT_GREY = (128, 128, 128)
"""A model taken out: its roster line and the marker where it fell."""


@dataclass(frozen=True, slots=True)
class LegendRow:
    """One line of the roster: a side's heading (``model`` is None) or one model."""

    side: SideId
    model: ModelMark | None = None
    last: ModelMark | None = None
    """The last of a run of alike models shown as one row (``A16-A20 Phalanx``), None for a single model."""

    @property
    def ids(self) -> str:
        first = self.model.id if self.model is not None else ""
        return f"{first}-{self.last.id}" if self.last is not None else first


def wounds_text(model: ModelMark) -> str:
    """Return wounds as the view gives them: "3/5", "3", or "" when the game does not track them."""
    if model.wounds is None:
        return ""
    return f"{model.wounds}/{model.max_wounds}" if model.max_wounds is not None else str(model.wounds)


def model_summary(model: ModelMark) -> str:
    """Return a model's name followed by its states and tokens (``out`` when taken out), as one short phrase."""
    extras = ", ".join(("out",) if model.out else (*model.states, *model.tokens))
    return f"{model.name} ({extras})" if extras else model.name


def legend_rows(board: BoardView, *, runs: bool = False) -> list[LegendRow]:
    """The roster's rows: every model of each side, sides in ``board.sides`` order, whatever the picture crops;
    with ``runs`` a run of alike models is one row (``A16-A20 Phalanx``)."""
    rows: list[LegendRow] = []
    for side in board.sides:
        mine = [m for m in board.models if m.side == side]
        if mine:
            rows.append(LegendRow(side))
        for mark in mine:
            run = rows[-1]
            if runs and run.model is not None and _alike(run.last or run.model, mark):
                rows[-1] = LegendRow(side, run.model, mark)
            else:
                rows.append(LegendRow(side, mark))
    return rows


def _alike(previous: ModelMark, mark: ModelMark) -> bool:
    """Whether ``mark`` carries on a run of one row: the next id (A16 after A15) of a model alike in all the roster
    says. A unit of five then takes one row, and a large army's roster leaves the table its room."""
    prefix, number = _split(previous.id)
    return (_split(mark.id) == (prefix, number + 1) and number >= 0 and not previous.out and not mark.out
            and model_summary(previous) == model_summary(mark) and wounds_text(previous) == wounds_text(mark))


def _split(model_id: str) -> tuple[str, int]:
    """``A16`` as ("A", 16); an id without a number as (it, -1), alike to nothing."""
    digits = len(model_id) - len(model_id.rstrip("0123456789"))
    return (model_id[:-digits], int(model_id[-digits:])) if digits else (model_id, -1)


def fit(text: str, width: float, size: int = LEGEND) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels at ``size`` (found by halving, not letter by letter)."""
    if length(text, size) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if length(text[:mid] + "…", size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


def draw_legend(image: Image.Image, board: BoardView, canvas: Canvas, rows: list[LegendRow]) -> None:
    """Draw the rows into the layout's roster rectangle, column by column; cut with "+N more" if they overflow."""
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = canvas.legend
    columns = canvas.legend_columns
    col_width = (right - left) // columns
    per_column = max(1, (bottom - top) // ROW_HEIGHT)
    capacity = per_column * columns
    total = len(rows)
    overflow: str | None = None
    if total > capacity:
        rows = rows[: capacity - 1]
        overflow = f"+{total - len(rows)} more rows (see the text description)"
    id_width = max((length(row.ids, LEGEND) for row in rows if row.model is not None), default=0.0)
    for index, row in enumerate(rows):
        x = left + (index // per_column) * col_width
        y = top + (index % per_column) * ROW_HEIGHT + ROW_HEIGHT // 2
        colour = side_colour(board, row.side)
        if row.model is None:
            draw.rectangle((x, y - 8, x + 16, y + 8), fill=colour, outline=INK)
            write(image, (x + 24, y), f"Side {row.side}", LEGEND, INK, "lm")
            continue
        model = row.model
        ink = OUT_GREY if model.out else INK
        if model.out:
            draw.line((x + 3, y - 6, x + 15, y + 6), fill=OUT_GREY, width=3)
            draw.line((x + 3, y + 6, x + 15, y - 6), fill=OUT_GREY, width=3)
        else:
            draw.ellipse((x + 2, y - 7, x + 16, y + 7), fill=colour, outline=INK)
        wounds = "" if model.out else wounds_text(model)
        wounds_w = length(wounds, LEGEND) if wounds else 0
        write(image, (x + 24, y), row.ids, LEGEND, ink, "lm")
        name_x = x + 24 + id_width + 10
        write(image, (name_x, y), fit(model_summary(model), col_width - (name_x - x) - wounds_w - 14), LEGEND, ink,
              "lm")
        if wounds:
            write(image, (x + col_width - 8, y), wounds, LEGEND, INK, "rm")
    if overflow is not None:
        x = left + ((capacity - 1) // per_column) * col_width
        y = top + ((capacity - 1) % per_column) * ROW_HEIGHT + ROW_HEIGHT // 2
        write(image, (x, y), fit(overflow, col_width - 8), LEGEND, INK, "lm")
