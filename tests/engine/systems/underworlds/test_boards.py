"""The core boards joined, and placement of objective tokens and fighters (Underworlds core rulebook, L147, L307,
L311, L385, L389; cases T73-T77)."""

from __future__ import annotations

import pytest

from engine.core.errors import InvalidCommand
from engine.hex import Edge, Hex, HexBoard, Joined, Layout
from engine.systems.underworlds.boards import (
    TOKEN_SPACING,
    alternate,
    battlefield,
    dead_end_possible,
    edge_hexes,
    legal_layouts,
    objective_hexes,
    parse_layout,
    starting_hexes,
)
from tests.engine.systems.underworlds.loader import shipped

MIRROR, STARDIAL = shipped().board("mirror-well"), shipped().board("shyishian-stardial")


def joined(layout: str = "long+0") -> Joined:
    return battlefield(MIRROR, STARDIAL, parse_layout(layout), ("A", "B"))


def test_the_flush_long_join_of_two_core_boards() -> None:
    board = joined().board
    assert len(board) == 83
    assert [board.region_of(board.hex_of(h)) for h in ("H5", "D6", "A7")] == ["A", None, "B"]
    # Shyishian Stardial's blocked [3, 2], [1, 3], [2, 3] are rows 9 and 10 of the joined board.
    assert sorted(board.id_of(h) for h in board.hexes_with("blocked")) == ["B10", "C10", "D9"]
    assert len(starting_hexes(board, "A")) == len(starting_hexes(board, "B")) == 7


def test_layouts_and_their_names() -> None:
    found = legal_layouts(MIRROR, STARDIAL)
    assert len(found) == 40
    assert parse_layout("long-2 second-turned") == Layout(Edge.LONG, -2, False, True)
    assert parse_layout(" Short both-turned ") == Layout(Edge.SHORT, 0, True, True)
    assert len(joined("short").board) == 78
    with pytest.raises(InvalidCommand, match=r"too few completed hexes: a long edge needs 3, a short edge 2 "
                                             r"\(Underworlds core rulebook, L147\)"):
        joined("long+5")
    with pytest.raises(InvalidCommand, match="cannot read layout"):
        parse_layout("diagonal")


def test_t73_t74_objective_token_spacing_and_forbidden_hexes() -> None:
    board = joined().board
    first = board.hex_of("D4")
    allowed = objective_hexes(board, [first])
    two_away = board.hex_of("F4")  # two hexes east of D4
    three_away = board.hex_of("D7")
    assert first.distance(two_away) == 2 and two_away not in allowed
    assert first.distance(three_away) == 3 and three_away in allowed
    edges, starts = board.edge_hexes(), board.hexes_with("starting")
    assert not allowed & (edges | starts | board.hexes_with("blocked"))
    last = objective_hexes(board, [first], last=True)
    assert last & edges and not last & starts


def test_a_token_that_fits_nowhere_else_may_use_an_edge_hex() -> None:
    """L307: on a 5 x 5 board every inner hex is within two of C3, so the next token goes to a far edge hex."""
    small = HexBoard.from_offsets([(c, r) for r in range(5) for c in range(5)])
    found = objective_hexes(small, [small.hex_of("C3")])
    assert sorted(small.id_of(h) for h in found) == ["A1", "A5", "E1", "E2", "E4", "E5"]
    crowded = [small.hex_of(h) for h in ("A1", "C3", "E1", "A5", "E5")]
    last_resort = objective_hexes(small, crowded)  # ruling objective-placement-dead-end: spacing dropped
    assert last_resort and not last_resort & set(crowded)


def _placed_into_a_dead_end(board: HexBoard, count: int) -> bool:
    """Every order of placing ``count`` tokens by L307-L311, tried one by one: does one find no hex at all?"""

    def free(placed: list[Hex], last: bool) -> list[Hex]:
        spaced = [h for h in board.hexes if all(h.distance(p) > TOKEN_SPACING for p in placed)]
        return [h for h in spaced if h not in board.edge_hexes()] if not last else spaced

    def tries(placed: list[Hex]) -> bool:
        if len(placed) == count:
            return False
        last = len(placed) + 1 == count
        hexes = free(placed, last) or free(placed, True)
        return not hexes or any(tries([*placed, h]) for h in hexes)

    return tries([])


SMALL_BOARDS = {"5x5": [(c, r) for r in range(5) for c in range(5)],
                "4x3": [(c, r) for r in range(3) for c in range(4)],
                "6x4 notched": [(c, r) for r in range(4) for c in range(6) if (c, r) not in ((2, 1), (3, 2))],
                "3x6": [(c, r) for r in range(6) for c in range(3)]}


@pytest.mark.parametrize("name", SMALL_BOARDS)
def test_the_dead_end_search_agrees_with_trying_every_order_of_placing(name: str) -> None:
    """L307, L311 (ruling objective-placement-dead-end: refuse-layout): whether players could place tokens so one
    fits nowhere, even on an edge, as the search finds it and as every placing order shows it."""
    board = HexBoard.from_offsets(SMALL_BOARDS[name])
    found = [dead_end_possible(board, count) for count in (2, 3, 4)]
    assert found == [_placed_into_a_dead_end(board, count) for count in (2, 3, 4)]
    if name == "5x5":
        assert found == [False, True, True]  # two tokens can leave a third nowhere to go


def test_no_two_core_boards_joined_flush_leave_a_token_nowhere_to_go() -> None:
    """L307, L311: on the core battlefields tokens always find a hex (bench/underworlds_dead_ends.py checks every
    two-board layout of every board side)."""
    assert not any(dead_end_possible(battlefield(MIRROR, STARDIAL, layout, ("A", "B")).board, 5)
                   for layout in legal_layouts(MIRROR, STARDIAL)[:6])


def test_t75_t77_taking_turns() -> None:
    """T75: with five tokens the first placer places the 1st, 3rd and 5th. T77: 3 fighters against 5."""
    assert alternate("A", ("A", "B"), {"A": 3, "B": 2}) == ("A", "B", "A", "B", "A")
    assert alternate("B", ("A", "B"), {"A": 3, "B": 5}) == ("B", "A", "B", "A", "B", "A", "B", "B")
    assert alternate("C", ("A", "B", "C"), {"A": 3, "B": 2, "C": 2}) == ("C", "A", "B", "C", "A", "B", "A")


def test_t76_fighters_go_on_empty_starting_hexes_of_their_own_territory() -> None:
    board = joined().board
    mine = starting_hexes(board, "A")
    taken = next(iter(mine))
    assert taken not in starting_hexes(board, "A", occupied={taken})
    assert not mine & starting_hexes(board, "B")


def test_a_hex_next_to_a_blocked_hex_is_an_edge_hex_only_under_the_house_ruling() -> None:
    """L199, L311 (ruling edge-hexes): by the default an edge hex is one of the battlefield's outermost hexes, so a
    token may go next to a blocked hex; under ``blocked-makes-edge`` that hex counts as an edge hex and takes no
    token but the last."""
    board = joined().board
    blocked = next(iter(board.hexes_with("blocked")))
    beside = [n for n in blocked.neighbours() if n in board.hexes and not board.is_blocked(n)
              and n not in board.edge_hexes() and n not in board.hexes_with("starting")]
    assert beside
    default = objective_hexes(board, [], edges=edge_hexes(board))
    house = objective_hexes(board, [], edges=edge_hexes(board, blocked_makes_edge=True))
    assert set(beside) <= default and not set(beside) & house
    assert set(beside) <= objective_hexes(board, [], last=True, edges=edge_hexes(board, blocked_makes_edge=True))
