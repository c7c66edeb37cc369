"""Rolling Eldfall's d20s through the game's dice: each roll logged with its purpose and, where the game knows it,
read against what it was rolled under (``OFF 14, -2 target Crouched = 12: 8 hit, 13 miss``), never summed;
attribute checks are one d20 against a modified attribute (Eldfall core rules v1.5, L496-507), judged with
Eldfall's criticals (L572, L831)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.checks import CheckResult, CheckRules, Explained, Modifier, Target, check, explain_check
from engine.core import Context, SideId
from engine.dice import Die, DieRoll
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.rolls import attribute_roll, check_rules
from engine.systems.eldfall.schema import Attribute
from engine.systems.eldfall.state import EldfallState

__all__ = ["D20", "Reading", "against", "attribute_check", "roll_d20s"]

D20 = Die.numeric(20)

Reading = Callable[[list[int]], Explained]
"""How the faces of one roll read: each against its target, with the working."""


def against(goal: Target, what: str, rules: CheckRules, *, yes: str = "success", no: str = "failure") -> Reading:
    """Read faces against ``goal`` by the table's check ``rules`` (``yes``/``no`` for each die: ``hit``/``miss``
    for an attack)."""
    return lambda faces: explain_check(what, check(goal, faces, rules), yes=yes, no=no)


def _explain(reading: Reading) -> Callable[[tuple[DieRoll, ...]], tuple[str, tuple[str, ...]]]:
    def explain(rolls: tuple[DieRoll, ...]) -> tuple[str, tuple[str, ...]]:
        explained = reading([roll.value for roll in rolls])
        return explained.short(), explained.lines()
    return explain


def roll_d20s(ctx: Context[EldfallState], count: int, purpose: str, side: SideId | None,
              reading: Reading | None = None) -> list[int]:
    """Roll ``count`` d20 in the open for ``purpose``, read by ``reading`` when given (a roll-under d20 is never
    summed); none rolled (and nothing logged) for 0."""
    if count <= 0:
        return []
    explain = _explain(reading) if reading is not None else _faces
    return [roll.value for roll in ctx.roll([D20] * count, purpose, roller_side=side, explain=explain)]


def _faces(rolls: tuple[DieRoll, ...]) -> tuple[str, tuple[str, ...]]:
    """Faces alone, when the roll's target is worked out later (a d20 rolled under something is never summed)."""
    return ", ".join(str(roll.value) for roll in rolls), ()


def attribute_check(ctx: Context[EldfallState], f: Fighter, attribute: Attribute, purpose: str, *,
                    extra: Iterable[Modifier] = ()) -> CheckResult:
    """One attribute roll for ``f``: the modified attribute, one d20, the verdict (0 fails without a roll)."""
    goal = f.attribute(attribute, extra)
    if goal.value <= 0:
        return attribute_roll(goal, 20, rulings=f.rulings)
    what = f"{f.id}'s {attribute} roll for {purpose}"
    (face,) = roll_d20s(ctx, 1, what, f.side, against(goal, what, check_rules(rulings=f.rulings)))
    return attribute_roll(goal, face, rulings=f.rulings)
