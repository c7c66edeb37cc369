"""Reaction windows: after a trigger, each eligible side in turn may play a reaction or pass.

A game opens a window with :func:`open_window`, naming the trigger, the order in which sides are offered
the chance to react (first refusal), whether the window closes after the first reaction (Underworlds: one
per trigger), and what the game needs to carry on. Each offer is a secret, optional decision with pass as
its default and its own deadline; its options are the reactions the side could play now (which only it
sees), so a side with nothing to play is asked exactly like one holding a reaction, and who is asked
depends on public information alone. A played reaction may open a window of its own above (chains
resolve as a stack): the window below waits until the one above has closed.

A side may pass ahead of time, privately: for one kind of trigger, or for the rest of the current phase
(:class:`PrePass`). Its offers still open as every other side's do; the table answers them with a pass
after a short random delay, so neither being asked nor the timing of a pass reveals a hand. A game whose
reactions are a decision of its own (a compound Reaction step) marks it ``Decision.reaction_to`` with its trigger,
and the same pre-passes answer it, with its defaults.

The game's hooks: ``System.reactions`` (what a side could play), ``System.on_reaction`` (one was played),
``System.on_window_closed`` (everyone had their chance) and ``System.reaction_choice`` (a typed command
that plays a reaction, so playing one is an ordinary command within the window).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, JsonValue

from engine.core.audience import side_only
from engine.core.decisions import Decision, DecisionPart, Option
from engine.core.events import EventBody
from engine.core.ids import SideId

if TYPE_CHECKING:
    from engine.core.context import Context
    from engine.core.state import CoreState

__all__ = [
    "PASS",
    "PHASE",
    "REACTION",
    "REACTION_EVENTS",
    "PrePass",
    "PrePassSet",
    "Window",
    "WindowClosed",
    "WindowOffered",
    "WindowOpened",
    "WindowReacted",
    "answer_reaction",
    "in_this_phase",
    "is_prepassed",
    "offer_trigger",
    "open_window",
    "pending_offer",
    "prepass_answers",
    "set_prepass",
]

REACTION = "reaction"
"""The kind (and core mechanism) of a reaction offer; a table's pace gives reaction offers their own timeout."""
PASS = "pass"
"""The answer that plays no reaction; the default of every offer."""
PHASE = "phase"
"""A pre-pass for the rest of the current phase, whatever the trigger."""


class Window(BaseModel):
    """One open reaction window: the trigger, who is offered in which order, and what has happened."""

    model_config = ConfigDict(extra="forbid")

    id: str
    trigger: str
    context: dict[str, JsonValue] = {}
    order: tuple[SideId, ...]
    offered: int = 0  # how many sides of ``order`` have been offered so far
    reacted: tuple[SideId, ...] = ()
    first_only: bool = True
    shown: str = ""  # the trigger as players read it ("the attack on B2"); the trigger's name when empty

    @property
    def label(self) -> str:
        return self.shown or self.trigger.replace("_", " ").replace("-", " ")


class PrePass(BaseModel):
    """A side's standing pass: for one trigger kind, or (``trigger`` is ``PHASE``) while the phase it was set in
    lasts: ``phase`` by name, ``begun`` the count of phases begun then (``CoreState.phases_begun``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    trigger: str
    phase: str = ""
    begun: int = -1


class WindowOpened(EventBody):
    kind = "window.opened"
    window: Window

    def apply(self, state: CoreState) -> None:
        state.windows.append(self.window.model_copy(deep=True))

    def describe(self) -> str:
        return f"Reactions to {self.window.label}: offered to side {', then '.join(self.window.order)}."


class WindowOffered(EventBody):
    """The next side in the window's order is offered the chance to react (its offer is the decision)."""

    kind = "window.offered"
    window_id: str
    side: SideId

    def apply(self, state: CoreState) -> None:
        _window(state, self.window_id).offered += 1

    def describe(self) -> str:
        return ""


class WindowReacted(EventBody):
    kind = "window.reacted"
    window_id: str
    side: SideId

    def apply(self, state: CoreState) -> None:
        window = _window(state, self.window_id)
        window.reacted = (*window.reacted, self.side)

    def describe(self) -> str:
        return f"Side {self.side} reacts."


class WindowClosed(EventBody):
    kind = "window.closed"
    window_id: str

    def apply(self, state: CoreState) -> None:
        state.windows = [w for w in state.windows if w.id != self.window_id]

    def describe(self) -> str:
        return ""


class PrePassSet(EventBody):
    """A side's standing passes changed; for that side's eyes only."""

    kind = "window.prepass"
    side: SideId
    passes: tuple[PrePass, ...]

    def apply(self, state: CoreState) -> None:
        if self.passes:
            state.prepass[self.side] = list(self.passes)
        else:
            state.prepass.pop(self.side, None)

    def describe(self) -> str:
        if not self.passes:
            return "You will be asked again at every chance to react."
        shown = ", ".join("the rest of this phase" if p.trigger == PHASE else p.trigger for p in self.passes)
        return f"You pass ahead of time on reactions to: {shown}. Nobody else is told."


