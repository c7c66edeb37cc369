"""A game: one object with a handful of verbs, in the manner of python-chess's ``Board``.

Who may act, what they may do, do it (``apply``), try it (``preview``), what a viewer sees
(``view``), the log, the outcome. The log is the truth: the state is its fold.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.core.audience import EVERYONE, Viewer, side_only
from engine.core.board import BoardView, Overlay
from engine.core.bots import BotMove, BotReasoned
from engine.core.commands import Actor, Answer, Command, RequestUndo
from engine.core.context import Context
from engine.core.core_events import (
    DiceRigged,
    DiceRolled,
    GameCreated,
    GameEnded,
    SeatTaken,
    SeedRevealed,
    UndoApplied,
)
from engine.core.core_rules import CORE_HANDLERS, answer_core_decision, request_undo
from engine.core.decision_kinds import live_parts
from engine.core.decisions import Decision
from engine.core.declared import ActionCommand
from engine.core.errors import (
    DecisionPending,
    IllegalCommand,
    InvalidCommand,
    NotYourTurn,
    RulesError,
    StaleCommand,
)
from engine.core.events import Event
from engine.core.header import board_with_header
from engine.core.ids import BOT_USER, SideId, UserId
from engine.core.outcome import Outcome
from engine.core.reactions import REACTION
from engine.core.recall import Recall
from engine.core.state import CoreState, GameSetup
from engine.core.system import System
from engine.core.turns import ActKind, ToAct
from engine.core.view import LogView, View, log_view
from engine.dice import PUBLIC_STREAM, Die, Roller, WouldRoll, secret_stream

__all__ = ["Foresight", "Game", "LegalCommands", "fold", "roller_from_log"]

S = TypeVar("S", bound=CoreState)


def replay(system: System[S], setup: GameSetup, events: Iterable[Event]) -> Iterator[tuple[Event, S]]:
    """Fold events one at a time, yielding each with the state just after it (the unchecked door, for replay).

    An ``UndoApplied`` rewinds to the state after its target event: only the events in effect then
    stay in effect. Dice are not part of the state, so undone rolls stay drawn. The state yielded is
    the one being folded: copy it to keep it.
    """
    state = system.initial_state(setup)
    effective: list[Event] = []
    for event in events:
        if isinstance(event.body, UndoApplied):
            target = event.body.to_seq
            effective = [kept for kept in effective if kept.seq <= target]
            state = system.initial_state(setup)
            for kept in effective:
                kept.body.apply(state)
        else:
            event.body.apply(state)
            effective.append(event)
        state.seq = event.seq
        yield event, state


def fold(system: System[S], setup: GameSetup, events: Iterable[Event]) -> S:
    """The state after all ``events`` (see ``replay``)."""
    state = system.initial_state(setup)
    for _, state in replay(system, setup, events):  # noqa: B007 - only the last state matters
        pass
    return state


def _drawn(ctx: Context[Any], side: SideId, move: BotMove) -> BotMove:
    """The move the bot makes: a drawn one drawn among itself and its others with ``side``'s secret dice (logged
    for that side alone), any other as it is."""
    if not move.drawn:
        return move
    moves = (move, *move.others)
    (roll,) = ctx.roll([Die.numeric(len(moves))], "the bot's secret choice", roller_side=side,
                       stream=secret_stream(side), audience=side_only(side))
    return moves[roll.value - 1]


def roller_from_log(seed: str, events: Iterable[Event]) -> Roller:
    """Rebuild the roller's counters and rigged queue from every roll ever logged, undone or not."""
    counters: dict[str, int] = {}
    queued: deque[str | int] = deque()
    for event in events:
        body = event.body
        if isinstance(body, DiceRigged):
            if body.cleared:
                queued.clear()
            queued.extend(body.values)
        elif isinstance(body, DiceRolled):
            for roll in body.rolls:
                if roll.rigged:
                    queued.popleft()
                elif roll.index is not None:
                    counters[roll.stream] = max(counters.get(roll.stream, 0), roll.index + 1)
    return Roller(seed, counters, tuple(queued))


