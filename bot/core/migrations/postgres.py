"""The PostgreSQL schema, step by step (see docs/storage.md and docs/scaling.md).

Records, setups and payloads are stored as the exact JSON text written (as in SQLite), not ``jsonb``: nothing
queries inside them, and text round-trips byte for byte. ``games.seq`` caches the last event's seq so an append
checks and moves it under the game row's lock instead of scanning the log.
"""

from __future__ import annotations

from bot.core.migrations import Migration

__all__ = ["POSTGRES_MIGRATIONS"]

POSTGRES_MIGRATIONS = (
    Migration(1, "games with their guild, event logs, snapshots, the outbox, interactions, deadlines, messages", (
        """CREATE TABLE games (
            game_id text PRIMARY KEY,
            ordinal bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
            table_id text NOT NULL,
            guild_id bigint,
            system text NOT NULL,
            setup text NOT NULL,
            seed text NOT NULL,
            ended boolean NOT NULL,
            seq integer NOT NULL DEFAULT 0 CHECK (seq >= 0),
            created_at double precision NOT NULL)""",
        "CREATE INDEX games_by_table ON games (table_id, ordinal)",
        """CREATE TABLE events (
            game_id text NOT NULL REFERENCES games (game_id),
            seq integer NOT NULL CHECK (seq > 0),
            kind text NOT NULL,
            record text NOT NULL,
            PRIMARY KEY (game_id, seq))""",
        """CREATE TABLE snapshots (
            game_id text NOT NULL REFERENCES games (game_id),
            seq integer NOT NULL,
            state text NOT NULL,
            PRIMARY KEY (game_id, seq))""",
        # An identity is never handed out twice, even after a rollback: the id is Discord's nonce.
        """CREATE TABLE outbox (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            game_id text NOT NULL REFERENCES games (game_id),
            created_at double precision NOT NULL,
            destination text NOT NULL CHECK (destination ~ '^(channel|user):.+$'),
            payload text NOT NULL,
            sent_at double precision,
            discord_message_id bigint)""",
        "CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL",
        """CREATE TABLE interactions (
            interaction_id text PRIMARY KEY,
            game_id text NOT NULL REFERENCES games (game_id),
            seen_at double precision NOT NULL)""",
        """CREATE TABLE deadlines (
            game_id text NOT NULL REFERENCES games (game_id),
            decision_id text NOT NULL,
            due_at double precision NOT NULL,
            PRIMARY KEY (game_id, decision_id))""",
        "CREATE INDEX deadlines_by_due ON deadlines (due_at)",
        """CREATE TABLE messages (
            game_id text NOT NULL REFERENCES games (game_id),
            kind text NOT NULL,
            channel bigint NOT NULL,
            discord_message_id bigint NOT NULL,
            PRIMARY KEY (game_id, kind))""",
    )),
)
