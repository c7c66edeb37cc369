"""Simultaneous secret choices (a mulligan, a veto, a hidden list): every side answers privately, and the
answers are revealed together once the last one is in.

A game asks with :func:`ask_together`; each side gets a secret decision of its own. An answer is logged for
its side alone, so nobody (the host included) learns it early; when every side has answered, one public
event reveals them all and the game carries on in ``System.on_together``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, JsonValue

from engine.core.answer_words import Answering, said
from engine.core.audience import side_only
from engine.core.decisions import Decision, DecisionPart
from engine.core.events import EventBody
from engine.core.ids import SideId

if TYPE_CHECKING:
    from engine.core.context import Context
    from engine.core.state import CoreState

__all__ = ["TOGETHER", "TOGETHER_EVENTS", "ChoiceLocked", "ChoicesRevealed", "Together", "TogetherAsked",
           "answer_together", "ask_together"]

TOGETHER = "together"
"""The core mechanism that carries on after a side answers its part of a simultaneous choice."""


class Together(BaseModel):
    """One simultaneous choice in progress: who must answer, and the answers locked in so far."""

    model_config = ConfigDict(extra="forbid")

    id: str
    kind: str
    sides: tuple[SideId, ...]
    context: dict[str, JsonValue] = {}
    answers: dict[SideId, dict[str, str]] = {}


class TogetherAsked(EventBody):
    kind = "together.asked"
    together: Together
    prompt: str

    def apply(self, state: CoreState) -> None:
        state.together[self.together.id] = self.together.model_copy(deep=True)

    def describe(self) -> str:
        return f"Sides {', '.join(self.together.sides)} choose at the same time, in secret: {self.prompt}"


class ChoiceLocked(Answering):
    """One side's answer, for its eyes only until everyone has answered."""

    kind = "together.locked"
    together_id: str
    side: SideId
    answers: dict[str, str]

    def apply(self, state: CoreState) -> None:
        state.together[self.together_id].answers[self.side] = dict(self.answers)

    def describe(self) -> str:
        return f"Your choice is locked in: {said(self.answers, self.asked_for(self.side))}."


class ChoicesRevealed(Answering):
    kind = "together.revealed"
    reveals_secret = True
    together_id: str
    answers: dict[SideId, dict[str, str]]

    def apply(self, state: CoreState) -> None:
        state.together.pop(self.together_id, None)

    def describe(self) -> str:
        shown = "; ".join(f"{side}: {said(answers, self.asked_for(side))}" for side, answers in self.answers.items())
        return f"Every side has chosen. Revealed together: {shown}."


TOGETHER_EVENTS: tuple[type[EventBody], ...] = (TogetherAsked, ChoiceLocked, ChoicesRevealed)


def ask_together(ctx: Context[Any], kind: str, prompt: str, parts: Mapping[SideId, tuple[DecisionPart, ...]], *,
                 optional: bool = False, context: Mapping[str, JsonValue] | None = None) -> str:
    """Ask every side in ``parts`` at once, each in secret; returns the choice's id. The game's
    ``on_together`` hook hears all the answers once the last side has answered (defaults apply on timeout
    when ``optional``)."""
    together_id = f"t{ctx.state.seq + 1}"
    together = Together(id=together_id, kind=kind, sides=tuple(parts), context=dict(context or {}))
    ctx.emit(TogetherAsked(together=together, prompt=prompt))
    for side, side_parts in parts.items():
        ctx.open_decision(Decision(
            id=f"{together_id}{side.lower()}", owner=side, kind=kind, prompt=prompt, parts=side_parts,
            optional=optional, secret=True, core=TOGETHER, always_ask=True, context={"together": together_id},
        ))
    return together_id


def answer_together(ctx: Context[Any], decision: Decision, answers: dict[str, str]) -> None:
    """Lock in one side's answer; reveal them all and let the game carry on once every side has answered."""
    together_id = str(decision.context["together"])
    ctx.emit(ChoiceLocked(together_id=together_id, side=decision.owner, answers=answers), side_only(decision.owner))
    together = ctx.state.together[together_id]
    if set(together.answers) < set(together.sides):
        return
    ctx.emit(ChoicesRevealed(together_id=together_id, answers={s: together.answers[s] for s in together.sides}))
    ctx.system.on_together(ctx, together.kind, {s: together.answers[s] for s in together.sides},
                           dict(together.context))
