"""Open the repository ``SKIRMISH_DB`` names: a ``postgresql://`` URL, or a SQLite file (the default).

One process with SQLite needs nothing else installed or running; several processes share one PostgreSQL
database (docs/scaling.md). Either way start-up failures are one clear sentence, never the password.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.core.postgres_store import PostgresRepository, is_postgres_url
from bot.core.sqlite_store import SqliteRepository
from bot.core.storage import GameRepository

__all__ = ["DEFAULT_DB", "ClosableRepository", "StorageUnavailable", "open_repository", "redacted",
           "storage_target"]

DEFAULT_DB = "skirmish.sqlite3"


class StorageUnavailable(RuntimeError):
    """The configured database cannot be opened; the message says which one (without its password) and why."""


class ClosableRepository(GameRepository, Protocol):
    async def close(self) -> None: ...


def storage_target() -> str:
    """``SKIRMISH_DB``, or ``skirmish.sqlite3`` in the working directory."""
    return os.environ.get("SKIRMISH_DB") or DEFAULT_DB


def redacted(target: str) -> str:
    """The target fit for a log line: a URL's password replaced by ``***``."""
    if not is_postgres_url(target):
        return target
    parts = urlsplit(target)
    if parts.password is None:
        return target
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


async def open_repository(target: str) -> ClosableRepository:
    """PostgreSQL for a ``postgresql://`` (or ``postgres://``) URL, else the SQLite file at that path."""
    if not is_postgres_url(target):
        return await SqliteRepository.open(Path(target))
    try:
        return await PostgresRepository.open(target)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise StorageUnavailable(f"cannot open the PostgreSQL database {redacted(target)} "
                                 f"({type(error).__name__}: {error})") from None
