"""When a decision's view is out of date: only what other players answered since it was built leaves it current.

A choice made together (each side in secret, revealed at once) opens every side's question at the same moment; the
first side to lock in its answer moves the game's sequence on, but changes nothing in the others' questions. So the
next player is neither told the game moved on nor refused as stale for answering the view they were shown.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game

__all__ = ["moved_on"]

_OTHER_ANSWERS = frozenset({"decision.answered", "together.locked"})


def moved_on(game: Game[Any], seq: int) -> bool:
    """Whether anything but answers to decisions happened in ``game`` after event ``seq`` (read from the newest
    back, so a long log costs only what came after)."""
    for event in reversed(game.log):
        if event.seq <= seq:
            return False
        if event.kind not in _OTHER_ANSWERS:
            return True
    return False
