"""Boards joined from two tiles (Underworlds core rulebook, L143-L147 joining rule; L153-L163, L389)."""

from __future__ import annotations

import pytest

from engine.hex import Edge, Layout, Placement, Tile, join, layouts, place, to_offset

PLAIN = Tile.build("plain", {})
MARKED = Tile.build("marked", {"blocked": [(3, 2)], "starting": [(1, 1), (5, 4)]})


def test_a_tile_has_38_hexes_and_18_half_hexes() -> None:
    assert len(PLAIN.cells()) == 8 + 7 + 8 + 7 + 8
    assert len(PLAIN.halves()) == 7 + 7 + 2 + 2


def test_turning_half_round_moves_marks_to_the_opposite_corner() -> None:
    turned = MARKED.turned()
    assert turned.kinds_at((7 - 3, 4 - 2)) == {"blocked"}
    assert turned.kinds_at((6 - 1, 4 - 1)) == {"starting"}
    assert turned.turned() == MARKED
    assert turned.halves() == MARKED.halves()


def test_flush_long_join_completes_seven_hexes_and_gives_83() -> None:
    joined = join(place(MARKED, PLAIN, Layout(Edge.LONG), regions=("A", "B")))
    board = joined.board
    assert len(board) == 83 and board.size() == (8, 11)
    assert len(joined.completed) == 7 and {r for _, r in joined.completed} == {5}
    assert [board.region_of(board.hex_of(name)) for name in ("A1", "A6", "A7")] == ["A", None, "B"]
    assert {board.id_of(h) for h in board.hexes_with("blocked")} == {"D3"}
    assert len(board.edge_hexes()) == 34


def test_short_join_is_flush_only_and_completes_two_hexes() -> None:
    joined = join(place(PLAIN, PLAIN, Layout(Edge.SHORT)))
    assert len(joined.board) == 78 and joined.board.size() == (16, 5)
    assert sorted(joined.completed) == [(7, 1), (7, 3)]


def test_sliding_keeps_ids_starting_at_a1() -> None:
    joined = join(place(MARKED, PLAIN, Layout(Edge.LONG, slide=-4)))
    assert len(joined.completed) == 3
    assert joined.board.size() == (12, 11)
    offsets = [to_offset(h) for h in joined.board.hexes]
    assert min(c for c, _ in offsets) == 0 and min(r for _, r in offsets) == 0
    assert joined.placements[0].column == 4  # the first tile moved right to make room


def test_layouts_follow_the_three_and_two_hex_minimum() -> None:
    """L147: long edges need at least three completed hexes (slides of 0 to 4), short edges at least two."""
    found = layouts(PLAIN, PLAIN, min_long=3, min_short=2)
    long_slides = {layout.slide for layout in found if layout.edge is Edge.LONG}
    short_slides = {layout.slide for layout in found if layout.edge is Edge.SHORT}
    assert long_slides == set(range(-4, 5)) and short_slides == {0}
    assert len(found) == 9 * 4 + 4
    assert Layout(Edge.LONG, -2, False, True).name == "long-2 second-turned"


def test_overlapping_tiles_and_half_row_shifts_are_refused() -> None:
    with pytest.raises(ValueError, match="overlap"):
        join([Placement(PLAIN), Placement(PLAIN, column=2, row=2)])
    with pytest.raises(ValueError, match="whole pairs of rows"):
        Placement(PLAIN, row=3)
    with pytest.raises(ValueError, match="odd number of rows"):
        Tile("even", rows=4)
    with pytest.raises(ValueError, match="not hexes"):
        Tile.build("bad", {"blocked": [(7, 1)]})
