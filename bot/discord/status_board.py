"""The pinned status message of each game table, kept up to date without flooding Discord.

Every command at a table calls ``touch``; the board edits one message per game in place, at most once per
``min_interval`` seconds per table, always with the state as it is when the edit goes out. A status message
older than ``max_age`` is replaced by a fresh one (so it surfaces near the bottom of the channel again), and
the new one is pinned where the bot may pin. Nothing here raises into a command: a status board is a
convenience, and the command's own messages matter more.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.core.storage import MessageRef
from bot.discord.delivery import chunks, players_of, with_mentions

if TYPE_CHECKING:
    from bot.core.service import TableService

__all__ = ["StatusBoard"]

_log = logging.getLogger(__name__)
_NO_PINGS = discord.AllowedMentions.none()


class StatusBoard:
    """One status message per game, edited in place; ``touch`` after each command at a table.

    ``clock`` paces the updates (monotonic seconds); ``wall_clock`` (Unix seconds) dates messages against their
    snowflake ids, which survives restarts where a remembered posting time would not.
    """

    def __init__(self, client: discord.Client, service: TableService, *, min_interval: float = 5.0,
                 max_age: float = 3600.0, clock: Callable[[], float] = time.monotonic,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self._client = client
        self._service = service
        self._min_interval = min_interval
        self._max_age = max_age
        self._clock = clock
        self._wall_clock = wall_clock
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._dirty: set[str] = set()
        self._last: dict[str, float] = {}  # table -> when its last update started (``clock``)
        self._shown: dict[int, str] = {}  # message id -> the text it shows, to skip edits that change nothing
        self._games: dict[str, tuple[str, MessageRef]] = {}  # table -> its last game and that game's message
        self._closed = False

    def touch(self, table: str) -> None:
        """Ask for an update of ``table``'s status; returns at once. Touches before the next update coalesce
        into it, and it reads the state only when it runs, so it shows the latest."""
        if self._closed:
            return
        self._dirty.add(table)
        if table not in self._tasks:
            self._tasks[table] = asyncio.create_task(self._run(table), name=f"status board {table}")

    async def close(self) -> None:
        """Cancel pending updates (on shutdown; the next start-up's first touch brings the message up to date)."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    async def _run(self, table: str) -> None:
        """The table's one task: wait out the interval, update, and go again while touches came in meanwhile.
        The wait is re-measured after each sleep, so a paused test clock holds the update back."""
        try:
            while table in self._dirty:
                while (wait := self._last.get(table, float("-inf")) + self._min_interval - self._clock()) > 0:
                    await asyncio.sleep(wait)
                self._dirty.discard(table)
                self._last[table] = self._clock()
                try:
                    await self._update(table)
                except Exception:
                    _log.exception("could not update the status message of table %s", table)
        finally:
            if self._tasks.get(table) is asyncio.current_task():
                del self._tasks[table]

    async def _update(self, table: str) -> None:
        current = self._service.status_now(table)
        if current is None:
            return
        game_id, status = current
        text = chunks(with_mentions(status, players_of(self._service.live_game(table))))[0]
        ref = await self._service.status_message(game_id)
        if ref is not None and self._fresh(ref.message_id):
            if self._shown.get(ref.message_id) == text:
                return
            message = self._client.get_partial_messageable(ref.channel).get_partial_message(ref.message_id)
            try:
                await message.edit(content=text, allowed_mentions=_NO_PINGS)
                self._shown[ref.message_id] = text
                self._games[table] = (game_id, ref)
                return
            except discord.NotFound:
                _log.info("the status message of %s was deleted; posting it again", game_id)
                self._shown.pop(ref.message_id, None)
                ref = None
        previous = self._games.get(table)
        if ref is None and previous is not None and previous[0] != game_id:
            ref = previous[1]  # a new game at the table: the last game's status comes down
        await self._post(table, game_id, text, ref)

    async def _post(self, table: str, game_id: str, text: str, old: MessageRef | None) -> None:
        """Post a new status message, pin it if the bot may, unpin the one it replaces, and remember it."""
        message = await self._client.get_partial_messageable(int(table)).send(text, allowed_mentions=_NO_PINGS)
        try:
            await message.pin(reason="the game's status")
        except discord.HTTPException as error:  # Forbidden included: pinning needs a permission we do not ask for
            _log.info("could not pin the status message of %s (%s %s); it stays unpinned", game_id, error.status,
                      error.text)
        if old is not None:
            self._shown.pop(old.message_id, None)
            with contextlib.suppress(discord.HTTPException):
                await self._client.get_partial_messageable(old.channel).get_partial_message(old.message_id).unpin(
                    reason="replaced by a newer status message")
        await self._service.remember_status(game_id, message.channel.id, message.id)
        self._shown[message.id] = text
        self._games[table] = (game_id, MessageRef(message.channel.id, message.id))

    def _fresh(self, message_id: int) -> bool:
        """Whether a status message is young enough to edit; older ones scroll out of sight, so post anew."""
        posted = discord.utils.snowflake_time(message_id).timestamp()
        return self._wall_clock() - posted < self._max_age
