"""Pushes and drive-backs (Underworlds core rulebook, L413, L511, L567; cases T23, T24, T26-T28, T83)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hex import (
    DIRECTIONS,
    Hex,
    away_hexes,
    directly_away,
    distance,
    drive_back_hexes,
    push_hexes,
    straight_on,
    to_offset,
)
from tests.budget import examples
from tests.engine.hex.conftest import CENTRE, open_board

E, NE, NW, W, SW, SE = DIRECTIONS


def test_an_adjacent_attacker_leaves_three_hexes_two_away() -> None:
    """T27, L511 (the diagram's three hexes): each is at distance 2 from the attacker."""
    attacker, target = CENTRE, CENTRE + E
    found = drive_back_hexes(open_board(), target, attacker)
    assert set(found) == {target + NE, target + E, target + SE}
    assert {distance(h, attacker) for h in found} == {2}


def test_a_ranged_attacker_leaves_three_on_an_axis_and_two_off_it() -> None:
    """T28, L511: from three hexes away along a row, three hexes are further away; off every axis, two."""
    assert len(away_hexes(CENTRE + E.scaled(3), CENTRE)) == 3
    off_axis = CENTRE + E + E + SE
    assert len(away_hexes(off_axis, CENTRE)) == 2


def test_directly_away_is_the_hex_straight_on_or_the_two_either_side() -> None:
    assert directly_away(CENTRE + E, CENTRE) == (CENTRE + E + E,)
    # Two hexes off-axis (E then SE): the line runs between the E and SE neighbours of the target.
    target = CENTRE + E + SE
    assert set(directly_away(target, CENTRE)) == {target + E, target + SE}
    with pytest.raises(ValueError, match="cannot push away"):
        away_hexes(CENTRE, CENTRE)


def test_blocked_occupied_and_missing_hexes_are_no_push_destination() -> None:
    """T83, L413: nothing moves a fighter into or through a blocked or occupied hex."""
    target = CENTRE + E
    board = open_board(blocked=[to_offset(target + NE)])
    assert drive_back_hexes(board, target, CENTRE, occupied={target + E}) == (target + SE,)
    corner = board.hex_of("A1")
    assert set(push_hexes(board, corner)) == {corner + E, corner + SE}


def test_knockback_goes_straight_on_and_stops_at_a_blocked_hex() -> None:
    """T23, T24, T26, L567: the extra hexes keep the first push's direction and stop before a blocked hex."""
    start, first = CENTRE, CENTRE + E
    assert straight_on(open_board(), start, first, 1) == (first + E,)
    assert straight_on(open_board(), start, first, 2) == (first + E, first + E + E)  # two Knockback 1 add up
    walled = open_board(blocked=[to_offset(first + E)])
    assert straight_on(walled, start, first, 1) == ()
    assert straight_on(open_board(), start, first, 3, occupied={first + E + E}) == (first + E,)
    with pytest.raises(ValueError, match="not adjacent"):
        straight_on(open_board(), start, first + E, 1)


offsets = st.builds(Hex, st.integers(-4, 4), st.integers(-4, 4))


@settings(max_examples=examples(150), deadline=None)
@given(offsets.filter(lambda h: h != Hex(0, 0)))
def test_away_hexes_are_two_or_three_and_one_further(vector: Hex) -> None:
    target = CENTRE + vector
    found = away_hexes(target, CENTRE)
    assert len(found) in (2, 3)
    assert all(distance(h, CENTRE) == distance(target, CENTRE) + 1 for h in found)
    assert set(directly_away(target, CENTRE)) <= set(found)
