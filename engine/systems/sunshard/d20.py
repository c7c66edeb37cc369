"""Rolling Sunshard's tests through the game's dice: d20s in the open, judged, and logged with their TN and working
(Sunshard:Embren core rules v1.0, L183-199)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.checks import CheckResult, Die, Target, goal_of
from engine.core import Context, ModelId, SideId
from engine.dice import Die as DiceDie
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.rolls import TestKind, judge_test
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import rulings_of

__all__ = ["D20", "log_test", "outcome_of", "roll_d20", "roll_test"]

D20 = DiceDie.numeric(20)


def roll_d20(ctx: Context[SunshardState], count: int, purpose: str, side: SideId | None) -> list[int]:
    """Roll ``count`` d20s in the open for ``purpose``."""
    return [roll.value for roll in ctx.roll([D20] * count, purpose, roller_side=side)]


def outcome_of(kind: TestKind, result: CheckResult) -> str:
    """A test's result in the book's words: hit or miss for attacks, passed or failed otherwise, with perfect and
    botched named."""
    words = ("hit", "miss") if kind == "attack" else ("passed", "failed")
    parts = []
    for verdict in result.verdicts:
        word = words[0] if verdict.success else words[1]
        if verdict.critical:
            word = f"perfect, {word}"
        elif verdict.fumbled:
            word = f"botched, {word}"
        parts.append(word)
    return "; ".join(parts)


def log_test(ctx: Context[SunshardState], model_id: ModelId | None, kind: TestKind, goal: Target,
             dice: Sequence[int | Die], purpose: str) -> CheckResult:
    """Judge already-rolled ``dice`` against ``goal`` and log the test with its working."""
    result = judge_test(kind, goal, dice, rulings_of(ctx.state.setup.rulings))
    faces = tuple(v.face for v in result.verdicts)
    ctx.emit(TestMade(model_id=model_id, purpose=purpose, tn=goal.value, faces=faces,
                      outcome=outcome_of(kind, result), lines=result.working, made_of=made_of(goal)))
    return result


def made_of(goal: Target) -> str:
    """What made a TN, for the one public line (the working cites each rule): ``AA 5, +5 B1's EVA, -2 heavy
    cover``; empty when nothing modified it."""
    steps = goal_of(goal).steps
    if not steps:
        return ""
    return ", ".join((goal.working[0] if goal.working else str(goal.base), *(step.text for step in steps)))


def roll_test(ctx: Context[SunshardState], model_id: ModelId | None, side: SideId | None, kind: TestKind,
              goal: Target, purpose: str, *, dice: int = 1) -> CheckResult:
    """Roll ``dice`` d20s for a test and judge them (Powerful(X) rolls X, L1518)."""
    faces = roll_d20(ctx, dice, purpose, side)
    return log_test(ctx, model_id, kind, goal, faces, purpose)
