"""Invocations waiting in memory for a click: a preview's Confirm, or a menu of picks.

A button's custom id holds only a short token for what it runs; after a restart the token is gone and the
click is told to run the command again, so a stale preview or menu can never apply.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict

from bot.core.parsing import Invocation

__all__ = ["EXPIRED", "PreviewStore"]

_KEEP = 500  # waiting invocations remembered at once; older ones expire first

EXPIRED = "This has expired (the game master restarted or moved on); run the command again."


class PreviewStore:
    """Invocations waiting for their Confirm (or a menu of them waiting for a pick), by token, oldest
    forgotten first."""

    def __init__(self) -> None:
        self._waiting: OrderedDict[str, tuple[Invocation, ...]] = OrderedDict()

    def add(self, *invocations: Invocation) -> str:
        token = secrets.token_hex(6)
        self._waiting[token] = invocations
        while len(self._waiting) > _KEEP:
            self._waiting.popitem(last=False)
        return token

    def take(self, token: str, index: int = 0) -> Invocation | None:
        waiting = self._waiting.pop(token, ())
        return waiting[index] if 0 <= index < len(waiting) else None
