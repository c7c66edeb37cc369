"""The shared roll-off: summed pools, highest (or lowest) wins, and only the tied players roll again."""

from __future__ import annotations

import pytest

from engine.dice import D20, ESSENCE_GREY, ESSENCE_YELLOW, Roller, roll_off


def test_the_higher_total_wins_and_ties_roll_again_among_the_tied() -> None:
    roller = Roller("s", rigged=[2, 1, 2, 1, 0, 0, 3, 2, 0, 0])
    rolled: list[str] = []

    def roll(player: str):
        rolled.append(player)
        return roller.roll_pool([ESSENCE_YELLOW, ESSENCE_GREY])

    result = roll_off(["A", "B", "C"], roll)
    assert rolled == ["A", "B", "C", "A", "B"]  # A and B tied on 3; C (0) is out
    assert result.winner == "A" and len(result.rounds) == 2
    assert result.working()[0] == "round 1: A 3 (2, 1), B 3 (2, 1), C 0 (blank, blank) - tied, the tied roll again"
    assert result.working()[-1] == "A wins the roll-off (highest score)"


def test_the_lowest_d20_wins_where_a_game_says_so() -> None:
    roller = Roller("s", rigged=[7, 7, 12, 4])
    result = roll_off(["A", "B"], lambda p: roller.roll_pool([D20]), lowest_wins=True)
    assert result.winner == "B" and [dict(r.scores) for r in result.rounds] == [{"A": 7, "B": 7}, {"A": 12, "B": 4}]


def test_a_roll_off_needs_two_players() -> None:
    with pytest.raises(ValueError, match="two or more distinct players"):
        roll_off(["A", "A"], lambda p: ())


def test_an_endless_tie_is_refused() -> None:
    with pytest.raises(ValueError, match="still tied"):
        roll_off(["A", "B"], lambda p: ())
