"""Where a push may go, hex by hex (Underworlds core rulebook, L413, L865): each step into a hex that is on the
battlefield, not blocked and not occupied. A push of more than one hex is a ruling the book leaves open
(``push-path``: any path of free steps, or straight on in the first step's direction), and so is a push that cannot
go the whole way (``push-exact``: as far as it can, or not at all).
"""

from __future__ import annotations

from collections.abc import Collection

from engine.hex import Hex, HexBoard, push_hexes

__all__ = ["push_steps"]


def push_steps(board: HexBoard, here: Hex, previous: Hex | None, remaining: int, occupied: Collection[Hex], *,
               straight: bool, whole: bool) -> tuple[Hex, ...]:
    """The hexes the next step of a push may go into from ``here`` (``previous``: where the last step began;
    ``remaining``: the steps left, this one included). ``straight`` keeps later steps in the first step's
    direction; ``whole`` keeps only steps from which the rest of the push can still be made."""
    if straight and previous is not None:
        ahead = here + (here - previous)
        steps: tuple[Hex, ...] = (ahead,) if ahead in push_hexes(board, here, occupied=occupied) else ()
    else:
        steps = push_hexes(board, here, occupied=occupied)
    if not whole:
        return steps
    return tuple(h for h in steps if _completes(board, h, here, remaining - 1, occupied, straight))


def _completes(board: HexBoard, here: Hex, previous: Hex, remaining: int, occupied: Collection[Hex],
               straight: bool) -> bool:
    if remaining <= 0:
        return True
    return bool(push_steps(board, here, previous, remaining, occupied, straight=straight, whole=True))
