"""Hex boards as view marks: the frame, cell marks by kind and owner, hidden token numbers, path labels."""

from __future__ import annotations

import pytest

from engine.core.board import LineStyle, OverlayKind
from engine.core.ids import SideId
from engine.hex import HexBoard
from engine.hex.view import MARGIN, HexFrame, Token, cell_marks, path_overlay, sight_overlay

BOARD = HexBoard.from_offsets([(0, 0), (1, 0), (0, 1)], kinds={(1, 0): {"blocked", "lethal"}},
                              regions={(0, 0): "A"})


def test_the_frame_fits_the_outlines_with_a_margin() -> None:
    frame = HexFrame.of(BOARD)
    assert frame.width == pytest.approx(2 * 3**0.5 + 2 * MARGIN)  # B1 right edge to A1 left edge
    assert frame.height == pytest.approx(2 + 1.5 + 2 * MARGIN)
    a1 = frame.centre(BOARD.hex_of("A1"))
    a2 = frame.centre(BOARD.hex_of("A2"))
    assert a1[1] > a2[1]  # row 1 is drawn at the top: y grows up in a view
    assert all(0 <= x <= frame.width and 0 <= y <= frame.height for x, y in frame.outline(BOARD.hex_of("B1")))
    with pytest.raises(ValueError, match="no hexes"):
        HexFrame.of(HexBoard(()))


def test_cell_marks_carry_kinds_owner_and_hide_face_down_numbers() -> None:
    frame = HexFrame.of(BOARD)
    marks = {m.id: m for m in cell_marks(BOARD, frame, owner=lambda r: SideId(r) if r else None,
                                         tokens={BOARD.hex_of("A2"): Token("4", face_up=False),
                                                 BOARD.hex_of("A1"): Token("2")})}
    assert marks["B1"].kinds == ("blocked", "lethal") and marks["B1"].owner is None
    assert marks["A1"].owner == "A" and (marks["A1"].token, marks["A1"].token_face_up) == ("2", True)
    assert (marks["A2"].token, marks["A2"].token_face_up) == ("?", False)
    assert len(marks["A1"].polygon) == 6


def test_overlays_join_hex_centres_with_readable_labels() -> None:
    frame = HexFrame.of(BOARD)
    one = path_overlay(BOARD, frame, [BOARD.hex_of("A1"), BOARD.hex_of("A2")])
    assert one.kind is OverlayKind.PATH and one.label == "1 hex to A2"
    line = sight_overlay(frame, BOARD.hex_of("A1"), BOARD.hex_of("A2"), clear=False)
    assert line.style is LineStyle.BLOCKED and line.points[0] == frame.centre(BOARD.hex_of("A1"))


def test_a_frame_works_out_each_hex_outline_once() -> None:
    """Every picture of a board draws the same outlines (bench/token_placement.py): asked again, the same ones."""
    board = HexBoard.from_offsets([(0, 0), (1, 0)])
    frame = HexFrame.of(board)
    h = next(iter(board.hexes))
    assert frame.outline(h) is frame.outline(h) and frame.outline(h) == HexFrame.of(board).outline(h)
