"""A roll explained: its dice, what they were rolled against, what modified that, and why each die counts.

Every game says how a roll came out with these, so the one line a table reads and the whole working behind "Show
working" have one shape whatever the dice: Underworlds' pools of successes set against each other (a
:class:`Contest`), a d20 rolled under a modified attribute (Eldfall) or a target number (Sunshard), essence dice
against DEF or ARM (Shroudfall). The one line (``short``) leaves the rule citations out; the working (``lines``)
gives each modifier and verdict with the rule line behind it.

- ``"OFF 14, -2 target Crouched = 12: 8 hit, 13 miss"`` (an :class:`Explained` roll with a :class:`Goal`);
- ``"2 successes (hammer, support with 1 supporting fighter) against 1 (crit): fails, the defender rolled a
  critical"`` (a :class:`Contest` of two pools).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.checks.roll_under import CheckResult, DieVerdict, Target

__all__ = ["Cited", "Contest", "Explained", "Goal", "Judged", "explain_check", "goal_of"]


@dataclass(frozen=True, slots=True)
class Cited:
    """One step of working and the rule line it comes from (``None`` for plain arithmetic)."""

    text: str
    rule: str | None = None

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


@dataclass(frozen=True, slots=True)
class Goal:
    """What dice are rolled against: a named number (``OFF 14``, ``TN 12``), each modifier as it applied, and the
    value the dice are judged against."""

    label: str
    base: int
    value: int
    steps: tuple[Cited, ...] = ()

    def short(self) -> str:
        """``OFF 14`` unmodified, else ``OFF 14, -2 target Crouched = 12``."""
        if not self.steps:
            return f"{self.label} {self.value}"
        return f"{self.label} {self.base}, {', '.join(step.text for step in self.steps)} = {self.value}"

    def cited(self) -> str:
        """The goal with each modifier's rule: ``OFF 14, -2 target Crouched (L1706) = 12``."""
        if not self.steps:
            return f"{self.label} {self.value}"
        return f"{self.label} {self.base}, {', '.join(str(step) for step in self.steps)} = {self.value}"


def goal_of(target: Target, label: str | None = None) -> Goal:
    """A roll-under :class:`Target` as a goal (its label is the first word of its working unless given)."""
    name = label if label is not None else (target.working[0].rsplit(" ", 1)[0] if target.working else "target")
    steps = []
    for mod in target.applied:
        text = f"{mod.amount:+d} {mod.source}" if mod.kind == "add" else \
            f"{'halved' if mod.kind == 'halve' else 'doubled'} ({mod.source})"
        steps.append(Cited(text, mod.rule))
    steps += [Cited(line) for line in target.working if line.startswith("cannot go below")]
    return Goal(name, target.base, target.value, tuple(steps))


@dataclass(frozen=True, slots=True)
class Judged:
    """One die as the rules read it: its face, whether it counts, the word a player reads for it (``hit``,
    ``miss``, ``critical``), why (with its rule), and the short reason a tally lists it by (``hammer``, ``support
    with 1 supporting fighter``; the face when empty)."""

    face: str
    counts: bool
    verdict: str
    why: Cited | None = None
    tag: str = ""

    @property
    def reason(self) -> str:
        return self.tag or self.face


def _counted(dice: Sequence[Judged]) -> str:
    """The counting dice by reason, in the order first rolled: ``hammer x2, crit``."""
    reasons: dict[str, int] = {}
    for die in dice:
        if die.counts:
            reasons[die.reason] = reasons.get(die.reason, 0) + 1
    return ", ".join(reason if n == 1 else f"{reason} x{n}" for reason, n in reasons.items())


@dataclass(frozen=True, slots=True)
class Explained:
    """A roll explained: ``what`` it was for, each die judged, what the dice were rolled against (if anything),
    and further steps (a re-roll, an effect that changed the verdicts) for the working."""

    what: str
    dice: tuple[Judged, ...]
    goal: Goal | None = None
    notes: tuple[Cited, ...] = ()

    @property
    def count(self) -> int:
        """How many dice count (successes, Hits)."""
        return sum(1 for die in self.dice if die.counts)

    def faces(self) -> str:
        """Each die with its verdict: ``8 hit, 13 miss``."""
        return ", ".join(f"{die.face} {die.verdict}" for die in self.dice)

    def tally(self, noun: str = "success") -> str:
        """How many counted and why: ``2 successes (hammer, support with 1 supporting fighter)``; with ``noun``
        empty, ``1 (crit)``; none at all reads ``no successes`` (``0``)."""
        n = self.count
        counted = f" ({_counted(self.dice)})" if n else ""
        if not noun:
            return f"{n}{counted}"
        plural = noun if n == 1 else (noun + "es" if noun.endswith("s") else noun + "s")
        return f"{n or 'no'} {plural}{counted}"

    def short(self) -> str:
        """The one line a table reads: against a goal ``OFF 14, -2 Crouched = 12: 8 hit, 13 miss``, else the
        tally."""
        if self.goal is not None:
            return f"{self.goal.short()}: {self.faces()}" if self.dice else f"{self.goal.short()}: no dice"
        return self.tally()

    def lines(self) -> tuple[str, ...]:
        """The whole working: what the dice were rolled against (each modifier with its rule) or what they
        scored, then each die with why it counts or not, then the notes, indented under it."""
        head = f"{self.what}: {self.goal.cited()}" if self.goal is not None else f"{self.what}: {self.tally()}"
        dice = [f"  {die.face}: {die.verdict}" + (f", {die.why}" if die.why else "") for die in self.dice]
        return (head, *dice, *(f"  {note}" for note in self.notes))


@dataclass(frozen=True, slots=True)
class Contest:
    """Two rolls set against each other (an attack and a defence): the result and the reason it came out so."""

    first: Explained
    second: Explained
    result: str
    why: Cited

    def short(self) -> str:
        """``2 successes (hammer) against 1 (crit): fails, the defender rolled a critical``."""
        return f"{self.first.tally()} against {self.second.tally('')}: {self.result}, {self.why.text}"

    def lines(self) -> tuple[str, ...]:
        return (*self.first.lines(), *self.second.lines(), f"{self.result}: {self.why}")


def _verdict(verdict: DieVerdict, yes: str, no: str) -> Judged:
    shown = "".join(f"{r.before} re-rolled ({r.source}) to " for r in verdict.die.rerolls) + str(verdict.face)
    word = "critical" if verdict.critical else (yes if verdict.success else no)
    return Judged(shown, verdict.success, word)


def explain_check(what: str, result: CheckResult, *, yes: str = "success", no: str = "failure",
                  label: str | None = None, notes: Sequence[Cited] = ()) -> Explained:
    """A roll-under check explained: each die against the worked-out target, read ``yes``/``no`` (``hit``/``miss``
    for an attack). A target at or below 0 fails without a roll (the check's rules say so in its working)."""
    goal = goal_of(result.target, label)
    automatic = [Cited(line) for line in result.working if line.endswith("fails automatically")]
    return Explained(what, tuple(_verdict(v, yes, no) for v in result.verdicts), goal, (*automatic, *notes))
