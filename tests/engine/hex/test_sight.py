"""Line of sight centre to centre (Underworlds core rulebook, L491; cases T38-T40), exact on the lattice."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hex import Contact, Hex, SightRule, can_see, line_of_sight, to_offset, within
from tests.budget import examples
from tests.engine.hex.conftest import CENTRE, HEIGHT, WIDTH, open_board

E, SE = Hex(1, 0), Hex(0, 1)


def test_adjacent_hexes_always_see_each_other() -> None:
    """L423, L491: the line crosses only the shared edge's middle, touching no third hex."""
    neighbours = CENTRE.neighbours()
    for index, seen in enumerate(neighbours):
        board = open_board(blocked=[to_offset(n) for n in neighbours if n != seen])
        assert can_see(board, CENTRE, seen), index


def test_between_axes_either_middle_hex_blocks() -> None:
    """T38, L491: two hexes apart between the axes, the line runs along the edge the two middle hexes share."""
    target = CENTRE + E + SE  # distance 2, off every axis
    for middle in (CENTRE + E, CENTRE + SE):
        board = open_board(blocked=[to_offset(middle)])
        sight = line_of_sight(board, CENTRE, target)
        assert sight.contacts == ((middle, Contact.EDGE),)
        assert not sight.clear
        assert not line_of_sight(board, CENTRE, target, SightRule.EDGE).clear
        assert line_of_sight(board, CENTRE, target, SightRule.CROSS).clear


def test_a_blocked_hex_on_a_straight_row_blocks() -> None:
    """T39, L491 and L847: blocked hexes cannot be seen through."""
    board = open_board(blocked=[to_offset(CENTRE + E + E)])
    sight = line_of_sight(board, CENTRE, CENTRE + E.scaled(4), SightRule.CROSS)
    assert sight.blockers == (CENTRE + E + E,)
    assert can_see(board, CENTRE, CENTRE + E)  # the hex before the wall is seen


def test_fighters_do_not_block() -> None:
    """T40, L491: only blocked hexes stop sight, so a board without them sees everywhere."""
    board = open_board()
    assert all(can_see(board, CENTRE, h) for h in within(CENTRE, 5))


def test_grazing_one_corner_blocks_only_under_the_touch_rule() -> None:
    """From (0,0) to (4,1) the line passes exactly through one corner of the hex at (1,1) (lattice point 3,1)."""
    target, grazed = CENTRE + Hex(4, 1), CENTRE + Hex(1, 1)
    board = open_board(blocked=[to_offset(grazed)])
    sight = line_of_sight(board, CENTRE, target)
    assert sight.contacts == ((grazed, Contact.CORNER),)
    assert not sight.clear
    assert line_of_sight(board, CENTRE, target, SightRule.EDGE).clear
    assert line_of_sight(board, CENTRE, target, SightRule.CROSS).clear


def test_temporary_blocked_hexes_replace_the_boards() -> None:
    board = open_board()
    wall = CENTRE + E
    assert line_of_sight(board, CENTRE, CENTRE + E + E, blocked={wall}).blockers == (wall,)
    assert can_see(board, CENTRE, CENTRE)


cells = st.tuples(st.integers(0, WIDTH - 1), st.integers(0, HEIGHT - 1))


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(cells, max_size=25), cells, cells)
def test_sight_is_symmetric_and_the_rules_nest(blocked: list[tuple[int, int]], a: tuple[int, int],
                                               b: tuple[int, int]) -> None:
    board = open_board(blocked=[p for p in blocked if p not in (a, b)])
    one, two = board.hex_of(f"{chr(65 + a[0])}{a[1] + 1}"), board.hex_of(f"{chr(65 + b[0])}{b[1] + 1}")
    for rule in SightRule:
        there, back = line_of_sight(board, one, two, rule), line_of_sight(board, two, one, rule)
        assert there.clear == back.clear
        assert set(there.contacts) == set(back.contacts)
    touch, edge, cross = (can_see(board, one, two, rule) for rule in SightRule)
    assert touch <= edge <= cross  # each rule blocks no more than the one before
