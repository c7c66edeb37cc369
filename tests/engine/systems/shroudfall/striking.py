"""One attack on a small table the way play makes it: a strike step run by the agenda, its dice rigged, each re-roll
question answered as a test says (else kept where keeping is offered, else its default), and the outcome as the
``AttackRolled`` event play logs (Shroudfall beta rulebook v1.4, L725-770, L1563-1571)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.core import Actor, Context, Decision, SideId, UserId
from engine.dice import Roller
from engine.systems.shroudfall.agenda import run
from engine.systems.shroudfall.essence_reroll import ESSENCE_REROLL
from engine.systems.shroudfall.events import AttackRolled
from engine.systems.shroudfall.rolling import KEEP, REROLL
from engine.systems.shroudfall.state import Task
from engine.systems.shroudfall.system import Shroudfall

from .tables import Table

__all__ = ["strike"]


@cache
def _system() -> Shroudfall:
    from bot.core.data_loader import load_system_data

    return Shroudfall(load_system_data("shroudfall"))


def strike(table: Table, model: str, weapon: str, target: str, *faces: int | str, essence: str = "",
           answers: Sequence[str] = (), asked: list[Decision] | None = None) -> AttackRolled:
    """``model`` attacks ``target`` with ``weapon`` outside an action (A on turn, the active player), on ``faces``,
    each roll infused as ``essence`` says; ``answers`` the re-roll questions' answers in the order asked (the essence
    re-roll's ``always``, a colour, ``keep``; the dice ``2,4``), then ``keep`` or the default; the questions asked
    are added to ``asked``."""
    state = table.state
    state.step, state.token, state.turn, state.round = "rounds", SideId("A"), SideId("A"), 1
    ctx: Context[Any] = Context(_system(), state, Roller("seed", rigged=list(faces)), Actor(UserId("u")),
                                lambda events: state, lambda *args: None)
    run(ctx, _system().referee(state),
        [Task(kind="strike", unit=state.models[model].unit, model=model, weapon=weapon, target=target,
              essence=essence, why="reaction")])
    given = list(answers)
    while state.pending:
        (decision,) = state.pending.values()
        assert decision.kind in (REROLL, ESSENCE_REROLL), decision
        if asked is not None:
            asked.append(decision)
        part = decision.parts[0]
        offered = [o.key for o in part.options]
        default = part.default or offered[0]
        ctx.answer(decision, {part.key: given.pop(0) if given else KEEP if KEEP in offered else default}, "typed")
    (attack,) = [e.body for e in ctx.events if isinstance(e.body, AttackRolled)]
    return attack
