"""Attacks: which attribute rolls, how many dice (STK), what power (PW), and the dice judged into hits.

- A melee item rolls OFF in the Active role and DEF in the Reactive role; a spell rolls INT (M for a Mystic); a
  ranged item rolls ACC (Eldfall core rules v1.5, L1444-1445, L1479-1480, L1847).
- STK is the item's or spell's; in the Reactive role it is 1 unless something says otherwise (L801, L1419); it is
  never below 1 (L805) and some effects fix it at 1 (Crouched L1706, Flying melee L1733, Defensive Stance L1880).
- Every success is a Hit; a critical is a 1, a widened range, or 20 above 20 (L819, L831, L572, L1811); Decisive
  Blow makes every success a critical in the Active role (L2217).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.checks import CheckResult, Cited, Die, DieVerdict, Explained, Target, check, explain_check
from engine.systems.eldfall.rolls import check_rules
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import Attribute

__all__ = [
    "AttackKind",
    "AttackRoll",
    "Hit",
    "Role",
    "Value",
    "attack_attribute",
    "attack_reading",
    "attack_roll",
    "power_options",
    "power_value",
    "resolve",
    "strike_value",
]

Role = Literal["active", "reactive"]
AttackKind = Literal["melee", "ranged"]

_TERM = re.compile(r"(?P<base>STA|T|AG|INT|M|[0-9]+)(?P<mod>[+-][0-9]+)?")


@dataclass(frozen=True, slots=True)
class Value:
    """A worked-out number and the lines that explain it."""

    value: int
    working: tuple[str, ...]


def resolve(expression: str, attributes: Mapping[str, int]) -> int:
    """Evaluate one printed term: ``12``, ``T``, ``T+2``, ``STA-1`` against (modified) attributes.

    :raises ValueError: for a term that is not a number or an attribute with a modifier.
    """
    match = _TERM.fullmatch(expression.replace(" ", ""))
    if match is None:
        raise ValueError(f'"{expression}" is not a number or an attribute with a modifier, like "T+2"')
    base = match["base"]
    value = int(base) if base.isdigit() else attributes[base]
    return value + int(match["mod"] or 0)


def attack_attribute(kind: AttackKind, *, spell: bool, role: Role, casts_with: Attribute = "INT") -> Attribute:
    """The attribute an attack rolls against: OFF or DEF for melee items, ACC for ranged items, the casting
    attribute (INT, or M for a Mystic) for spells."""
    if spell:
        return casts_with
    if kind == "ranged":
        return "ACC"
    return "OFF" if role == "active" else "DEF"


def strike_value(printed: str, stamina: int, role: Role, *, defensive_stance: bool = False,
                 bonuses: Iterable[tuple[str, int]] = (), printed_bonuses: Iterable[tuple[str, int]] = (),
                 fixed_by: str | None = None) -> Value:
    """STK for one attack: the printed value (``STA`` from the given, usually modified, STA) in the Active role or
    with a Warrior's Defensive Stance when reacting, else 1 when reacting; then each bonus; ``fixed_by`` names an
    effect that sets it to 1; never below 1. ``printed_bonuses`` change the item's own STK (an inscribed weapon), so
    they count only where the printed value does.
    """
    lines: list[str] = []
    if role == "active" and defensive_stance:
        value = 1
        lines.append("STK 1: Defensive Stance in the Active role (L1880; bonuses add, ruling stance-strike)")
    elif role == "reactive" and not defensive_stance:
        value = 1
        lines.append("STK 1: reacting (L801)")
    else:
        value = resolve(printed, {"STA": stamina})
        lines.append(f"STK {printed} = {value}" + (" (Defensive Stance keeps it when reacting, L1880)"
                                                   if role == "reactive" else ""))
        for source, amount in printed_bonuses:
            value += amount
            lines.append(f"{amount:+d} STK {source}")
    for source, amount in bonuses:
        value += amount
        lines.append(f"{amount:+d} STK {source}")
    if fixed_by is not None:
        value = 1
        lines.append(f"STK set to 1 by {fixed_by}")
    if value < 1:
        value = 1
        lines.append("STK cannot go below 1 (L805)")
    lines.append(f"= {value} {'die' if value == 1 else 'dice'}")
    return Value(value, tuple(lines))


def power_options(printed: str, attributes: Mapping[str, int], rulings: Rulings) -> dict[str, int]:
    """Every power a printed PW allows, by its term. ``T or AG-3`` (unarmed) is read by ruling ``unarmed-power``."""
    terms = [t.strip() for t in printed.split(" or ")]
    if len(terms) == 2 and terms == ["T", "AG-3"]:
        if rulings.unarmed_power == "choice-minus-three":
            terms = ["T-3", "AG-3"]
        elif rulings.unarmed_power == "best-minus-three":
            best = "T" if attributes["T"] >= attributes["AG"] else "AG"
            terms = [f"{best}-3"]
    return {term: resolve(term, attributes) for term in terms}


def power_value(printed: str, attributes: Mapping[str, int], *, choice: str | None = None,
                bonuses: Iterable[tuple[str, int]] = (), halved_by: str | None = None,
                rulings: Rulings) -> Value:
    """PW for one attack: the printed power (the attacker's ``choice`` among alternatives, else the highest),
    plus bonuses (Backstab +3, Assassination I +6), halved and rounded up by ``halved_by`` (Resistance I)."""
    options = power_options(printed, attributes, rulings)
    if choice is not None and choice not in options:
        raise ValueError(f'PW "{printed}" offers {", ".join(options)}, not "{choice}"')
    term = choice if choice is not None else max(options, key=lambda t: options[t])
    value = options[term]
    lines = [f"PW {term} = {value}"]
    for source, amount in bonuses:
        value += amount
        lines.append(f"{amount:+d} PW {source}")
    if halved_by is not None:
        value = -(-value // 2)
        lines.append(f"halved by {halved_by}: {value}")
    return Value(value, tuple(lines))


@dataclass(frozen=True, slots=True)
class Hit:
    """One Hit: who dealt it to whom, with which die (its position and face), and whether it is a critical."""

    attacker: str
    defender: str
    die: int
    face: int
    critical: bool


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """An attack's dice, each judged against the modified attribute, with the working."""

    attacker: str
    defender: str
    attribute: Attribute
    target: Target
    verdicts: tuple[DieVerdict, ...]
    explained: Explained

    @property
    def working(self) -> tuple[str, ...]:
        """The target step by step with each modifier's rule, then every die's verdict."""
        return self.explained.lines()

    @property
    def successes(self) -> tuple[int, ...]:
        """Positions of the successful dice."""
        return tuple(i for i, v in enumerate(self.verdicts) if v.success)

    @property
    def criticals(self) -> tuple[int, ...]:
        """Positions of the critical dice."""
        return tuple(i for i, v in enumerate(self.verdicts) if v.critical)

    def hits(self, positions: Sequence[int] | None = None) -> tuple[Hit, ...]:
        """The Hits of the given successful positions (all successes by default)."""
        chosen = self.successes if positions is None else positions
        return tuple(Hit(self.attacker, self.defender, i, self.verdicts[i].face, self.verdicts[i].critical)
                     for i in chosen)


def attack_roll(attacker: str, defender: str, attribute: Attribute, goal: Target, faces: Sequence[int | Die], *,
                critical_up_to: int = 1, successes_critical: bool = False,
                rulings: Rulings) -> AttackRoll:
    """Judge an attack's dice: each face at or under the modified attribute is a success (L1421)."""
    result = check(goal, faces, check_rules(critical_up_to, rulings=rulings))
    verdicts = result.verdicts
    notes: list[Cited] = []
    if successes_critical:
        verdicts = tuple(DieVerdict(v.die, v.success, v.success) for v in verdicts)
        if any(v.success for v in verdicts):
            notes.append(Cited("Decisive Blow: every success is a critical", "L2217"))
    judged = CheckResult(result.target, verdicts, result.working)
    explained = explain_check(f"{attacker}'s attack on {defender}", judged, yes="hit", no="miss", label=attribute,
                              notes=notes)
    return AttackRoll(attacker, defender, attribute, result.target, verdicts, explained)


def attack_reading(attacker: str, defender: str, attribute: Attribute, goal: Target, *, critical_up_to: int = 1,
                   successes_critical: bool = False,
                   rulings: Rulings) -> Callable[[Sequence[int]], Explained]:
    """How an attack's dice read as they are rolled (``checks.roll_d20s``): each against the modified attribute."""
    return lambda faces: attack_roll(attacker, defender, attribute, goal, faces, critical_up_to=critical_up_to,
                                     successes_critical=successes_critical, rulings=rulings).explained

