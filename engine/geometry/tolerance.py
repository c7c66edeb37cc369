"""The one tolerance every geometric predicate uses, and the rounding of stored positions."""

from __future__ import annotations

__all__ = ["TOLERANCE", "round_point", "round_pos"]

TOLERANCE = 0.01
"""Inches. Positions are stored to this; bases this close touch, and overlaps this deep are allowed."""


def round_pos(v: float) -> float:
    """Round a coordinate or length in inches to the stored precision of 0.01".

    Negative zero becomes 0.0, so rounded positions compare and print cleanly.
    """
    return round(v, 2) + 0.0


def round_point(p: tuple[float, float]) -> tuple[float, float]:
    """Round both coordinates of a point with :func:`round_pos`."""
    return (round_pos(p[0]), round_pos(p[1]))
