"""PostgreSQL storage for games shared by several bot processes (asyncpg).

The same ``GameRepository`` as ``SqliteRepository``, for when one process is not enough (docs/scaling.md). A
command's append is one SQL statement, so one round trip and its own transaction: it locks the game's row
(``SELECT ... FOR UPDATE``), so commands on one game from any number of processes commit one after another, and
writes the events, outbox rows, deadlines and interaction id only if the seq it was built on is still the last
and the interaction is new. A game's creation takes an advisory lock on its table, so two processes never open
two games at one table. Interaction ids are a primary key: a redelivered interaction applies once across all
processes. Reads fetch only the events this process has not read before (events are never changed), in one
statement. The SQL lives in this module and ``bot/core/migrations/postgres.py`` only.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType
from typing import Any, Self

import asyncpg

from bot.core.migrations import latest, pending
from bot.core.migrations.postgres import POSTGRES_MIGRATIONS
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

__all__ = ["POSTGRES_SCHEMA_VERSION", "PostgresRepository", "is_postgres_url"]

POSTGRES_SCHEMA_VERSION = latest(POSTGRES_MIGRATIONS)
_MIGRATION_LOCK = 0x5E_61_DB  # advisory lock key: one process migrates at a time
_POOL_SIZE = 8
_CACHED_LOGS = 10_000  # games whose records a process keeps, most recently used first

# One statement, one transaction: the game's row lock orders appends from every process; nothing is written
# unless the game is still at $2 and the interaction ($3, if any) is new. Parameters: $1 game, $2 expected seq,
# $3 interaction id, $4 now, $5 ended, $6 new last seq, $7-$9 events (seq, kind, record), $10-$11 outbox
# (destination, payload), $12 disarmed decision ids, $13-$14 armed (decision id, due at).
_APPEND = """
WITH locked AS (SELECT seq FROM games WHERE game_id = $1::text FOR UPDATE),
at_seq AS (SELECT 1 FROM locked WHERE seq = $2::int),
claimed AS (
    INSERT INTO interactions (interaction_id, game_id, seen_at)
    SELECT $3::text, $1, $4::float8 FROM at_seq WHERE $3::text IS NOT NULL
    ON CONFLICT (interaction_id) DO NOTHING RETURNING 1),
go AS (SELECT 1 FROM at_seq WHERE $3::text IS NULL OR EXISTS (SELECT 1 FROM claimed)),
new_events AS (
    INSERT INTO events (game_id, seq, kind, record)
    SELECT $1, e.seq, e.kind, e.record FROM unnest($7::int[], $8::text[], $9::text[]) AS e (seq, kind, record)
    WHERE EXISTS (SELECT 1 FROM go)),
moved AS (UPDATE games SET ended = $5::boolean, seq = $6::int WHERE game_id = $1 AND EXISTS (SELECT 1 FROM go)),
queued AS (
    INSERT INTO outbox (game_id, created_at, destination, payload)
    SELECT $1, $4, o.destination, o.payload FROM unnest($10::text[], $11::text[]) WITH ORDINALITY
        AS o (destination, payload, position)
    WHERE EXISTS (SELECT 1 FROM go) ORDER BY o.position RETURNING id),
disarmed AS (
    DELETE FROM deadlines WHERE game_id = $1 AND decision_id = ANY($12::text[]) AND EXISTS (SELECT 1 FROM go)),
armed AS (
    INSERT INTO deadlines (game_id, decision_id, due_at)
    SELECT $1, d.decision_id, d.due_at FROM unnest($13::text[], $14::float8[]) AS d (decision_id, due_at)
    WHERE EXISTS (SELECT 1 FROM go)
    ON CONFLICT (game_id, decision_id) DO UPDATE SET due_at = excluded.due_at)
SELECT (SELECT seq FROM locked) AS seq, EXISTS (SELECT 1 FROM go) AS applied,
       coalesce((SELECT array_agg(id ORDER BY id) FROM queued), '{}') AS ids
"""

# The newest game matching the condition, with the records after $2 (the last seq this process already holds
# for game $3; 0 for any other game), in one statement so the row and its log agree.
_READ = """
SELECT g.game_id, g.table_id, g.setup, g.seed, g.ended, g.guild_id,
       coalesce((SELECT array_agg(e.record ORDER BY e.seq) FROM events e
                 WHERE e.game_id = g.game_id AND e.seq > CASE WHEN g.game_id = $3::text THEN $2::int ELSE 0 END),
                '{}') AS records
FROM games g WHERE {where}
"""


def is_postgres_url(target: str) -> bool:
    """Whether ``SKIRMISH_DB`` names a PostgreSQL server rather than a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


