"""Hex boards drawn through the one renderer entry point: cells by kind, ids, tokens, fighters, no rulers."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.audience import Viewer
from engine.core.board import BoardView, LineStyle, ModelMark, Overlay, OverlayKind
from engine.core.ids import ModelId, SideId
from engine.hex import Edge, HexBoard, Layout, Tile, join, place
from engine.hex.view import HexFrame, Token, cell_marks, path_overlay, sight_overlay
from renderers import describe_board, render_board
from renderers.board import board_canvas
from renderers.canvas import LONG_SIDE
from renderers.cells import BLOCKED_FILL, CELL_FILL, ID_TEXT, LETHAL_FILL, TOKEN_DOWN, TOKEN_UP, cell_fill
from renderers.frame import frame_of
from renderers.key import key_entries
from renderers.palette import INK, SIDE_COLOURS
from tests.renderers.conftest import close, open_png

A, B = SideId("A"), SideId("B")
TOP = Tile.build("top", {"starting": [(1, 1), (3, 1)]})
BOTTOM = Tile.build("bottom", {"starting": [(2, 0)], "blocked": [(3, 2), (1, 3), (2, 3)]})


def hex_board() -> HexBoard:
    joined = join(place(TOP, BOTTOM, Layout(Edge.LONG), regions=("A", "B")))
    return joined.board.with_kind([joined.board.hex_of("D6")], "lethal")


def fighter(board: HexBoard, frame: HexFrame, model_id: str, side: SideId, cell: str, **fields: Any) -> ModelMark:
    x, y = frame.centre(board.hex_of(cell))
    return ModelMark(id=ModelId(model_id), name=f"Fighter {model_id}", side=side, x=x, y=y, radius=0.55, cell=cell,
                     **fields)


def view(tokens: dict[str, Token] | None = None, **fields: Any) -> tuple[BoardView, HexBoard, HexFrame]:
    board = hex_board()
    frame = HexFrame.of(board)
    marks = cell_marks(board, frame, owner=lambda region: SideId(region) if region else None,
                       tokens={board.hex_of(k): v for k, v in (tokens or {}).items()})
    values: dict[str, Any] = {"viewer": Viewer.of_side(A), "title": "Two boards", "width": frame.width,
                              "height": frame.height, "sides": (A, B), "cells": marks}
    values.update(fields)
    return BoardView(**values), board, frame


def pixel(image: Any, board_view: BoardView, point: tuple[float, float]) -> tuple[int, ...]:
    x, y = board_canvas(board_view).pt(*point)
    return tuple(image.getpixel((round(x), round(y))))


def test_png_keeps_the_long_side_and_is_taller_than_wide() -> None:
    board_view, _, _ = view()
    image = open_png(render_board(board_view))
    assert max(image.size) == LONG_SIDE
    assert board_view.height > board_view.width  # two 8 x 5 boards joined long edge to long edge


def test_cells_are_filled_by_kind_and_territory() -> None:
    board_view, board, frame = view()
    image = open_png(render_board(board_view))
    below_centre = 0.35  # under the centre, clear of the id and of a starting ring's line

    def at(cell: str) -> tuple[int, ...]:
        x, y = frame.centre(board.hex_of(cell))
        return pixel(image, board_view, (x + 0.2, y - below_centre))

    by_id = {c.id: c for c in board_view.cells}
    assert close(at("E3"), cell_fill(by_id["E3"], board_view))  # side A's territory
    assert close(at("E9"), cell_fill(by_id["E9"], board_view))  # side B's territory
    assert cell_fill(by_id["E3"], board_view) != cell_fill(by_id["E9"], board_view)
    assert close(at("E6"), CELL_FILL)  # a completed hex: nobody's territory
    assert close(at("D9"), BLOCKED_FILL, tolerance=30) or close(at("D9"), (130, 128, 136), tolerance=30)
    assert close(at("D6"), LETHAL_FILL)


def test_ids_are_written_in_their_cells() -> None:
    board_view, board, frame = view()
    image = open_png(render_board(board_view))
    x, y = frame.centre(board.hex_of("E3"))
    canvas = board_canvas(board_view)
    px, py = canvas.pt(x, y + 0.74)
    inked = [image.getpixel((round(px) + dx, round(py) + dy)) for dx in range(-12, 13) for dy in range(-6, 7)]
    assert any(close(p, ID_TEXT, tolerance=40) for p in inked)
    assert "Blocked hexes: D9, B10, C10." in describe_board(board_view)
    assert "Starting hexes: B2, D2, C7." in describe_board(board_view)


def test_objective_tokens_show_face_up_or_down_and_never_leak_a_hidden_number() -> None:
    board_view, board, frame = view({"E3": Token("3"), "F6": Token("4", face_up=False)})
    image = open_png(render_board(board_view))
    assert close(pixel(image, board_view, frame.centre(board.hex_of("E3"))), TOKEN_UP)
    assert close(pixel(image, board_view, frame.centre(board.hex_of("F6"))), TOKEN_DOWN)
    assert "3 in E3; face down in F6" in describe_board(board_view)
    other, _, _ = view({"E3": Token("3"), "F6": Token("5", face_up=False)})
    assert render_board(other) == render_board(board_view)
    assert describe_board(other) == describe_board(board_view)


def test_a_tokens_number_is_written_on_the_token_never_in_line_with_the_ids_of_the_row_below() -> None:
    """Written under the token, "C9 1 D9" read as three hex ids (newcomer finding): the number goes in a disc on
    the token's right rim, and below the token the cell is left as filled."""
    board_view, board, frame = view({"E3": Token("3")})
    image = open_png(render_board(board_view))
    cell = next(c for c in board_view.cells if c.id == "E3")
    x, y = frame.centre(board.hex_of("E3"))
    circumradius = max(abs(py - y) for _, py in cell.polygon)
    canvas = board_canvas(board_view)
    px, py = canvas.pt(x, y - 0.76 * circumradius)
    below = [image.getpixel((round(px) + dx, round(py) + dy)) for dx in range(-8, 9) for dy in range(-6, 3)]
    assert all(close(p, cell_fill(cell, board_view), tolerance=12) for p in below), "nothing written under the token"
    dx, dy = canvas.pt(x + 0.5 * circumradius, y - 0.12 * circumradius)
    disc = [image.getpixel((round(dx) + ex, round(dy) + ey)) for ex in range(-7, 8) for ey in range(-7, 8)]
    assert any(close(p, INK, tolerance=60) for p in disc) and any(close(p, TOKEN_UP) for p in disc)


