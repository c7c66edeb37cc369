"""Each player's latest interaction at each table, so a menu the table hands them unasked (``bot.core.prompts``: the
turn came back to them after another player's reaction offer, or passed to them) reaches them privately, as an
ephemeral follow-up to it, rather than waiting behind a button they must press first.

Discord accepts an interaction's follow-ups for 15 minutes, and an ephemeral message can be sent no other way; a
player whose latest interaction is older (or who has none since a restart: this is memory only) sees the public
notice and asks with ``/act`` or Choose, as before.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

import discord

__all__ = ["FOLLOWUP_SECONDS", "LatestInteractions"]

FOLLOWUP_SECONDS = 14 * 60.0
"""How long after an interaction its follow-ups are still sent (Discord's limit is 15 minutes)."""

_KEEP = 2000  # (table, player) pairs remembered at once; the oldest are forgotten first


class LatestInteractions:
    """The latest interaction of each player at each table, while Discord still takes its follow-ups."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._latest: OrderedDict[tuple[str, str], tuple[discord.Interaction, float]] = OrderedDict()

    def seen(self, table: str, interaction: discord.Interaction) -> None:
        key = (table, str(interaction.user.id))
        self._latest.pop(key, None)
        self._latest[key] = (interaction, self._clock())
        while len(self._latest) > _KEEP:
            self._latest.popitem(last=False)

    def of(self, table: str, user: str) -> discord.Interaction | None:
        """``user``'s latest interaction at ``table`` if its follow-ups are still accepted."""
        interaction, when = self._latest.get((table, user), (None, 0.0))
        if interaction is None or self._clock() - when > FOLLOWUP_SECONDS:
            return None
        return interaction

    def forget(self, table: str, user: str) -> None:
        """Discord refused a follow-up on it (expired, or the reply deleted with its webhook): ask no more."""
        self._latest.pop((table, user), None)
