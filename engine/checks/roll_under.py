"""A d20 roll-under check: a target from a base value and its modifiers, then each die judged against it.

Games that roll "at or under" a number share this: Eldfall Chronicles (attribute, attack and damage rolls) and
Sunshard:Embren (tests against a target number). Each game passes its own :class:`CheckRules`; nothing here
knows a game. Pure functions over dice values: the roller lives elsewhere, and a re-roll is recorded as data
on the die it replaced.

Where the conventions come from (the parameters' defaults follow the first of these):

- success is a face at or under the target (Eldfall core rules v1.5, L502 and L511; Sunshard:Embren core
  rules v1.0, L185);
- additive modifiers first, then halving or doubling rounded up (Eldfall core rules v1.5, L573);
- a target is never below 0, and a target of 0 fails without a roll (Eldfall core rules v1.5, L572); a game
  whose targets may go below 1 and still roll passes ``minimum=None`` and ``fails_at_or_below=None``
  (Sunshard:Embren core rules v1.0, L199);
- a natural 1 is a critical (Eldfall core rules v1.5, L831), a wider range is a parameter (the Assassin's 1-3,
  Eldfall core rules v1.5, L1811), and a target above 20 makes the top face a critical too (Eldfall core rules
  v1.5, L572);
- some faces always fail, whatever the target (a botched 20, Sunshard:Embren core rules v1.0, L519-529);
- a re-roll replaces the old face completely (Eldfall core rules v1.5, L531), and a die is re-rolled at most
  once by default (Sunshard:Embren core rules v1.0, L153); a re-roll of a whole test re-rolls every one of its dice
  or none (Sunshard:Embren core rules v1.0, L626, L757);
- a game names its criticals and fumbles in its own words in the working ("perfect" and "botched",
  Sunshard:Embren core rules v1.0, L519-529).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

__all__ = [
    "CheckResult",
    "CheckRules",
    "Die",
    "DieVerdict",
    "Halvings",
    "Modifier",
    "Reroll",
    "RerollLimit",
    "RerollRefused",
    "Target",
    "check",
    "critical_faces",
    "critical_range",
    "judge",
    "reroll",
    "reroll_all",
    "success_chance",
    "target",
]

Halvings = Literal["each", "once"]
"""How several halvings of one target combine: once per distinct source, or never more than once."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to a target: ``add`` a number (negative to subtract), ``halve`` it or ``double`` it.

    ``source`` names the cause in a player's words ("heavy cover", "Confused"); ``rule`` cites it.
    """

    source: str
    kind: Literal["add", "halve", "double"] = "add"
    amount: int = 0
    rule: str | None = None

    def __post_init__(self) -> None:
        if not self.source.strip():
            raise ValueError("a modifier needs a source naming its cause")
        if self.kind not in ("add", "halve", "double"):
            raise ValueError(f"a modifier is add, halve or double, got {self.kind!r}")
        if self.kind != "add" and self.amount:
            raise ValueError(f"a {self.kind} modifier carries no amount, got {self.amount}")

    @classmethod
    def add(cls, source: str, amount: int, rule: str | None = None) -> Modifier:
        """A modifier adding ``amount`` (negative subtracts)."""
        return cls(source, "add", amount, rule)

    @classmethod
    def halve(cls, source: str, rule: str | None = None) -> Modifier:
        """A modifier halving the target, rounded up."""
        return cls(source, "halve", 0, rule)

    @classmethod
    def double(cls, source: str, rule: str | None = None) -> Modifier:
        """A modifier doubling the target."""
        return cls(source, "double", 0, rule)

    def describe(self) -> str:
        """A short line for "show working": ``-4 heavy cover``, ``halved (Confused)``."""
        if self.kind == "add":
            text = f"{self.amount:+d} {self.source}"
        else:
            text = f"{'halved' if self.kind == 'halve' else 'doubled'} ({self.source})"
        return f"{text} [{self.rule}]" if self.rule else text


@dataclass(frozen=True, slots=True)
class Target:
    """A worked-out target: the base, the modifiers that applied and the final ``value``.

    ``ignored`` lists modifiers that did not count (a second halving when halvings apply once, a repeat of
    the same source); ``working`` is one line per step, for "show working".
    """

    base: int
    value: int
    applied: tuple[Modifier, ...]
    ignored: tuple[Modifier, ...]
    working: tuple[str, ...]


def target(base: int, modifiers: Iterable[Modifier] = (), *, halvings: Halvings = "each",
           minimum: int | None = 0, label: str = "target") -> Target:
    """Work out a target: every ``add`` first, then each halving or doubling in the order given, rounding up.

    A modifier repeated from the same source (same kind and source name) counts once; with ``halvings="once"``
    only the first halving counts. ``minimum`` (0 by default) is the floor the target cannot go under, applied
    after the additions and again at the end; ``None`` lets it go negative.
    """
    mods = tuple(modifiers)
    applied: list[Modifier] = []
    ignored: list[Modifier] = []
    seen: set[tuple[str, str]] = set()
    for mod in mods:
        key = (mod.kind, mod.source.casefold())
        if mod.kind != "add" and key in seen:
            ignored.append(mod)
            continue
        seen.add(key)
        applied.append(mod)
    working = [f"{label} {base}"]
    value = base
    additions = [m for m in applied if m.kind == "add"]
    for mod in additions:
        value += mod.amount
        working.append(mod.describe())
    if minimum is not None and value < minimum:
        working.append(f"cannot go below {minimum}")
        value = minimum
    halved = False
    scaling = [m for m in applied if m.kind != "add"]
    for mod in scaling:
        if mod.kind == "halve":
            if halved and halvings == "once":
                applied.remove(mod)
                ignored.append(mod)
                continue
            halved = True
            value = math.ceil(value / 2)
        else:
            value *= 2
        working.append(f"{mod.describe()}: {value}")
    if minimum is not None:
        value = max(value, minimum)
    working.append(f"= {value}")
    return Target(base, value, tuple(applied), tuple(ignored), tuple(working))


def critical_range(up_to: int) -> frozenset[int]:
    """The faces 1 to ``up_to``: a widened critical range such as an Assassin's 1-3."""
    if up_to < 1:
        raise ValueError(f"a critical range starts at 1, so it must reach at least 1, got {up_to}")
    return frozenset(range(1, up_to + 1))


