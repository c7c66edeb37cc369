"""The repository interface games are stored behind, and its in-memory implementation.

Nothing outside a repository touches storage. A game is its setup, its secret seed and the
append-only list of its event records; appends name the sequence number they build on, so two
commands racing on one game never both land.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.core.shards import Shards
from engine.core import GameSetup

__all__ = ["ConcurrentUpdate", "Deadline", "DuplicateInteraction", "GameRepository", "GameSummary",
           "MemoryRepository", "MessageRef", "OutboxItem", "OutboxRow", "Snapshot", "StoredGame", "TableBusy"]


class TableBusy(ValueError):
    """A table already hosts a game that has not ended."""


class ConcurrentUpdate(RuntimeError):
    """Someone else appended to this game first; reload and try again from a fresh view."""


class DuplicateInteraction(RuntimeError):
    """This Discord interaction was already applied (a retry or a redelivery); applying it again would double it."""


@dataclass(frozen=True)
class OutboxItem:
    """A message to send once its command has committed: ``destination`` is "channel:<id>" or "user:<id>"."""

    destination: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class OutboxRow:
    """A committed message not yet confirmed sent; ``id`` doubles as the Discord nonce."""

    id: int
    game_id: str
    destination: str
    payload: dict[str, Any]
    created_at: float


@dataclass(frozen=True)
class GameSummary:
    """What start-up needs to know about a game without reading its log."""

    game_id: str
    table: str
    system: str
    ended: bool
    seq: int
    guild: int | None = None


@dataclass(frozen=True)
class Deadline:
    """A decision's time limit, as absolute epoch seconds so it survives a restart."""

    game_id: str
    decision_id: str
    due_at: float


@dataclass(frozen=True)
class MessageRef:
    """The Discord message to edit (a status board, an open prompt) instead of posting a new one."""

    channel: int
    message_id: int


@dataclass(frozen=True)
class Snapshot:
    """A serialised game state as of event ``seq``: replay starts after it instead of from the beginning."""

    seq: int
    state_json: str


DeadlineChanges = Mapping[str, float | None]
"""Decision id to its new absolute deadline, or ``None`` to disarm it; committed with the events."""


@dataclass
class StoredGame:
    game_id: str
    table: str
    setup: GameSetup
    seed: str
    records: list[dict[str, Any]] = field(default_factory=list)
    ended: bool = False
    guild: int | None = None
    """The Discord guild the game was created in (None outside any): decides which process owns it."""

    @property
    def seq(self) -> int:
        return self.records[-1]["seq"] if self.records else 0


class GameRepository(Protocol):
    """Everything the table service stores: in memory, SQLite (one process) or PostgreSQL (several)."""

    async def create(self, game: StoredGame, *, outbox: Sequence[OutboxItem] = ()) -> tuple[int, ...]:
        """Store a new game and queue its first messages; raise ``TableBusy`` if its table hosts an unfinished one."""

    async def current(self, table: str) -> StoredGame | None:
        """The newest game of a table, finished or not."""

    async def game(self, game_id: str) -> StoredGame | None:
        """One game by its id."""

    async def append(self, game_id: str, records: list[dict[str, Any]], expected_seq: int, ended: bool, *,
                     outbox: Sequence[OutboxItem] = (), deadlines: DeadlineChanges | None = None,
                     interaction_id: str | None = None) -> tuple[int, ...]:
        """Add records after ``expected_seq`` with the messages and deadlines they cause, as one unit.

        Raise ``ConcurrentUpdate`` if the game moved on, ``DuplicateInteraction`` if ``interaction_id`` was
        applied before; then nothing is written. Returns the new outbox ids in the order of ``outbox``.
        """

    async def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""

    async def list_games(self) -> list[GameSummary]:
        """Every game without its log, oldest first: enough to choose which logs to read."""

    async def unsent_outbox(self, shards: Shards | None = None) -> list[OutboxRow]:
        """Committed messages not yet confirmed sent, oldest first; with ``shards``, only their games'."""

    async def mark_sent(self, outbox_id: int, message_id: int) -> None:
        """Record that a message went out; marking twice changes nothing."""

    async def deadlines(self, shards: Shards | None = None) -> list[Deadline]:
        """Every armed decision deadline, soonest first; with ``shards``, only their games'."""

    async def remember_message(self, game_id: str, kind: str, channel: int, message_id: int) -> None:
        """Remember which message shows ``kind`` (a prompt, the status) so a restart edits it."""

    async def message_for(self, game_id: str, kind: str) -> MessageRef | None:
        """The message remembered for ``kind``, if any."""

    async def remembered(self, prefix: str) -> list[tuple[str, str, MessageRef]]:
        """Every remembered message whose kind starts with ``prefix`` (game id, kind, message): the open prompts a
        restart edits, found without loading any game."""

    async def forget_message(self, game_id: str, kind: str) -> None:
        """Forget a remembered message (a prompt whose decision was answered)."""

    async def save_snapshot(self, game_id: str, seq: int, state_json: str) -> None:
        """Keep the state as of ``seq`` so a later load replays only what came after."""

    async def latest_snapshot(self, game_id: str) -> Snapshot | None:
        """The newest snapshot of a game, if any."""


