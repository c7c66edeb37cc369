"""Finding games: the live ones in memory, the stored ones replayed on first use, a table's history.

Autocomplete and buttons must answer at once, so they read only what is in memory (``live_game``);
commands load from storage when they must (``load``).
"""

from __future__ import annotations

from typing import Any

from bot.core.hosted import HostedSystems
from bot.core.parsing import CommandLineError
from bot.core.storage import GameRepository, StoredGame
from engine.core import SPECTATOR, Game

__all__ = ["GameBook"]

_HISTORY = 10  # games listed by /game list


class GameBook:
    """Every game this service has touched, by id, and the game last used at each table."""

    def __init__(self, repository: GameRepository, systems: HostedSystems) -> None:
        self._repository = repository
        self._systems = systems
        self._live: dict[str, Game[Any]] = {}
        self._live_at: dict[str, str] = {}  # table -> the game id last used there

    def remember(self, table: str, game_id: str, game: Game[Any]) -> None:
        self._live[game_id] = game
        self._live_at[table] = game_id

    def forget(self, game_id: str) -> None:
        """Drop a cached game (another writer got there first): the next use reloads it."""
        self._live.pop(game_id, None)

    def live_game(self, table: str) -> Game[Any] | None:
        """The game last used at ``table`` if it is in memory; never touches storage."""
        game_id = self._live_at.get(table)
        return self._live.get(game_id) if game_id else None

    def live_id(self, table: str) -> str | None:
        return self._live_at.get(table)

    async def load(self, table: str) -> tuple[StoredGame, Game[Any]]:
        """The current game of ``table``, or a refusal saying how to start one."""
        stored = await self._repository.current(table)
        if stored is None:
            raise CommandLineError("there is no game at this table; start one with /game new system:<game> "
                                   f"(systems: {', '.join(self._systems.names)})")
        self._live_at[table] = stored.game_id
        return stored, await self.game_of(stored)

    async def game_at(self, table: str) -> Game[Any] | None:
        """The current game of a table, loaded from storage if it is not in memory."""
        if await self._repository.current(table) is None:
            return None
        return (await self.load(table))[1]

    async def game_of(self, stored: StoredGame) -> Game[Any]:
        """The live game for a stored one, replayed the first time it is used (from its latest snapshot) and
        again when ``stored`` is ahead of it: another process appended since. (A cache ahead of ``stored`` holds
        this process's own command, applied while ``stored`` was read: it stays.)"""
        game = self._live.get(stored.game_id)
        if game is None or game.seq < stored.seq:
            system = self._systems.get(stored.setup.system)
            snapshot = await self._repository.latest_snapshot(stored.game_id)
            game = (Game.from_records(system, stored.setup, stored.seed, stored.records) if snapshot is None
                    else Game.from_snapshot(system, stored.setup, stored.seed, stored.records, snapshot.seq,
                                            snapshot.state_json))
            self._live[stored.game_id] = game
        return game

    async def history(self, table: str) -> str:
        """Every game this table hosted, newest first: who played, how far it got, how it ended."""
        games = [summary for summary in await self._repository.list_games() if summary.table == table]
        if not games:
            return "No game has been played at this table yet; start one with /game new."
        lines = []
        for summary in reversed(games[-_HISTORY:]):
            stored = await self._repository.game(summary.game_id)
            if stored is None:
                continue
            game = await self.game_of(stored)
            view = game.view(SPECTATOR)
            seats = ", ".join(f"{side}: {user}" for side, user in view.seats.items()) or "no players"
            state = view.outcome.describe() if view.outcome else f"in play, round {view.round}"
            lines.append(f"{game.system.spec.title} ({seats}), {game.seq} events: {state}")
        more = f" (the last {_HISTORY} of {len(games)})" if len(games) > _HISTORY else ""
        return f"Games at this table{more}, newest first:\n" + "\n".join(lines)
