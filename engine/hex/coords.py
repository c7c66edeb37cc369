"""Axial hex coordinates: a hex is (q, r); distance, neighbours, rings and areas are integer arithmetic.

Hexes are pointy-topped and rows run left to right: ``r`` is the row (growing down the picture), ``q`` the
diagonal column. The third cube coordinate ``s = -q - r`` makes distance the largest of three differences.
Offset coordinates (column, row) in the "odd-r" layout, where odd rows sit half a hex to the right, are how
board data and hex ids are written; ``to_offset`` and ``from_offset`` convert.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "Hex",
    "direction_index",
    "distance",
    "from_offset",
    "ring",
    "to_offset",
    "within",
]


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex of an unbounded grid; compared, hashed and sorted by (q, r)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, so that q + r + s == 0."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        """Return this hex taken as a vector, ``k`` times as long."""
        return Hex(self.q * k, self.r * k)

    def neighbours(self) -> tuple[Hex, ...]:
        """Return the six touching hexes, in ``DIRECTIONS`` order (east first, then anticlockwise on screen)."""
        return tuple(self + d for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """Return the number of single-hex steps between this hex and ``other`` on an empty grid."""
        return distance(self, other)

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
"""The six unit steps: east, north-east, north-west, west, south-west, south-east (north is up the picture)."""

DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


def distance(a: Hex, b: Hex) -> int:
    """Return the hex distance: the fewest single-hex steps from ``a`` to ``b`` on an empty grid."""
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def direction_index(a: Hex, b: Hex) -> int:
    """Return the index in ``DIRECTIONS`` of the step from ``a`` to the adjacent hex ``b``.

    :raises ValueError: if the hexes are not adjacent.
    """
    try:
        return DIRECTIONS.index(b - a)
    except ValueError:
        raise ValueError(f"hexes {a} and {b} are not adjacent (distance {distance(a, b)})") from None


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """Return the hexes exactly ``radius`` steps from ``center`` (just ``center`` for radius 0), in walking order.

    :raises ValueError: for a negative radius.
    """
    if radius < 0:
        raise ValueError(f"a ring needs a radius of at least 0, got {radius}")
    if radius == 0:
        return (center,)
    hexes = []
    here = center + DIRECTIONS[4].scaled(radius)
    for side in range(6):
        for _ in range(radius):
            hexes.append(here)
            here = here + DIRECTIONS[side]
    return tuple(hexes)


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """Yield every hex at most ``radius`` steps from ``center``, nearest rings first.

    :raises ValueError: for a negative radius.
    """
    for n in range(radius + 1):
        yield from ring(center, n)


def to_offset(h: Hex) -> tuple[int, int]:
    """Return (column, row) of ``h`` in the odd-r offset layout (odd rows shoved half a hex right)."""
    return (h.q + (h.r - (h.r & 1)) // 2, h.r)


def from_offset(column: int, row: int) -> Hex:
    """Return the hex at (column, row) of the odd-r offset layout."""
    return Hex(column - (row - (row & 1)) // 2, row)
