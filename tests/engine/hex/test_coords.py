"""Axial coordinates: distance, neighbours, rings, offset conversion and ids, with numbers and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hex import (
    DIRECTIONS,
    Hex,
    HexIdError,
    cell_name,
    direction_index,
    distance,
    from_offset,
    parse_cell_name,
    ring,
    to_offset,
    within,
)
from tests.budget import examples

coords = st.integers(min_value=-40, max_value=40)
hexes = st.builds(Hex, coords, coords)


def test_distance_counts_steps() -> None:
    assert distance(Hex(0, 0), Hex(3, 0)) == 3
    assert distance(Hex(0, 0), Hex(2, -3)) == 3
    assert distance(Hex(0, 0), Hex(-2, 4)) == 4
    assert distance(Hex(1, 1), Hex(1, 1)) == 0


def test_the_six_neighbours_are_adjacent_and_distinct() -> None:
    here = Hex(2, -1)
    assert len(set(here.neighbours())) == 6
    assert all(distance(here, n) == 1 for n in here.neighbours())
    assert [direction_index(here, n) for n in here.neighbours()] == list(range(6))


def test_direction_index_refuses_hexes_that_do_not_touch() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        direction_index(Hex(0, 0), Hex(2, 0))


def test_rings_and_areas_have_the_textbook_sizes() -> None:
    assert ring(Hex(0, 0), 0) == (Hex(0, 0),)
    assert [len(ring(Hex(0, 0), n)) for n in range(1, 5)] == [6, 12, 18, 24]
    assert len(list(within(Hex(0, 0), 3))) == 37  # 3n(n+1) + 1
    with pytest.raises(ValueError, match="at least 0"):
        ring(Hex(0, 0), -1)


def test_offset_layout_is_odd_r() -> None:
    # Odd rows sit half a hex right: the hex below-right of (0, 0) is column 0 of row 1.
    assert to_offset(Hex(0, 1)) == (0, 1)
    assert to_offset(Hex(-1, 2)) == (0, 2)
    assert from_offset(3, 4) == Hex(1, 4)


def test_ids_read_like_the_picture() -> None:
    assert cell_name(0, 0) == "A1"
    assert cell_name(2, 3) == "C4"
    assert cell_name(25, 0) == "Z1"
    assert cell_name(26, 9) == "AA10"
    assert parse_cell_name("c4") == (2, 3)
    assert parse_cell_name(" AA10 ") == (26, 9)


@pytest.mark.parametrize("text", ["", "4C", "C", "C0", "C-1", "C 4 5", "!"])
def test_unreadable_ids_say_what_is_accepted(text: str) -> None:
    with pytest.raises(HexIdError, match="column letter and a row number, like C4"):
        parse_cell_name(text)


@settings(max_examples=examples(200), deadline=None)
@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_on_itself(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@settings(max_examples=examples(200), deadline=None)
@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@settings(max_examples=examples(100), deadline=None)
@given(hexes, st.integers(min_value=0, max_value=6))
def test_a_ring_lies_at_its_radius(center: Hex, radius: int) -> None:
    found = ring(center, radius)
    assert len(set(found)) == max(1, 6 * radius)
    assert all(distance(center, h) == radius for h in found)


@settings(max_examples=examples(200), deadline=None)
@given(hexes)
def test_offset_and_ids_round_trip(h: Hex) -> None:
    assert from_offset(*to_offset(h)) == h
    column, row = to_offset(h)
    if column >= 0 and row >= 0:
        assert parse_cell_name(cell_name(column, row)) == (column, row)


def test_directions_are_the_six_unit_steps() -> None:
    assert {distance(Hex(0, 0), d) for d in DIRECTIONS} == {1}
    assert sum(d.q for d in DIRECTIONS) == sum(d.r for d in DIRECTIONS) == 0


def test_e1_e3_within_counts_steps_and_adjacent_is_within_one() -> None:
    """E1, E3 (Underworlds core rulebook, L247-L263, L839): "within N hexes" is the hex distance, and adjacent is
    within one hex."""
    b = Hex(0, 0)
    two_away = Hex(1, 1)  # one step south-east, one east
    assert two_away in set(within(b, 2)) and two_away not in set(within(b, 1))
    assert set(within(b, 1)) - {b} == set(b.neighbours())
