"""Where a hex is in the plane: exact lattice points for geometry, and board units for drawing.

Pointy-topped hexes of circumradius 1 have centres at (sqrt(3) * (q + r/2), 1.5 * r). Stretching x by
2/sqrt(3) and y by 2 puts every centre and corner on whole numbers: the centre is (2q + r, 3r) and the corners
are (+-1, +-1) and (0, +-2) from it. That stretch keeps straight lines straight and touching as touching, so
sight is decided on exact integers (``lattice_*``) and only drawing uses the irrational ``board`` units.
"""

from __future__ import annotations

import math
from functools import lru_cache

from shapely.geometry import Polygon

from engine.hex.coords import Hex

__all__ = ["CORNERS", "board_centre", "board_corners", "lattice_centre", "lattice_polygon", "to_board"]

CORNERS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
"""Lattice offsets of a hex's corners from its centre, going round (y grows down the rows)."""

_X = math.sqrt(3) / 2
_Y = 0.5


def lattice_centre(h: Hex) -> tuple[int, int]:
    """Return the exact lattice point of the centre of ``h``."""
    return (2 * h.q + h.r, 3 * h.r)


@lru_cache(maxsize=4096)
def lattice_polygon(h: Hex) -> Polygon:
    """Return the outline of ``h`` on the lattice as a Shapely polygon (whole-number corners)."""
    x, y = lattice_centre(h)
    return Polygon([(x + dx, y + dy) for dx, dy in CORNERS])


def to_board(x: float, y: float) -> tuple[float, float]:
    """Return a lattice point in board units: hex circumradius 1, y still growing down the rows."""
    return (x * _X, y * _Y)


def board_centre(h: Hex) -> tuple[float, float]:
    """Return the centre of ``h`` in board units."""
    return to_board(*lattice_centre(h))


def board_corners(h: Hex) -> tuple[tuple[float, float], ...]:
    """Return the six corners of ``h`` in board units, going round."""
    x, y = lattice_centre(h)
    return tuple(to_board(x + dx, y + dy) for dx, dy in CORNERS)
