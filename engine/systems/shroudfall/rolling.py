"""A hit or damage roll in play, with the players' re-roll choices asked as decisions (Shroudfall beta rulebook v1.4,
L809-813, L933-937, L1563-1571).

The roll is made with the infusion the attacker chose with its target (L929-931). Its essence re-roll, the window's
first step (L935, L1565), is the active player's question after the roll (``essence_reroll``). Then each source of
re-rolls in the book's order, the attacker's
(Accurate Strike/Shot, Hexed, Vulnerable Position) before the defender's (Elusive, Shocked, Fortified Position), is a
question to its player: which dice to re-roll, the sensible answer first (the attacker's blanks, the defender's highest
dice; keeping the roll where the re-roll is not forced). A question is asked only when some answer could change the
roll's result (a miss, a hit or a critical hit; the damage dealt); otherwise the first answer stands without a prompt.
While a player chooses, the roll waits in the step that made it (``Task.roll``), and the answer carries it on.
"""

from __future__ import annotations

from typing import Any

from engine.core import Decision, DecisionPart, ModelId, Option, SideId
from engine.dice import DieRoll, RolledPool
from engine.systems.shroudfall import essence_reroll
from engine.systems.shroudfall.essence import Infusion, pool_dice
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.rerolls import (
    ATTACKER,
    Allowance,
    could_change,
    eligible,
    picked,
    reroll_options,
)
from engine.systems.shroudfall.schema import Colour
from engine.systems.shroudfall.state import Task
from engine.systems.shroudfall.strike import AttackPlan, judge_of, window_order, window_stages
from engine.systems.shroudfall.strikes import begin_roll, dice_shown, hooks, infusion_of

__all__ = ["KEEP", "REROLL", "Rolling", "answer_positions", "choose", "choose_essence", "roll_step"]

REROLL = "reroll"
"""The decision kind of a re-roll question."""
KEEP = "keep"


class Rolling:
    """A roll in progress as a step keeps it: the pool with its re-roll record, the line of what was first rolled,
    the infusion, and the next source of re-rolls to ask about."""

    def __init__(self, pool: RolledPool, first: str, infused: Infusion | None, next_stage: int = 0,
                 essence: bool = False) -> None:
        self.pool, self.first, self.infused, self.next = pool, first, infused, next_stage
        self.essence = essence
        """Whether the essence re-roll's moment has passed (taken, declined or not asked)."""

    def saved(self) -> dict[str, Any]:
        pool = self.pool
        return {"colours": [r.die.removeprefix("essence-") for r in pool.rolls],
                "rolls": [r.model_dump(mode="json") for r in pool.rolls],
                "by": [sorted(b) for b in pool.rerolled_by], "step": pool.step, "used": sorted(pool.used),
                "history": list(pool.history), "first": self.first,
                "infused": self.infused.colour if self.infused else None, "next": self.next,
                "essence": self.essence}

    @classmethod
    def restored(cls, saved: dict[str, Any]) -> Rolling:
        colours: list[Colour] = saved["colours"]
        pool = RolledPool(pool_dice(colours), tuple(DieRoll.model_validate(r) for r in saved["rolls"]),
                          tuple(frozenset(b) for b in saved["by"]), saved["step"], frozenset(saved["used"]),
                          tuple(saved["history"]))
        infused = Infusion(saved["infused"]) if saved["infused"] else None
        return cls(pool, saved["first"], infused, saved["next"], saved.get("essence", True))


def _plan(ctx: Table, ref: Referee, task: Task) -> AttackPlan:
    attacker = ModelId(task.model)
    weapon = next(w for w in ref.world(ctx).card(attacker).weapons if w.name == task.weapon)
    return AttackPlan(ctx.state.models[attacker].side, attacker, weapon, (ModelId(task.target),))


def _owner(plan: AttackPlan, target_side: SideId, step: str) -> SideId:
    return plan.side if step == ATTACKER else target_side


def _key(positions: tuple[int, ...]) -> str:
    return ",".join(str(p + 1) for p in positions) or KEEP


def answer_positions(answer: str) -> tuple[int, ...]:
    """The dice an answer names (``2,4``: the second and fourth), none for ``keep``."""
    return () if answer == KEEP else tuple(int(p) - 1 for p in answer.split(",") if p.strip().isdigit())


