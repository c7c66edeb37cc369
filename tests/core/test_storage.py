"""The storage suite: every repository keeps the memory one's game semantics, and both durable ones (SQLite and
PostgreSQL) commit atomically, apply an interaction once and give everything back after a restart.

The PostgreSQL half runs on a throwaway server (tests/postgres_fixtures.py), skipped with its reason where
PostgreSQL is not installed."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import asyncpg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.postgres_store import PostgresRepository
from bot.core.shards import Shards
from bot.core.sqlite_store import SCHEMA_VERSION, SqliteRepository
from bot.core.storage import (
    ConcurrentUpdate,
    Deadline,
    DuplicateInteraction,
    GameRepository,
    GameSummary,
    MemoryRepository,
    MessageRef,
    OutboxItem,
    Snapshot,
    StoredGame,
    TableBusy,
)
from engine.core import GameSetup, SideId, UserId
from tests.budget import examples
from tests.postgres_cluster import PostgresCluster

SETUP = GameSetup(system="duel", sides=(SideId("A"), SideId("B")), host=UserId("alice"), seed_commitment="c0ffee",
                  options={"points": 500})


def record(seq: int, kind: str = "note") -> dict[str, Any]:
    return {"seq": seq, "kind": kind, "version": 1, "audience": {"kind": "everyone"}, "data": {"n": seq, "é": [1.5]}}


def records(first: int, count: int) -> list[dict[str, Any]]:
    return [record(seq) for seq in range(first, first + count)]


def game(game_id: str, table: str = "t1", count: int = 2, ended: bool = False, guild: int | None = None) -> StoredGame:
    return StoredGame(game_id, table, SETUP, f"seed-{game_id}", records(1, count), ended, guild)


def as_tuple(stored: StoredGame | None) -> tuple[Any, ...] | None:
    if stored is None:
        return None
    return stored.game_id, stored.table, stored.setup, stored.seed, stored.records, stored.ended, stored.guild


class Durable(GameRepository, Protocol):
    """A repository on disk or on a server: what both SQL backends offer beyond the protocol."""

    async def seen_interaction(self, interaction_id: str) -> bool: ...

    async def close(self) -> None: ...


@dataclass
class Backend:
    """One durable backend: how to open (again) the same storage, and the error a broken constraint raises."""

    name: str
    open: Callable[[], Awaitable[Durable]]
    integrity: type[Exception]


def ticks() -> Callable[[], float]:
    return iter(range(1_000_000)).__next__  # type: ignore[return-value]


def sqlite_backend(path: Path) -> Backend:
    return Backend("sqlite", lambda: SqliteRepository.open(path / "games.sqlite3", clock=ticks()),
                   sqlite3.IntegrityError)


def postgres_backend(dsn: str) -> Backend:
    return Backend("postgres", lambda: PostgresRepository.open(dsn, clock=ticks(), pool_size=4),
                   asyncpg.IntegrityConstraintViolationError)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "sqlite":
        return sqlite_backend(tmp_path)
    return postgres_backend(request.getfixturevalue("postgres_dsn"))


@pytest.fixture
async def durable(backend: Backend) -> AsyncIterator[Durable]:
    repository = await backend.open()
    yield repository
    await repository.close()


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def repository(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameRepository]:
    if request.param == "memory":
        yield MemoryRepository()
        return
    opened = await (sqlite_backend(tmp_path) if request.param == "sqlite"
                    else postgres_backend(request.getfixturevalue("postgres_dsn"))).open()
    yield opened
    await opened.close()


# -- the GameRepository protocol, over both implementations ----------------------------------------


async def test_a_created_game_is_the_current_one_of_its_table(repository: GameRepository) -> None:
    await repository.create(game("g1"))
    assert as_tuple(await repository.current("t1")) == as_tuple(game("g1"))
    assert await repository.current("elsewhere") is None


async def test_remembered_prompts_are_found_without_loading_a_game_and_forgotten_once_answered(
        repository: GameRepository) -> None:
    await repository.create(game("g1"))
    await repository.remember_message("g1", "prompt:d3", 6, 222)
    await repository.remember_message("g1", "prompt:d7", 6, 223)
    await repository.remember_message("g1", "status", 6, 224)
    assert sorted(await repository.remembered("prompt:")) == [("g1", "prompt:d3", MessageRef(6, 222)),
                                                              ("g1", "prompt:d7", MessageRef(6, 223))]
    await repository.forget_message("g1", "prompt:d3")
    await repository.forget_message("g1", "prompt:d9")  # forgetting what was never remembered is harmless
    assert await repository.remembered("prompt:") == [("g1", "prompt:d7", MessageRef(6, 223))]
    assert await repository.message_for("g1", "status") == MessageRef(6, 224)


async def test_a_busy_table_refuses_a_second_game_until_the_first_ends(repository: GameRepository) -> None:
    await repository.create(game("g1"))
    with pytest.raises(TableBusy, match=r"^this table already hosts game g1 \(duel\); end it first with /game end"):
        await repository.create(game("g2"))
    await repository.create(game("other", table="t2"))
    await repository.append("g1", [record(3, "game_ended")], 2, True)
    await repository.create(game("g2"))
    current = await repository.current("t1")
    assert current is not None and current.game_id == "g2"


async def test_append_extends_the_log_and_sets_ended(repository: GameRepository) -> None:
    await repository.create(game("g1"))
    await repository.append("g1", records(3, 2), 2, False)
    await repository.append("g1", [], 4, True)
    current = await repository.current("t1")
    assert current is not None
    assert (current.records, current.seq, current.ended) == (records(1, 4), 4, True)


async def test_a_stale_append_raises_and_writes_nothing(repository: GameRepository) -> None:
    await repository.create(game("g1"))
    with pytest.raises(ConcurrentUpdate, match=r"^game g1 is at #2, not #1$"):
        await repository.append("g1", [record(2)], 1, True)
    assert as_tuple(await repository.current("t1")) == as_tuple(game("g1"))


async def test_appending_to_an_unknown_game_raises_key_error(repository: GameRepository) -> None:
    with pytest.raises(KeyError):
        await repository.append("nope", [record(1)], 0, False)


async def test_games_lists_every_game_oldest_first(repository: GameRepository) -> None:
    await repository.create(game("g1", ended=True))
    await repository.create(game("g2", table="t2", count=0))
    await repository.create(game("g3"))
    stored = await repository.games()
    assert [as_tuple(g) for g in stored] == [as_tuple(game("g1", ended=True)),
                                              as_tuple(game("g2", table="t2", count=0)), as_tuple(game("g3"))]


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A guild id (a snowflake) that Discord puts on ``shard`` of ``count``."""
    return ((1_000 * count + shard + n * count) << 22) | n


