"""Shroudfall's essence dice as data: their faces, sums with blanks as 0, and the exact odds the digest gives."""

from __future__ import annotations

from fractions import Fraction

from engine.dice import ESSENCE_DICE, ESSENCE_GREY, ESSENCE_RED, ESSENCE_YELLOW, Roller, distribution, total


def _values(colour: str) -> list[int]:
    return [face.value for face in ESSENCE_DICE[colour].faces]


def test_face_lists_in_the_order_the_colours_are_named() -> None:
    # Shroudfall beta rulebook v1.4, L191-195: grey, yellow, red, then three face lists in that order.
    assert _values("grey") == [0, 0, 1, 1, 2, 2]
    assert _values("yellow") == [0, 1, 2, 2, 3, 3]
    assert _values("red") == [2, 2, 3, 3, 4, 4]
    assert [face.label for face in ESSENCE_GREY.faces][:2] == ["blank", "blank"]


def test_a_rolled_pool_sums_its_faces_blanks_counting_zero() -> None:
    # L248-252: two yellow and two grey roll 3, 2, 0, 0 for a total of 5.
    roller = Roller("seed", rigged=[3, 2, "blank", "blank"])
    rolls = roller.roll_pool([ESSENCE_YELLOW, ESSENCE_YELLOW, ESSENCE_GREY, ESSENCE_GREY])
    assert [r.value for r in rolls] == [3, 2, 0, 0] and total(rolls) == 5


def _at_least(dice: list, k: int) -> Fraction:
    return sum((p for v, p in distribution(dice).items() if v >= k), Fraction(0))


def test_exact_odds_of_the_pools_the_digest_checks() -> None:
    y, g, r = ESSENCE_YELLOW, ESSENCE_GREY, ESSENCE_RED
    mean = sum(v * p for v, p in distribution([y, y, g, g]).items())
    assert mean == Fraction(17, 3) and max(distribution([y, y, g, g])) == 10
    assert _at_least([y, y, g, g], 5) == Fraction(79, 108)
    assert abs(float(_at_least([y, y, y, y, g], 5)) - 0.948) < 0.001
    assert abs(float(_at_least([r, g, g, g], 5)) - 0.815) < 0.001