def roll_step(ctx: Table, ref: Referee, task: Task, which: str) -> tuple[Rolling, bool]:
    """Carry the task's roll on: roll it first if it has not been, then each source of re-rolls in order, asking its
    player where an answer could change the result. Returns the roll and whether it waits for an answer (the
    decision then is open, and the task keeps the roll)."""
    plan = _plan(ctx, ref, task)
    target = ModelId(task.target)
    if task.roll:
        rolling = Rolling.restored(task.roll)
    else:
        pool, first, infused = begin_roll(ctx, ref, plan, target, which, infusion_of(task.essence))
        rolling = Rolling(pool, first, infused)
    world = ref.world(ctx)
    order = window_order(world, plan, target)
    found = window_stages(world, plan, target, which)
    judge = judge_of(world, plan, target, which)
    if not rolling.essence:
        if essence_reroll.wanted(ctx, ref, plan, task.unit, rolling.pool, judge, reaction=task.why == "reaction"):
            kept = essence_reroll.kept_answer(ctx.state, task.unit)
            if kept is None:
                essence_reroll.ask(ctx, ref, task, plan, which, rolling.pool)
                return rolling, True
            rolling.pool = essence_reroll.make(ctx, ref, plan, task.unit, kept, rolling.pool,
                                               f"the {which} roll against {target}")
        rolling.essence = True
    _, reroll = hooks(ctx, plan.side)
    while rolling.next < len(found):
        step, allowance = found[rolling.next]
        allowed = eligible(order, rolling.pool, step, allowance)
        options = reroll_options(rolling.pool, step, allowance, allowed) if allowed else []
        if len(options) > 1 and could_change(rolling.pool, options, judge):
            _ask(ctx, task, plan, which, step, allowance, options, rolling)
            return rolling, True
        chosen = picked(rolling.pool, allowance, allowed, options[0][0] if options else ())
        if chosen:
            rolling.pool = order.reroll(rolling.pool, step, chosen, reroll)
        rolling.next += 1
    return rolling, False


def _ask(ctx: Table, task: Task, plan: AttackPlan, which: str, step: str, allowance: Allowance,
         options: list[tuple[tuple[int, ...], str]], rolling: Rolling) -> None:
    owner = _owner(plan, ctx.state.models[ModelId(task.target)].side, step)
    faces = dice_shown(rolling.pool)
    prompt = (f"{allowance.source} ({allowance.rule}): which dice of {plan.attacker}'s {which} roll against "
              f"{task.target} [{faces}] does {owner} re-roll?")
    ctx.open_decision(Decision(
        id=f"d{ctx.state.seq + 1}", owner=owner, kind=REROLL, prompt=prompt, optional=False,
        parts=(DecisionPart(key="dice", prompt="Which dice?", default=_key(options[0][0]),
                            options=tuple(Option(key=_key(p), label=label) for p, label in options)),),
        context={"step": step, "source": allowance.source}))


def choose_essence(ctx: Table, ref: Referee, task: Task, which: str, answer: str) -> Task:
    """The active player's answer to the essence re-roll question; the roll moves on to the other re-rolls."""
    rolling = Rolling.restored(task.roll)
    rolling.pool = essence_reroll.make(ctx, ref, _plan(ctx, ref, task), task.unit, answer, rolling.pool,
                                       f"the {which} roll against {task.target}")
    rolling.essence = True
    return task.model_copy(update={"roll": rolling.saved()})


def choose(ctx: Table, ref: Referee, task: Task, which: str, answer: str) -> Task:
    """The answer to the roll's open question: the dice named are re-rolled (cut to what the source allows, L813;
    a forced re-roll takes its count), and the roll moves on to the next source."""
    plan = _plan(ctx, ref, task)
    target = ModelId(task.target)
    rolling = Rolling.restored(task.roll)
    world = ref.world(ctx)
    order = window_order(world, plan, target)
    step, allowance = window_stages(world, plan, target, which)[rolling.next]
    allowed = eligible(order, rolling.pool, step, allowance)
    chosen = picked(rolling.pool, allowance, allowed, answer_positions(answer))
    if chosen:
        _, reroll = hooks(ctx, plan.side)
        rolling.pool = order.reroll(rolling.pool, step, chosen, reroll)
    rolling.next += 1
    return task.model_copy(update={"roll": rolling.saved()})
