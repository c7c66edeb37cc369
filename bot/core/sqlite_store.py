"""SQLite storage for games, their event logs and the bot's exactly-once bookkeeping.

One file in WAL mode and one connection. Every write is a ``BEGIN IMMEDIATE`` ... ``COMMIT`` taken under one
asyncio lock, so a command's events, the messages announcing them and the interaction that caused them land
together or not at all. Reads take the same lock: on a shared connection they would otherwise see another
coroutine's unfinished transaction. The SQL lives in this module only; see docs/storage.md.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import aiosqlite

from bot.core.migrations import latest, pending
from bot.core.migrations.sqlite import SQLITE_MIGRATIONS
from bot.core.shards import Shards
from bot.core.storage import (
    ConcurrentUpdate,
    Deadline,
    DeadlineChanges,
    DuplicateInteraction,
    GameSummary,
    MessageRef,
    OutboxItem,
    OutboxRow,
    Snapshot,
    StoredGame,
    TableBusy,
)
from engine.core import GameSetup

__all__ = ["SCHEMA_VERSION", "SqliteRepository"]

SCHEMA_VERSION = latest(SQLITE_MIGRATIONS)
BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process holding the file (a backup, the sqlite3 shell) before failing."""

_LAST_SEQ = ("SELECT coalesce((SELECT max(seq) FROM events e WHERE e.game_id = g.game_id), 0) "
             "FROM games g WHERE g.game_id = ?")


def _dumps(value: object) -> str:
    """Strict, compact JSON: NaN or a non-JSON value raises before anything is written."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _owned(shards: Shards | None) -> tuple[str, tuple[int, ...]]:
    """A condition on ``g`` (the games table) for the games of ``shards``' guilds, and its parameters."""
    if shards is None:
        return "1", ()
    ids = sorted(shards.ids)
    return (f"((coalesce(g.guild_id, 0) >> 22) % ?) IN ({', '.join('?' * len(ids))})", (shards.count, *ids))


def _event_rows(game_id: str, records: Iterable[dict[str, Any]]) -> list[tuple[str, int, str, str]]:
    return [(game_id, record["seq"], record["kind"], _dumps(record)) for record in records]


