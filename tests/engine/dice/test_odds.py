"""Exact odds: known values, and agreement with brute-force enumeration."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import (
    D6,
    D20,
    WHU_ATTACK,
    WHU_DEFENCE,
    Die,
    Face,
    FaceCount,
    chance_at_least,
    chance_at_or_above,
    chance_at_or_under,
    chance_d20_at_or_under,
    chance_d20_under,
    distribution,
    kept_sum_distribution,
)
from tests.engine.dice.strategies import dice

SIXTH = Fraction(1, 6)


def mean(odds: dict[int, Fraction]) -> Fraction:
    return sum((outcome * chance for outcome, chance in odds.items()), Fraction(0))


def test_single_and_pair_of_d6() -> None:
    assert distribution(D6) == {n: SIXTH for n in range(1, 7)}
    two = distribution([D6, D6])
    assert two[7] == SIXTH and two[2] == Fraction(1, 36) and list(two) == list(range(2, 13))


def test_empty_pool_totals_zero() -> None:
    assert distribution([]) == {0: Fraction(1)}


def test_four_d6_keep_highest_three() -> None:
    odds = kept_sum_distribution([D6] * 4, 3)
    assert mean(odds) == Fraction(15869, 1296)  # the classic 12.24 of 4d6 drop lowest
    assert odds[18] == Fraction(21, 1296)
    assert kept_sum_distribution([D20, D20], 1, highest=False)[20] == Fraction(1, 400)
    assert kept_sum_distribution([D6], 0) == {0: Fraction(1)}


def test_kept_sum_refuses_impossible_keeps() -> None:
    with pytest.raises(ValueError, match="between 0 and 2"):
        kept_sum_distribution([D6, D6], 3)


def test_underworlds_symbol_odds() -> None:
    assert chance_at_least(WHU_ATTACK, "crit", 1) == SIXTH
    assert chance_at_least([WHU_ATTACK] * 2, "hammer", 1) == Fraction(5, 9)
    assert chance_at_least([WHU_DEFENCE] * 2, "block", 2) == Fraction(1, 9)
    assert distribution(WHU_ATTACK, lambda face: face.symbols.count("support")) == {
        0: Fraction(4, 6), 1: SIXTH, 2: SIXTH,
    }


def test_successes_with_a_predicate() -> None:
    assert chance_at_least([D6] * 3, lambda face: face.value >= 4, 2) == Fraction(1, 2)
    assert chance_at_least([D6] * 3, lambda face: face.value >= 4, 0) == 1


@pytest.mark.parametrize(
    ("target", "at_or_under", "under"),
    [(-3, 0, 0), (0, 0, 0), (1, Fraction(1, 20), 0), (12, Fraction(3, 5), Fraction(11, 20)), (20, 1, Fraction(19, 20)),
     (25, 1, 1)],
)
def test_d20_roll_under(target: int, at_or_under: Fraction, under: Fraction) -> None:
    assert chance_d20_at_or_under(target) == at_or_under
    assert chance_d20_under(target) == under


def test_single_die_targets() -> None:
    assert chance_at_or_above(D6, 4) == Fraction(1, 2)
    assert chance_at_or_under(D6, 2) == Fraction(1, 3)


def brute_force(pool: list[Die], count: FaceCount) -> dict[int, Fraction]:
    outcomes: Counter[int] = Counter()
    for faces in itertools.product(*(die.faces for die in pool)):
        outcomes[sum(count(face) for face in faces)] += 1
    size = sum(outcomes.values())
    return {outcome: Fraction(n, size) for outcome, n in outcomes.items()}


def face_value(face: Face) -> int:
    return face.value


def support_count(face: Face) -> int:
    return face.symbols.count("support")


def at_or_under_3(face: Face) -> int:
    return int(face.value <= 3)


counts = st.sampled_from([face_value, support_count, at_or_under_3])


@given(st.lists(dice, max_size=4), counts)
def test_any_small_pool_sums_to_exactly_one_and_matches_enumeration(pool: list[Die], count: FaceCount) -> None:
    odds = distribution(pool, count)
    assert sum(odds.values()) == 1
    assert all(chance > 0 for chance in odds.values())
    if len(pool) <= 3:
        assert odds == brute_force(pool, count)


@given(st.lists(dice, min_size=1, max_size=4), st.data())
def test_kept_sums_sum_to_exactly_one(pool: list[Die], data: st.DataObject) -> None:
    keep = data.draw(st.integers(0, len(pool)))
    odds = kept_sum_distribution(pool, keep, highest=data.draw(st.booleans()))
    assert sum(odds.values()) == 1
