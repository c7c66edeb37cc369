"""Armor tests that are no save against an attack (ruling armor-like-tests: the falling, Hazardous, Burning and
Shatter tests, L471-479, L599-604, L716-721, L1483-1488), and the common Fortune re-roll of an Armor test after its
die is rolled (L758-760), offered to the model's player at the point the test is rolled, what the test interrupted
waiting for the answer (its continuation, ``then``): a move, a Disengage or a Fade vault after a Hazardous or falling
test, the action whose AP set off a Burning test, an attack during which a Shatter was tested. What
needs nothing to wait (an End Phase Burning test, the other tests of that step being made beside it, L373; a Shatter
outside an attack) carries on ``aside``: the round goes on once the answer is in.
"""

from __future__ import annotations

from engine.checks import Target
from engine.core import Context, Decision, ModelId
from engine.systems.sunshard.asking import ask
from engine.systems.sunshard.d20 import log_test, roll_d20, roll_test
from engine.systems.sunshard.fortune import armor_rerolls, pay_reroll
from engine.systems.sunshard.harm import Cause, settle_save
from engine.systems.sunshard.resume import Resume, carry_on, continues
from engine.systems.sunshard.rolls import armor_like, judge_test, tn
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE, world_of

__all__ = ["ASIDE", "armor_like_test", "on_save_reroll", "waiting"]

ASIDE: Resume = {"kind": "aside"}
"""The continuation of a test that nothing waits for (the round carries on after the answer)."""


@continues("aside")
def _aside(ctx: Context[SunshardState], resume: object) -> None:
    """Nothing waited for this test's re-roll."""


def armor_like_test(ctx: Context[SunshardState], model_id: ModelId, goal: Target, purpose: str, cause: Cause,
                    then: Resume | None = None) -> bool:
    """Roll the test and settle it (a botched one Blights, a failed one costs 1 HP); returns False when its Fortune
    re-roll was offered instead (an Armor test failed, its side holding Fortune, and ``then`` to carry on after)."""
    world = world_of(ctx)
    model = world.model(model_id)
    kind = armor_like(world.rulings)
    result = roll_test(ctx, model.id, model.side, kind, goal, purpose)
    ways = armor_rerolls(world, model.side)
    if then is None or result.passed or kind != "armor" or not ways:
        settle_save(ctx, model.id, result, cause)
        return True
    face = result.verdicts[0].face
    ask(ctx, model.side, "save-reroll", f"{purpose} rolled {face} against TN {goal.value} and failed: spend 1 Fortune "
        f"to re-roll it ({RULE}, L758-760)?", "Re-roll the Armor test?", [("keep", "Keep the die"), *ways],
        key="reroll",
        context={"model": model.id, "tn": goal.value, "face": face, "purpose": purpose, "why": cause.why,
                 "resume": then})
    return False


def on_save_reroll(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Keep the die, or spend 1 Fortune (L758-760) or Poison Fruit's free trigger (L1465) to roll it again; settle
    the test, and carry on."""
    context = decision.context
    world = world_of(ctx)
    model = world.model(str(context["model"]))
    kind = armor_like(world.rulings)
    goal = tn(int(str(context["tn"])), label=f"{model.id}'s TN")
    purpose = str(context["purpose"])
    if answers["reroll"] != "keep":
        pay_reroll(ctx, model.side, answers["reroll"], f"re-rolling {purpose} ({RULE}, L758)")
        (face,) = roll_d20(ctx, 1, f"{purpose} re-rolled", model.side)
        result = log_test(ctx, model.id, kind, goal, [face], f"{purpose}, re-rolled")
    else:
        result = judge_test(kind, goal, [int(str(context["face"]))], world.rulings)
    settle_save(ctx, model.id, result, Cause(str(context["why"])))
    resume = context.get("resume")
    if isinstance(resume, dict):
        carry_on(ctx, resume)


def waiting(ctx: Context[SunshardState]) -> bool:
    """Whether a save's Fortune re-roll is being asked (what comes next waits for it)."""
    return any(d.kind == "save-reroll" for d in ctx.state.pending.values())
