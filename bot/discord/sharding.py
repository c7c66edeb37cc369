"""Sharded bot processes: discord.py's ``AutoShardedClient`` for a range of shards, and what each one owns.

``skirmish-gm bot --shards 0-3 --shard-count 8`` connects shards 0 to 3 of 8 in this process. Discord routes each
guild's events to shard ``(guild_id >> 22) % 8``, so this process hears the interactions of those guilds only;
its table service sends the outbox rows and fires the deadlines of their games only (``bot/core/shards.py``), and
at start-up it sends what a dead process serving the same shards left unsent. Direct messages arrive on shard 0
only: its process runs them against the shared storage like any other command (the game row's lock and the
reload of a game another process moved on keep that safe). Only the process serving shard 0 syncs the slash
commands, so processes starting together do not race to overwrite them. A sharded process holds many live games,
so it keeps the garbage collector's full passes short (``bot/core/heap.py``). See docs/scaling.md.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.core.heap import HeapKeeper
from bot.core.service import TableService
from bot.core.shards import Shards
from bot.discord.client import GameMaster

__all__ = ["ShardedGameMaster"]

_log = logging.getLogger(__name__)


class ShardedGameMaster(GameMaster, discord.AutoShardedClient):
    """The game master over the gateway shards ``shards`` (one socket each, in this one process)."""

    def __init__(self, service: TableService, *, shards: Shards, identify_gap: float = 5.0, **options: Any) -> None:
        """``identify_gap``: seconds between two shards' IDENTIFY (Discord allows one per 5 s per bucket)."""
        super().__init__(service, shard_ids=sorted(shards.ids), shard_count=shards.count, **options)
        self.served = shards
        self._identify_gap = identify_gap
        self.heap = HeapKeeper()  # first tidy 5 s after start-up, once the open games are loaded
        self._tidying: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await super().setup_hook()
        self._tidying = asyncio.create_task(self._tidy(), name="heap keeper")

    async def close(self) -> None:
        if self._tidying is not None:
            self._tidying.cancel()
        await super().close()

    async def _tidy(self, every: float = 5.0) -> None:
        while True:
            await asyncio.sleep(every)
            self.heap.tidy()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if not initial:
            await asyncio.sleep(self._identify_gap)

    async def _sync_if_changed(self) -> None:
        if 0 in self.served.ids:
            await super()._sync_if_changed()
        else:
            _log.info("slash commands are synced by the process serving shard 0; this one serves %s",
                      self.served.describe())