async def test_each_game_keeps_its_guild_and_a_shard_filter_picks_the_owned_games(repository: GameRepository) -> None:
    shards = Shards(frozenset({1}), 2)
    mine, theirs = guild_on(1, 2), guild_on(0, 2)
    await repository.create(game("g-mine", guild=mine), outbox=[OutboxItem("channel:1", {"n": 1})])
    await repository.create(game("g-theirs", table="t2", guild=theirs), outbox=[OutboxItem("channel:2", {"n": 2})])
    await repository.create(game("g-dm", table="t3"), outbox=[OutboxItem("user:3", {"n": 3})])
    for game_id, due in (("g-mine", 10.0), ("g-theirs", 20.0), ("g-dm", 30.0)):
        await repository.append(game_id, [], 2, False, deadlines={"d": due})
    found = await repository.game("g-mine")
    assert found is not None and found.guild == mine
    assert [(s.game_id, s.guild) for s in await repository.list_games()] == [
        ("g-mine", mine), ("g-theirs", theirs), ("g-dm", None)]
    assert [row.game_id for row in await repository.unsent_outbox(shards)] == ["g-mine"]
    assert [d.game_id for d in await repository.deadlines(shards)] == ["g-mine"]
    shard_zero = Shards(frozenset({0}), 2)
    assert [row.game_id for row in await repository.unsent_outbox(shard_zero)] == ["g-theirs", "g-dm"]
    assert [d.game_id for d in await repository.deadlines(shard_zero)] == ["g-theirs", "g-dm"], "no guild: shard 0"
    assert len(await repository.unsent_outbox()) == len(await repository.deadlines()) == 3


# -- both durable backends ------------------------------------------------------------------------------