class MemoryRepository:
    """Keeps games in a dict: for the console, the tests and practice."""

    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._games: dict[str, StoredGame] = {}
        self._interactions: set[str] = set()
        self._outbox: dict[int, OutboxRow] = {}
        self._sent: set[int] = set()
        self._deadlines: dict[tuple[str, str], float] = {}
        self._messages: dict[tuple[str, str], MessageRef] = {}
        self._snapshots: dict[str, Snapshot] = {}

    async def create(self, game: StoredGame, *, outbox: Sequence[OutboxItem] = ()) -> tuple[int, ...]:
        existing = await self.current(game.table)
        if existing is not None and not existing.ended:
            raise TableBusy(f"this table already hosts game {existing.game_id} ({existing.setup.system}); "
                            "end it first with /game end or /game concede")
        self._games[game.game_id] = StoredGame(game.game_id, game.table, game.setup, game.seed,
                                               list(game.records), game.ended, game.guild)
        return self._queue(game.game_id, outbox)

    async def current(self, table: str) -> StoredGame | None:
        found = [game for game in self._games.values() if game.table == table]
        return found[-1] if found else None

    async def game(self, game_id: str) -> StoredGame | None:
        return self._games.get(game_id)

    async def append(self, game_id: str, records: list[dict[str, Any]], expected_seq: int, ended: bool, *,
                     outbox: Sequence[OutboxItem] = (), deadlines: DeadlineChanges | None = None,
                     interaction_id: str | None = None) -> tuple[int, ...]:
        if interaction_id is not None and interaction_id in self._interactions:
            raise DuplicateInteraction(f"interaction {interaction_id} was already applied")
        game = self._games[game_id]
        if game.seq != expected_seq:
            raise ConcurrentUpdate(f"game {game_id} is at #{game.seq}, not #{expected_seq}")
        game.records.extend(records)
        game.ended = ended
        if interaction_id is not None:
            self._interactions.add(interaction_id)
        for decision_id, due_at in (deadlines or {}).items():
            if due_at is None:
                self._deadlines.pop((game_id, decision_id), None)
            else:
                self._deadlines[(game_id, decision_id)] = due_at
        return self._queue(game_id, outbox)

    def _queue(self, game_id: str, outbox: Sequence[OutboxItem]) -> tuple[int, ...]:
        ids = []
        for item in outbox:
            row = OutboxRow(len(self._outbox) + 1, game_id, item.destination, item.payload, self._clock())
            self._outbox[row.id] = row
            ids.append(row.id)
        return tuple(ids)

    async def games(self) -> list[StoredGame]:
        return list(self._games.values())

    async def list_games(self) -> list[GameSummary]:
        return [GameSummary(g.game_id, g.table, g.setup.system, g.ended, g.seq, g.guild) for g in self._games.values()]

    def _owned(self, game_id: str, shards: Shards | None) -> bool:
        return shards is None or shards.owns(self._games[game_id].guild)

    async def unsent_outbox(self, shards: Shards | None = None) -> list[OutboxRow]:
        return [row for row_id, row in self._outbox.items()
                if row_id not in self._sent and self._owned(row.game_id, shards)]

    async def mark_sent(self, outbox_id: int, message_id: int) -> None:
        if outbox_id not in self._outbox:
            raise KeyError(outbox_id)
        self._sent.add(outbox_id)

    async def deadlines(self, shards: Shards | None = None) -> list[Deadline]:
        return sorted((Deadline(game_id, decision_id, due_at) for (game_id, decision_id), due_at
                       in self._deadlines.items() if self._owned(game_id, shards)),
                      key=lambda d: (d.due_at, d.game_id, d.decision_id))

    async def remember_message(self, game_id: str, kind: str, channel: int, message_id: int) -> None:
        self._messages[(game_id, kind)] = MessageRef(channel, message_id)

    async def message_for(self, game_id: str, kind: str) -> MessageRef | None:
        return self._messages.get((game_id, kind))

    async def remembered(self, prefix: str) -> list[tuple[str, str, MessageRef]]:
        return [(game_id, kind, ref) for (game_id, kind), ref in self._messages.items() if kind.startswith(prefix)]

    async def forget_message(self, game_id: str, kind: str) -> None:
        self._messages.pop((game_id, kind), None)

    async def save_snapshot(self, game_id: str, seq: int, state_json: str) -> None:
        if not 0 <= seq <= self._games[game_id].seq:
            raise ValueError(f"game {game_id} is at #{self._games[game_id].seq}; there is no #{seq} to snapshot")
        self._snapshots[game_id] = Snapshot(seq, state_json)

    async def latest_snapshot(self, game_id: str) -> Snapshot | None:
        return self._snapshots.get(game_id)
