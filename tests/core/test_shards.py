"""Which process owns which game: Discord's shard rule, the --shards option, and a table service that sends
and fires only for its own guilds' games."""

from __future__ import annotations

import pytest

from bot.core.service import TableService
from bot.core.shards import Shards, parse_shards, shard_of
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import UserId
from tests.commands import parse_line
from tests.postgres_cluster import PostgresUnavailable, find_bindir

ALICE, BOB = UserId("alice"), UserId("bob")
NOW = 1_900_000_000.0


def test_discord_puts_a_guild_on_the_shard_of_its_timestamp_and_dms_on_shard_0() -> None:
    assert shard_of(81384788765712384, 1) == 0, "one shard serves every guild"
    assert shard_of(81384788765712384, 16) == 2
    assert shard_of((41 << 22) | 12345, 8) == 1, "the low 22 bits (worker, process, increment) do not count"
    assert shard_of(None, 8) == 0 and Shards(frozenset({0}), 8).owns(None)


@pytest.mark.parametrize(("text", "count", "ids"), [
    ("0-3", 8, {0, 1, 2, 3}), ("5", 8, {5}), ("0,2,4-6", 8, {0, 2, 4, 5, 6}), (" 1 - 2 ", 4, {1, 2}),
])
def test_shard_ranges_are_read_as_written(text: str, count: int, ids: set[int]) -> None:
    assert parse_shards(text, count) == Shards(frozenset(ids), count)


@pytest.mark.parametrize(("text", "count", "message"), [
    ("0-8", 8, r"shard 8 does not exist with --shard-count 8 \(shards are 0 to 7\)"),
    ("3-1", 8, "the range 3-1 runs backwards"),
    ("a-b", 8, "write shard ids and ranges such as 0-3 or 0,2,4-6"),
    ("0", 0, "--shard-count must be at least 1, not 0"),
])
def test_a_bad_shard_range_says_what_is_accepted(text: str, count: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_shards(text, count)


async def test_a_service_sends_and_fires_only_for_the_games_of_its_shards() -> None:
    clock = [NOW]
    repository = MemoryRepository(clock=lambda: clock[0])
    services = [TableService(repository, SYSTEM_FACTORIES, clock=lambda: clock[0],
                             shards=Shards(frozenset({shard}), 2)) for shard in (0, 1)]
    far_guild = (1001 << 22) | 9  # on shard 1 of 2
    near, far = services
    for table, guild in (("near", None), ("far", far_guild)):
        await far.execute(table, ALICE, parse_line("/game new system:freeplay map:crossroads"), guild=guild)
        await far.execute(table, BOB, parse_line("/game join side:B"))
        await far.execute(table, ALICE, parse_line("/force load name:Red Company side:A"))
        await far.execute(table, ALICE, parse_line("/undo to:3"))  # asks side B, with a deadline
    assert {summary.guild for summary in await repository.list_games()} == {None, far_guild}
    assert {o.table for o in await near.unsent()} == {"near"}
    assert {o.table for o in await far.unsent()} == {"far"}
    clock[0] += 3600
    assert {o.table for o in await near.expire_due()} == {"near"}
    assert {o.table for o in await far.expire_due()} == {"far"}
    assert await near.expire_due() == [] and await far.expire_due() == []


def test_without_postgresql_binaries_the_reason_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setattr("glob.glob", lambda pattern: [])
    with pytest.raises(PostgresUnavailable, match=r"PostgreSQL binaries not found \(looked for initdb and pg_ctl"):
        find_bindir()