class SqliteRepository:
    """A ``GameRepository`` in one SQLite file, with the outbox, interaction ids, deadlines and message ids."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self._path = Path(path)
        self._clock = clock
        self._lock = asyncio.Lock()
        self._db: aiosqlite.Connection | None = None

    # -- lifecycle -----------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | Path, *, clock: Callable[[], float] = time.time) -> Self:
        """Connect, switch on WAL, foreign keys and the busy timeout, and create the schema if it is missing."""
        repository = cls(path, clock=clock)
        db = await aiosqlite.connect(repository._path, isolation_level=None)
        repository._db = db
        try:
            ((mode,),) = await db.execute_fetchall("PRAGMA journal_mode = WAL")
            if mode != "wal":
                raise RuntimeError(f"{repository._path} cannot use write-ahead logging (journal mode {mode})")
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA synchronous = FULL")
            await repository._create_schema()
        except BaseException:
            await repository.close()
            raise
        return repository

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.close()

    async def _create_schema(self) -> None:
        """Apply the migrations this file lacks (all of them to a new file), in one transaction."""
        async with self._transaction() as db:
            await db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            found = await db.execute_fetchall("SELECT value FROM meta WHERE key = 'schema_version'")
            applied = int(found[0][0]) if found else 0
            for migration in pending(SQLITE_MIGRATIONS, applied, str(self._path)):
                for statement in migration.statements:
                    await db.execute(statement)
            await db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                             (str(max(applied, SCHEMA_VERSION)),))

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the repository is closed; use SqliteRepository.open(path)")
        return self._db

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """The one writer: ``BEGIN IMMEDIATE`` under the lock, ``COMMIT`` at the end, ``ROLLBACK`` on any error."""
        db = self._connection()
        async with self._lock:
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                await db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    await db.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """Read between transactions, never inside another coroutine's half-done one."""
        db = self._connection()
        async with self._lock:
            yield db

    # -- GameRepository ------------------------------------------------------------------------

    async def create(self, game: StoredGame, *, outbox: Sequence[OutboxItem] = ()) -> tuple[int, ...]:
        """Store a new game with its first records and messages; raise ``TableBusy`` if its table hosts an
        unfinished one."""
        setup = game.setup.model_dump_json()
        events = _event_rows(game.game_id, game.records)
        now = self._clock()
        messages = [(game.game_id, now, item.destination, _dumps(item.payload)) for item in outbox]
        async with self._transaction() as db:
            newest = await db.execute_fetchall(
                "SELECT game_id, system, ended FROM games WHERE table_id = ? ORDER BY ordinal DESC LIMIT 1",
                (game.table,))
            for existing_id, system, ended in newest:
                if not ended:
                    raise TableBusy(f"this table already hosts game {existing_id} ({system}); "
                                    "end it first with /game end or /game concede")
            await db.execute(
                "INSERT INTO games (game_id, ordinal, table_id, guild_id, system, setup, seed, ended, created_at) "
                "VALUES (?, (SELECT coalesce(max(ordinal), 0) + 1 FROM games), ?, ?, ?, ?, ?, ?, ?)",
                (game.game_id, game.table, game.guild, game.setup.system, setup, game.seed, int(game.ended), now))
            await db.executemany("INSERT INTO events (game_id, seq, kind, record) VALUES (?, ?, ?, ?)", events)
            return await self._queue(db, messages)

    async def current(self, table: str) -> StoredGame | None:
        """The newest game of a table, finished or not, with its whole log."""
        return await self._one("table_id = ? ORDER BY ordinal DESC LIMIT 1", table)

    async def game(self, game_id: str) -> StoredGame | None:
        """One game by its id, with its whole log."""
        return await self._one("game_id = ?", game_id)

    async def _one(self, where: str, key: str) -> StoredGame | None:
        async with self._reading() as db:
            rows = await db.execute_fetchall(
                f"SELECT game_id, table_id, setup, seed, ended, guild_id FROM games WHERE {where}", (key,))
            if not rows:
                return None
            ((game_id, table_id, setup, seed, ended, guild),) = rows
            records = await db.execute_fetchall("SELECT record FROM events WHERE game_id = ? ORDER BY seq",
                                                (game_id,))
        return StoredGame(game_id, table_id, GameSetup.model_validate_json(setup), seed,
                          [json.loads(record) for (record,) in records], bool(ended), guild)

    async def append(self, game_id: str, records: list[dict[str, Any]], expected_seq: int, ended: bool, *,
                     outbox: Sequence[OutboxItem] = (), deadlines: DeadlineChanges | None = None,
                     interaction_id: str | None = None) -> tuple[int, ...]:
        """Append a command's records, queue its messages, move its deadlines and mark its interaction used,
        all in one transaction.

        Raises ``DuplicateInteraction`` if ``interaction_id`` was already applied, ``ConcurrentUpdate`` if the
        game is no longer at ``expected_seq`` and ``KeyError`` for an unknown game; then nothing is written.
        Returns the new outbox ids, in the order of ``outbox``.
        """
        now = self._clock()
        events = _event_rows(game_id, records)
        messages = [(game_id, now, item.destination, _dumps(item.payload)) for item in outbox]
        async with self._transaction() as db:
            if interaction_id is not None and await self._seen(db, interaction_id):
                raise DuplicateInteraction(f"interaction {interaction_id} was already applied")
            found = await db.execute_fetchall(_LAST_SEQ, (game_id,))
            if not found:
                raise KeyError(game_id)
            ((seq,),) = found
            if seq != expected_seq:
                raise ConcurrentUpdate(f"game {game_id} is at #{seq}, not #{expected_seq}")
            await db.executemany("INSERT INTO events (game_id, seq, kind, record) VALUES (?, ?, ?, ?)", events)
            await db.execute("UPDATE games SET ended = ? WHERE game_id = ?", (int(ended), game_id))
            ids = await self._queue(db, messages)
            for decision_id, due_at in (deadlines or {}).items():
                if due_at is None:
                    await db.execute("DELETE FROM deadlines WHERE game_id = ? AND decision_id = ?",
                                     (game_id, decision_id))
                else:
                    await db.execute("INSERT OR REPLACE INTO deadlines (game_id, decision_id, due_at) "
                                     "VALUES (?, ?, ?)", (game_id, decision_id, due_at))
            if interaction_id is not None:
                await db.execute("INSERT INTO interactions (interaction_id, game_id, seen_at) VALUES (?, ?, ?)",
                                 (interaction_id, game_id, now))
        return tuple(ids)

    @staticmethod
    async def _queue(db: aiosqlite.Connection, messages: list[tuple[str, float, str, str]]) -> tuple[int, ...]:
        ids: list[int] = []
        for message in messages:
            ((outbox_id,),) = await db.execute_fetchall(
                "INSERT INTO outbox (game_id, created_at, destination, payload) VALUES (?, ?, ?, ?) RETURNING id",
                message)
            ids.append(outbox_id)
        return tuple(ids)

    async def games(self) -> list[StoredGame]:
        """Every stored game with its whole log, oldest first; start-up should prefer ``list_games``."""
        async with self._reading() as db:
            games = await db.execute_fetchall(
                "SELECT game_id, table_id, setup, seed, ended, guild_id FROM games ORDER BY ordinal")
            events = await db.execute_fetchall("SELECT game_id, record FROM events ORDER BY game_id, seq")
        logs: dict[str, list[dict[str, Any]]] = {}
        for game_id, record in events:
            logs.setdefault(game_id, []).append(json.loads(record))
        return [StoredGame(game_id, table, GameSetup.model_validate_json(setup), seed, logs.get(game_id, []),
                           bool(ended), guild)
                for game_id, table, setup, seed, ended, guild in games]

    async def seen_interaction(self, interaction_id: str) -> bool:
        async with self._reading() as db:
            return await self._seen(db, interaction_id)

    @staticmethod
    async def _seen(db: aiosqlite.Connection, interaction_id: str) -> bool:
        rows = await db.execute_fetchall("SELECT 1 FROM interactions WHERE interaction_id = ?", (interaction_id,))
        return bool(rows)

    async def unsent_outbox(self, shards: Shards | None = None) -> list[OutboxRow]:
        """Committed messages not yet confirmed sent, oldest first: after a restart, send them again. With
        ``shards``, only those of games in the shards' guilds."""
        owned, params = _owned(shards)
        async with self._reading() as db:
            rows = await db.execute_fetchall(
                "SELECT o.id, o.game_id, o.destination, o.payload, o.created_at FROM outbox o "
                f"JOIN games g ON g.game_id = o.game_id WHERE o.sent_at IS NULL AND {owned} ORDER BY o.id", params)
        return [OutboxRow(outbox_id, game_id, destination, json.loads(payload), created_at)
                for outbox_id, game_id, destination, payload, created_at in rows]

    async def mark_sent(self, outbox_id: int, discord_message_id: int) -> None:
        """Record that Discord accepted the message; a second call for the same row changes nothing."""
        async with self._transaction() as db:
            found = await db.execute_fetchall("SELECT sent_at FROM outbox WHERE id = ?", (outbox_id,))
            if not found:
                raise KeyError(outbox_id)
            await db.execute("UPDATE outbox SET sent_at = ?, discord_message_id = ? WHERE id = ? AND sent_at IS NULL",
                             (self._clock(), discord_message_id, outbox_id))

    # -- start-up --------------------------------------------------------------------------------

    async def list_games(self) -> list[GameSummary]:
        """Every game without its log, oldest first: enough to be ready; logs load on first use."""
        async with self._reading() as db:
            rows = await db.execute_fetchall(
                "SELECT g.game_id, g.table_id, g.system, g.ended, "
                "coalesce((SELECT max(seq) FROM events e WHERE e.game_id = g.game_id), 0), g.guild_id "
                "FROM games g ORDER BY g.ordinal")
        return [GameSummary(game_id, table, system, bool(ended), seq, guild)
                for game_id, table, system, ended, seq, guild in rows]

    async def save_snapshot(self, game_id: str, seq: int, state_json: str) -> None:
        """Store the state as of ``seq`` (replacing one at the same seq); ``seq`` must be in the stored log."""
        async with self._transaction() as db:
            found = await db.execute_fetchall(_LAST_SEQ, (game_id,))
            if not found:
                raise KeyError(game_id)
            ((last,),) = found
            if not 0 <= seq <= last:
                raise ValueError(f"game {game_id} is at #{last}; there is no #{seq} to snapshot")
            await db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                             (game_id, seq, state_json))

    async def latest_snapshot(self, game_id: str) -> Snapshot | None:
        async with self._reading() as db:
            rows = await db.execute_fetchall(
                "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
        row = next(iter(rows), None)
        return None if row is None else Snapshot(row[0], row[1])

    async def deadlines(self, shards: Shards | None = None) -> list[Deadline]:
        """All armed deadlines (with ``shards``, of their games only), soonest first, to re-arm the timers."""
        owned, params = _owned(shards)
        async with self._reading() as db:
            rows = await db.execute_fetchall(
                "SELECT d.game_id, d.decision_id, d.due_at FROM deadlines d JOIN games g ON g.game_id = d.game_id "
                f"WHERE {owned} ORDER BY d.due_at, d.game_id, d.decision_id", params)
        return [Deadline(game_id, decision_id, due_at) for game_id, decision_id, due_at in rows]

    async def remember_message(self, game_id: str, kind: str, channel: int, message_id: int) -> None:
        """Remember which Discord message shows ``kind`` ("status", "prompt:<decision>") so a restart edits it."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO messages (game_id, kind, channel, discord_message_id) VALUES (?, ?, ?, ?)",
                (game_id, kind, channel, message_id))

    async def remembered(self, prefix: str) -> list[tuple[str, str, MessageRef]]:
        async with self._reading() as db:
            rows = await db.execute_fetchall(
                "SELECT game_id, kind, channel, discord_message_id FROM messages WHERE substr(kind, 1, ?) = ?",
                (len(prefix), prefix))
        return [(row[0], row[1], MessageRef(row[2], row[3])) for row in rows]

    async def forget_message(self, game_id: str, kind: str) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind))

    async def message_for(self, game_id: str, kind: str) -> MessageRef | None:
        async with self._reading() as db:
            rows = await db.execute_fetchall(
                "SELECT channel, discord_message_id FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind))
        row = next(iter(rows), None)
        return None if row is None else MessageRef(row[0], row[1])