REACTION_EVENTS: tuple[type[EventBody], ...] = (WindowOpened, WindowOffered, WindowReacted, WindowClosed,
                                                PrePassSet)


def _window(state: CoreState, window_id: str) -> Window:
    return next(w for w in state.windows if w.id == window_id)


def open_window(ctx: Context[Any], trigger: str, order: Sequence[SideId], *, first_only: bool = True,
                context: dict[str, JsonValue] | None = None, shown: str = "") -> str:
    """Open a reaction window for ``trigger`` and offer it to the first side of ``order`` (decided from public
    information only); returns the window's id. The game hears of each reaction in ``on_reaction`` and of the
    window's end in ``on_window_closed``."""
    window = Window(id=f"w{ctx.state.seq + 1}", trigger=trigger, order=tuple(order), first_only=first_only,
                    context=dict(context or {}), shown=shown)
    ctx.emit(WindowOpened(window=window))
    _offer_next(ctx, window.id)
    return window.id


def _offer_next(ctx: Context[Any], window_id: str) -> None:
    """Offer the window to its next side still playing, or close it when it is done."""
    state = ctx.state
    window = _window(state, window_id)
    while not (window.first_only and window.reacted) and window.offered < len(window.order):
        side = window.order[window.offered]
        ctx.emit(WindowOffered(window_id=window_id, side=side))
        if side in state.conceded:
            continue
        options = (Option(key=PASS, label="Pass"), *ctx.system.reactions(state, side, window))
        ctx.open_decision(Decision(
            id=ctx.next_decision_id(), owner=side, kind=REACTION, prompt=f"React to {window.label}?",
            parts=(DecisionPart(key=REACTION, prompt="Play a reaction, or pass", options=options, default=PASS),),
            optional=True, secret=True, core=REACTION, always_ask=True, context={"window": window_id},
        ))
        return
    _close(ctx, window_id)


def _close(ctx: Context[Any], window_id: str) -> None:
    window = _window(ctx.state, window_id).model_copy(deep=True)
    ctx.emit(WindowClosed(window_id=window_id))
    ctx.system.on_window_closed(ctx, window)
    below = ctx.state.windows[-1] if ctx.state.windows else None
    if below is not None and pending_offer(ctx.state, below.id) is None and ctx.state.windows[-1] is below:
        _offer_next(ctx, below.id)


def answer_reaction(ctx: Context[Any], decision: Decision, answers: dict[str, str]) -> None:
    """An offer was answered: a pass moves the window on; a reaction is played (which may open a window
    above, making this one wait)."""
    window_id = str(decision.context["window"])
    choice = answers[REACTION]
    if choice == PASS:
        _offer_next(ctx, window_id)
        return
    ctx.emit(WindowReacted(window_id=window_id, side=decision.owner))
    ctx.system.on_reaction(ctx, _window(ctx.state, window_id).model_copy(deep=True), decision.owner, choice)
    if ctx.state.windows and ctx.state.windows[-1].id == window_id:
        _offer_next(ctx, window_id)


def pending_offer(state: CoreState, window_id: str) -> Decision | None:
    """The offer of ``window_id`` awaiting an answer, if any."""
    return next((d for d in state.pending.values() if d.core == REACTION and d.context.get("window") == window_id),
                None)


def offer_trigger(state: CoreState, decision: Decision) -> str | None:
    """The kind of trigger ``decision`` offers a reaction to: its window's, or the one a game's own reaction
    decision declares; ``None`` for a decision that is no reaction offer."""
    if decision.core != REACTION:
        return decision.reaction_to
    window = next((w for w in state.windows if w.id == decision.context.get("window")), None)
    return window.trigger if window is not None else None


def in_this_phase(state: CoreState, prepass: PrePass) -> bool:
    """Whether a pre-pass for the rest of a phase was set in the phase still running (not an earlier one of the
    same name)."""
    return prepass.phase == state.phase and prepass.begun == state.phases_begun


def is_prepassed(state: CoreState, decision: Decision) -> bool:
    """Whether ``decision`` is a reaction offer its side passed on ahead of time (the table answers it after a
    short random delay; nothing public tells it apart)."""
    trigger = offer_trigger(state, decision)
    if trigger is None:
        return False
    return any(p.trigger == trigger or (p.trigger == PHASE and in_this_phase(state, p))
               for p in state.prepass.get(decision.owner, ()))


def prepass_answers(decision: Decision) -> dict[str, str]:
    """The answers that pass on a reaction offer: a window's pass, or a game's reaction decision's defaults."""
    return {REACTION: PASS} if decision.core == REACTION else decision.check_answers({})


def set_prepass(ctx: Context[Any], side: SideId, passes: tuple[PrePass, ...]) -> None:
    """Record a side's standing passes, for its eyes only."""
    ctx.emit(PrePassSet(side=side, passes=passes), side_only(side))
