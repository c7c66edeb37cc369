"""Sunshard:Embren's tests: one d20 at or under a target number (Sunshard:Embren core rules v1.0, L183-199, L1385),
judged with the shared roll-under check (:mod:`engine.checks.roll_under`).

- A TN may fall below 1 or rise above 20 and is still rolled (L199); a characteristic never drops below 1 (L1303).
- Attack, Armor and casting tests have perfect and botched results: a 1 always passes, a 20 always fails (L519-529,
  L676-680). Other tests compare plainly (ruling rsl-criticals), and the ARM tests of falling, Burning, Hazardous
  and Shatter count as Armor tests (ruling armor-like-tests).
- A die is re-rolled at most once, whatever the source (L153, L161); a re-roll redoes every die of the test (L626,
  L757).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from engine.checks import (
    CheckResult,
    CheckRules,
    Die,
    Modifier,
    RerollLimit,
    RollOff,
    Target,
    check,
    reroll_all,
    target,
)
from engine.systems.sunshard.rulings import DEFAULT_RULINGS, Rulings

__all__ = ["PERFECT_OR_BOTCHED", "PLAIN", "REROLL_ONCE", "TestKind", "armor_like", "check_rules", "judge_test",
           "reroll_test", "rolled_off", "tn"]

TestKind = Literal["attack", "armor", "casting", "rsl", "condition"]
"""What a test is, which decides whether a 1 and a 20 are perfect and botched."""

PERFECT_OR_BOTCHED = CheckRules(fumble_faces=frozenset({20}), fails_at_or_below=None, critical_name="perfect",
                                fumble_name="botched")
"""A 1 passes whatever the TN, a 20 fails whatever the TN (L507, L519-529, L676-680)."""

PLAIN = CheckRules(critical_faces=frozenset(), fails_at_or_below=None)
"""At or under the TN passes, nothing else (L185)."""

REROLL_ONCE = RerollLimit(per_die=1, per_source=None)
"""A die may never be re-rolled more than once, whatever the source (L153)."""


def check_rules(kind: TestKind, rulings: Rulings = DEFAULT_RULINGS) -> CheckRules:
    """How a test of ``kind`` is judged."""
    if kind in ("attack", "armor", "casting") or rulings.rsl_criticals == "perfect-botched":
        return PERFECT_OR_BOTCHED
    return PLAIN


def armor_like(rulings: Rulings = DEFAULT_RULINGS) -> TestKind:
    """The kind of the ARM tests that are not saves against an attack (falling, Burning, Hazardous, Shatter)."""
    return "armor" if rulings.armor_like_tests == "armor-tests" else "condition"


def tn(base: int, modifiers: Iterable[Modifier] = (), label: str = "TN") -> Target:
    """A test's target number: the base and every modifier, free to leave 1 to 20 (L199)."""
    return target(base, modifiers, minimum=None, label=label)


def judge_test(kind: TestKind, goal: Target, dice: Sequence[int | Die], rulings: Rulings = DEFAULT_RULINGS
               ) -> CheckResult:
    """Judge each die of a test (Powerful(X) rolls several, each judged on its own, L1518)."""
    return check(goal, dice, check_rules(kind, rulings))


def reroll_test(dice: Sequence[Die], faces: Sequence[int], source: str) -> tuple[Die, ...]:
    """Re-roll every die of a test to ``faces``, or refuse when any die was re-rolled already (L153, L757).

    :raises RerollRefused: naming the die.
    """
    return reroll_all(dice, faces, source, limit=REROLL_ONCE)


def rolled_off(result: RollOff, line: str) -> str:
    """Who rolled what in a roll-off and why its winner won, for the line that names the winner: ``A 9, B 9: tied,
    rolled again; A 14, B 6; the lowest roll wins, L335`` (ties re-rolled, the lowest wins, L153, ``line``)."""
    rounds = [", ".join(f"{side} {face}" for side, face in results.items()) for results in result.rounds]
    return "; ".join(f"{shown}: tied, rolled again" if n < len(rounds) - 1 else shown
                     for n, shown in enumerate(rounds)) + f"; the lowest roll wins, {line}"
