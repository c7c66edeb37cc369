"""``/game demo system:shroudfall``: a ready table in one command. The preset pairing meets in the introductory
scenario; the host of the practice table settles every set-up choice with its default (the roll-off winner keeps the
starting player token, the first leadership ability each) and both sides set their terrain and deploy where the table
suggests, each on its own turn as the book orders them (L1114-1154)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command, Context, IllegalCommand
from engine.systems.shroudfall.events_flow import StandingOrder
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.setup_flow import carry_on_setup
from engine.systems.shroudfall.state import ShroudfallState

__all__ = ["SettleSetup", "settle_setup"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SettleSetup(Command):
    """The host of a practice table takes every set-up choice left with its default and sets terrain and deployment
    where the table suggests (``/game demo``)."""

    verb = "settle setup"
    allowed_while_pending = True


def settle_setup(ctx: Context[ShroudfallState], ref: Referee, command: SettleSetup) -> None:
    """Answer each set-up decision with its default and give both sides the standing orders, until the first
    activation is due (or a choice has no default)."""
    state = ctx.state
    if not ctx.actor.host or not state.setup.practice:
        raise IllegalCommand("only the host of a practice table settles the set-up with the defaults",
                             verb=command.verb)
    for side in state.sides:
        for what in ("terrain", "deploy"):
            if what not in state.auto.get(side, []):
                ctx.emit(StandingOrder(side=side, what=what))
    for _ in range(40):
        if state.step == "rounds" or state.outcome is not None:
            return
        pending = list(state.pending.values())
        if not pending:
            carry_on_setup(ctx, ref)
            if not state.pending:
                return
            continue
        answers = pending[0].default_answers()
        if answers is None:
            return
        ctx.answer(pending[0], answers, "forced")
