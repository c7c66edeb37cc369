"""Dropping an interaction Discord delivers a second time (a gateway replay after a resume, a retry).

The first delivery was (or is being) answered; a second answer would be a second deferral, refused by
Discord with 40060 and, worse, a second run of the command. The service also refuses an interaction id it
already applied, but only after the front-end has deferred, so the drop must come before discord.py's
command tree and view store see the interaction at all: discord.py has no public hook there, so the
gateway's parser for INTERACTION_CREATE is wrapped.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord

__all__ = ["SeenInteractions", "drop_redeliveries"]

TOKEN_LIFE = 15 * 60.0
"""Seconds an interaction can be answered at all; a redelivery after that could not be answered either."""


class SeenInteractions:
    """The interaction ids seen in the last ``TOKEN_LIFE`` seconds, oldest first."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._seen: OrderedDict[str, float] = OrderedDict()

    def first_time(self, interaction_id: str) -> bool:
        """Record ``interaction_id``; False when it was seen before (within the token's life)."""
        now = self._clock()
        while self._seen and next(iter(self._seen.values())) < now - TOKEN_LIFE:
            self._seen.popitem(last=False)
        if interaction_id in self._seen:
            return False
        self._seen[interaction_id] = now
        return True


def drop_redeliveries(client: discord.Client, seen: SeenInteractions) -> None:
    """Make ``client`` ignore every interaction whose id it has already received."""
    parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def first_only(data: dict[str, Any]) -> None:
        if seen.first_time(str(data["id"])):
            parse(data)

    parsers["INTERACTION_CREATE"] = first_only
