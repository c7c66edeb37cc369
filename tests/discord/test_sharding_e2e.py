"""Sharded bot processes end to end: two ``ShardedGameMaster``s (shard 0 and shard 1 of 2) on one PostgreSQL,
against a stand-in Discord that shards as Discord does. Each hears only its guilds, sends only its games'
messages, and a process that starts sends what a dead one serving the same shard left unsent."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.core.postgres_store import PostgresRepository
from bot.core.service import TableService
from bot.core.shards import Shards
from bot.core.systems import SYSTEM_FACTORIES
from bot.discord.sharding import ShardedGameMaster
from engine.core import UserId
from tests.commands import parse_line
from tests.discord_standin import StandIn, start_bot, stop_bot
from tests.discord_standin.bots import stop_all

COUNT = 2


class Process:
    """One bot process: its own repository connection pool, table service and sharded client."""

    def __init__(self, standin: StandIn, dsn: str, shard: int, folder: Path) -> None:
        self.standin, self.dsn, self.shards, self.folder = standin, dsn, Shards(frozenset({shard}), COUNT), folder
        self.repository: PostgresRepository | None = None
        self.client: ShardedGameMaster | None = None

    @property
    def service(self) -> TableService:
        assert self.client is not None
        return self.client.service

    async def start(self) -> Process:
        self.repository = await PostgresRepository.open(self.dsn, pool_size=4)
        service = TableService(self.repository, SYSTEM_FACTORIES, shards=self.shards)
        self.client = ShardedGameMaster(service, shards=self.shards, identify_gap=0.0, pool=None,
                                        hash_file=self.folder / "commands.hash", status_every=None,
                                        guild_ready_timeout=0.2)
        await start_bot(self.client)
        return self

    async def stop(self) -> None:
        if self.client is not None:
            await stop_bot(self.client)
        if self.repository is not None:
            await self.repository.close()
        self.client = self.repository = None


@pytest_asyncio.fixture
async def sharded() -> AsyncIterator[StandIn]:
    """A stand-in recommending 2 shards, with a guild on each: #near-table on shard 0, #far-table on shard 1."""
    server = StandIn(shard_count=COUNT)
    server.add_guild("Near Guild", ("near-table",), shard=0)
    server.add_guild("Far Guild", ("far-table",), shard=1)
    await server.start()
    server.point_discord()
    try:
        yield server
    finally:
        await stop_all()
        await server.stop()
    assert not server.world.errors, f"the stand-in crashed: {server.world.errors}"


@pytest_asyncio.fixture
async def processes(sharded: StandIn, postgres_dsn: str, tmp_path: Path) -> AsyncIterator[tuple[Process, Process]]:
    first = await Process(sharded, postgres_dsn, 0, tmp_path).start()  # shard 0's process syncs the commands
    second = await Process(sharded, postgres_dsn, 1, tmp_path).start()
    try:
        yield first, second
    finally:
        await second.stop()
        await first.stop()


async def run(standin: StandIn, path: str, options: dict[str, object], channel: str, user: str = "alice") -> None:
    handle = await standin.slash(path, options, user=user, channel=channel)
    await handle.response()
    await handle.wait_for(lambda: any(s.kind in ("followup", "delete") for s in handle.sent) or None,
                          what=f"/{path} to finish")


def texts(standin: StandIn, channel: str) -> list[str]:
    return [m["content"] for m in standin.messages_in(channel)]


async def test_each_process_identifies_its_shard_and_hosts_the_games_of_its_guilds(
    sharded: StandIn, processes: tuple[Process, Process]
) -> None:
    near, far = processes
    assert sorted(i["shard"] for i in sharded.gateway.identifies) == [[0, COUNT], [1, COUNT]]
    assert sorted(s for s in sharded.identified_shards() if s is not None) == [(0, COUNT), (1, COUNT)]
    assert near.client is not None and far.client is not None
    assert {g.name for g in near.client.guilds} >= {"Near Guild"} and "Far Guild" not in {
        g.name for g in near.client.guilds}
    assert [g.name for g in far.client.guilds if g.name in ("Near Guild", "Far Guild")] == ["Far Guild"]
    for channel in ("near-table", "far-table"):
        await run(sharded, "game new", {"system": "freeplay", "map": "crossroads"}, channel)
    near_table, far_table = (str(sharded.channel_id(c)) for c in ("near-table", "far-table"))
    assert near.service.live_game(near_table) is not None and near.service.live_game(far_table) is None
    assert far.service.live_game(far_table) is not None and far.service.live_game(near_table) is None
    assert near.repository is not None
    stored = await near.repository.current(far_table)
    assert stored is not None and stored.guild == int(sharded.channel("far-table")["guild_id"])
    assert any(text.startswith("A game of Freeplay begins.") for text in texts(sharded, "far-table"))


async def test_a_process_sends_only_its_games_messages_and_its_successor_sends_what_it_left(
    sharded: StandIn, processes: tuple[Process, Process]
) -> None:
    near, far = processes
    for channel in ("near-table", "far-table"):
        await run(sharded, "game new", {"system": "freeplay", "map": "crossroads"}, channel)
    alice = UserId(str(sharded.user_id("alice")))
    # Each process commits a note and dies before telling Discord anything.
    await near.service.execute(str(sharded.channel_id("near-table")), alice,
                               parse_line("/note text:left by near"))
    await far.service.execute(str(sharded.channel_id("far-table")), alice,
                              parse_line("/note text:left by far"))
    await far.stop()
    await near.stop()
    await near.start()  # shard 0's successor: sends its own games' note, never the far guild's
    assert sum("left by near" in text for text in texts(sharded, "near-table")) == 1
    assert not any("left by far" in text for text in texts(sharded, "far-table"))
    await far.start()  # shard 1's successor takes up what its predecessor left
    assert sum("left by far" in text for text in texts(sharded, "far-table")) == 1
    await near.stop()
    await near.start()
    assert sum("left by near" in text for text in texts(sharded, "near-table")) == 1, "marked sent: not sent again"


async def test_direct_messages_reach_only_the_process_serving_shard_0(
    sharded: StandIn, processes: tuple[Process, Process]
) -> None:
    dm = sharded.world.dm_channel("bob")
    handle = await sharded.slash("roll", {"dice": "2d6"}, user="bob", channel=dm)
    await handle.response()
    received = {session.shard: any(f'"id": "{handle.id}"' in frame for _, frame in session.backlog)
                for session in sharded.gateway.ready_sessions}
    assert received == {(0, COUNT): True, (1, COUNT): False}


async def test_a_game_moved_on_by_another_process_is_reloaded_not_refused(
    sharded: StandIn, processes: tuple[Process, Process]
) -> None:
    near, _ = processes
    await run(sharded, "game new", {"system": "freeplay", "map": "crossroads"}, "far-table")
    table, alice = str(sharded.channel_id("far-table")), UserId(str(sharded.user_id("alice")))
    # shard 0's process writes to a far game (as for a DM), then the owner goes on from its cached copy
    await near.service.execute(table, alice, parse_line("/note text:from the other process"))
    await run(sharded, "note", {"text": "from the owner"}, "far-table")
    assert near.repository is not None
    stored = await near.repository.current(table)
    assert stored is not None
    notes = [r["data"]["text"] for r in stored.records if r["kind"] == "freeplay.note"]
    assert notes == ["from the other process", "from the owner"]