@dataclass(frozen=True, slots=True)
class CheckRules:
    """How one game judges a face against a target.

    - ``critical_faces``: faces that are criticals (a natural 1 by default);
    - ``top_critical_above``: when the target is above this, the die's top face is a critical too (``None``: never);
    - ``fumble_faces``: faces that always fail;
    - ``fails_at_or_below``: a target at or under this fails without a roll, criticals included (``None``: roll anyway);
    - ``criticals_always_succeed``: a critical face succeeds even above the target (else it must also succeed);
    - ``critical_name``, ``fumble_name``: what the working calls them ("perfect", "botched").
    """

    sides: int = 20
    critical_faces: frozenset[int] = frozenset({1})
    top_critical_above: int | None = None
    fumble_faces: frozenset[int] = frozenset()
    fails_at_or_below: int | None = 0
    criticals_always_succeed: bool = True
    critical_name: str = "critical"
    fumble_name: str = "fumble"

    def __post_init__(self) -> None:
        if self.sides < 2:
            raise ValueError(f"a die needs at least 2 sides, got {self.sides}")
        faces = range(1, self.sides + 1)
        bad = sorted(f for f in self.critical_faces | self.fumble_faces if f not in faces)
        if bad:
            raise ValueError(f"faces {bad} are not on a d{self.sides}")
        both = sorted(self.critical_faces & self.fumble_faces)
        if both:
            raise ValueError(f"faces {both} cannot be both critical and fumbled")

    def widened(self, up_to: int) -> CheckRules:
        """The same rules with criticals on 1 to ``up_to`` (never narrower than now)."""
        return replace(self, critical_faces=self.critical_faces | critical_range(up_to))


def critical_faces(rules: CheckRules, value: int) -> frozenset[int]:
    """The faces that are criticals against a target of ``value``."""
    faces = rules.critical_faces
    if rules.top_critical_above is not None and value > rules.top_critical_above:
        faces = faces | {rules.sides}
    return faces - rules.fumble_faces


@dataclass(frozen=True, slots=True)
class Reroll:
    """One re-roll of a die: who allowed it (``source``), the face it replaced and the new face."""

    source: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class Die:
    """A die's current ``face`` and the re-rolls that led to it, oldest first."""

    face: int
    rerolls: tuple[Reroll, ...] = ()

    @property
    def first(self) -> int:
        """The face first rolled, before any re-roll."""
        return self.rerolls[0].before if self.rerolls else self.face


@dataclass(frozen=True, slots=True)
class RerollLimit:
    """How often one die may be re-rolled: in all (``per_die``) and by one source (``per_source``); None: no cap."""

    per_die: int | None = 1
    per_source: int | None = 1


class RerollRefused(ValueError):
    """A re-roll the limits forbid; the message says which limit."""


def reroll(die: Die, face: int, source: str, *, limit: RerollLimit = RerollLimit(), sides: int = 20) -> Die:
    """Return ``die`` re-rolled to ``face`` by ``source``; the new face replaces the old one entirely.

    :raises RerollRefused: when the die has used its re-rolls, in all or from this source.
    :raises ValueError: for a face not on the die.
    """
    if not 1 <= face <= sides:
        raise ValueError(f"a d{sides} shows 1 to {sides}, got {face}")
    if limit.per_die is not None and len(die.rerolls) >= limit.per_die:
        times = "once" if limit.per_die == 1 else f"{limit.per_die} times"
        raise RerollRefused(f"this die (now {die.face}) was already re-rolled; a die may be re-rolled {times}")
    used = sum(1 for r in die.rerolls if r.source.casefold() == source.casefold())
    if limit.per_source is not None and used >= limit.per_source:
        raise RerollRefused(f"{source} already re-rolled this die (now {die.face})")
    return Die(face, (*die.rerolls, Reroll(source, die.face, face)))


