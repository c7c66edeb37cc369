"""Rolling Eldfall's attribute checks through the game's dice: one d20 against a modified attribute (Eldfall core
rules v1.5, L496-507), logged with its purpose, judged with Eldfall's criticals (L572, L831)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.checks import CheckResult, Modifier
from engine.core import Context, SideId
from engine.dice import Die
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.rolls import attribute_roll
from engine.systems.eldfall.schema import Attribute
from engine.systems.eldfall.state import EldfallState

__all__ = ["D20", "attribute_check", "roll_d20s"]

D20 = Die.numeric(20)


def roll_d20s(ctx: Context[EldfallState], count: int, purpose: str, side: SideId | None) -> list[int]:
    """Roll ``count`` d20 in the open for ``purpose``; none rolled (and nothing logged) for 0."""
    if count <= 0:
        return []
    return [roll.value for roll in ctx.roll([D20] * count, purpose, roller_side=side)]


def attribute_check(ctx: Context[EldfallState], f: Fighter, attribute: Attribute, purpose: str, *,
                    extra: Iterable[Modifier] = ()) -> CheckResult:
    """One attribute roll for ``f``: the modified attribute, one d20, the verdict (0 fails without a roll)."""
    goal = f.attribute(attribute, extra)
    if goal.value <= 0:
        return attribute_roll(goal, 20, rulings=f.rulings)
    (face,) = roll_d20s(ctx, 1, f"{f.id}'s {attribute} roll for {purpose}", f.side)
    return attribute_roll(goal, face, rulings=f.rulings)
