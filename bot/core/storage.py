"""The repository interface games are stored behind, and its in-memory implementation.

Nothing outside a repository touches storage. A game is its setup, its secret seed and the
append-only list of its event records; appends name the sequence number they build on, so two
commands racing on one game never both land.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core import GameSetup

__all__ = ["ConcurrentUpdate", "DuplicateInteraction", "GameRepository", "MemoryRepository", "StoredGame",
           "TableBusy"]


class TableBusy(ValueError):
    """A table already hosts a game that has not ended."""


class ConcurrentUpdate(RuntimeError):
    """Someone else appended to this game first; reload and try again from a fresh view."""


class DuplicateInteraction(RuntimeError):
    """This Discord interaction was already applied (a retry or a redelivery); applying it again would double it."""


@dataclass
class StoredGame:
    game_id: str
    table: str
    setup: GameSetup
    seed: str
    records: list[dict[str, Any]] = field(default_factory=list)
    ended: bool = False

    @property
    def seq(self) -> int:
        return self.records[-1]["seq"] if self.records else 0


class GameRepository(Protocol):
    async def create(self, game: StoredGame) -> None:
        """Store a new game; raise ``TableBusy`` if its table hosts an unfinished one."""

    async def current(self, table: str) -> StoredGame | None:
        """The newest game of a table, finished or not."""

    async def append(self, game_id: str, records: list[dict[str, Any]], expected_seq: int, ended: bool, *,
                     interaction_id: str | None = None) -> None:
        """Add records after ``expected_seq``; raise ``ConcurrentUpdate`` if the game moved on, or
        ``DuplicateInteraction`` if ``interaction_id`` was applied before (then nothing is written)."""

    async def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""


class MemoryRepository:
    """Keeps games in a dict: for the console, the tests and practice."""

    def __init__(self) -> None:
        self._games: dict[str, StoredGame] = {}
        self._interactions: set[str] = set()

    async def create(self, game: StoredGame) -> None:
        existing = await self.current(game.table)
        if existing is not None and not existing.ended:
            raise TableBusy(f"this table already hosts game {existing.game_id} ({existing.setup.system}); "
                            "end it first with /game end or /game concede")
        self._games[game.game_id] = StoredGame(game.game_id, game.table, game.setup, game.seed,
                                               list(game.records), game.ended)

    async def current(self, table: str) -> StoredGame | None:
        found = [game for game in self._games.values() if game.table == table]
        return found[-1] if found else None

    async def append(self, game_id: str, records: list[dict[str, Any]], expected_seq: int, ended: bool, *,
                     interaction_id: str | None = None) -> None:
        if interaction_id is not None and interaction_id in self._interactions:
            raise DuplicateInteraction(f"interaction {interaction_id} was already applied")
        game = self._games[game_id]
        if game.seq != expected_seq:
            raise ConcurrentUpdate(f"game {game_id} is at #{game.seq}, not #{expected_seq}")
        game.records.extend(records)
        game.ended = ended
        if interaction_id is not None:
            self._interactions.add(interaction_id)

    async def games(self) -> list[StoredGame]:
        return list(self._games.values())
