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

from bot.core.service import TableService
from bot.core.sqlite_store import SqliteRepository
from bot.core.systems import SYSTEM_FACTORIES
from bot.discord.client import GameMaster

__all__ = ["database_path", "run_bot"]

_log = logging.getLogger(__name__)


def database_path() -> Path:
    """``SKIRMISH_DB`` or ``skirmish.sqlite3`` in the working directory."""
    return Path(os.environ.get("SKIRMISH_DB", "skirmish.sqlite3"))


async def _serve(token: str, *, force_sync: bool, guild_id: int | None, db: Path) -> None:
    repository = await SqliteRepository.open(db)
    try:
        with ProcessPoolExecutor(max_workers=2) as pool:
            client = GameMaster(TableService(repository, SYSTEM_FACTORIES), pool=pool,
                                hash_file=db.with_suffix(".commands-hash"), force_sync=force_sync, guild_id=guild_id)
            async with client:
                await client.start(token)
    finally:
        await repository.close()


def run_bot(token: str, *, force_sync: bool = False) -> int:
    """Run until stopped; a refused token is one clear line, never a traceback (and never the token)."""
    guild = os.environ.get("DISCORD_GUILD_ID")
    db = database_path()
    _log.info("storing games in %s", db)
    try:
        asyncio.run(_serve(token, force_sync=force_sync, guild_id=int(guild) if guild else None, db=db))
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
