"""Moves on a hex board: reach, shortest paths, path costs (Underworlds core rulebook, L403 cases T29-T32)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hex import Hex, PathError, destinations, distance, path_cost, reachable, shortest_path, to_offset
from tests.budget import examples
from tests.engine.hex.conftest import CENTRE, HEIGHT, WIDTH, open_board

E, W = Hex(1, 0), Hex(-1, 0)


def test_three_steps_around_a_fighter_reach_the_hex_behind_it() -> None:
    """T29, L403: the hex two steps east with a fighter between is three steps away."""
    board = open_board()
    goal = CENTRE + E + E
    path = shortest_path(board, CENTRE, goal, occupied={CENTRE + E})
    assert path is not None and len(path) - 1 == 3
    assert goal in destinations(board, CENTRE, 3, occupied={CENTRE + E})
    assert goal not in destinations(board, CENTRE, 2, occupied={CENTRE + E})


def test_a_hex_behind_a_blocked_hex_needs_four_steps() -> None:
    """T29, L403: three hexes east in a straight row, with the second blocked, is a four-step detour."""
    board = open_board(blocked=[to_offset(CENTRE + E + E)])
    goal = CENTRE + E.scaled(3)
    assert distance(CENTRE, goal) == 3
    assert reachable(board, CENTRE, 4)[goal] == 4
    assert goal not in destinations(board, CENTRE, 3)


def test_a_move_never_ends_where_it_started_or_on_a_fighter() -> None:
    """T30, L403 and L863: the start hex is no destination, however the path loops."""
    board = open_board()
    ends = destinations(board, CENTRE, 2, occupied={CENTRE + W})
    assert CENTRE not in ends and CENTRE + W not in ends
    # 19 hexes within 2, less the start, the occupied hex, and the hex straight beyond it (only reached through it)
    assert len(ends) == 16 and CENTRE + W + W not in ends


def test_no_path_through_a_friendly_fighter_and_the_cost_names_the_step() -> None:
    """T31, L403: fighters block moves whichever side they are on; the error names the step and hex."""
    board = open_board()
    with pytest.raises(PathError, match=r"step 1: H7 is occupied") as refusal:
        path_cost(board, [CENTRE, CENTRE + E, CENTRE + E + E], occupied={CENTRE + E})
    assert refusal.value.step == 1


def test_objective_tokens_do_not_block() -> None:
    """T32, L291: a token is not an obstacle, so nothing to pass as occupied and the path costs its length."""
    board = open_board()
    assert path_cost(board, [CENTRE, CENTRE + E, CENTRE + E + E]) == 2


def test_pass_through_lets_a_path_cross_fighters_but_not_end_on_them() -> None:
    board = open_board()
    fighters = {CENTRE + E, CENTRE + E + E}
    ends = destinations(board, CENTRE, 3, occupied=fighters, pass_through=fighters)
    assert CENTRE + E.scaled(3) in ends and not fighters & ends.keys()


@pytest.mark.parametrize(("path", "message"), [
    ([], "at least its starting hex"),
    ([Hex(-30, 0)], "starts off the board"),
    ([CENTRE, CENTRE + E + E], "does not touch"),
])
def test_bad_paths_are_refused_with_a_reason(path: list[Hex], message: str) -> None:
    with pytest.raises(PathError, match=message):
        path_cost(open_board(), path)


def test_a_step_off_the_board_or_into_a_blocked_hex_is_refused() -> None:
    board = open_board(blocked=[(1, 0)])
    corner = board.hex_of("A1")
    with pytest.raises(PathError, match="B1 is blocked"):
        path_cost(board, [corner, corner + E])
    with pytest.raises(PathError, match="is not on the board"):
        path_cost(board, [corner, corner + W])


def test_no_path_within_the_limit_is_none() -> None:
    board = open_board()
    assert shortest_path(board, CENTRE, CENTRE + E.scaled(4), limit=3) is None
    assert shortest_path(board, CENTRE, CENTRE) == (CENTRE,)


cells = st.tuples(st.integers(0, WIDTH - 1), st.integers(0, HEIGHT - 1))


@settings(max_examples=examples(80), deadline=None)
@given(st.lists(cells, max_size=30), cells, cells)
def test_a_path_is_never_shorter_than_the_distance(blocked: list[tuple[int, int]], a: tuple[int, int],
                                                   b: tuple[int, int]) -> None:
    board = open_board(blocked=[p for p in blocked if p not in (a, b)])
    start, goal = board.hex_of(f"{chr(65 + a[0])}{a[1] + 1}"), board.hex_of(f"{chr(65 + b[0])}{b[1] + 1}")
    path = shortest_path(board, start, goal)
    if path is None:
        assert goal not in reachable(board, start, WIDTH * HEIGHT)
        return
    cost = path_cost(board, path)
    assert cost >= distance(start, goal)
    assert cost == reachable(board, start, cost)[goal]
    back = shortest_path(board, goal, start)
    assert back is not None and len(back) == len(path)