def test_fighters_path_and_attack_line_are_drawn_in_side_colours() -> None:
    board_view, board, frame = view()
    path = [board.hex_of(c) for c in ("B2", "B3", "C4", "C5")]
    models = (fighter(board, frame, "G", A, "C5", wounds=2, max_wounds=4),
              fighter(board, frame, "S", B, "C6", wounds=4, max_wounds=4))
    drawn = board_view.model_copy(update={"models": models, "overlays": (
        path_overlay(board, frame, path), sight_overlay(frame, path[-1], board.hex_of("C6"), label="Attack"))})
    image = open_png(render_board(drawn))
    for mark, colour in zip(models, SIDE_COLOURS[:2], strict=False):
        assert close(pixel(image, drawn, (mark.x, mark.y - 0.35)), colour)
    text = describe_board(drawn)
    assert "movement path B2 > B3 > C4 > C5: 3 hexes to C5" in text
    assert "sight line (clear) from C5 to C6: Attack" in text
    assert "- G Fighter G, in C5, wounds 2/4" in text


def test_no_inch_rulers_on_a_cell_board() -> None:
    """The inch table writes edge labels under the table; a cell board leaves that margin empty."""
    board_view, _, _ = view()
    image = open_png(render_board(board_view))
    canvas = board_canvas(board_view)
    left, _, right, bottom = canvas.table_rect
    strip = [image.getpixel((x, y)) for x in range(left, right, 3) for y in range(bottom + 6, bottom + 24)]
    background = strip[0]
    assert all(close(p, background, tolerance=6) for p in strip)


@pytest.mark.parametrize("crop", [(0.0, 0.0, 8.0, 8.0)])
def test_a_cell_board_can_be_cropped(crop: tuple[float, float, float, float]) -> None:
    board_view, _, _ = view()
    image = open_png(render_board(board_view, crop=crop))
    assert max(image.size) == LONG_SIDE


def test_a_cropped_cell_board_is_titled_by_its_corner_hexes_and_its_rings_keyed_and_told_in_the_games_words() -> None:
    """A hex board is read in hexes, never inches: a crop about no model is titled by the hexes at its top left and
    bottom right; rings a game gives its own words (the hexes a Move may end in) are keyed and told so, once."""
    board_view, board, frame = view()
    rings = tuple(Overlay(kind=OverlayKind.RING, center=frame.centre(board.hex_of(cell)), radius=0.8,
                          style=LineStyle.CLEAR, key="a hex G can move to") for cell in ("C5", "C6"))
    board_view = board_view.model_copy(update={"overlays": rings})
    top_left, bottom_right = frame.centre(board.hex_of("A1")), frame.centre(board.hex_of("C6"))
    crop = (top_left[0], bottom_right[1], bottom_right[0], top_left[1])
    assert frame_of(board_view, crop, True).title == "Two boards: hexes A1 to C6"
    assert [e.text for e in key_entries(board_view, crop) if e.glyph.startswith("ring")] == ["a hex G can move to"]
    assert "Shown: a hex G can move to: C5, C6." in describe_board(board_view)