async def test_concurrent_appends_on_one_seq_land_exactly_once(durable: Durable) -> None:
    sqlite = durable
    await sqlite.create(game("g1"))
    results = await asyncio.gather(*(sqlite.append("g1", [record(3, f"by-{i}")], 2, False) for i in range(8)),
                                   return_exceptions=True)
    assert sum(result == () for result in results) == 1
    assert all(isinstance(result, ConcurrentUpdate) for result in results if result != ())
    current = await sqlite.current("t1")
    assert current is not None
    assert [r["seq"] for r in current.records] == [1, 2, 3]


async def test_commit_stores_events_outbox_and_interaction_together(durable: Durable) -> None:
    sqlite = durable
    await sqlite.create(game("g1"))
    ids = await sqlite.append("g1", [record(3)], 2, False, interaction_id="i-1",
                              outbox=[OutboxItem("channel:10", {"content": "hit"}),
                                      OutboxItem("user:20", {"content": "secret"})])
    assert len(ids) == 2 and ids[0] < ids[1]
    assert await sqlite.seen_interaction("i-1") and not await sqlite.seen_interaction("i-2")
    unsent = await sqlite.unsent_outbox()
    assert [(row.id, row.game_id, row.destination, row.payload) for row in unsent] == [
        (ids[0], "g1", "channel:10", {"content": "hit"}), (ids[1], "g1", "user:20", {"content": "secret"})]
    await sqlite.mark_sent(ids[0], 9001)
    await sqlite.mark_sent(ids[0], 9002)
    assert [row.id for row in await sqlite.unsent_outbox()] == [ids[1]]
    with pytest.raises(KeyError):
        await sqlite.mark_sent(ids[1] + 100, 1)


async def assert_untouched(sqlite: Durable) -> None:
    assert as_tuple(await sqlite.current("t1")) == as_tuple(game("g1"))
    assert await sqlite.unsent_outbox() == []
    assert not await sqlite.seen_interaction("i-1")


@pytest.mark.parametrize(("new_records", "outbox", "error"), [
    pytest.param([record(3)], [OutboxItem("channel:1", {"ok": 1}), OutboxItem("nowhere", {})], None,
                 id="bad destination after the events"),
    pytest.param([record(3), record(4), record(3)], [], None, id="duplicate seq in the batch"),
    pytest.param([record(3)], [OutboxItem("channel:1", {"when": object()})], TypeError, id="payload not JSON"),
    pytest.param([record(3)], [OutboxItem("channel:1", {"x": float("nan")})], ValueError, id="NaN payload"),
])
async def test_a_failing_commit_leaves_nothing_written(
    durable: Durable, backend: Backend, new_records: list[dict[str, Any]], outbox: list[OutboxItem],
    error: type[Exception] | None
) -> None:
    sqlite = durable
    await sqlite.create(game("g1"))
    with pytest.raises(error or backend.integrity):
        await sqlite.append("g1", new_records, 2, True, outbox=outbox, interaction_id="i-1")
    await assert_untouched(sqlite)
    await sqlite.append("g1", [record(3)], 2, False, interaction_id="i-1")  # the lock and connection still work


async def test_the_same_interaction_applies_once(durable: Durable) -> None:
    sqlite = durable
    await sqlite.create(game("g1"))
    await sqlite.append("g1", [record(3)], 2, False, interaction_id="i-1", outbox=[OutboxItem("channel:1", {})])
    with pytest.raises(DuplicateInteraction, match="i-1"):
        await sqlite.append("g1", [record(4)], 3, False, interaction_id="i-1", outbox=[OutboxItem("channel:1", {})])
    results = await asyncio.gather(*(sqlite.append("g1", [record(4 + i)], 3 + i, False, interaction_id="i-2")
                                     for i in range(2)), return_exceptions=True)
    assert results[0] == () and isinstance(results[1], DuplicateInteraction)
    current = await sqlite.current("t1")
    assert current is not None and current.seq == 4
    assert len(await sqlite.unsent_outbox()) == 1