def reroll_all(dice: Sequence[Die], faces: Sequence[int], source: str, *, limit: RerollLimit = RerollLimit(),
               sides: int = 20) -> tuple[Die, ...]:
    """Re-roll every die of one test to ``faces`` (in order): all of them, or none when any may not be re-rolled.

    :raises RerollRefused: naming the first die whose re-rolls are used up; nothing is re-rolled then.
    :raises ValueError: when ``faces`` does not give one face per die, or a face is not on the die.
    """
    if len(faces) != len(dice):
        raise ValueError(f"a re-roll of the whole test needs {len(dice)} faces, one per die, got {len(faces)}")
    return tuple(reroll(die, face, source, limit=limit, sides=sides) for die, face in zip(dice, faces, strict=True))


@dataclass(frozen=True, slots=True)
class DieVerdict:
    """One die judged: its face (and re-roll history), whether it succeeded, whether it is a critical and whether
    it is a fumble (a face that always fails); ``names`` are the game's words for the two."""

    die: Die
    success: bool
    critical: bool
    fumbled: bool = False
    names: tuple[str, str] = ("critical", "fumble")

    @property
    def face(self) -> int:
        """The face that counts (after any re-roll)."""
        return self.die.face

    def describe(self, value: int) -> str:
        """``7 <= 11: success``, ``1: critical``, ``20: fumble``, ``14 > 11: failure`` (with any re-roll shown)."""
        shown = "".join(f"{r.before} re-rolled ({r.source}) to " for r in self.die.rerolls) + str(self.face)
        if self.critical:
            return f"{shown}: {self.names[0]}"
        if self.fumbled:
            return f"{shown}: {self.names[1]}"
        sign = "<=" if self.face <= value else ">"
        return f"{shown} {sign} {value}: {'success' if self.success else 'failure'}"


def judge(face: int | Die, value: int, rules: CheckRules = CheckRules()) -> DieVerdict:
    """Judge one die against a target ``value`` under ``rules`` (see :class:`CheckRules` for the order)."""
    die = face if isinstance(face, Die) else Die(face)
    if not 1 <= die.face <= rules.sides:
        raise ValueError(f"a d{rules.sides} shows 1 to {rules.sides}, got {die.face}")
    names = (rules.critical_name, rules.fumble_name)
    if rules.fails_at_or_below is not None and value <= rules.fails_at_or_below:
        return DieVerdict(die, False, False, names=names)
    if die.face in rules.fumble_faces:
        return DieVerdict(die, False, False, True, names)
    under = die.face <= value
    if die.face in critical_faces(rules, value) and (under or rules.criticals_always_succeed):
        return DieVerdict(die, True, True, names=names)
    return DieVerdict(die, under, False, names=names)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A check rolled: the target and every die's verdict, in the order rolled."""

    target: Target
    verdicts: tuple[DieVerdict, ...]
    working: tuple[str, ...] = field(default=())

    @property
    def successes(self) -> int:
        """How many dice succeeded (criticals included)."""
        return sum(1 for v in self.verdicts if v.success)

    @property
    def criticals(self) -> int:
        """How many dice are criticals."""
        return sum(1 for v in self.verdicts if v.critical)

    @property
    def fumbles(self) -> int:
        """How many dice are fumbles."""
        return sum(1 for v in self.verdicts if v.fumbled)

    @property
    def passed(self) -> bool:
        """Whether at least one die succeeded."""
        return self.successes > 0

    @property
    def failed_positions(self) -> tuple[int, ...]:
        """Positions of the dice that failed: what "re-roll a failed roll" may pick from."""
        return tuple(i for i, v in enumerate(self.verdicts) if not v.success)


def check(goal: Target | int, dice: Sequence[int | Die], rules: CheckRules = CheckRules()) -> CheckResult:
    """Judge every die against ``goal`` (a worked-out :class:`Target` or a plain number)."""
    worked = goal if isinstance(goal, Target) else target(goal, minimum=None)
    verdicts = tuple(judge(d, worked.value, rules) for d in dice)
    lines = list(worked.working)
    if rules.fails_at_or_below is not None and worked.value <= rules.fails_at_or_below:
        lines.append(f"a target of {worked.value} fails automatically")
    else:
        lines.extend(v.describe(worked.value) for v in verdicts)
    return CheckResult(worked, verdicts, tuple(lines))


def success_chance(value: int, rules: CheckRules = CheckRules()) -> Fraction:
    """The exact chance that one die succeeds against ``value`` (criticals counted as successes)."""
    wins = sum(1 for face in range(1, rules.sides + 1) if judge(face, value, rules).success)
    return Fraction(wins, rules.sides)
