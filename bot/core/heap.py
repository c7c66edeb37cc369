"""Keep the garbage collector's full passes short in a process that holds many live games.

A process holding hundreds of live games has millions of long-lived objects, and CPython's full (generation 2)
collection walks them all: bench/scale.py measured pauses of 0.1 to 2 s per pass with 500 games in a process,
every few seconds under load, which is most of the slowest 1 % of commands. ``HeapKeeper.tidy`` moves what has
survived into the permanent generation (``gc.freeze``) at its first call (after start-up loaded the games) and
then at most every 30 s, so a full pass walks only what is newer. Objects freed by reference counting are still
freed at once; garbage cycles among frozen objects wait for the hourly ``gc.unfreeze`` and full collection, one
pause an hour instead of dozens.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

__all__ = ["HeapKeeper"]


class HeapKeeper:
    """Call ``tidy()`` from a periodic timer; it decides when to freeze and when to collect everything."""

    def __init__(self, *, freeze_every: float = 30.0, collect_every: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._freeze_every, self._collect_every, self._clock = freeze_every, collect_every, clock
        self._collected_at = clock()
        self._frozen_at: float | None = None

    def tidy(self) -> str | None:
        """Freeze or fully collect when due; returns what it did ("freeze", "collect") or None."""
        now = self._clock()
        if now - self._collected_at >= self._collect_every:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self._collected_at = self._frozen_at = now
            return "collect"
        if self._frozen_at is None or now - self._frozen_at >= self._freeze_every:
            gc.freeze()
            self._frozen_at = now
            return "freeze"
        return None