@dataclass(frozen=True)
class Foresight(Generic[S]):
    """What a command would do up to its first die (``Game.foresee``): the events before it, a copy of the game
    with them applied, and the roll that would come next (None when the command rolls nothing)."""

    events: tuple[Event, ...]
    game: Game[S]
    roll: WouldRoll | None

    def next_roll(self) -> str | None:
        """The roll that would come next, as a line (who rolls how many of which die, and for what; only that dice
        are rolled for a secret draw)."""
        stop = self.roll
        if stop is None:
            return None
        if stop.stream != PUBLIC_STREAM:  # a secret draw: its purpose is no one else's to read
            return "Dice are rolled in secret."
        who = f"Side {stop.roller}" if stop.roller else "The table"
        counts = ", ".join(f"{stop.dice.count(die)} {die}" for die in dict.fromkeys(stop.dice))
        purpose = f" for {stop.purpose}" if stop.purpose else ""
        return f"{who} rolls {counts}{purpose}."


class Game(Generic[S]):
    """A game of one system: its setup, its secret seed, its log and the state folded from it."""

    def __init__(self, system: System[S], setup: GameSetup, seed: str, events: Sequence[Event] = ()) -> None:
        if setup.system != system.spec.name:
            raise ValueError(f"setup is for {setup.system!r}, system is {system.spec.name!r}")
        self.system = system
        self.setup = setup
        self._seed = seed
        self._log: list[Event] = list(events)
        self._state: S = fold(system, setup, self._log)
        self._roller = roller_from_log(seed, self._log)
        self._recall = Recall()  # the decisions opened, so their answers' lines say them in words
        self._recall.note(self._log)

    # -- creation and replay -------------------------------------------------------------------

    @classmethod
    def start(cls, system: System[S], setup: GameSetup, seed: str,
              seats: Mapping[SideId, UserId] | None = None) -> Game[S]:
        """Create a game: log its creation and seats, then let the system open play."""
        game = cls(system, setup, seed)

        def opening(ctx: Context[S]) -> None:
            ctx.emit(GameCreated(system=setup.system, seed_commitment=setup.seed_commitment, title=system.spec.title))
            for side, user in (seats or {}).items():
                ctx.emit(SeatTaken(side=side, user=user))
            system.start(ctx)

        game._run(Actor(user=setup.host, host=True), opening, commit=True)
        return game

    @classmethod
    def from_records(cls, system: System[S], setup: GameSetup, seed: str,
                     records: Iterable[Mapping[str, Any]]) -> Game[S]:
        """Rebuild a stored game from its event records."""
        return cls(system, setup, seed, [system.codec.from_record(record) for record in records])

    @classmethod
    def from_snapshot(cls, system: System[S], setup: GameSetup, seed: str, records: Iterable[Mapping[str, Any]],
                      snapshot_seq: int, snapshot: str) -> Game[S]:
        """Rebuild a stored game from a saved state and only the events after it.

        A snapshot is a cache, never the truth: when it does not fit this code's state schema, or an
        undo after it reaches back before it, the whole log is folded instead.
        """
        events = [system.codec.from_record(record) for record in records]
        later = [event for event in events if event.seq > snapshot_seq]
        try:
            state = type(system.initial_state(setup)).model_validate_json(snapshot)
        except ValueError:
            return cls(system, setup, seed, events)
        if state.seq != snapshot_seq or any(isinstance(event.body, UndoApplied) for event in later):
            return cls(system, setup, seed, events)
        for event in later:
            event.body.apply(state)
            state.seq = event.seq
        game = cls.__new__(cls)
        game.system, game.setup, game._seed = system, setup, seed
        game._log, game._state = events, state
        game._roller = roller_from_log(seed, events)
        game._recall = Recall()
        game._recall.note(events)
        return game

    def snapshot(self) -> str:
        """The whole state as JSON (secrets included: storage only), to start a later replay from."""
        return self._state.model_dump_json()

    def records(self) -> list[dict[str, Any]]:
        return [event.to_record() for event in self._log]

    def clone(self) -> Game[S]:
        """An independent copy for what-if previews; the original is untouched."""
        twin = Game.__new__(Game)
        twin.system, twin.setup, twin._seed = self.system, self.setup, self._seed
        twin._log = list(self._log)
        twin._state = self._state.clone()
        twin._roller = self._roller.copy()
        twin._recall = self._recall.copy()
        return twin

    def as_of(self, seq: int) -> Game[S]:
        """The game as it stood after event ``seq``, folded again from the log (what a button built then saw)."""
        return Game(self.system, self.setup, self._seed, [event for event in self._log if event.seq <= seq])

    # -- reading -------------------------------------------------------------------------------

    @property
    def seq(self) -> int:
        return self._state.seq

    @property
    def log(self) -> tuple[Event, ...]:
        return tuple(self._log)

    @property
    def state(self) -> S:
        """The full state, secrets included: for the engine and tests, never for a front-end."""
        return self._state

    @property
    def pending(self) -> tuple[Decision, ...]:
        return tuple(self._state.pending.values())

    def outcome(self) -> Outcome | None:
        return self._state.outcome

    def is_over(self) -> bool:
        return self._state.outcome is not None

    def view(self, viewer: Viewer) -> View:
        """What ``viewer`` may see; a pending decision of a declared kind shows its parts as they stand now."""
        view = self.system.view(self._state, viewer)
        if not any(p.parts for p in view.pending):
            return view
        live = tuple(p.model_copy(update={"parts": self.live(self._state.pending[p.id]).parts})
                     if p.parts and p.id in self._state.pending else p for p in view.pending)
        return view.model_copy(update={"pending": live})

    def live(self, decision: Decision, answers: Mapping[str, str] | None = None) -> Decision:
        """``decision`` with its parts as they stand now, given ``answers`` to the parts before them (a declared
        kind reads its options live; otherwise they are the parts it opened with)."""
        return decision.model_copy(update={"parts": live_parts(self.system, self._state, decision, answers)})

    def rigged(self) -> tuple[str | int, ...]:
        """The rigged results still queued for the next public rolls (a practice table's, all public)."""
        return self._roller.rigged_queue()

    def board(self, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
        """The picture of the table ``viewer`` may see, with the state of the game in its header."""
        return board_with_header(self.system, self._state, viewer, overlays)

    def log_view(self, viewer: Viewer, *, after_seq: int = 0, full: bool = False) -> LogView:
        """The log ``viewer`` may read: what happened, or with ``full`` the bookkeeping too."""
        return log_view(tuple(e for e in self._log if e.seq > after_seq), viewer, full=full)

    def events_for(self, viewer: Viewer, *, after_seq: int = 0) -> tuple[Event, ...]:
        return tuple(e for e in self._log if e.seq > after_seq and e.audience.includes(viewer))

    def to_act(self) -> ToAct:
        """Who acts now: the owners of pending decisions first, else the game's turn order; nobody once the
        game is over or while it is paused."""
        state = self._state
        if state.outcome is not None or state.paused:
            return ToAct.nobody()
        if state.pending:
            owners = tuple(dict.fromkeys(decision.owner for decision in state.pending.values()))
            return ToAct(ActKind.SIDE if len(owners) == 1 else ActKind.SIMULTANEOUS, owners, tuple(state.pending))
        return self.system.to_act(state)

    def legal_commands(self, side: SideId, actor: Actor | None = None) -> LegalCommands[S]:
        return LegalCommands(self, side, actor)

    # -- acting --------------------------------------------------------------------------------

    def apply(self, command: Command, actor: Actor) -> tuple[Event, ...]:
        """Validate ``command`` for ``actor``, append its events and return them; raise ``RulesError``
        (changing nothing) when it is refused. A command that plays a reaction the actor is being offered
        answers that offer."""
        command = self._as_reaction(command, actor)
        return self._run(actor, lambda ctx: self._dispatch(ctx, command), commit=True, command=command)

    def apply_bot(self, side: SideId, move: BotMove) -> tuple[Event, ...]:
        """Apply the bot's move for ``side``, its reasons logged first as the bot's (for "show working"). A drawn
        move is drawn among its alternatives with the side's secret dice; the reasons of a secret move, like those
        of any answer to a secret decision, reach that side alone."""
        actor = Actor(user=BOT_USER, side=side)

        def work(ctx: Context[S]) -> None:
            chosen = _drawn(ctx, side, move)
            command = self._as_reaction(chosen.command, actor)
            summary = chosen.reasons[0] if chosen.reasons else f"{command.verb}."
            secret = move.secret or (isinstance(command, Answer) and command.decision_id in ctx.state.pending
                                     and ctx.state.pending[command.decision_id].secret)
            ctx.emit(BotReasoned(side=side, summary=summary, reasons=chosen.reasons),
                     side_only(side) if secret else EVERYONE)
            self._dispatch(ctx, command)

        return self._run(actor, work, commit=True, command=self._as_reaction(move.command, actor))

    def allows(self, command: Command, actor: Actor) -> bool:
        """Whether the rules accept ``command`` from ``actor`` now (tried on a copy; nothing changes). A declared
        action is put to its one check on the game's own state first, which the check only reads: most commands a
        bot or a fuzzer tries are refused there, before the state is copied."""
        try:
            command = self._as_reaction(command, actor)
            if isinstance(command, ActionCommand):
                self._check(command, actor)
                ctx = self._context(actor, self._roller.copy(), copy=False)
                self.system.declarations.plan(self.system, ctx, command)
            self.preview(command, actor)
        except RulesError:
            return False
        return True

    def preview(self, command: Command, actor: Actor) -> tuple[Event, ...]:
        """The events ``command`` would append, without appending them (dice included)."""
        command = self._as_reaction(command, actor)
        return self._run(actor, lambda ctx: self._dispatch(ctx, command), commit=False, command=command)

    def foresee(self, command: Command, actor: Actor) -> Foresight[S]:
        """What ``command`` would do, tried on a copy that stops at its first die: the events before it and the
        roll that would come, with no die drawn (a preview never shows dice before they count). A command that
        rolls nothing is foreseen whole. Refusals before the first die raise ``RulesError`` as ``apply`` does."""
        command = self._as_reaction(command, actor)
        self._check(command, actor)
        ctx = self._context(actor, self._roller.halting())
        stop: WouldRoll | None = None
        try:
            self._dispatch(ctx, command)
            self._close_if_over(ctx, reveal=False)  # the seed is revealed when the game truly ends, never ahead
        except WouldRoll as halted:
            stop = halted
        self._recall.note(ctx.events, keep=False)
        twin = self.clone()
        twin._state = ctx.state
        twin._log.extend(ctx.events)
        return Foresight(tuple(ctx.events), twin, stop)

    def _as_reaction(self, command: Command, actor: Actor) -> Command:
        """While a reaction is offered to the actor's side, a declared command the game reads as one of its
        reactions (``System.reaction_choice``) becomes the answer to that offer."""
        state = self._state
        if not state.windows or not isinstance(command, ActionCommand) or self.system.waits_for_nothing(command):
            return command
        sides = (actor.side,) if actor.side is not None else state.sides_of(actor.user)
        for decision in state.pending.values():
            window = next((w for w in state.windows if w.id == decision.context.get("window")), None)
            if decision.core != REACTION or decision.owner not in sides or window is None:
                continue
            key = self.system.reaction_choice(state, window, decision.owner, command)
            if key is not None and key in decision.part(REACTION).option_keys():
                return Answer(decision_id=decision.id, choice=key, built_at_seq=command.built_at_seq)
        return command

    def _dispatch(self, ctx: Context[S], command: Command) -> None:
        if isinstance(command, RequestUndo):
            request_undo(ctx, command, tuple(self._log))
            return
        handler = CORE_HANDLERS.get(type(command))
        if handler is not None:
            handler(ctx, command)
        else:  # the game's declarations run it, or refuse it as none of theirs
            self.system.handle(ctx, command)

    def _check(self, command: Command, actor: Actor) -> None:
        state = self._state
        if command.built_at_seq is not None and command.built_at_seq != state.seq:
            raise StaleCommand(command.built_at_seq, state.seq, verb=command.verb)
        if state.outcome is not None:
            raise IllegalCommand("the game is over", verb=command.verb)
        if state.paused and not command.allowed_while_paused:
            raise IllegalCommand("the game is paused by the host; the host resumes it with /game resume",
                                 verb=command.verb)
        if actor.side is not None:
            if actor.side not in state.sides:
                raise InvalidCommand(f"there is no side {actor.side!r}; the sides are {', '.join(state.sides)}",
                                     verb=command.verb)
            if not state.holds(actor.user, actor.side):
                raise NotYourTurn(f"{actor.user} does not hold side {actor.side}", verb=command.verb)
            if actor.side in state.conceded and not command.allowed_while_paused:
                raise IllegalCommand(f"side {actor.side} has conceded and plays no more", verb=command.verb)
        refusal = self.decision_first(state.sides_of(actor.user), command.verb)
        if refusal is not None and not self.system.waits_for_nothing(command):
            raise refusal

    def decision_first(self, held: Collection[SideId], verb: str) -> DecisionPending | None:
        """Why a player holding ``held`` may not act now: a pending decision that holds them up, their own first
        (its secret is theirs), another side's named with its prompt unless it is secret; None when none does."""
        blocking = [d for d in self._state.pending.values() if d.holds_up(held)]
        if not blocking:
            return None
        owed = [d for d in blocking if d.owner in held]
        first = (owed or blocking)[0]
        shown = first.prompt if not first.secret or owed else "a secret choice"
        return DecisionPending(f"side {first.owner} must first decide ({first.id}: {shown})", verb=verb)

    def _run(self, actor: Actor, work: Any, *, commit: bool, command: Command | None = None) -> tuple[Event, ...]:
        if command is not None:
            self._check(command, actor)
        ctx = self._context(actor, self._roller.copy())
        work(ctx)
        self._close_if_over(ctx)
        self._recall.note(ctx.events, keep=commit)
        if commit:
            self._state, self._roller = ctx.state, ctx.roller
            self._log.extend(ctx.events)
        return tuple(ctx.events)

    def _context(self, actor: Actor, roller: Roller, *, copy: bool = True) -> Context[S]:
        """A working copy of the state for one command, rolling with ``roller`` (with ``copy=False``, the state
        itself: for a check that only reads it)."""
        log = tuple(self._log)
        return Context(self.system, self._state.clone() if copy else self._state, roller, actor,
                       rebuild=lambda new_events: fold(self.system, self.setup, (*log, *new_events)),
                       core_answer=answer_core_decision)

    def _close_if_over(self, ctx: Context[S], *, reveal: bool = True) -> None:
        if ctx.state.outcome is None:
            outcome = self.system.outcome(ctx.state)
            if outcome is not None:
                ctx.emit(GameEnded(outcome=outcome))
        if reveal and ctx.state.outcome is not None and ctx.state.revealed_seed is None:
            ctx.emit(SeedRevealed(seed=self._seed))


class LegalCommands(Generic[S]):
    """The commands a side may issue now: iterable (the enumerable ones, stable order) and
    ``cmd in legal`` checks any command by trying it on a copy, without listing them all."""

    def __init__(self, game: Game[S], side: SideId, actor: Actor | None) -> None:
        self._game = game
        self._side = side
        holder = game.state.controller(side)
        self._actor = actor or Actor(user=holder or UserId(""), side=side)

    def __iter__(self) -> Iterator[Command]:
        """The commands the legal actions' menu entries build, in the game's order (an entry that still asks for
        more builds a command the referee refuses until its player has chosen)."""
        state, system = self._game.state, self._game.system
        if state.outcome is not None or state.pending or state.paused:
            return iter(())
        return iter([system.command(legal.verb, {**legal.options, **({"action": legal.name} if legal.name else {})})
                     for legal in system.legal_actions(state, self._side)])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __contains__(self, command: object) -> bool:
        if not isinstance(command, Command):
            return False
        try:
            self._game.preview(command, self._actor)
        except RulesError:
            return False
        return True
