"""Pushes on a hex board: one hex in any direction, one hex further away from a source, straight on after that.

"Further away" compares hex distances to the source: a neighbour of the target counts when it is more steps
from the source than the target is. From an adjacent source that leaves three hexes; from further off it leaves
two or three (three when the target lies on a straight row of hexes from the source). "Directly away" is the
narrower sense: of those hexes, the ones whose direction from the target is closest to the line from the
source's centre through the target's centre (one hex, or two when the line runs exactly between them).
A push never enters a hex off the board, blocked, or in ``occupied`` (the other fighters' hexes).
"""

from __future__ import annotations

import math
from collections.abc import Collection

from engine.hex.board import HexBoard
from engine.hex.coords import Hex, direction_index, distance
from engine.hex.shapes import board_centre

__all__ = ["away_hexes", "directly_away", "drive_back_hexes", "push_hexes", "straight_on"]


def _free(board: HexBoard, h: Hex, occupied: Collection[Hex]) -> bool:
    return board.passable(h) and h not in occupied


def push_hexes(board: HexBoard, target: Hex, *, occupied: Collection[Hex] = ()) -> tuple[Hex, ...]:
    """Return the hexes a one-hex push in any direction may move ``target`` into."""
    return tuple(n for n in target.neighbours() if _free(board, n, occupied))


def away_hexes(target: Hex, source: Hex) -> tuple[Hex, ...]:
    """Return the neighbours of ``target`` further from ``source`` than ``target`` is (board not consulted).

    :raises ValueError: if ``target`` and ``source`` are the same hex (nothing is "away" from itself).
    """
    if target == source:
        raise ValueError(f"cannot push away from the hex the fighter stands in ({target})")
    here = distance(target, source)
    return tuple(n for n in target.neighbours() if distance(n, source) > here)


def drive_back_hexes(board: HexBoard, target: Hex, source: Hex, *,
                     occupied: Collection[Hex] = ()) -> tuple[Hex, ...]:
    """Return the hexes ``target`` may be driven back into: further from ``source``, on the board, free."""
    return tuple(n for n in away_hexes(target, source) if _free(board, n, occupied))


def directly_away(target: Hex, source: Hex) -> tuple[Hex, ...]:
    """Return the "further away" hexes nearest in angle to the line from ``source`` through ``target``."""
    sx, sy = board_centre(source)
    tx, ty = board_centre(target)
    heading = math.atan2(ty - sy, tx - sx)
    scored = []
    for n in away_hexes(target, source):
        nx, ny = board_centre(n)
        turn = abs(math.remainder(math.atan2(ny - ty, nx - tx) - heading, math.tau))
        scored.append((round(turn, 9), n))
    best = min(turn for turn, _ in scored)
    return tuple(n for turn, n in scored if turn == best)


def straight_on(board: HexBoard, start: Hex, first: Hex, steps: int, *,
                occupied: Collection[Hex] = ()) -> tuple[Hex, ...]:
    """Return up to ``steps`` more hexes after a push from ``start`` into ``first``, in the same direction.

    The push goes on hex by hex and stops before the first hex that is off the board, blocked or occupied
    (Knockback-style). ``first`` itself is not in the result.

    :raises ValueError: if ``first`` does not touch ``start``.
    """
    step = first - start
    direction_index(start, first)
    hexes: list[Hex] = []
    here = first
    for _ in range(steps):
        nxt = here + step
        if not _free(board, nxt, occupied):
            break
        hexes.append(nxt)
        here = nxt
    return tuple(hexes)
