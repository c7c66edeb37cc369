"""The events every game shares: seats, decisions, dice, undo, the end."""

from __future__ import annotations

from typing import Any

from pydantic import SerializerFunctionWrapHandler, model_serializer

from engine.core.answer_words import NO_REACTION, Answering, said
from engine.core.decisions import Decision
from engine.core.events import EventBody
from engine.core.ids import SideId, UserId
from engine.core.outcome import Outcome
from engine.core.state import CoreState
from engine.dice import DieRoll
from engine.schema import UnitProfile

__all__ = [
    "CORE_EVENTS",
    "AwayChanged",
    "DecisionAnnounced",
    "DecisionAnswered",
    "DecisionExtended",
    "DecisionOpened",
    "DiceRigged",
    "DiceRolled",
    "GameCreated",
    "GameEnded",
    "GamePaused",
    "GameResumed",
    "PhaseChanged",
    "SeatLeft",
    "SeatTaken",
    "SeedRevealed",
    "SideConceded",
    "TableSettingChanged",
    "UndoApplied",
    "UndoRefused",
    "UnitsImported",
]


class GameCreated(EventBody):
    kind = "game.created"
    system: str
    seed_commitment: str
    title: str = ""
    """The game's title as players know it ("Eldfall Chronicles"); a game stored before it was kept reads as then."""

    def describe(self) -> str:
        begins = f"A game of {self.title} begins" if self.title else f"A {self.system} game begins"
        return (f"{begins}. Dice seed commitment (sha256): {self.seed_commitment}; "
                "the seed is revealed when the game ends.")


class SeatTaken(EventBody):
    kind = "seat.taken"
    side: SideId
    user: UserId
    teammate: bool = False  # joins the side's players beside its seat holder

    def apply(self, state: CoreState) -> None:
        if self.teammate and self.side in state.seats:
            state.teammates.setdefault(self.side, []).append(self.user)
        else:
            state.seats[self.side] = self.user

    def describe(self) -> str:
        return f"{self.user} joins side {self.side} as a teammate." if self.teammate else \
            f"{self.user} takes side {self.side}."


class SeatLeft(EventBody):
    kind = "seat.left"
    side: SideId
    user: UserId

    def apply(self, state: CoreState) -> None:
        mates = state.teammates.get(self.side, [])
        if self.user in mates:
            mates.remove(self.user)
        elif state.seats.get(self.side) == self.user:
            state.seats.pop(self.side)
            if mates:  # the first teammate takes the seat
                state.seats[self.side] = mates.pop(0)
        if not mates:
            state.teammates.pop(self.side, None)

    def describe(self) -> str:
        return f"{self.user} leaves side {self.side}."


class SideConceded(EventBody):
    """A side gives up while the others play on."""

    kind = "side.conceded"
    side: SideId

    def apply(self, state: CoreState) -> None:
        state.conceded = tuple(s for s in state.sides if s in (*state.conceded, self.side))
        if state.active_side == self.side:
            state.active_side = None

    def describe(self) -> str:
        return f"Side {self.side} concedes; the others play on."


class PhaseChanged(EventBody):
    """The game moves to another phase (its system names them), and with it, where given, to another round and
    step of the core's flow record (left out, they stay as they were: stored games replay unchanged)."""

    kind = "phase.changed"
    phase: str
    shown: str = ""  # what players read, if anything
    round: int | None = None
    step: str | None = None

    def apply(self, state: CoreState) -> None:
        state.phase = self.phase
        state.phases_begun += 1
        if self.round is not None:
            state.round = self.round
        if self.step is not None:
            state.step = self.step

    def describe(self) -> str:
        return self.shown or f"The {self.phase} begins."


class DecisionOpened(EventBody):
    kind = "decision.opened"
    decision: Decision

    def apply(self, state: CoreState) -> None:
        state.pending[self.decision.id] = self.decision

    def describe(self) -> str:
        optional = "optional" if self.decision.optional else "required"
        return f"Side {self.decision.owner} to decide ({optional}): {self.decision.prompt}"


