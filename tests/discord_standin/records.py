"""What the stand-in remembers about the bot's traffic, and a way to wait for it without sleeping."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = ["Notifier", "Request", "Sent", "Upload"]

T = TypeVar("T")
SETTLE_STEPS = 20  # loop iterations; loopback delivery is immediate, so this is not a timing guess
PATIENCE = 30.0  # seconds a wait may take before it fails: only a failing test waits this long, and a loaded
# machine (two cores shared by the whole suite) once took over 5 s to render a rematch's first picture


@dataclass(frozen=True)
class Upload:
    """A file as it crossed the wire: a multipart ``files[n]`` part from the bot, or a file a test user attaches."""

    filename: str
    data: bytes
    description: str | None = None


@dataclass
class Request:
    """One HTTP request the bot made; ``route`` is ``None`` when no handler knew it (answered 404)."""

    method: str
    path: str
    query: dict[str, str]
    route: str | None
    body: Any = None
    files: list[Upload] = field(default_factory=list)
    status: int = 0


@dataclass
class Sent:
    """Something the bot put into Discord: a message created or edited, or an interaction callback.

    ``kind`` is one of ``message``, ``edit``, ``delete``, ``callback``, ``followup``, ``duplicate`` (a nonce
    replay answered with the earlier message), ``pin``, ``unpin``, ``thread``. ``body`` is the JSON the bot sent
    (``payload_json`` for multipart), ``message`` a snapshot of the stored message afterwards.
    """

    kind: str
    channel_id: str | None
    body: dict[str, Any]
    files: list[Upload] = field(default_factory=list)
    message: dict[str, Any] | None = None
    interaction_id: str | None = None

    @property
    def data(self) -> dict[str, Any]:
        """The message fields: a callback nests them under ``data``."""
        inner = self.body.get("data") if self.kind == "callback" else self.body
        return inner if isinstance(inner, dict) else {}

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & 64)

    @property
    def nonce(self) -> str | None:
        return self.data.get("nonce")

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        return self.data.get("allowed_mentions")


class Notifier:
    """Wakes waiters whenever the record changes, so tests wait on conditions instead of sleeping."""

    def __init__(self) -> None:
        self._waiters: list[asyncio.Future[None]] = []

    def changed(self) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
        self._waiters.clear()

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float, what: str) -> T:
        """Return the first truthy ``predicate()``; fail with ``what`` after ``timeout`` seconds.

        Before returning it yields the loop a few times: the bot reads the HTTP answer that made ``predicate``
        true and acts on it (discord.py stores a message's view only then), so the test's next click finds it.
        """
        try:
            async with asyncio.timeout(timeout):
                while not (result := predicate()):
                    waiter = asyncio.get_running_loop().create_future()
                    self._waiters.append(waiter)
                    await waiter
        except TimeoutError:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}") from None
        for _ in range(SETTLE_STEPS):
            await asyncio.sleep(0)
        return result