async def test_a_restart_gives_everything_back(backend: Backend) -> None:
    before = await backend.open()
    await before.create(game("g1", ended=True, guild=42 << 22))
    await before.create(game("g2"))
    await before.create(game("g3", table="t2", count=0))
    ids = await before.append("g2", records(3, 3), 2, False, interaction_id="i-9",
                              outbox=[OutboxItem("channel:5", {"content": "a"}), OutboxItem("user:6", {"b": [1]})])
    await before.mark_sent(ids[0], 777)
    await before.append("g2", [], 5, False, deadlines={"d1": 1_900_000_000.5, "gone": 1.0})
    await before.append("g3", [], 0, False, deadlines={"d2": 1_800_000_000.0})
    await before.append("g2", [], 5, False, deadlines={"gone": None, "never-set": None})
    await before.remember_message("g2", "status", 5, 111)
    await before.remember_message("g2", "prompt:d1", 6, 222)
    await before.remember_message("g2", "status", 5, 333)
    await before.save_snapshot("g2", 4, '{"seq": 4}')
    stored = [as_tuple(g) for g in await before.games()]
    outbox = await before.unsent_outbox()
    await before.close()

    after = await backend.open()
    try:
        assert [as_tuple(g) for g in await after.games()] == stored
        assert await after.list_games() == [GameSummary("g1", "t1", "duel", True, 2, 42 << 22),
                                            GameSummary("g2", "t1", "duel", False, 5),
                                            GameSummary("g3", "t2", "duel", False, 0)]
        assert await after.unsent_outbox() == outbox
        assert [row.destination for row in outbox] == ["user:6"]
        assert await after.deadlines() == [Deadline("g3", "d2", 1_800_000_000.0),
                                           Deadline("g2", "d1", 1_900_000_000.5)]
        assert await after.message_for("g2", "status") == MessageRef(5, 333)
        assert await after.message_for("g2", "prompt:d1") == MessageRef(6, 222)
        assert await after.message_for("g1", "status") is None
        assert await after.latest_snapshot("g2") == Snapshot(4, '{"seq": 4}')
        assert await after.seen_interaction("i-9")
        found = await after.game("g1")
        assert found is not None and as_tuple(found) == stored[0]
        assert await after.game("nope") is None
        new_ids = await after.append("g2", [record(6)], 5, False, outbox=[OutboxItem("channel:5", {})])
        assert new_ids[0] > ids[-1]
    finally:
        await after.close()


async def test_snapshots_round_trip_and_stay_inside_the_log(durable: Durable) -> None:
    sqlite = durable
    await sqlite.create(game("g1", count=5))
    assert await sqlite.latest_snapshot("g1") is None
    await sqlite.save_snapshot("g1", 2, '{"at": 2}')
    await sqlite.save_snapshot("g1", 5, '{"at": 5}')
    await sqlite.save_snapshot("g1", 5, '{"at": "5 again"}')
    assert await sqlite.latest_snapshot("g1") == Snapshot(5, '{"at": "5 again"}')
    with pytest.raises(ValueError, match="no #6"):
        await sqlite.save_snapshot("g1", 6, "{}")
    with pytest.raises(KeyError):
        await sqlite.save_snapshot("nope", 0, "{}")


async def test_rows_must_belong_to_a_stored_game(durable: Durable, backend: Backend) -> None:
    with pytest.raises(backend.integrity, match=r"(?i)foreign key"):
        await durable.remember_message("nope", "status", 1, 2)


async def test_a_closed_repository_says_so(backend: Backend) -> None:
    repository = await backend.open()
    await repository.close()
    await repository.close()
    with pytest.raises(RuntimeError, match="closed"):
        await repository.list_games()


async def test_two_processes_on_one_storage_commit_one_after_the_other(backend: Backend) -> None:
    """Two repositories on the same storage stand for two bot processes: appends racing on one seq land once,
    an interaction applies once whichever process sees it, and a table never gets two unfinished games."""
    first, second = await backend.open(), await backend.open()
    try:
        await first.create(game("g1"))
        racing = [(first if i % 2 else second).append("g1", [record(3, f"by-{i}")], 2, False) for i in range(6)]
        results = await asyncio.gather(*racing, return_exceptions=True)
        assert sum(result == () for result in results) == 1
        assert all(isinstance(result, ConcurrentUpdate) for result in results if result != ())
        twice = await asyncio.gather(first.append("g1", [record(4)], 3, False, interaction_id="i-7"),
                                     second.append("g1", [record(4)], 3, False, interaction_id="i-7"),
                                     return_exceptions=True)
        assert sorted(type(result).__name__ for result in twice) == ["DuplicateInteraction", "tuple"]
        await first.append("g1", [record(5, "game_ended")], 4, True)
        opened = await asyncio.gather(first.create(game("g2")), second.create(game("g3")), return_exceptions=True)
        assert sum(isinstance(result, TableBusy) for result in opened) == 1
        for repository in (first, second):
            current = await repository.current("t1")
            assert current is not None and current.game_id in ("g2", "g3") and current.seq == 2
        found = await second.game("g1")
        assert found is not None and [r["seq"] for r in found.records] == [1, 2, 3, 4, 5]
    finally:
        await first.close()
        await second.close()


