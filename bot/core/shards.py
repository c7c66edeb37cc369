"""Which games a bot process owns: those of the guilds on its gateway shards.

Discord puts guild ``g`` on shard ``(g >> 22) % shard_count`` and sends direct messages to shard 0 only. A game
records the guild it was created in; a game with no guild (created in a DM, or stored before guilds were
recorded) belongs to shard 0, like the DMs. A process sends the outbox rows and fires the deadlines of the games
it owns, so two processes never race for the same message or timer.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Shards", "parse_shards", "shard_of"]


def shard_of(guild: int | None, shard_count: int) -> int:
    """The shard Discord uses for ``guild``; no guild (a DM) is shard 0."""
    return ((guild or 0) >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards one process serves, out of ``count``."""

    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a shard count is at least 1, not {self.count}")
        if not self.ids or not all(0 <= shard < self.count for shard in self.ids):
            raise ValueError(f"shard ids must be between 0 and {self.count - 1}; got {sorted(self.ids)}")

    def owns(self, guild: int | None) -> bool:
        """Whether the games of ``guild`` (None: no guild) are this process's."""
        return shard_of(guild, self.count) in self.ids

    def describe(self) -> str:
        return f"shards {','.join(map(str, sorted(self.ids)))} of {self.count}"


def parse_shards(text: str, count: int) -> Shards:
    """``"0-3"``, ``"5"`` or ``"0,2,4-6"`` out of ``count`` shards; a clear error names what is accepted."""
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise ValueError(f"--shards {text!r}: write shard ids and ranges such as 0-3 or 0,2,4-6") from None
        if low > high:
            raise ValueError(f"--shards {text!r}: the range {part.strip()} runs backwards")
        ids.update(range(low, high + 1))
    if count < 1:
        raise ValueError(f"--shard-count must be at least 1, not {count}")
    outside = sorted(shard for shard in ids if not 0 <= shard < count)
    if outside:
        raise ValueError(f"--shards {text!r}: shard {outside[0]} does not exist with --shard-count {count} "
                         f"(shards are 0 to {count - 1})")
    return Shards(frozenset(ids), count)
