"""The SQLite schema, step by step (see docs/storage.md)."""

from __future__ import annotations

from bot.core.migrations import Migration

__all__ = ["SQLITE_MIGRATIONS"]

SQLITE_MIGRATIONS = (
    Migration(1, "games, their event logs, snapshots, the outbox, interactions, deadlines, messages", (
        # ordinal: creation order, which decides "the newest game of a table"; rowids may move on VACUUM.
        """CREATE TABLE IF NOT EXISTS games (
            game_id TEXT PRIMARY KEY,
            ordinal INTEGER NOT NULL UNIQUE,
            table_id TEXT NOT NULL,
            system TEXT NOT NULL,
            setup TEXT NOT NULL,
            seed TEXT NOT NULL,
            ended INTEGER NOT NULL CHECK (ended IN (0, 1)),
            created_at REAL NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS games_by_table ON games (table_id, ordinal)",
        # Clustered by (game_id, seq): one game's log is read in one range scan. The key is the UNIQUE guard.
        """CREATE TABLE IF NOT EXISTS events (
            game_id TEXT NOT NULL REFERENCES games (game_id),
            seq INTEGER NOT NULL CHECK (seq > 0),
            kind TEXT NOT NULL,
            record TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS snapshots (
            game_id TEXT NOT NULL REFERENCES games (game_id),
            seq INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (game_id, seq))""",
        # AUTOINCREMENT: an outbox id is Discord's nonce and must never be handed out twice.
        """CREATE TABLE IF NOT EXISTS outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game_id TEXT NOT NULL REFERENCES games (game_id),
            created_at REAL NOT NULL,
            destination TEXT NOT NULL CHECK (destination GLOB 'channel:?*' OR destination GLOB 'user:?*'),
            payload TEXT NOT NULL,
            sent_at REAL,
            discord_message_id INTEGER)""",
        "CREATE INDEX IF NOT EXISTS outbox_unsent ON outbox (id) WHERE sent_at IS NULL",
        """CREATE TABLE IF NOT EXISTS interactions (
            interaction_id TEXT PRIMARY KEY,
            game_id TEXT NOT NULL REFERENCES games (game_id),
            seen_at REAL NOT NULL)""",
        """CREATE TABLE IF NOT EXISTS deadlines (
            game_id TEXT NOT NULL REFERENCES games (game_id),
            decision_id TEXT NOT NULL,
            due_at REAL NOT NULL,
            PRIMARY KEY (game_id, decision_id))""",
        """CREATE TABLE IF NOT EXISTS messages (
            game_id TEXT NOT NULL REFERENCES games (game_id),
            kind TEXT NOT NULL,
            channel INTEGER NOT NULL,
            discord_message_id INTEGER NOT NULL,
            PRIMARY KEY (game_id, kind))""",
    )),
    # NULL for games stored before: they belong to shard 0, like games outside any guild (bot/core/shards.py).
    Migration(2, "each game records the Discord guild it was created in", (
        "ALTER TABLE games ADD COLUMN guild_id INTEGER",
    )),
)
