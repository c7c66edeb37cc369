"""Boards for the hex tests: an open rectangle, and helpers to name hexes by offset."""

from __future__ import annotations

from collections.abc import Iterable

from engine.hex import HexBoard, from_offset

WIDTH, HEIGHT = 14, 13


def open_board(blocked: Iterable[tuple[int, int]] = ()) -> HexBoard:
    """A 14 x 13 rectangle of hexes (odd-r), with the given offset positions blocked."""
    walls = set(blocked)
    return HexBoard.from_offsets(((c, r) for r in range(HEIGHT) for c in range(WIDTH)),
                                 kinds={p: {"blocked"} for p in walls})


CENTRE = from_offset(6, 6)
"""A hex well inside ``open_board`` (id G7), so rings of radius 5 stay on the board."""
