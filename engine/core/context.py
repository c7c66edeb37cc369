"""The working copy a command runs against: emit events, roll dice, open decisions.

Everything a command does goes through a ``Context``; the game commits it only when the whole
command succeeded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from engine.core.answer_words import said
from engine.core.audience import EVERYONE, Audience, side_only
from engine.core.commands import Actor
from engine.core.core_events import (
    DecisionAnnounced,
    DecisionAnswered,
    DecisionOpened,
    DiceRolled,
    UndoApplied,
)
from engine.core.decision_kinds import live_defaults
from engine.core.decisions import Decision
from engine.core.errors import AmbiguousCommand, NotYourTurn
from engine.core.events import Event, EventBody
from engine.core.ids import SideId
from engine.core.state import CoreState
from engine.dice import PUBLIC_STREAM, Die, DieRoll, Roller, WouldRoll

if TYPE_CHECKING:
    from engine.core.system import System

__all__ = ["Context"]

S = TypeVar("S", bound=CoreState)

DecisionHandler = Callable[["Context[S]", Decision, dict[str, str]], None]
Explain = Callable[[tuple[DieRoll, ...]], tuple[str, tuple[str, ...]]]
"""How a game reads a roll's faces: the line the log shows for them and the working behind it."""


class Context(Generic[S]):
    """A command's working copy of the state and roller, and the events it has emitted so far."""

    def __init__(
        self,
        system: System[S],
        state: S,
        roller: Roller,
        actor: Actor,
        rebuild: Callable[[Sequence[Event]], S],
        core_answer: DecisionHandler[S],
    ) -> None:
        self.system = system
        self.state = state
        self.roller = roller
        self.actor = actor
        self.events: list[Event] = []
        self._rebuild = rebuild
        self._core_answer = core_answer

    def emit(self, body: EventBody, audience: Audience = EVERYONE) -> Event:
        """Append an event and fold it into the working state."""
        event = Event(seq=self.state.seq + 1, body=body, audience=audience)
        self.events.append(event)
        if isinstance(body, UndoApplied):
            self.state = self._rebuild(self.events)
        else:
            body.apply(self.state)
        self.state.seq = event.seq
        return event

    def acting_side(self) -> SideId:
        """The side the actor acts for, checked against the seats."""
        side = self.actor.side
        if side is None:
            held = self.state.sides_of(self.actor.user)
            if len(held) == 1:
                return held[0]
            if self.actor.fallback_side in held:
                return self.actor.fallback_side
            if not held:
                raise NotYourTurn(f"{self.actor.user} holds no side in this game; join one of "
                                  f"{', '.join(self.state.sides)} first")
            raise AmbiguousCommand(f"{self.actor.user} holds sides {', '.join(held)}; say which one acts: "
                                   f"/game side side:{held[0]} (it stays chosen at this table)")
        return side

    def roll(
        self,
        dice: Sequence[Die],
        purpose: str,
        *,
        roller_side: SideId | None = None,
        stream: str = PUBLIC_STREAM,
        audience: Audience = EVERYONE,
        explain: Explain | None = None,
    ) -> tuple[DieRoll, ...]:
        """Roll a pool through the game's roller and log it with its purpose and roller. ``explain`` reads the
        faces as the game does (each against its target, a line, and the working behind it); without it the log
        shows the faces and their sum."""
        rolls = self.draw(dice, purpose, roller_side=roller_side, stream=stream)
        total = sum(roll.value for roll in rolls)
        detail, lines = explain(rolls) if explain is not None else (None, ())
        self.emit(DiceRolled(purpose=purpose, roller=roller_side, rolls=rolls, total=total, detail=detail,
                             lines=lines), audience)
        return rolls

    def draw(self, dice: Sequence[Die], purpose: str, *, roller_side: SideId | None = None,
             stream: str = PUBLIC_STREAM) -> tuple[DieRoll, ...]:
        """Roll a pool without logging it (the caller logs it its own way); a preview that stops at this roll
        learns what it was for (``WouldRoll``)."""
        try:
            return self.roller.roll_pool(dice, stream)
        except WouldRoll as stop:
            raise WouldRoll(stop.dice, stop.stream, purpose, roller_side) from None

    def reroll(
        self, previous: DieRoll, die: Die, purpose: str, *, roller_side: SideId | None, limit: int | None = 1
    ) -> DieRoll:
        """Re-roll one die, within the limit tracked on that die; the old result stays in the log."""
        try:
            roll = self.roller.reroll(previous, die, limit=limit)
        except WouldRoll as stop:
            raise WouldRoll(stop.dice, stop.stream, purpose, roller_side) from None
        self.emit(DiceRolled(purpose=purpose, roller=roller_side, rolls=(roll,), total=roll.value))
        return roll

    def open_decision(self, decision: Decision) -> None:
        """Ask a side; a decision with a single legal answer applies at once, without a prompt, and so
        does an optional one owed by a side marked away (its defaults), so an absent player holds up
        nobody. Every system opens its decisions here, so every system gets both."""
        forced = decision.forced_answers()
        if forced is not None:
            self.answer(decision, forced, "auto")
            return
        if self.pass_if_away(decision):
            return
        if decision.secret:
            self.emit(DecisionOpened(decision=decision), side_only(decision.owner))
            if not decision.owner_only:
                self.emit(DecisionAnnounced(decision_id=decision.id, owner=decision.owner))
        else:
            self.emit(DecisionOpened(decision=decision))

    def pass_if_away(self, decision: Decision) -> bool:
        """Answer ``decision`` with its defaults when it is optional and its owner is away."""
        if not decision.optional or decision.owner not in self.state.away:
            return False
        defaults = live_defaults(self.system, self.state, decision)
        if defaults is None:
            return False
        self.answer(decision, defaults, "away")
        return True

    def answer(self, decision: Decision, answers: dict[str, str], how: str) -> None:
        """Close a decision with checked answers and let its owner (the core or the system) go on."""
        # A secret answer's public trace hides it; an owner-only decision's record goes to its owner alone, whole.
        hidden = decision.secret and not decision.owner_only
        shown = None if hidden else decision.answers_that_matter(answers)
        audience = side_only(decision.owner) if decision.owner_only else EVERYONE
        # One never opened (a single legal answer, applied at once) is in no log: its words go with its answer.
        words = said(shown, decision) if shown and decision.id not in self.state.pending else None
        answered = DecisionAnswered(decision_id=decision.id, owner=decision.owner, how=how, answers=shown, words=words)
        answered.remember((decision,))  # its line says the options chosen in their words
        self.emit(answered, audience)
        if decision.core is not None or decision.kind in _CORE_DECISION_KINDS:
            self._core_answer(self, decision, answers)
        else:
            self.system.on_answer(self, decision, answers)

    def next_decision_id(self) -> str:
        """A fresh id for a decision: ``d`` and the seq it opens at."""
        return f"d{self.state.seq + 1}"


_CORE_DECISION_KINDS = frozenset({"undo"})
