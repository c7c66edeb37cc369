"""What this process knows about outbox messages on their way to Discord: the parts that went out, and when
to try again after a failure.

Why a resend cannot double a message. A message is marked sent only after Discord answered for every part.
A part that failed may still have gone out when the failure is ambiguous (a lost answer, a timeout, a server
error). Discord drops a resend with the same nonce only for a few minutes, so the proof that a part went out
is kept here instead: each part that Discord confirmed, by its answer or by the bot's own message coming back
through the gateway with that part's nonce, is never sent again. A resend sends only the parts with no such
proof, whenever it happens. The one risk left, accepted and documented in docs/discord.md: a part whose answer
was lost while the gateway session was lost too (no resume) goes out twice if the resend comes after Discord
forgot the nonce; and after a crash, a row the process sent but had not yet marked is sent again at start-up
(doubled only if that start-up comes more than a few minutes later).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["FIRST_RETRY", "LONGEST_WAIT", "SENDER_GRACE", "MessageRef", "RetryBook", "outbox_part"]

FIRST_RETRY = 5.0
"""Seconds before the first retry; each failure doubles the wait."""

LONGEST_WAIT = 600.0
"""The wait stops doubling here: a message that keeps failing is tried every ten minutes until it goes."""

_NONCE = re.compile(r"gm(\d+)\.(\d+)")

MessageRef = tuple[int, int]
"""(channel id, message id) of a part Discord holds."""


def outbox_part(nonce: str) -> tuple[int, int] | None:
    """The (outbox id, part) a nonce of ours names, or None for any other nonce."""
    match = _NONCE.fullmatch(nonce)
    return (int(match[1]), int(match[2])) if match else None


SENDER_GRACE = 60.0
"""Seconds an unsent message this process never tried is left to the command that committed it (it may be
rendering pictures) before the timer sends it."""


@dataclass
class _Entry:
    parts: dict[int, MessageRef] = field(default_factory=dict)
    failures: int = 0
    next_try: float | None = None


class RetryBook:
    """Per outbox id: confirmed parts and the backoff; forgotten once the message is marked sent."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._entries: dict[int, _Entry] = {}

    def confirmed(self, outbox_id: int, part: int) -> MessageRef | None:
        """Where ``part`` went out, if Discord confirmed it."""
        entry = self._entries.get(outbox_id)
        return entry.parts.get(part) if entry else None

    def went_out(self, outbox_id: int, part: int, where: MessageRef) -> None:
        self._entries.setdefault(outbox_id, _Entry()).parts[part] = where

    def knows(self, outbox_id: int) -> bool:
        return outbox_id in self._entries

    def failed(self, outbox_id: int) -> float:
        """Record a failed try; returns the seconds until the next one (doubling, at most ``LONGEST_WAIT``)."""
        entry = self._entries.setdefault(outbox_id, _Entry())
        entry.failures += 1
        wait = min(FIRST_RETRY * 2 ** (entry.failures - 1), LONGEST_WAIT)
        entry.next_try = self._clock() + wait
        return wait

    def due(self, outbox_id: int) -> bool:
        """Whether the timer should try ``outbox_id`` now: its wait after a failure is over, or nobody tried it
        here and it has been waiting ``SENDER_GRACE`` seconds since the timer first saw it."""
        entry = self._entries.setdefault(outbox_id, _Entry())
        if entry.next_try is None:
            entry.next_try = self._clock() + SENDER_GRACE
        return entry.next_try <= self._clock()

    def done(self, outbox_id: int) -> None:
        self._entries.pop(outbox_id, None)