def _dumps(value: object) -> str:
    """Strict, compact JSON: NaN or a non-JSON value raises before anything is written."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _event_rows(game_id: str, records: Iterable[dict[str, Any]]) -> list[tuple[str, int, str, str]]:
    return [(game_id, record["seq"], record["kind"], _dumps(record)) for record in records]


def _last_seq(records: list[dict[str, Any]]) -> int:
    return int(records[-1]["seq"]) if records else 0


def _extend(held: list[dict[str, Any]], fresh: list[dict[str, Any]]) -> None:
    """Add newly read records to a held log; two reads racing may both bring the same ones, so skip those."""
    last = _last_seq(held)
    held.extend(record for record in fresh if record["seq"] > last)


async def _keep_session(connection: asyncpg.Connection) -> None:
    """Pool connections are handed back as they are: nothing here sets session state (locks are per
    transaction), so asyncpg's reset query would be one more round trip per use. Open transactions are
    still rolled back by the pool."""


def _owned(shards: Shards | None) -> tuple[str, list[Any]]:
    """A condition on ``g`` (games) for the games of ``shards``' guilds, with parameters from $1."""
    if shards is None:
        return "true", []
    return "((coalesce(g.guild_id, 0) >> 22) % $1) = ANY($2::int[])", [shards.count, sorted(shards.ids)]


