"""Start the bot: storage, the table service, a process pool for pictures, the Discord client."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import aiohttp
import discord

from bot.core.postgres_store import is_postgres_url
from bot.core.repositories import StorageUnavailable, open_repository, redacted, storage_target
from bot.core.service import TableService
from bot.core.shards import Shards
from bot.core.systems import SYSTEM_FACTORIES
from bot.discord.client import GameMaster
from bot.discord.sharding import ShardedGameMaster

__all__ = ["commands_hash_file", "run_bot"]

_log = logging.getLogger(__name__)


def commands_hash_file(target: str) -> Path:
    """Where the digest of the synced slash commands is kept: beside the SQLite file, or in the working
    directory with PostgreSQL."""
    return Path("skirmish.commands-hash") if is_postgres_url(target) else Path(target).with_suffix(".commands-hash")


async def _serve(token: str, *, force_sync: bool, guild_id: int | None, target: str, shards: Shards | None) -> None:
    repository = await open_repository(target)
    try:
        with ProcessPoolExecutor(max_workers=2) as pool:
            service = TableService(repository, SYSTEM_FACTORIES, shards=shards)
            hash_file = commands_hash_file(target)
            client = (GameMaster(service, pool=pool, hash_file=hash_file, force_sync=force_sync, guild_id=guild_id)
                      if shards is None else
                      ShardedGameMaster(service, shards=shards, pool=pool, hash_file=hash_file, force_sync=force_sync,
                                        guild_id=guild_id))
            async with client:
                await client.start(token)
    finally:
        await repository.close()


def run_bot(token: str, *, force_sync: bool = False, shards: Shards | None = None) -> int:
    """Run until stopped; a refused token is one clear line, never a traceback (and never the token).

    ``shards``: serve only these gateway shards (several processes, each its own range, on one PostgreSQL)."""
    guild = os.environ.get("DISCORD_GUILD_ID")
    target = storage_target()
    _log.info("storing games in %s%s", redacted(target), f"; serving {shards.describe()}" if shards else "")
    if shards is not None and len(shards.ids) < shards.count and not is_postgres_url(target):
        _log.warning("serving %s on SQLite: the other shards' processes must share this file on this machine; "
                     "use PostgreSQL (SKIRMISH_DB=postgresql://...) to spread them (docs/scaling.md)",
                     shards.describe())
    try:
        asyncio.run(_serve(token, force_sync=force_sync, guild_id=int(guild) if guild else None, target=target,
                           shards=shards))
    except StorageUnavailable as error:
        print(f"{error}: check SKIRMISH_DB and that the server is running.", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN (in the environment or .env).", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as error:
        print(f"Cannot reach Discord ({type(error).__name__}): check the network, then start again.",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0
