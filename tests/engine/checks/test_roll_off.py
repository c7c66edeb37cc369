"""Roll-offs on numbers: lowest (Sunshard:Embren) or highest (Shroudfall) wins, ties re-rolled by the tied."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from engine.checks import MAX_ROUNDS, decide_roll_off, roll_off


def test_the_lowest_roll_wins_when_lowest_wins() -> None:
    # Sunshard:Embren core rules v1.0, L359: the lowest result picks the first model.
    result = decide_roll_off([{"A": 12, "B": 4}], lowest_wins=True)
    assert result.winner == "B"
    assert result.working == ("roll-off: A 12, B 4; B rolled lowest and wins",)


def test_the_highest_roll_wins_when_highest_wins() -> None:
    assert decide_roll_off([{"A": 12, "B": 4}], lowest_wins=False).winner == "A"


def test_a_tie_is_rolled_again_by_the_tied() -> None:
    # Digest D-49 (L359): 7 and 7, re-roll; then 12 and 4, so the player who rolled 4 wins.
    tied = decide_roll_off([{"A": 7, "B": 7}], lowest_wins=True)
    assert tied.winner is None and tied.must_reroll == ("A", "B")
    settled = decide_roll_off([{"A": 7, "B": 7}, {"A": 12, "B": 4}], lowest_wins=True)
    assert settled.winner == "B"
    assert settled.working[0] == "roll-off: A 7, B 7; A and B tie on 7, and roll again"


def test_only_the_players_tied_for_the_win_roll_again() -> None:
    first = {"A": 3, "B": 3, "C": 9}
    assert decide_roll_off([first], lowest_wins=True).must_reroll == ("A", "B")
    with pytest.raises(ValueError, match="round 2 of the roll-off must be rolled by A, B"):
        decide_roll_off([first, {"A": 1, "B": 2, "C": 5}], lowest_wins=True)


def test_rounds_after_the_win_are_refused() -> None:
    with pytest.raises(ValueError, match="won in round 1"):
        decide_roll_off([{"A": 1, "B": 2}, {"A": 3, "B": 4}], lowest_wins=True)


def test_a_roll_off_needs_two_players() -> None:
    with pytest.raises(ValueError, match="at least two players"):
        decide_roll_off([{"A": 1}], lowest_wins=True)


def test_roll_off_asks_the_roller_until_someone_wins() -> None:
    queue = [{"A": 5, "B": 5}, {"A": 2, "B": 8}]
    asked: list[tuple[str, ...]] = []

    def roll(players: tuple[str, ...]) -> Mapping[str, int]:
        asked.append(players)
        return queue.pop(0)

    result = roll_off(("A", "B"), roll, lowest_wins=True)
    assert result.winner == "A" and asked == [("A", "B"), ("A", "B")] and len(result.rounds) == 2


def test_a_roller_that_always_ties_is_refused() -> None:
    with pytest.raises(ValueError, match=f"still tied after {MAX_ROUNDS}"):
        roll_off(("A", "B"), lambda players: dict.fromkeys(players, 4), lowest_wins=True)
