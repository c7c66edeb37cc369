"""Gateway sharding as Discord does it: guild ``g`` lives on shard ``(g >> 22) % shard_count``, DMs on shard 0.

A session that IDENTIFYs with ``shard: [id, count]`` gets READY and GUILD_CREATE for the guilds of its shard only,
and only the dispatches of those guilds (plus DMs on shard 0). A session without a shard gets everything, as
an unsharded bot does. ``guild_snowflake`` makes a guild id that lands on a chosen shard.
"""

from __future__ import annotations

import time

from .payloads import DISCORD_EPOCH_MS

__all__ = ["INVALID_SHARD", "guild_snowflake", "serves", "shard_of"]

INVALID_SHARD = 4010  # Discord's close code for an IDENTIFY whose shard pair is not valid


def shard_of(guild_id: str | int | None, shard_count: int) -> int:
    """Discord's rule; no guild (a DM) is shard 0."""
    return (int(guild_id or 0) >> 22) % shard_count


def serves(shard: tuple[int, int] | None, guild_id: str | int | None) -> bool:
    """Whether a session identified with ``shard`` (None: unsharded) receives the events of ``guild_id``."""
    return shard is None or shard_of(guild_id, shard[1]) == shard[0]


def guild_snowflake(shard: int, shard_count: int, serial: int) -> str:
    """A time-based id, as Discord's are, whose guild lands on ``shard`` of ``shard_count``."""
    millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
    millis += (shard - millis) % shard_count
    return str((millis << 22) | (serial & 0x3FFFFF))
