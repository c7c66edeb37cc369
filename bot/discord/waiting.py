"""Invocations waiting in memory for a click: a preview's Confirm, or a menu of picks.

A button's custom id holds only a short token for what it runs; after a restart the token is gone and the
click is told to run the command again, so a stale preview or menu can never apply. Each token belongs to the
user it was shown to: a click by anyone else (a forged one: Discord shows an ephemeral message to its owner
alone) neither runs it nor spends it.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict

from bot.core.parsing import Invocation

__all__ = ["EXPIRED", "NOT_YOURS", "PreviewStore"]

_KEEP = 500  # waiting invocations remembered at once; older ones expire first

EXPIRED = "This has expired (the game master restarted or moved on); run the command again."
NOT_YOURS = "This was shown to another player; only they can use it, so nothing was changed."


class PreviewStore:
    """Invocations waiting for their Confirm (or a menu of them waiting for a pick), by token, oldest
    forgotten first."""

    def __init__(self) -> None:
        self._waiting: OrderedDict[str, tuple[str, tuple[Invocation, ...]]] = OrderedDict()

    def add(self, owner: str, *invocations: Invocation) -> str:
        """Keep ``invocations`` for ``owner`` (a user id); returns the token their buttons carry."""
        token = secrets.token_hex(6)
        self._waiting[token] = (owner, invocations)
        while len(self._waiting) > _KEEP:
            self._waiting.popitem(last=False)
        return token

    def take(self, token: str, user: str, index: int = 0) -> Invocation | str:
        """The invocation ``user`` clicked, forgotten once taken; or why there is none (``EXPIRED``, or
        ``NOT_YOURS``, which leaves it waiting for its owner)."""
        owner, waiting = self._waiting.get(token, ("", ()))
        if not waiting:
            return EXPIRED
        if owner != user:
            return NOT_YOURS
        del self._waiting[token]
        return waiting[index] if 0 <= index < len(waiting) else EXPIRED
