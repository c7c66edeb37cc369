"""Invocations waiting in memory for a click: a preview's Confirm, or a menu of picks.

A button's custom id holds only a short token for what it runs; after a restart the token is gone and the
click is told to run the command again, so a stale preview or menu can never apply. Each token belongs to the
user it was shown to: a click by anyone else (a forged one: Discord shows an ephemeral message to its owner
alone) neither runs it nor spends it. Each token also keeps the table it was built at, so what it runs is played
there wherever the message shows (a menu handed unasked to the player's latest interaction, in another channel).
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from typing import NamedTuple

from bot.core.parsing import Invocation

__all__ = ["EXPIRED", "NOT_YOURS", "PreviewStore", "Waiting"]

_KEEP = 500  # waiting invocations remembered at once; older ones expire first

EXPIRED = ("This has expired (it was used already, or the game master restarted); nothing was changed. /act shows "
           "what you can do now.")
NOT_YOURS = "This was shown to another player; only they can use it, so nothing was changed."


class Waiting(NamedTuple):
    """What a click runs, and the table it was built at (None: the channel it was clicked in)."""

    invocation: Invocation
    table: str | None


class PreviewStore:
    """Invocations waiting for their Confirm (or a menu of them waiting for a pick), by token, oldest
    forgotten first."""

    def __init__(self) -> None:
        self._waiting: OrderedDict[str, tuple[str, tuple[Invocation, ...], str | None]] = OrderedDict()

    def add(self, owner: str, *invocations: Invocation, table: str | None = None) -> str:
        """Keep ``invocations`` for ``owner`` (a user id), built at ``table``; returns the token their buttons
        carry."""
        token = secrets.token_hex(6)
        self._waiting[token] = (owner, invocations, table)
        while len(self._waiting) > _KEEP:
            self._waiting.popitem(last=False)
        return token

    def take(self, token: str, user: str, index: int = 0) -> Waiting | str:
        """The invocation ``user`` clicked and its table, forgotten once taken; or why there is none (``EXPIRED``,
        or ``NOT_YOURS``, which leaves it waiting for its owner)."""
        owner, waiting, table = self._waiting.get(token, ("", (), None))
        if not waiting:
            return EXPIRED
        if owner != user:
            return NOT_YOURS
        del self._waiting[token]
        return Waiting(waiting[index], table) if 0 <= index < len(waiting) else EXPIRED
