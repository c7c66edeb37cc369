"""Schema migrations for the SQL repositories, kept in the project and applied in order at open.

Each backend has a tuple of ``Migration``s numbered 1, 2, 3...; a database records the last one applied and a
repository applies the rest, in one transaction, when it opens. A database newer than the code is refused rather
than guessed at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Migration", "latest", "pending"]


@dataclass(frozen=True)
class Migration:
    """One step of a schema: what it is for and the statements that make it."""

    version: int
    summary: str
    statements: tuple[str, ...]


def latest(migrations: Sequence[Migration]) -> int:
    return migrations[-1].version if migrations else 0


def pending(migrations: Sequence[Migration], applied: int, where: str) -> list[Migration]:
    """The migrations after version ``applied``; raise if the database (``where``) is newer than this code."""
    versions = [migration.version for migration in migrations]
    if versions != list(range(1, len(versions) + 1)):
        raise ValueError(f"migrations must be numbered 1, 2, 3... without gaps; got {versions}")
    if applied > latest(migrations):
        raise RuntimeError(f"{where} has storage schema version {applied}; this bot reads versions up to "
                           f"{latest(migrations)}: run the newer bot, or restore a backup")
    return [migration for migration in migrations if migration.version > applied]
