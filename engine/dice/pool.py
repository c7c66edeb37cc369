"""Reading a rolled pool: successes against a target, symbols, and which dice a keep rule keeps."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice.roller import DieRoll

__all__ = [
    "count_at_least",
    "count_at_most",
    "count_symbol",
    "keep_highest",
    "keep_lowest",
    "kept_positions",
    "total",
]


def total(rolls: Sequence[DieRoll]) -> int:
    """Return the sum of the rolls' values."""
    return sum(roll.value for roll in rolls)


def count_at_most(rolls: Sequence[DieRoll], target: int) -> int:
    """Return how many rolls are at or under ``target`` (roll-under successes)."""
    return sum(1 for roll in rolls if roll.value <= target)


def count_at_least(rolls: Sequence[DieRoll], target: int) -> int:
    """Return how many rolls are at or above ``target``."""
    return sum(1 for roll in rolls if roll.value >= target)


def count_symbol(rolls: Sequence[DieRoll], symbol: str) -> int:
    """Return how many times ``symbol`` shows across the rolls (a double support face counts 2 "support")."""
    return sum(roll.symbols.count(symbol) for roll in rolls)


def kept_positions(values: Sequence[int], keep: int, *, highest: bool) -> frozenset[int]:
    """Return the positions of the ``keep`` highest (or lowest) values; among equals the earlier die is kept.

    Keeping more dice than there are keeps them all; keeping 0 or fewer keeps none.
    """
    ranked = sorted(range(len(values)), key=lambda i: (-values[i] if highest else values[i], i))
    return frozenset(ranked[: max(keep, 0)])


def keep_highest(rolls: Sequence[DieRoll], keep: int) -> tuple[DieRoll, ...]:
    """Return the ``keep`` highest rolls, in the order they were rolled."""
    kept = kept_positions([roll.value for roll in rolls], keep, highest=True)
    return tuple(roll for i, roll in enumerate(rolls) if i in kept)


def keep_lowest(rolls: Sequence[DieRoll], keep: int) -> tuple[DieRoll, ...]:
    """Return the ``keep`` lowest rolls, in the order they were rolled."""
    kept = kept_positions([roll.value for roll in rolls], keep, highest=False)
    return tuple(roll for i, roll in enumerate(rolls) if i in kept)
