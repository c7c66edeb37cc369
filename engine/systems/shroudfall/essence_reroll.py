"""The essence re-roll, asked after the roll (Shroudfall beta rulebook v1.4, L933-937, L1563-1565; rulings
``essence-reroll-who``, ``essence-reroll-asked``): once a hit or damage roll is rolled, before any other re-roll, the
active player may pay one crystal of any colour (or use Silver Line Training's free re-roll, L366) to re-roll the whole
roll, once per roll.

It is asked only where it could matter: the roll is the active player's (the reacting player's during its reactive
ability's attack, L298), the reserve (or the free re-roll) can pay, the roll falls short (a miss; a damage roll
dealing nothing) and re-rolling every die could turn it. Its first answer (re-roll, the cheapest way) also stands for
every later roll of the unit's activation that falls short, and "keep, and ask no more" stands the same way, so a
unit striking many times is asked once at most.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from engine.core import Decision, DecisionPart, Option, SideId
from engine.dice import RolledPool
from engine.systems.shroudfall.catalogue import ShroudfallCatalogue
from engine.systems.shroudfall.essence import pay
from engine.systems.shroudfall.events import ReserveChanged
from engine.systems.shroudfall.events_flow import ChoiceKept, FreeRerollUsed
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.rerolls import ESSENCE, could_change
from engine.systems.shroudfall.schema import COLOURS, Colour
from engine.systems.shroudfall.state import ShroudfallState, Task
from engine.systems.shroudfall.strike import NOTHING, AttackPlan, Result, window_order
from engine.systems.shroudfall.strikes import dice_shown, hooks

__all__ = ["ALWAYS", "ESSENCE_REROLL", "KEEP", "NEVER", "active_player", "essence_options", "kept_answer", "make",
           "wanted"]

ESSENCE_REROLL = "essence-reroll"
"""The decision kind of the essence re-roll question."""
ALWAYS, KEEP, NEVER, FREE = "always", "keep", "never", "free"
_KEPT = "essence-reroll"
_FREE_REROLL = "free-essence-reroll"


def _free(state: ShroudfallState, catalogue: ShroudfallCatalogue, unit: str) -> bool:
    """Whether Silver Line Training's free essence re-roll is the unit's to use now: once in each of its
    activations (L366)."""
    activation = state.activation
    if activation is None or activation.unit != unit or activation.free_reroll_used or unit not in state.units:
        return False
    return any(a.effect == _FREE_REROLL for a in catalogue.card(state.units[unit].card).abilities)


def _ways(state: ShroudfallState, catalogue: ShroudfallCatalogue, side: SideId, unit: str) -> list[str]:
    """How the re-roll may be paid now, the cheapest first: the free re-roll, then each colour the reserve holds."""
    reserve = state.record(side).reserve
    return [*([FREE] if _free(state, catalogue, unit) else []), *(c for c in COLOURS if c in reserve)]


def _paid(way: str) -> str:
    return "with Silver Line Training's free essence re-roll (L366)" if way == FREE else f"paying a {way} crystal"


def essence_options(state: ShroudfallState, catalogue: ShroudfallCatalogue, side: SideId,
                    unit: str) -> list[Option]:
    """The answers, the sensible one first (the crystals are lost at the round's end anyway, L1165): re-roll the
    cheapest way, now and for the activation's later rolls that fall short; re-roll this roll only, each way it may
    be paid; keep the roll; keep it and ask no more this activation. None when nothing can pay."""
    ways = _ways(state, catalogue, side, unit)
    if not ways:
        return []
    shown = state.units[unit].name if unit in state.units else unit  # the name a player reads, not the typed id
    return [Option(key=ALWAYS, label=f"re-roll the whole roll {_paid(ways[0])}, and each roll of {shown} that falls "
                   "short this activation"),
            *(Option(key=way, label=f"re-roll the whole roll {_paid(way)}, this roll only") for way in ways),
            Option(key=KEEP, label="keep the roll"),
            Option(key=NEVER, label=f"keep it, and every roll of {shown} this activation")]


def kept_answer(state: ShroudfallState, unit: str) -> str | None:
    """The answer that stands for the unit's activation (``always`` or ``never``), if its player gave one."""
    activation = state.activation
    return activation.kept.get(f"{unit}/{_KEPT}") if activation is not None else None


def active_player(state: ShroudfallState, plan: AttackPlan, reaction: bool) -> SideId | None:
    """The active player for a roll: the side whose reactive ability made the attack, while it resolves (L298), else
    the side whose unit is activating."""
    if reaction:
        return plan.side
    return state.activation.side if state.activation is not None else state.turn


def wanted(ctx: Table, ref: Referee, plan: AttackPlan, unit: str, pool: RolledPool,
           judge: Callable[[tuple[int, ...]], Result], *, reaction: bool = False) -> bool:
    """Whether the roll's essence re-roll is a question now: the active player's roll (ruling
    ``essence-reroll-who``; a reaction's attack is its player's, L298), paid for, falling short, and a whole
    re-roll could turn it."""
    state = ctx.state
    if plan.side != active_player(state, plan, reaction) or judge(pool.values) not in NOTHING:
        return False
    if not _ways(state, ref.catalogue, plan.side, unit):
        return False
    return could_change(pool, [(tuple(range(len(pool.rolls))), "")], judge)


def ask(ctx: Table, ref: Referee, task: Task, plan: AttackPlan, which: str, pool: RolledPool) -> None:
    """Open the active player's question about the roll."""
    options = essence_options(ctx.state, ref.catalogue, plan.side, task.unit)
    prompt = (f"Essence re-roll (L935): {plan.attacker}'s {which} roll against {task.target} [{dice_shown(pool)}] "
              "falls short. Re-roll the whole roll?")
    ctx.open_decision(Decision(
        id=f"d{ctx.state.seq + 1}", owner=plan.side, kind=ESSENCE_REROLL, prompt=prompt, optional=False,
        parts=(DecisionPart(key="reroll", prompt="Re-roll it?", default=options[0].key, options=tuple(options)),),
        context={"side": plan.side, "unit": task.unit}))


def make(ctx: Table, ref: Referee, plan: AttackPlan, unit: str, answer: str, pool: RolledPool,
         what: str) -> RolledPool:
    """Carry out an answer: an answer for the activation is kept; a re-roll is paid (the way named, or the cheapest)
    and the whole roll re-rolled (L935). An answer no longer payable keeps the roll."""
    if answer in (ALWAYS, NEVER) and kept_answer(ctx.state, unit) != answer:
        ctx.emit(ChoiceKept(unit=unit, ability=_KEPT, answer=answer))
    ways = _ways(ctx.state, ref.catalogue, plan.side, unit)
    way = ways[0] if answer == ALWAYS and ways else answer
    if way not in ways:
        return pool
    if way == FREE:
        ctx.emit(FreeRerollUsed(unit=unit, name=ctx.state.units[unit].name))
    else:
        left, spent = pay(ctx.state.record(plan.side).reserve, (cast(Colour, way),), what="an essence re-roll")
        ctx.emit(ReserveChanged(side=plan.side, reserve=left, spent=spent, why=f"an essence re-roll of {what} (L935)"))
    _, reroll = hooks(ctx, plan.side)
    return window_order(ref.world(ctx), plan, plan.targets[0]).reroll(pool, ESSENCE, (), reroll)
