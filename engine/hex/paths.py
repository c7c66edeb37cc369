"""Moving over a hex board: where a fighter can get in so many steps, the shortest way there, a path's cost.

A step goes to a touching hex that is on the board, not blocked, and not occupied: ``occupied`` holds the
hexes of the other fighters (never the mover's own). Hexes in ``pass_through`` may be crossed but not ended
in, for rules that let a fighter move through others. Breadth-first search gives the fewest steps.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence
from itertools import pairwise

from engine.hex.board import HexBoard
from engine.hex.coords import Hex, distance

__all__ = ["PathError", "destinations", "path_cost", "reachable", "shortest_path"]


class PathError(ValueError):
    """A path a player gave cannot be walked; ``step`` is the 1-based step at fault (0: the start)."""

    def __init__(self, step: int, reason: str) -> None:
        self.step, self.reason = step, reason
        super().__init__(reason if step == 0 else f"step {step}: {reason}")


def _enterable(board: HexBoard, h: Hex, occupied: Collection[Hex], pass_through: Collection[Hex]) -> bool:
    return board.passable(h) and (h not in occupied or h in pass_through)


def reachable(board: HexBoard, start: Hex, steps: int, *, occupied: Collection[Hex] = (),
              pass_through: Collection[Hex] = ()) -> dict[Hex, int]:
    """Return every hex reachable from ``start`` in at most ``steps`` steps, with the fewest steps to it.

    ``start`` is included at 0. Occupied hexes listed in ``pass_through`` may be crossed (and are included, so
    a caller filters them from end points: see ``destinations``).
    """
    costs = {start: 0}
    frontier = deque([start])
    while frontier:
        here = frontier.popleft()
        if costs[here] == steps:
            continue
        for n in board.steps_from(here):
            if n not in costs and (n not in occupied or n in pass_through):
                costs[n] = costs[here] + 1
                frontier.append(n)
    return costs


def destinations(board: HexBoard, start: Hex, steps: int, *, occupied: Collection[Hex] = (),
                 pass_through: Collection[Hex] = ()) -> dict[Hex, int]:
    """Return where a move of up to ``steps`` steps may end: reachable, empty, and not the start hex."""
    return {h: cost for h, cost in reachable(board, start, steps, occupied=occupied, pass_through=pass_through).items()
            if h != start and h not in occupied}


def shortest_path(board: HexBoard, start: Hex, goal: Hex, *, occupied: Collection[Hex] = (),
                  pass_through: Collection[Hex] = (), limit: int | None = None) -> tuple[Hex, ...] | None:
    """Return a fewest-steps path from ``start`` to ``goal`` (both included), or None if there is none.

    With ``limit``, a path longer than ``limit`` steps counts as none. Among equal paths the first found in
    ``DIRECTIONS`` order is returned, so the answer is the same on every machine.
    """
    if start == goal:
        return (start,)
    came_from: dict[Hex, Hex] = {}
    seen = {start}
    frontier = deque([(start, 0)])
    while frontier:
        here, cost = frontier.popleft()
        if limit is not None and cost >= limit:
            continue
        for n in here.neighbours():
            if n in seen or not _enterable(board, n, occupied, pass_through):
                continue
            seen.add(n)
            came_from[n] = here
            if n == goal:
                path = [goal]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return tuple(reversed(path))
            frontier.append((n, cost + 1))
    return None


def path_cost(board: HexBoard, path: Sequence[Hex], *, occupied: Collection[Hex] = (),
              pass_through: Collection[Hex] = ()) -> int:
    """Return the number of steps of a path (start first), checking each step.

    :raises PathError: naming the first step that leaves the board, enters a blocked or occupied hex, or jumps
        to a hex that does not touch the one before.
    """
    if not path:
        raise PathError(0, "a path needs at least its starting hex")
    if path[0] not in board:
        raise PathError(0, "the path starts off the board")
    for step, (here, there) in enumerate(pairwise(path), start=1):
        name = board.id_of(there) if there in board else str(there)
        if distance(here, there) != 1:
            raise PathError(step, f"{name} does not touch the hex before it")
        if there not in board:
            raise PathError(step, f"{name} is not on the board")
        if board.is_blocked(there):
            raise PathError(step, f"{name} is blocked")
        if there in occupied and there not in pass_through:
            raise PathError(step, f"{name} is occupied")
    return len(path) - 1
