"""A hex board: ids typed by players, kinds, regions, edge hexes."""

from __future__ import annotations

import pytest

from engine.hex import Cell, Hex, HexBoard, HexIdError, from_offset
from tests.engine.hex.conftest import open_board


def test_ids_name_hexes_both_ways() -> None:
    board = open_board()
    assert board.id_of(from_offset(2, 3)) == "C4"
    assert board.hex_of("c4") == from_offset(2, 3)
    assert len(board) == 14 * 13


def test_an_id_off_the_board_names_close_ids() -> None:
    board = HexBoard.from_offsets([(0, 0), (1, 0), (2, 0)])
    with pytest.raises(HexIdError, match=r"no hex D1 on this board \(columns A to C, rows 1 to 1\)"):
        board.hex_of("D1")
    with pytest.raises(KeyError, match="not on this board"):
        board.id_of(Hex(9, 9))


def test_kinds_regions_and_blocked() -> None:
    board = HexBoard.from_offsets([(0, 0), (1, 0)], kinds={(1, 0): {"blocked", "lethal"}}, regions={(0, 0): "A"})
    a, b = from_offset(0, 0), from_offset(1, 0)
    assert board.is_blocked(b) and not board.is_blocked(a)
    assert board.passable(a) and not board.passable(b) and not board.passable(Hex(5, 5))
    assert board.has(b, "lethal") and board.hexes_with("lethal") == {b}
    assert board.region_of(a) == "A" and board.region_of(b) is None


def test_with_kind_returns_a_changed_copy() -> None:
    board = open_board()
    h = from_offset(3, 3)
    walled = board.with_kind([h], "blocked")
    assert walled.is_blocked(h) and not board.is_blocked(h)
    with pytest.raises(KeyError):
        board.with_kind([Hex(-20, 0)], "blocked")


def test_edge_hexes_are_those_with_a_missing_neighbour() -> None:
    board = open_board(blocked=[(5, 5)])
    edges = board.edge_hexes()
    # Rows 0 and 12 entirely, plus the first and last hex of the 11 rows between.
    assert len(edges) == 14 + 14 + 2 * 11
    assert from_offset(5, 5) not in edges  # blocked, but inside
    assert from_offset(5, 4) not in edges  # a blocked neighbour is still a hex


def test_a_board_refuses_shared_hexes_and_negative_offsets() -> None:
    with pytest.raises(ValueError, match="share the hex"):
        HexBoard((Cell(Hex(0, 0)), Cell(Hex(0, 0))))
    with pytest.raises(ValueError, match="starts at 0, 0"):
        HexBoard((Cell(Hex(-1, 0)),))


def test_edge_hexes_are_worked_out_once_per_board() -> None:
    """Each objective token placed asks for them again (bench/token_placement.py): the board keeps them, and a copy
    with a hex blocked works out its own."""
    board = open_board()
    assert board.edge_hexes() is board.edge_hexes()
    blocked = board.with_kind([from_offset(2, 2)], "blocked")
    assert blocked.edge_hexes() == board.edge_hexes() and blocked.edge_hexes() is blocked.edge_hexes()