class DecisionAnnounced(EventBody):
    """The public trace of a secret decision: who is choosing, never what is offered."""

    kind = "decision.announced"
    decision_id: str
    owner: SideId

    def describe(self) -> str:
        return f"Side {self.owner} is choosing in secret."


_SECRETLY = {
    "answer": "Side {owner} has chosen, in secret.",
    "auto": "Side {owner} had one choice only, kept secret.",
    "timeout": "Time ran out for side {owner}; the default applies, kept secret.",
    "forced": "The host decides for side {owner}, in secret.",
    "away": "Side {owner} is away; their optional choice passes.",
}
"""How a secret answer reads in public, by how it was given (``DecisionAnswered.how``)."""


class DecisionAnswered(Answering):
    kind = "decision.answered"
    decision_id: str
    owner: SideId
    how: str  # "answer", "auto" (single legal option), "timeout", "forced", "away" (owner away, default)
    answers: dict[str, str] | None  # None when the decision is secret
    words: str | None = None  # the answers in words, for a decision never opened (no log holds its options)

    @model_serializer(mode="wrap")
    def _stored(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Stored as before where it has no words of its own: every other answer's record is unchanged."""
        data: dict[str, Any] = handler(self)
        if data.get("words") is None:
            data.pop("words", None)
        return data

    def apply(self, state: CoreState) -> None:
        state.pending.pop(self.decision_id, None)

    def describe(self) -> str:
        if not self.answers:  # a secret answer: the table reads that it was given, and how, never what
            return _SECRETLY.get(self.how, "Side {owner} has chosen, in secret.").format(owner=self.owner)
        chosen = self.words or said(self.answers, self.asked_for(self.owner))  # the options' own words
        reasons = {
            "answer": f"Side {self.owner} does not react." if chosen == NO_REACTION else
            f"Side {self.owner} decides: {chosen}.",
            "auto": f"Only one choice for side {self.owner}: {chosen}.",
            "timeout": f"Time ran out for side {self.owner}; the default applies: {chosen}.",
            "forced": f"The host decides for side {self.owner}: {chosen}.",
            "away": f"Side {self.owner} is away; their optional choice passes: {chosen}.",
        }
        return reasons.get(self.how, f"Side {self.owner}: {chosen}.")


class DecisionExtended(EventBody):
    """More time for a pending decision; only the front-end keeps clocks, so this records the grant."""

    kind = "decision.extended"
    decision_id: str
    minutes: int

    def apply(self, state: CoreState) -> None:
        decision = state.pending.get(self.decision_id)
        if decision is not None:
            state.pending[self.decision_id] = decision.model_copy(
                update={"extensions_minutes": decision.extensions_minutes + self.minutes})

    def describe(self) -> str:
        return f"The host allows {self.minutes} more minute{'s' if self.minutes != 1 else ''} for {self.decision_id}."


class GamePaused(EventBody):
    kind = "game.paused"
    reason: str = ""

    def apply(self, state: CoreState) -> None:
        state.paused = True

    def describe(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"The host pauses the game{why}. Nothing moves until the host resumes it with /game resume."


class TableSettingChanged(EventBody):
    kind = "table.setting"
    key: str
    value: str

    def apply(self, state: CoreState) -> None:
        state.settings[self.key] = self.value

    def describe(self) -> str:
        return f"The host sets the table's {self.key} to {self.value}."


class GameResumed(EventBody):
    kind = "game.resumed"

    def apply(self, state: CoreState) -> None:
        state.paused = False

    def describe(self) -> str:
        return "The host resumes the game; play goes on."


class AwayChanged(EventBody):
    kind = "seat.away"
    side: SideId
    away: bool

    def apply(self, state: CoreState) -> None:
        marked = set(state.away) - {self.side} | ({self.side} if self.away else set())
        state.away = tuple(side for side in state.sides if side in marked)

    def describe(self) -> str:
        if self.away:
            return (f"Side {self.side} is away: their optional choices pass with the defaults; "
                    "required ones wait for them or the host.")
        return f"Side {self.side} is back and makes their own choices again."


class DiceRolled(EventBody):
    kind = "dice.rolled"
    purpose: str
    roller: SideId | None
    rolls: tuple[DieRoll, ...]
    expression: str | None = None
    total: int | None = None
    detail: str | None = None
    """The faces as the game reads them (``OFF 12: 8 hit, 13 miss``), shown instead of their sum."""
    lines: tuple[str, ...] = ()
    """What the dice were rolled against and why each counts, for Show working."""

    def working(self) -> tuple[str, ...]:
        return self.lines

    def describe(self) -> str:
        who = f"Side {self.roller}" if self.roller else "The table"
        shown = self.detail or ", ".join(roll.label for roll in self.rolls)
        one_die = len(self.rolls) == 1 and self.rolls[0].label == str(self.total)  # "4", not "4 = 4"
        total = f" = {self.total}" if self.total is not None and self.detail is None and not one_die else ""
        rigged = " [rigged]" if any(roll.rigged for roll in self.rolls) else ""
        rerolled = " (re-roll)" if any(roll.rerolls for roll in self.rolls) else ""
        return f"{who} rolls for {self.purpose}{rerolled}: {shown}{total}{rigged}"


class DiceRigged(EventBody):
    kind = "dice.rigged"
    values: tuple[str | int, ...]
    cleared: bool = False
    """The results still queued were dropped first (``/dice rig values:clear``)."""

    def describe(self) -> str:
        if self.cleared and not self.values:
            return "Practice table: the rigged dice still queued are dropped; the dice roll from the seed again."
        shown = ", ".join(str(value) for value in self.values)
        return f"Practice table: the next public dice are rigged to {shown}; each will be marked."


class UnitsImported(EventBody):
    kind = "units.imported"
    side: SideId | None
    units: tuple[UnitProfile, ...]

    def apply(self, state: CoreState) -> None:
        for unit in self.units:
            state.imported_units[unit.name] = unit

    def describe(self) -> str:
        who = f"Side {self.side}" if self.side else "The host"
        return f"{who} imports unit profiles: {', '.join(unit.name for unit in self.units)}."


class UndoApplied(EventBody):
    """Rewinds the state to ``to_seq``; the dice already drawn stay drawn (see ``fold``)."""

    kind = "undo.applied"
    to_seq: int
    requested_by: SideId

    def describe(self) -> str:
        return f"Undo agreed: the game returns to event #{self.to_seq} (rolled dice stay in the log)."


class UndoRefused(EventBody):
    kind = "undo.refused"
    requested_by: SideId

    def describe(self) -> str:
        return f"The undo asked by side {self.requested_by} was refused."


class GameEnded(EventBody):
    kind = "game.ended"
    outcome: Outcome

    def apply(self, state: CoreState) -> None:
        state.outcome = self.outcome

    def describe(self) -> str:
        return self.outcome.describe()


class SeedRevealed(EventBody):
    kind = "seed.revealed"
    reveals_secret = True
    seed: str

    def apply(self, state: CoreState) -> None:
        state.revealed_seed = self.seed

    def describe(self) -> str:
        return f"Dice seed revealed: {self.seed} (check it against the commitment posted at the start)."


CORE_EVENTS: tuple[type[EventBody], ...] = (
    GameCreated,
    SeatTaken,
    SeatLeft,
    SideConceded,
    PhaseChanged,
    DecisionOpened,
    DecisionAnnounced,
    DecisionAnswered,
    DiceRolled,
    DiceRigged,
    UnitsImported,
    UndoApplied,
    UndoRefused,
    GameEnded,
    SeedRevealed,
    GamePaused,
    GameResumed,
    AwayChanged,
    DecisionExtended,
    TableSettingChanged,
)