class PostgresRepository:
    """A ``GameRepository`` in a PostgreSQL database that any number of bot processes share."""

    def __init__(self, pool: asyncpg.Pool, *, clock: Callable[[], float] = time.time) -> None:
        self._pool = pool
        self._clock = clock
        self._closed = False
        self._logs: OrderedDict[str, tuple[GameSetup, list[dict[str, Any]]]] = OrderedDict()
        self._table_games: dict[str, str] = {}  # table -> the game id last read there

    # -- lifecycle -----------------------------------------------------------------------------

    @classmethod
    async def open(cls, dsn: str, *, clock: Callable[[], float] = time.time, pool_size: int = _POOL_SIZE) -> Self:
        """Connect a pool to ``dsn`` (``postgresql://...``) and apply the migrations the database lacks."""
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=pool_size, reset=_keep_session)
        repository = cls(pool, clock=clock)
        try:
            await repository._migrate()
        except BaseException:
            await repository.close()
            raise
        return repository

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            await self._pool.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.close()

    async def _migrate(self) -> None:
        """Apply the missing migrations in one transaction; processes starting together wait for each other."""
        async with self._connection() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, "
                             "summary text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())")
            applied = await db.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations")
            for migration in pending(POSTGRES_MIGRATIONS, applied, "the PostgreSQL database"):
                for statement in migration.statements:
                    await db.execute(statement)
                await db.execute("INSERT INTO schema_migrations (version, summary) VALUES ($1, $2)",
                                 migration.version, migration.summary)

    def _connection(self) -> Any:
        """A pooled connection (``async with``); raises once the repository is closed."""
        if self._closed:
            raise RuntimeError("the repository is closed; use PostgresRepository.open(dsn)")
        return self._pool.acquire()

    # -- GameRepository ------------------------------------------------------------------------

    async def create(self, game: StoredGame, *, outbox: Sequence[OutboxItem] = ()) -> tuple[int, ...]:
        """Store a new game with its first records and messages; raise ``TableBusy`` if its table hosts an
        unfinished one (checked under an advisory lock on the table, so processes cannot race past it)."""
        setup = game.setup.model_dump_json()
        events = _event_rows(game.game_id, game.records)
        now = self._clock()
        async with self._connection() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock(hashtextextended('table:' || $1, 0))", game.table)
            newest = await db.fetchrow("SELECT game_id, system, ended FROM games WHERE table_id = $1 "
                                       "ORDER BY ordinal DESC LIMIT 1", game.table)
            if newest is not None and not newest["ended"]:
                raise TableBusy(f"this table already hosts game {newest['game_id']} ({newest['system']}); "
                                "end it first with /game end or /game concede")
            await db.execute(
                "INSERT INTO games (game_id, table_id, guild_id, system, setup, seed, ended, seq, created_at) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                game.game_id, game.table, game.guild, game.setup.system, setup, game.seed, game.ended, game.seq, now)
            await db.executemany("INSERT INTO events (game_id, seq, kind, record) VALUES ($1, $2, $3, $4)", events)
            return await self._queue(db, game.game_id, now, outbox)

    async def current(self, table: str) -> StoredGame | None:
        """The newest game of a table, finished or not, with its whole log."""
        return await self._one("table_id = $1 ORDER BY ordinal DESC LIMIT 1", table, self._table_games.get(table))

    async def game(self, game_id: str) -> StoredGame | None:
        """One game by its id, with its whole log."""
        return await self._one("game_id = $1", game_id, game_id)

    async def _one(self, where: str, key: str, likely: str | None) -> StoredGame | None:
        """One game; of ``likely`` (the game this process expects), only the records it has not read yet."""
        held = self._logs.get(likely) if likely else None
        after = _last_seq(held[1]) if held else 0
        async with self._connection() as db:
            row = await db.fetchrow(_READ.replace("{where}", where), key, after, likely)
        if row is None:
            return None
        game_id = row["game_id"]
        held = self._logs.get(game_id) if game_id == likely else None
        fresh = [json.loads(record) for record in row["records"]]
        if held is None:
            held = (GameSetup.model_validate_json(row["setup"]), fresh)
        else:
            _extend(held[1], fresh)
        self._remember(game_id, held)
        self._table_games[row["table_id"]] = game_id
        return StoredGame(game_id, row["table_id"], held[0], row["seed"], list(held[1]), row["ended"], row["guild_id"])

    def _remember(self, game_id: str, held: tuple[GameSetup, list[dict[str, Any]]]) -> None:
        self._logs[game_id] = held
        self._logs.move_to_end(game_id)
        while len(self._logs) > _CACHED_LOGS:
            self._logs.popitem(last=False)

    async def append(self, game_id: str, records: list[dict[str, Any]], expected_seq: int, ended: bool, *,
                     outbox: Sequence[OutboxItem] = (), deadlines: DeadlineChanges | None = None,
                     interaction_id: str | None = None) -> tuple[int, ...]:
        """Append a command's records, queue its messages, move its deadlines and mark its interaction used,
        all in one transaction under the game row's lock.

        Raises ``DuplicateInteraction`` if ``interaction_id`` was already applied (by any process),
        ``ConcurrentUpdate`` if the game is no longer at ``expected_seq`` and ``KeyError`` for an unknown game;
        then nothing is written. Returns the new outbox ids, in the order of ``outbox``.
        """
        now = self._clock()
        rows = _event_rows(game_id, records)
        changes = deadlines or {}
        armed = {decision: due for decision, due in changes.items() if due is not None}
        payloads = [_dumps(item.payload) for item in outbox]
        async with self._connection() as db:
            result = await db.fetchrow(
                _APPEND, game_id, expected_seq, interaction_id, now, ended,
                max((record["seq"] for record in records), default=expected_seq),
                [row[1] for row in rows], [row[2] for row in rows], [row[3] for row in rows],
                [item.destination for item in outbox], payloads,
                [decision for decision, due in changes.items() if due is None], list(armed), list(armed.values()))
            if result["seq"] is None:
                raise KeyError(game_id)
            if not result["applied"]:
                if interaction_id is not None and await db.fetchval(
                        "SELECT true FROM interactions WHERE interaction_id = $1", interaction_id):
                    raise DuplicateInteraction(f"interaction {interaction_id} was already applied")
                raise ConcurrentUpdate(f"game {game_id} is at #{result['seq']}, not #{expected_seq}")
        held = self._logs.get(game_id)
        if held is not None and _last_seq(held[1]) == expected_seq:
            _extend(held[1], [json.loads(row[3]) for row in rows])  # as a later read would decode them
        return tuple(result["ids"])

    @staticmethod
    async def _queue(db: asyncpg.Connection, game_id: str, now: float,
                     outbox: Sequence[OutboxItem]) -> tuple[int, ...]:
        ids: list[int] = []
        for item in outbox:
            ids.append(await db.fetchval(
                "INSERT INTO outbox (game_id, created_at, destination, payload) VALUES ($1, $2, $3, $4) RETURNING id",
                game_id, now, item.destination, _dumps(item.payload)))
        return tuple(ids)

    async def games(self) -> list[StoredGame]:
        """Every stored game with its whole log, oldest first; start-up should prefer ``list_games``."""
        async with self._connection() as db, db.transaction(isolation="repeatable_read", readonly=True):
            games = await db.fetch("SELECT game_id, table_id, setup, seed, ended, guild_id FROM games ORDER BY ordinal")
            events = await db.fetch("SELECT game_id, record FROM events ORDER BY game_id, seq")
        logs: dict[str, list[dict[str, Any]]] = {}
        for event in events:
            logs.setdefault(event["game_id"], []).append(json.loads(event["record"]))
        return [StoredGame(g["game_id"], g["table_id"], GameSetup.model_validate_json(g["setup"]), g["seed"],
                           logs.get(g["game_id"], []), g["ended"], g["guild_id"]) for g in games]

    async def seen_interaction(self, interaction_id: str) -> bool:
        async with self._connection() as db:
            return bool(await db.fetchval("SELECT true FROM interactions WHERE interaction_id = $1", interaction_id))

    async def unsent_outbox(self, shards: Shards | None = None) -> list[OutboxRow]:
        """Committed messages not yet confirmed sent, oldest first (with ``shards``, of their games only):
        a process that starts sends what a dead one left behind."""
        owned, params = _owned(shards)
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT o.id, o.game_id, o.destination, o.payload, o.created_at FROM outbox o "
                f"JOIN games g ON g.game_id = o.game_id WHERE o.sent_at IS NULL AND {owned} ORDER BY o.id", *params)
        return [OutboxRow(r["id"], r["game_id"], r["destination"], json.loads(r["payload"]), r["created_at"])
                for r in rows]

    async def mark_sent(self, outbox_id: int, discord_message_id: int) -> None:
        """Record that Discord accepted the message; a second call for the same row changes nothing."""
        async with self._connection() as db:
            found = await db.fetchval(
                "WITH row AS (SELECT id FROM outbox WHERE id = $1), "
                "done AS (UPDATE outbox SET sent_at = $2, discord_message_id = $3 WHERE id = $1 AND sent_at IS NULL) "
                "SELECT count(*) FROM row", outbox_id, self._clock(), discord_message_id)
        if not found:
            raise KeyError(outbox_id)

    # -- start-up --------------------------------------------------------------------------------

    async def list_games(self) -> list[GameSummary]:
        """Every game without its log, oldest first: enough to be ready; logs load on first use."""
        async with self._connection() as db:
            rows = await db.fetch("SELECT game_id, table_id, system, ended, seq, guild_id FROM games ORDER BY ordinal")
        return [GameSummary(r["game_id"], r["table_id"], r["system"], r["ended"], r["seq"], r["guild_id"])
                for r in rows]

    async def save_snapshot(self, game_id: str, seq: int, state_json: str) -> None:
        """Store the state as of ``seq`` (replacing one at the same seq); ``seq`` must be in the stored log."""
        async with self._connection() as db, db.transaction():
            last = await db.fetchval("SELECT seq FROM games WHERE game_id = $1 FOR SHARE", game_id)
            if last is None:
                raise KeyError(game_id)
            if not 0 <= seq <= last:
                raise ValueError(f"game {game_id} is at #{last}; there is no #{seq} to snapshot")
            await db.execute("INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3) "
                             "ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state",
                             game_id, seq, state_json)

    async def latest_snapshot(self, game_id: str) -> Snapshot | None:
        async with self._connection() as db:
            row = await db.fetchrow("SELECT seq, state FROM snapshots WHERE game_id = $1 ORDER BY seq DESC LIMIT 1",
                                    game_id)
        return None if row is None else Snapshot(row["seq"], row["state"])

    async def deadlines(self, shards: Shards | None = None) -> list[Deadline]:
        """All armed deadlines (with ``shards``, of their games only), soonest first."""
        owned, params = _owned(shards)
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT d.game_id, d.decision_id, d.due_at FROM deadlines d JOIN games g ON g.game_id = d.game_id "
                f"WHERE {owned} ORDER BY d.due_at, d.game_id, d.decision_id", *params)
        return [Deadline(r["game_id"], r["decision_id"], r["due_at"]) for r in rows]

    async def remember_message(self, game_id: str, kind: str, channel: int, message_id: int) -> None:
        """Remember which Discord message shows ``kind`` ("status", "prompt:<decision>") so a restart edits it."""
        async with self._connection() as db:
            await db.execute(
                "INSERT INTO messages (game_id, kind, channel, discord_message_id) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (game_id, kind) DO UPDATE SET channel = excluded.channel, "
                "discord_message_id = excluded.discord_message_id", game_id, kind, channel, message_id)

    async def remembered(self, prefix: str) -> list[tuple[str, str, MessageRef]]:
        async with self._connection() as db:
            rows = await db.fetch("SELECT game_id, kind, channel, discord_message_id FROM messages "
                                  "WHERE left(kind, $1) = $2", len(prefix), prefix)
        return [(row["game_id"], row["kind"], MessageRef(row["channel"], row["discord_message_id"])) for row in rows]

    async def forget_message(self, game_id: str, kind: str) -> None:
        async with self._connection() as db:
            await db.execute("DELETE FROM messages WHERE game_id = $1 AND kind = $2", game_id, kind)

    async def message_for(self, game_id: str, kind: str) -> MessageRef | None:
        async with self._connection() as db:
            row = await db.fetchrow("SELECT channel, discord_message_id FROM messages WHERE game_id = $1 AND kind = $2",
                                    game_id, kind)
        return None if row is None else MessageRef(row["channel"], row["discord_message_id"])