async def test_a_process_reading_again_gets_what_another_appended_exactly_once(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    try:
        await first.create(game("g1"))
        assert [r["seq"] for r in (await second.current("t1")).records] == [1, 2]  # type: ignore[union-attr]
        await first.append("g1", records(3, 2), 2, False)
        await second.append("g1", [record(5)], 4, False)
        await first.append("g1", [record(6)], 5, True)
        reads = await asyncio.gather(*(second.game("g1") for _ in range(4)), second.current("t1"))
        for found in reads:
            assert found is not None and found.ended and [r["seq"] for r in found.records] == [1, 2, 3, 4, 5, 6]
            assert found.records == records(1, 6)
        assert (await second.game("g1")).records == records(1, 6)  # type: ignore[union-attr]
    finally:
        await first.close()
        await second.close()


# -- SQLite only --------------------------------------------------------------------------------------


async def test_the_file_is_in_wal_mode(tmp_path: Path) -> None:
    repository = await sqlite_backend(tmp_path).open()
    await repository.close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as reader:
        assert reader.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_a_file_of_schema_1_is_migrated_and_its_games_belong_to_shard_0(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as old:  # as the bot left it before games recorded their guild
        old.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO meta VALUES ('schema_version', '1');
            CREATE TABLE games (game_id TEXT PRIMARY KEY, ordinal INTEGER NOT NULL UNIQUE, table_id TEXT NOT NULL,
                system TEXT NOT NULL, setup TEXT NOT NULL, seed TEXT NOT NULL, ended INTEGER NOT NULL,
                created_at REAL NOT NULL);
            CREATE TABLE events (game_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, record TEXT NOT NULL,
                PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
            CREATE TABLE deadlines (game_id TEXT NOT NULL, decision_id TEXT NOT NULL, due_at REAL NOT NULL,
                PRIMARY KEY (game_id, decision_id));
        """)
        old.execute("INSERT INTO games VALUES ('old', 1, 't1', 'duel', ?, 'seed', 0, 0)", (SETUP.model_dump_json(),))
        old.execute("INSERT INTO deadlines VALUES ('old', 'd1', 5.0)")
    repository = await SqliteRepository.open(path)
    try:
        found = await repository.game("old")
        assert found is not None and found.guild is None and found.setup == SETUP
        assert [d.game_id for d in await repository.deadlines(Shards(frozenset({0}), 4))] == ["old"]
        assert await repository.deadlines(Shards(frozenset({1, 2, 3}), 4)) == []
        await repository.create(game("new", table="t2", guild=7 << 22))
    finally:
        await repository.close()
    with sqlite3.connect(path) as reader:
        assert reader.execute("SELECT value FROM meta").fetchone() == (str(SCHEMA_VERSION),)


async def test_a_file_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    await (await sqlite_backend(tmp_path).open()).close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as writer:
        writer.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(RuntimeError, match="has storage schema version 99; this bot reads versions up to"):
        await sqlite_backend(tmp_path).open()


# -- PostgreSQL only ------------------------------------------------------------------------------------


async def test_processes_starting_together_migrate_once(postgres_dsn: str) -> None:
    opened = await asyncio.gather(*(PostgresRepository.open(postgres_dsn, pool_size=2) for _ in range(4)))
    try:
        connection = await asyncpg.connect(postgres_dsn)
        try:
            versions = await connection.fetch("SELECT version FROM schema_migrations ORDER BY version")
        finally:
            await connection.close()
        assert [row["version"] for row in versions] == [1]
    finally:
        for repository in opened:
            await repository.close()


async def _until_waiting(dsn: str, count: int) -> None:
    """Return once ``count`` sessions are blocked on a lock (the racing appends all started). The probe is a
    connection of its own: inside a transaction ``pg_stat_activity`` would be read once and never change."""
    probe = await asyncpg.connect(dsn)
    try:
        for _ in range(3000):
            waiting = await probe.fetchval("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                           "AND datname = current_database()")
            if waiting >= count:
                return
            await asyncio.sleep(0.01)
    finally:
        await probe.close()
    raise AssertionError(f"{count} appends never all waited on the game's row (pg_stat_activity)")


async def _race_while_held(dsn: str, racing: list[Awaitable[tuple[int, ...]]]) -> list[Any]:
    """Start every append while a second transaction holds the game's row, wait until each one is blocked,
    then let them go together: every run is the worst interleaving, whatever the machine's load."""
    holder = await asyncpg.connect(dsn)
    try:
        held = holder.transaction()
        await held.start()
        await holder.execute("SELECT 1 FROM games WHERE game_id = 'g1' FOR UPDATE")
        tasks = [asyncio.ensure_future(append) for append in racing]
        await _until_waiting(dsn, len(tasks))
        await held.commit()
        return await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        await holder.close()


async def test_appends_released_together_land_once_and_every_loser_is_told_it_is_stale(postgres_dsn: str) -> None:
    """The row lock (``FOR UPDATE``) is what orders appends across processes: without it, appends that read the
    same seq all try to write its events and the losers hit a raw unique violation instead of the store's
    ``ConcurrentUpdate`` (or ``DuplicateInteraction``) that the service handles."""
    first, second = [await PostgresRepository.open(postgres_dsn, pool_size=4) for _ in range(2)]
    try:
        await first.create(game("g1"))
        results = await _race_while_held(postgres_dsn, [
            (first if i % 2 else second).append("g1", [record(3, f"by-{i}")], 2, False) for i in range(6)])
        assert sum(result == () for result in results) == 1
        losers = [result for result in results if result != ()]
        assert all(type(result) is ConcurrentUpdate for result in losers), losers
        twice = await _race_while_held(postgres_dsn, [
            repository.append("g1", [record(4)], 3, False, interaction_id="i-7") for repository in (first, second)])
        assert sorted(type(result).__name__ for result in twice) == ["DuplicateInteraction", "tuple"], twice
        found = await second.game("g1")
        assert found is not None and [r["seq"] for r in found.records] == [1, 2, 3, 4]
    finally:
        await first.close()
        await second.close()


# -- property: any run of appends and restarts matches the memory repository ----------------------

OPERATIONS = st.lists(st.one_of(
    st.tuples(st.just("append"), st.sampled_from(["g1", "g2"]), st.integers(0, 3), st.integers(-1, 1), st.booleans()),
    st.just(("restart", "", 0, 0, False)),
), max_size=25)


async def replay(opener: Callable[[], Awaitable[Durable]], operations: list[tuple[str, str, int, int, bool]]) -> None:
    memory = MemoryRepository()
    sqlite = await opener()
    try:
        for repository in (memory, sqlite):
            await repository.create(game("g1", count=1))
            await repository.create(game("g2", table="t2", count=0))
        for action, game_id, count, skew, ended in operations:
            if action == "restart":
                await sqlite.close()
                sqlite = await opener()
                continue
            outcomes = []
            seq = next(g.seq for g in await memory.games() if g.game_id == game_id)
            for repository in (memory, sqlite):
                try:
                    await repository.append(game_id, records(seq + 1, count), seq + skew, ended)
                    outcomes.append("ok")
                except ConcurrentUpdate:
                    outcomes.append("stale")
            assert outcomes[0] == outcomes[1] == ("ok" if skew == 0 else "stale")
        expected = [as_tuple(g) for g in await memory.games()]
        assert [as_tuple(g) for g in await sqlite.games()] == expected
        for stored in await sqlite.games():
            assert [r["seq"] for r in stored.records] == list(range(1, stored.seq + 1))
    finally:
        await sqlite.close()


@settings(max_examples=examples(30), deadline=None)
@given(OPERATIONS)
def test_appends_and_restarts_match_the_memory_repository(operations: list[tuple[str, str, int, int, bool]]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(replay(sqlite_backend(Path(directory)).open, operations))


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_appends_and_restarts_match_the_memory_repository_on_postgres(
    postgres_cluster: PostgresCluster, operations: list[tuple[str, str, int, int, bool]]
) -> None:
    asyncio.run(replay(postgres_backend(postgres_cluster.new_schema_dsn()).open, operations))
