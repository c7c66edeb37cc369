"""The interface every game implements, and the static facts it declares up front."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, final

from pydantic import JsonValue

from engine.core.actions import Action, Choice, LegalAction, check_actions
from engine.core.adapted import as_actions
from engine.core.args import Args, OptionValue
from engine.core.audience import Viewer
from engine.core.board import BoardView, CardsView, Overlay
from engine.core.bots import BotMove, BotReasoned, simple_move
from engine.core.commands import Command
from engine.core.core_events import CORE_EVENTS
from engine.core.decision_kinds import DecisionKind
from engine.core.decisions import Decision, DecisionPart, Option
from engine.core.decks import DECK_EVENTS
from engine.core.declarations import Declarations
from engine.core.errors import InvalidCommand
from engine.core.events import Event, EventBody, EventCodec
from engine.core.ids import SideId
from engine.core.outcome import Outcome
from engine.core.reactions import REACTION_EVENTS, Window
from engine.core.state import CoreState, GameSetup
from engine.core.together import TOGETHER_EVENTS
from engine.core.turns import ActKind, ToAct
from engine.core.view import View
from engine.dice import Die
from engine.schema import DataKinds, RulingOption

if TYPE_CHECKING:
    from engine.core.context import Context
    from engine.core.declared import ActionCommand

__all__ = ["Disclosure", "OptionValue", "Pick", "QueryAnswer", "Setting", "System", "SystemSpec"]

S = TypeVar("S", bound=CoreState)


@dataclass(frozen=True, slots=True)
class SystemSpec:
    """What a front-end needs to know before a game exists: names, player counts, dice."""

    name: str
    title: str
    min_sides: int
    max_sides: int
    hidden_information: bool
    summary: str
    dice: tuple[Die, ...] = ()
    """The custom dice the game rolls (numeric dice such as d6 and d20 need no listing); the end-of-game card
    re-checks every public die of these kinds against the revealed seed."""
    data_kinds: DataKinds = field(default_factory=dict)
    """The game's own kinds of data beside units, forces, maps and rulings: ``data/<game>/<kind>.yaml`` holds a
    list of each, validated by its model (errors name the file, the entry and the field)."""
    importable: tuple[str, ...] = ()
    """Which of ``data_kinds`` players may upload for a game (their own cards, warbands...)."""
    score_name: str = ""
    """What the game's points are called (``glory``, ``VP``), for the picture's header; empty: it keeps none."""


@dataclass(frozen=True, slots=True)
class Disclosure:
    """What a viewer may be told before declaring an action (Eldfall's measuring modes, for instance): exact
    distances, suggested moves with their end points, odds, and a measuring grid on pictures. Front-ends apply
    it to previews, suggestions, autocomplete and pictures."""

    distances: bool = True
    candidates: bool = True
    odds: bool = True
    grid: bool = True


@dataclass(frozen=True, slots=True)
class Setting:
    """A choice made when a game is created, on one of ``/game new``'s fixed options (``map``, ``scenario``,
    ``size``, ``mode``); ``choices`` empty means free text the system checks itself."""

    option: str
    description: str
    choices: tuple[Choice, ...] = ()
    default: str | None = None


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
    board: BoardView | None = None  # a picture of something other than the game's table (a map's preview)
    cards: CardsView | None = None  # a picture of cards (a hand), for the asker alone when private


class System(ABC, Generic[S]):
    """One game's rules behind one interface; the core owns the log, dice and decisions.

    Hooks are called with a ``Context`` whose state is a working copy: raising ``RulesError``
    anywhere discards everything the command did, so nothing is half-applied.

    Every game declares what its players do once, in ``declarations`` (``engine.core.declarations``): ``actions``,
    ``legal_actions`` and ``help`` come from them, and the core hands every command, answer and simultaneous choice
    to them (``handle``, ``on_answer`` and ``on_together``, which no game overrides).
    """

    spec: ClassVar[SystemSpec]
    events: ClassVar[tuple[type[EventBody], ...]] = ()
    declarations: ClassVar[Declarations[Any, Any]]

    def data_fingerprint(self) -> str:
        """A fingerprint of the data this system was built with, pinned in each game's setup."""
        return ""

    def default_rulings(self) -> dict[str, str]:
        """Each named ruling's chosen option (``id -> option``), recorded in a game's setup."""
        return {ruling.id: ruling.default for ruling in self.rulings()}

    def rulings(self) -> tuple[RulingOption, ...]:
        """The rulings the game's data carries (``data/<game>/rulings.yaml``): options, default, what is by hand."""
        return ()

    @abstractmethod
    def initial_state(self, setup: GameSetup) -> S:
        """The state before the first event."""

    def start(self, ctx: Context[S]) -> None:
        """Emit the opening events (deal hands, start the first round); nothing by default."""

    def settings(self) -> tuple[Setting, ...]:
        """The choices ``/game new`` offers for this game (a map, a scenario, a size, a mode)."""
        return ()

    def actions(self) -> tuple[Action[S], ...]:
        """Everything players can do in this game, each on a shared verb (see ``engine.core.actions``)."""
        return self._declared_actions

    @cached_property
    def _declared_actions(self) -> tuple[Action[S], ...]:
        return as_actions(self.declarations, self)

    def problems(self) -> list[str]:
        """Every mistake in what this game declares (actions off the shared verbs, a decision kind without a
        handler, rulings its code reads that its data lacks...): a table service refuses to host it."""
        return check_actions(self.actions()) + self.declarations.problems(self)

    def action(self, verb: tuple[str, ...], name: str | None = None) -> Action[S] | None:
        """The declared action on ``verb`` (on ``/act``, the one called ``name``, any case), if any."""
        wanted = name.strip().casefold() if verb == ("act",) and name else None
        return next((action for action in self.actions() if action.verb == verb and action.name == wanted), None)

    def command(self, verb: tuple[str, ...], options: Mapping[str, OptionValue]) -> Command:
        """The command the action on ``verb`` builds from typed options (``action:`` names it on ``/act``), as a
        front-end would get it; for bots, scripts and tests.

        :raises InvalidCommand: for an action this game does not have, or options it cannot read.
        """
        name = options.get("action") if verb == ("act",) else None
        action = self.action(verb, str(name) if name else None)
        if action is None or action.build is None:
            raise InvalidCommand(f"/{' '.join(verb)} is not a command of {self.spec.title}")
        return action.build(Args(action.title, {key: value for key, value in options.items() if key != "action"}))

    def ask(self, state: S, viewer: Viewer, verb: tuple[str, ...], options: Mapping[str, OptionValue]) -> QueryAnswer:
        """The answer the question on ``verb`` gives ``viewer`` for typed options, as a front-end would get it.

        :raises InvalidCommand: for a question this game does not have.
        """
        name = options.get("action") if verb == ("act",) else None
        action = self.action(verb, str(name) if name else None)
        if action is None or action.answer is None:
            raise InvalidCommand(f"/{' '.join(verb)} is not a question of {self.spec.title}")
        return action.answer(state, viewer, Args(action.title, {k: v for k, v in options.items() if k != "action"}))

    def legal_actions(self, state: S, side: SideId) -> tuple[LegalAction, ...]:
        """The actions ``side`` may take now, partly filled, in a stable order (for menus and buttons);
        empty when it cannot act."""
        return self.declarations.legal(self, state, side)

    def help(self, state: S, viewer: Viewer) -> tuple[str, ...]:
        """What ``viewer`` can do now by the rules, a line each (``/help``)."""
        return self.declarations.help(self, state, viewer)

    def demo_settings(self) -> Mapping[str, str]:
        """The settings of a ready practice table (``/game demo``)."""
        return {}

    def demo_commands(self, state: S) -> list[Command]:
        """Commands (run as the host) that make a fresh practice table ready to play: forces loaded and
        deployed, hands dealt."""
        return []

    def disclosure(self, state: S, viewer: Viewer) -> Disclosure:
        """What ``viewer`` may be told before declaring (distances, suggestions, odds, a grid); all by default."""
        return Disclosure()

    def previews(self) -> Mapping[str, BoardView]:
        """Pictures of this game's maps or boards on their own, by file name (``crossroads.png``), for docs."""
        return {}

    def waits_for_nothing(self, command: Command) -> bool:
        """Whether ``command`` may be taken while a decision is pending or a reaction window is open: its class says
        so (``allowed_while_pending``), or it is a declared action declared ``anytime`` (a fix by hand)."""
        return command.allowed_while_pending or self.declarations.anytime(command)

    @final
    def handle(self, ctx: Context[S], command: Command) -> None:
        """Validate a system command against ``ctx.state`` and emit its events, or raise: a declared action runs its
        one check and its handler, a declared command class its own handler; anything else is refused."""
        self.declarations.handle(self, ctx, command)

    def board(self, state: S, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
        """The battlefield as ``viewer`` may see it, with extra overlays; ``None`` for boardless games."""
        return None

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        """What to draw over the board after these events (a movement path), or ``None`` when they did not
        change the board, so no new picture is posted."""
        return None

    @final
    def on_answer(self, ctx: Context[S], decision: Decision, answers: dict[str, str]) -> None:
        """Carry on after a decision of this system was answered (its declared kind's handler)."""
        self.declarations.answered(self, ctx, decision, answers)

    @final
    def on_together(self, ctx: Context[S], kind: str, answers: dict[SideId, dict[str, str]],
                    context: dict[str, JsonValue]) -> None:
        """Carry on once every side has answered a simultaneous choice (``engine.core.together``)."""
        self.declarations.all_answered(self, ctx, kind, answers, context)

    def decision_kind(self, decision: Decision) -> DecisionKind[S, Any] | None:
        """The declared kind of ``decision`` (None for the core's own decisions: reaction offers, for one)."""
        return self.declarations.kind(decision.kind)

    def decision_parts(self, state: S, decision: Decision, answers: Mapping[str, str]) -> tuple[DecisionPart, ...]:
        """A pending decision's parts as they stand now, given the answers to the parts before them: a declared
        kind reads its options live; the core's own decisions keep the parts stored when they opened."""
        return self.declarations.parts(self, state, decision, answers)

    def reactions(self, state: S, side: SideId, window: Window) -> tuple[Option, ...]:
        """The reactions ``side`` could play in ``window`` now (only that side sees them); none by default."""
        return ()

    def on_reaction(self, ctx: Context[S], window: Window, side: SideId, reaction: str) -> None:
        """A side played the reaction keyed ``reaction`` in ``window``: reveal and resolve it (or open a window
        above it, to resolve it once that one closes)."""

    def on_window_closed(self, ctx: Context[S], window: Window) -> None:
        """Every side had its chance to react in ``window``: carry on from the trigger."""

    def reaction_triggers(self) -> tuple[str, ...]:
        """The kinds of trigger this game opens reaction windows for (a side may pass ahead on each)."""
        return ()

    def reaction_choice(self, state: S, window: Window, side: SideId, command: ActionCommand) -> str | None:
        """The reaction a typed declared command plays in ``window`` (``/hand play card:X`` while offered), or
        ``None`` when the command is not one of ``side``'s reactions there."""
        return None

    def bot_move(self, state: S, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
        """What the bot does for ``side`` now (a side seated to the bot, or hostile models): the simple policy
        of ``engine.core.bots`` by default; ``allowed`` tells whether the rules accept a command."""
        return simple_move(self, state, side, allowed)

    def to_act(self, state: S) -> ToAct:
        """Who acts now when no decision is pending: by default the side whose turn it is, else any side still
        playing (pending decisions always come first: the core puts their owners ahead of this)."""
        if state.active_side is not None:
            return ToAct.side(state.active_side)
        return ToAct(ActKind.OPEN, state.in_play)

    def chance_step(self, state: S) -> Command | None:
        """The command that takes the game's next automatic step when ``to_act`` says ``CHANCE`` (a roll-off
        nobody chooses); the table applies it at once, as the host."""
        return None

    def plays_on_after_concession(self, state: S) -> bool:
        """Whether the others play on when a side concedes (only asked while two or more sides or teams
        remain); by default they do."""
        return True

    def on_concede(self, ctx: Context[S], side: SideId) -> None:
        """Clear a side that conceded while the others play on (its models leave, its turn is skipped)."""

    def scores(self, state: S) -> dict[SideId, int]:
        """Victory points per side; zero for every side by default."""
        return {side: 0 for side in state.sides}

    def counts(self, state: S) -> tuple[str, ...]:
        """Public counts the picture's header shows beside the round and scores (``activations left: A 2, B 3``);
        none by default."""
        return ()

    def status_notes(self, state: S) -> tuple[str, ...]:
        """Public lines the game adds to ``/status`` about the table as a whole (who is allied, say); none by
        default. Never anything secret: everyone reads /status."""
        return ()

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
        return EventCodec((*CORE_EVENTS, BotReasoned, *DECK_EVENTS, *REACTION_EVENTS, *TOGETHER_EVENTS, *self.events))
