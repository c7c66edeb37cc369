"""The SQLite repository: the memory one's game semantics, atomic commits, and a restart that loses nothing."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.sqlite_store import SqliteRepository
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

SETUP = GameSetup(system="duel", sides=(SideId("A"), SideId("B")), host=UserId("alice"), seed_commitment="c0ffee",
                  options={"points": 500})


def record(seq: int, kind: str = "note") -> dict[str, Any]:
    return {"seq": seq, "kind": kind, "version": 1, "audience": {"kind": "everyone"}, "data": {"n": seq, "é": [1.5]}}


def records(first: int, count: int) -> list[dict[str, Any]]:
    return [record(seq) for seq in range(first, first + count)]


def game(game_id: str, table: str = "t1", count: int = 2, ended: bool = False) -> StoredGame:
    return StoredGame(game_id, table, SETUP, f"seed-{game_id}", records(1, count), ended)


def as_tuple(stored: StoredGame | None) -> tuple[Any, ...] | None:
    if stored is None:
        return None
    return stored.game_id, stored.table, stored.setup, stored.seed, stored.records, stored.ended


async def open_sqlite(path: Path) -> SqliteRepository:
    return await SqliteRepository.open(path / "games.sqlite3", clock=iter(range(1_000_000)).__next__)


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[SqliteRepository]:
    repository = await open_sqlite(tmp_path)
    yield repository
    await repository.close()


@pytest.fixture(params=["memory", "sqlite"])
async def repository(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameRepository]:
    if request.param == "memory":
        yield MemoryRepository()
        return
    opened = await open_sqlite(tmp_path)
    yield opened
    await opened.close()


# -- the GameRepository protocol, over both implementations ----------------------------------------


async def test_a_created_game_is_the_current_one_of_its_table(repository: GameRepository) -> None:
    await repository.create(game("g1"))
    assert as_tuple(await repository.current("t1")) == as_tuple(game("g1"))
    assert await repository.current("elsewhere") is None


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


# -- SQLite only --------------------------------------------------------------------------------------


async def test_concurrent_appends_on_one_seq_land_exactly_once(sqlite: SqliteRepository) -> None:
    await sqlite.create(game("g1"))
    results = await asyncio.gather(*(sqlite.append("g1", [record(3, f"by-{i}")], 2, False) for i in range(8)),
                                   return_exceptions=True)
    assert sum(result == () for result in results) == 1
    assert all(isinstance(result, ConcurrentUpdate) for result in results if result != ())
    current = await sqlite.current("t1")
    assert current is not None
    assert [r["seq"] for r in current.records] == [1, 2, 3]


async def test_commit_stores_events_outbox_and_interaction_together(sqlite: SqliteRepository) -> None:
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


async def assert_untouched(sqlite: SqliteRepository) -> None:
    assert as_tuple(await sqlite.current("t1")) == as_tuple(game("g1"))
    assert await sqlite.unsent_outbox() == []
    assert not await sqlite.seen_interaction("i-1")


@pytest.mark.parametrize(("new_records", "outbox", "error"), [
    pytest.param([record(3)], [OutboxItem("channel:1", {"ok": 1}), OutboxItem("nowhere", {})], sqlite3.IntegrityError,
                 id="bad destination after the events"),
    pytest.param([record(3), record(4), record(3)], [], sqlite3.IntegrityError, id="duplicate seq in the batch"),
    pytest.param([record(3)], [OutboxItem("channel:1", {"when": object()})], TypeError, id="payload not JSON"),
    pytest.param([record(3)], [OutboxItem("channel:1", {"x": float("nan")})], ValueError, id="NaN payload"),
])
async def test_a_failing_commit_leaves_nothing_written(
    sqlite: SqliteRepository, new_records: list[dict[str, Any]], outbox: list[OutboxItem], error: type[Exception]
) -> None:
    await sqlite.create(game("g1"))
    with pytest.raises(error):
        await sqlite.append("g1", new_records, 2, True, outbox=outbox, interaction_id="i-1")
    await assert_untouched(sqlite)
    await sqlite.append("g1", [record(3)], 2, False, interaction_id="i-1")  # the lock and connection still work


async def test_the_same_interaction_applies_once(sqlite: SqliteRepository) -> None:
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


async def test_a_restart_gives_everything_back(tmp_path: Path) -> None:
    before = await open_sqlite(tmp_path)
    await before.create(game("g1", ended=True))
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

    after = await open_sqlite(tmp_path)
    try:
        assert [as_tuple(g) for g in await after.games()] == stored
        assert await after.list_games() == [GameSummary("g1", "t1", "duel", True, 2),
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


async def test_snapshots_round_trip_and_stay_inside_the_log(sqlite: SqliteRepository) -> None:
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


async def test_rows_must_belong_to_a_stored_game(sqlite: SqliteRepository) -> None:
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        await sqlite.remember_message("nope", "status", 1, 2)


async def test_the_file_is_in_wal_mode(sqlite: SqliteRepository, tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "games.sqlite3") as reader:
        assert reader.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_a_closed_repository_says_so(tmp_path: Path) -> None:
    repository = await open_sqlite(tmp_path)
    await repository.close()
    await repository.close()
    with pytest.raises(RuntimeError, match="closed"):
        await repository.list_games()


# -- property: any run of appends and restarts matches the memory repository ----------------------

OPERATIONS = st.lists(st.one_of(
    st.tuples(st.just("append"), st.sampled_from(["g1", "g2"]), st.integers(0, 3), st.integers(-1, 1), st.booleans()),
    st.just(("restart", "", 0, 0, False)),
), max_size=25)


async def replay(path: Path, operations: list[tuple[str, str, int, int, bool]]) -> None:
    memory = MemoryRepository()
    sqlite = await SqliteRepository.open(path)
    try:
        for repository in (memory, sqlite):
            await repository.create(game("g1", count=1))
            await repository.create(game("g2", table="t2", count=0))
        for action, game_id, count, skew, ended in operations:
            if action == "restart":
                await sqlite.close()
                sqlite = await SqliteRepository.open(path)
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


@settings(max_examples=30, deadline=None)
@given(OPERATIONS)
def test_appends_and_restarts_match_the_memory_repository(operations: list[tuple[str, str, int, int, bool]]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(replay(Path(directory) / "games.sqlite3", operations))
