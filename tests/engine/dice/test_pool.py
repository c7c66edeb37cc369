"""Counting a rolled pool."""

from __future__ import annotations

from engine.dice import (
    D6,
    WHU_ATTACK,
    Roller,
    count_at_least,
    count_at_most,
    count_symbol,
    keep_highest,
    keep_lowest,
    kept_positions,
    total,
)

ROLLS = Roller("pool", rigged=[5, 3, 1, 6, 3]).roll_pool([D6] * 5)


def test_successes_against_a_target() -> None:
    assert count_at_most(ROLLS, 3) == 3
    assert count_at_least(ROLLS, 5) == 2
    assert total(ROLLS) == 18


def test_symbols_count_each_time_they_show() -> None:
    rolls = Roller("pool", rigged=["double support", "support", "hammer", "crit"]).roll_pool([WHU_ATTACK] * 4)
    assert count_symbol(rolls, "support") == 3
    assert count_symbol(rolls, "crit") == 1
    assert count_symbol(rolls, "swords") == 0


def test_keep_highest_and_lowest_keep_roll_order() -> None:
    assert [roll.value for roll in keep_highest(ROLLS, 3)] == [5, 3, 6]
    assert [roll.value for roll in keep_lowest(ROLLS, 2)] == [3, 1]
    assert keep_highest(ROLLS, 0) == () and keep_lowest(ROLLS, 9) == ROLLS


def test_ties_keep_the_earlier_die() -> None:
    assert kept_positions([3, 5, 3], 2, highest=True) == {0, 1}
    assert kept_positions([3, 1, 3], 2, highest=False) == {0, 1}
    assert kept_positions([4, 4], -1, highest=True) == frozenset()
