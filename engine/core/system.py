"""The interface every game implements, and the static facts it declares up front."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from engine.core.audience import Viewer
from engine.core.board import BoardView, Overlay
from engine.core.commands import Command
from engine.core.core_events import CORE_EVENTS
from engine.core.decisions import Decision
from engine.core.events import Event, EventBody, EventCodec
from engine.core.ids import SideId
from engine.core.outcome import Outcome
from engine.core.state import CoreState, GameSetup
from engine.core.view import View

if TYPE_CHECKING:
    from engine.core.context import Context

__all__ = ["OptionValue", "QueryAnswer", "System", "SystemSpec"]

OptionValue = str | int | float | bool
"""A typed option as a front-end received it (``model:A1``, ``max:6``)."""

S = TypeVar("S", bound=CoreState)


@dataclass(frozen=True, slots=True)
class SystemSpec:
    """What a front-end needs to know before a game exists: names, player counts, dice."""

    name: str
    title: str
    min_sides: int
    max_sides: int
    hidden_information: bool
    dice: tuple[str, ...]
    summary: str
    generated_maps: tuple[str, ...] = ()  # map names laid out at the start (e.g. "random"), beside the presets


@dataclass(frozen=True, slots=True)
class Pick:
    """One suggested way to complete the asked command: run it again with ``option`` set to ``value``."""

    label: str
    option: str
    value: str


@dataclass(frozen=True, slots=True)
class QueryAnswer:
    """The answer to a question that changes nothing (a distance, a sight line), for one viewer; ``picks``
    offer ready answers a front-end can show as a menu (suggested moves)."""

    text: str
    overlays: tuple[Overlay, ...] = ()
    private: bool = False  # for the asker alone (their hand), not the table
    picks: tuple[Pick, ...] = ()


class System(ABC, Generic[S]):
    """One game's rules behind one interface; the core owns the log, dice and decisions.

    Hooks are called with a ``Context`` whose state is a working copy: raising ``RulesError``
    anywhere discards everything the command did, so nothing is half-applied.
    """

    spec: ClassVar[SystemSpec]
    events: ClassVar[tuple[type[EventBody], ...]] = ()
    commands: ClassVar[tuple[type[Command], ...]] = ()

    def data_fingerprint(self) -> str:
        """A fingerprint of the data this system was built with, pinned in each game's setup."""
        return ""

    def default_rulings(self) -> dict[str, str]:
        """Each named ruling's chosen option (``id -> option``), recorded in a game's setup."""
        return {}

    @abstractmethod
    def initial_state(self, setup: GameSetup) -> S:
        """The state before the first event."""

    def start(self, ctx: Context[S]) -> None:
        """Emit the opening events (deal hands, start the first round); nothing by default."""

    def setup_steps(self) -> tuple[str, ...]:
        """The names of the steps before play, in order, for help texts."""
        return ()

    @abstractmethod
    def handle(self, ctx: Context[S], command: Command) -> None:
        """Validate a system command against ``ctx.state`` and emit its events, or raise."""

    def parse_command(self, path: tuple[str, ...], options: Mapping[str, OptionValue]) -> Command | None:
        """Turn a front-end invocation (``("move",)``, ``{"model": "A1", ...}``) into this system's
        command, raising ``InvalidCommand`` for bad values; ``None`` when it has no such command."""
        return None

    def query(self, state: S, viewer: Viewer, path: tuple[str, ...],
              options: Mapping[str, OptionValue]) -> QueryAnswer | None:
        """Answer a question (``measure``, ``los``) as ``viewer`` may know it; ``None`` if unknown."""
        return None

    def board(self, state: S, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
        """The battlefield as ``viewer`` may see it, with extra overlays; ``None`` for boardless games."""
        return None

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        """What to draw over the board after these events (a movement path), or ``None`` when they did not
        change the board, so no new picture is posted."""
        return None

    def legal_commands(self, state: S, side: SideId) -> Iterable[Command]:
        """The enumerable commands ``side`` may issue now, in a stable order; empty if it cannot act."""
        return ()

    def on_answer(self, ctx: Context[S], decision: Decision, answers: dict[str, str]) -> None:
        """Carry on after a decision of this system was answered."""

    def scores(self, state: S) -> dict[SideId, int]:
        """Victory points per side; zero for every side by default."""
        return {side: 0 for side in state.sides}

    def score_sources(self, state: S) -> dict[SideId, dict[str, int]]:
        """Where each side's points came from (``{"A": {"objectives": 3, "kills": 2}}``), for the end-of-game
        card; empty when the system keeps only totals. Only public points: the card shows them to all."""
        return {}

    def rematch_commands(self, log: Sequence[Event]) -> list[Command]:
        """Commands that rebuild, in a rematch, the table and forces this finished game was played with
        (maps imported, units imported, models added); nothing by default."""
        return []

    def outcome(self, state: S) -> Outcome | None:
        """The end of the game when the rules say it has come, else ``None``."""
        return None

    @abstractmethod
    def view(self, state: S, viewer: Viewer) -> View:
        """What ``viewer`` may see; never a secret of another side."""

    @cached_property
    def codec(self) -> EventCodec:
        """Reads this system's stored events (the core's kinds and its own)."""
        return EventCodec((*CORE_EVENTS, *self.events))
