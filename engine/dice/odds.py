"""Exact odds of a pool, as Fractions, so a player sees the true chance before committing.

Each die becomes an icepool die over what a face counts for (its value, a symbol, a success), and the
pool is their exact convolution; small pools enumerate in well under a millisecond.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

import icepool

from engine.dice.faces import D20, Die, Face

__all__ = [
    "FaceCount",
    "chance_at_least",
    "chance_at_or_above",
    "chance_at_or_under",
    "chance_d20_at_or_under",
    "chance_d20_under",
    "distribution",
    "kept_sum_distribution",
]

FaceCount = Callable[[Face], int]
"""What one face counts for: its value, how many of a symbol it shows, 1 for a success, ..."""


def _pool(dice: Die | Sequence[Die]) -> tuple[Die, ...]:
    return (dice,) if isinstance(dice, Die) else tuple(dice)


def _face_value(face: Face) -> int:
    return face.value


def _icepool_die(die: Die, count: FaceCount) -> icepool.Die:
    return icepool.Die([count(face) for face in die.faces])


def _as_fractions(result: icepool.Die) -> dict[int, Fraction]:
    denominator = int(result.denominator())
    return {int(outcome): Fraction(int(quantity), denominator) for outcome, quantity in result.items() if quantity}


def distribution(dice: Die | Sequence[Die], count: FaceCount | None = None) -> dict[int, Fraction]:
    """Return the exact distribution of the pool's total, each face counting ``count(face)`` (default: its value).

    Outcomes are in ascending order and the chances sum to exactly 1; an empty pool totals 0 for certain.
    """
    counter = count or _face_value
    dice_by_count = [_icepool_die(die, counter) for die in _pool(dice)]
    return _as_fractions(functools.reduce(operator.add, dice_by_count, icepool.Die([0])))


def chance_at_least(dice: Die | Sequence[Die], what: str | Callable[[Face], bool], k: int) -> Fraction:
    """Return the chance that the pool shows ``what`` at least ``k`` times.

    ``what`` is a symbol (a double support face shows "support" twice) or a test of one face, e.g.
    ``lambda face: face.value >= 4`` for successes on 4+.
    """
    if isinstance(what, str):
        symbol = what

        def count(face: Face) -> int:
            return face.symbols.count(symbol)
    else:
        test = what

        def count(face: Face) -> int:
            return 1 if test(face) else 0

    return _chance(distribution(dice, count), lambda total: total >= k)


def _chance(odds: Mapping[int, Fraction], accept: Callable[[int], bool]) -> Fraction:
    return sum((chance for outcome, chance in odds.items() if accept(outcome)), Fraction(0))


def chance_at_or_under(die: Die, target: int) -> Fraction:
    """Return the chance that one die's value is at or under ``target`` (a roll-under test)."""
    return _chance(distribution(die), lambda value: value <= target)


def chance_at_or_above(die: Die, target: int) -> Fraction:
    """Return the chance that one die's value is at or above ``target`` (a "4+" test)."""
    return _chance(distribution(die), lambda value: value >= target)


def chance_d20_at_or_under(target: int) -> Fraction:
    """Return the chance that a d20 rolls ``target`` or less: 0 below 1, certain from 20."""
    return chance_at_or_under(D20, target)


def chance_d20_under(target: int) -> Fraction:
    """Return the chance that a d20 rolls strictly less than ``target``."""
    return chance_at_or_under(D20, target - 1)


def kept_sum_distribution(dice: Sequence[Die], keep: int, *, highest: bool = True) -> dict[int, Fraction]:
    """Return the exact distribution of the sum of the ``keep`` highest (or lowest) values, e.g. 4d6kh3.

    :raises ValueError: if ``keep`` is not between 0 and the number of dice.
    """
    if not 0 <= keep <= len(dice):
        raise ValueError(f"can keep between 0 and {len(dice)} of {len(dice)} dice, not {keep}")
    if keep == 0:
        return {0: Fraction(1)}
    pool = icepool.Pool([_icepool_die(die, _face_value) for die in dice])
    kept = pool.highest(keep) if highest else pool.lowest(keep)
    return _as_fractions(kept.sum())
