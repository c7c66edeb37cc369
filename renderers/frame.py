"""What goes round the table in every picture, whatever the game: the title (a crop says what it shows, "around A1 and
B2"), the header (round, phase, whose turn, who is deciding, the score: ``BoardView.header``), the key of every symbol
drawn, and the roster of every model. Both kinds of board (inches and cells) lay it out with ``layout`` and draw it
with ``draw_frame``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.core.board import BoardView, OverlayKind
from renderers.canvas import Box, Canvas, in_box, key_widths, plan, rows_beside
from renderers.cells_text import nearest_cell
from renderers.fonts import HEADER, TITLE, length, write
from renderers.key import KeyEntry, draw_key, key_entries, key_rows
from renderers.legend import ROW_HEIGHT, LegendRow, draw_legend, fit, legend_rows
from renderers.palette import BACKGROUND, INK
from renderers.table import inches

__all__ = ["Frame", "clear_margins", "crop_title", "draw_frame", "frame_of", "layout"]

_AT_POINT = 0.3
"""Inches: a model whose base comes this close to where an overlay starts or ends is what the overlay is about."""


@dataclass(frozen=True, slots=True)
class Frame:
    """The words round one picture: its title, the header's lines, the key wrapped both ways (the roster beside
    the table or under it), and the roster's rows."""

    title: str
    header: tuple[str, ...]
    key: tuple[list[list[KeyEntry]], list[list[KeyEntry]]]
    roster: list[LegendRow]


def _names(ids: list[str]) -> str:
    return ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} and {ids[-1]}"


def crop_title(board: BoardView, box: Box) -> str:
    """What a cropped picture shows, by the models it is about: those where the overlays start or end (a move, a
    sight line), else the model at its middle (a zoom), else the part of the table: in hexes by the cells at its corners
    on a board of cells, else in inches."""
    anchors = [p for o in board.overlays if o.kind in (OverlayKind.PATH, OverlayKind.SIGHT) and o.points
               for p in (o.points[0], o.points[-1])]
    anchors += [o.center for o in board.overlays if o.kind is OverlayKind.RING and o.center is not None]
    inside = [m for m in board.models if not m.out and in_box(box, m.x, m.y)]
    about: list[str] = [m.id for m in inside if any(math.dist((m.x, m.y), p) <= m.radius + _AT_POINT
                                                    for p in anchors)]
    if not about:
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        about = [str(m.id) for m in inside if math.dist((m.x, m.y), middle) <= m.radius + 1.0][:1]
    if about:
        return f"{board.title}: around {_names(list(dict.fromkeys(about))[:4])}"
    if board.cells:  # a board of cells is read by its cells' ids, never in inches
        corners = dict.fromkeys((nearest_cell(board, (box[0], box[3])), nearest_cell(board, (box[2], box[1]))))
        return f"{board.title}: hexes {' to '.join(corners)}"  # top left to bottom right, as A1 is top left
    # Pillow's bundled font has no en dash, so ranges read "x 6" to 18"".
    return f"{board.title}: x {inches(box[0])} to {inches(box[2])}, y {inches(box[1])} to {inches(box[3])}"


def _wrap(parts: list[str], width: float) -> tuple[str, ...]:
    lines = [""]
    for part in parts:
        joined = f"{lines[-1]} | {part}" if lines[-1] else part
        if lines[-1] and length(joined, HEADER) > width:
            lines.append(part)
        else:
            lines[-1] = joined
    return tuple(line for line in lines if line)


def frame_of(board: BoardView, box: Box, cropped: bool) -> Frame:
    """The words round a picture of ``box`` of ``board`` (``cropped``: a part of the table, whose title says which)."""
    title = crop_title(board, box) if cropped else board.title
    header = _wrap(board.header.line().split(" | "), key_widths()[1]) if board.header is not None else ()
    entries = key_entries(board, box)
    beside, under = key_widths()
    roster = legend_rows(board)
    if len(roster) > rows_beside(len(header), ROW_HEIGHT):  # a large army: a run of alike models takes one row
        roster = legend_rows(board, runs=True)
    return Frame(title, header, (key_rows(entries, beside), key_rows(entries, under)), roster)


def layout(box: Box, frame: Frame) -> Canvas:
    """The picture's layout for ``frame``: header lines under the title, the key under the table, the roster."""
    return plan(box, len(frame.roster), ROW_HEIGHT, header_lines=len(frame.header),
                key_rows=(len(frame.key[0]), len(frame.key[1])))


def clear_margins(draw: ImageDraw.ImageDraw, canvas: Canvas) -> None:
    """Paint over whatever spilled past the table's edge (a ring, a base or a hex on the crop line), so the title,
    header, key and roster stand on a clean background."""
    width, height = canvas.size
    left, top, right, bottom = canvas.table_rect
    for rect in ((0, 0, width, top - 1), (0, bottom + 1, width, height), (0, 0, left - 1, height),
                 (right + 1, 0, width, height)):
        draw.rectangle(rect, fill=BACKGROUND)


def draw_frame(image: Image.Image, board: BoardView, canvas: Canvas, frame: Frame) -> None:
    """Write the title and header over the table, the key under it and the roster beside or under it."""
    width = canvas.size[0] - 2 * canvas.key[0] + 10
    write(image, (canvas.key[0], 8), fit(frame.title, width, TITLE), TITLE, INK, "lt")
    for index, line in enumerate(frame.header):
        write(image, (canvas.key[0], 44 + index * 32), line, HEADER, INK, "lt")
    draw_key(image, canvas, frame.key[0] if canvas.legend_columns == 1 else frame.key[1], ROW_HEIGHT)
    draw_legend(image, board, canvas, frame.roster)
