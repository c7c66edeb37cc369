"""Army lists (L1045-1082): units within the points limit, three terrain cards and three different scenarios, and
the list-building rules, each broken rule its own clear refusal.

``army_problems`` checks a list against the cards, terrain and scenarios it names: the points limit (units and the
terrain that costs points, L1061, L1076), the faction keyword (L1062), an ESSENCE WEAVER (L1063), at most 4 copies of
a unit (L1065) and 1 of a CHARACTER (L1066), no Summoned unit (L1375), exactly 3 terrain cards with no standard card
twice and at most 2 whose main piece is OBSCURING (L1072-1074), and exactly 3 different scenarios (L1082).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Annotated

from pydantic import Field

from engine.schema import Count, Ident, Spec, Text, did_you_mean
from engine.systems.shroudfall.schema import UnitCard
from engine.systems.shroudfall.terrain_schema import ScenarioCard, TerrainCard

__all__ = ["DEFAULT_LIMIT", "MAX_COPIES", "ArmyList", "ArmyUnit", "army_points", "army_problems"]

DEFAULT_LIMIT = 200
"""The suggested game size (L1055)."""
MAX_COPIES = 4
"""A unit card may be taken up to 4 times (L1065)."""
TERRAIN_CARDS = 3
SCENARIO_CARDS = 3
MAX_OBSCURING_MAINS = 2


class ArmyUnit(Spec):
    """One line of a list: a unit card (by id) and how many times it is taken."""

    card: Ident
    count: Count = 1


class ArmyList(Spec):
    """A player's army list: name, faction keyword, points limit, units, terrain cards and scenario cards."""

    id: Ident
    name: Text
    faction: Text
    limit: Count = DEFAULT_LIMIT
    units: Annotated[tuple[ArmyUnit, ...], Field(min_length=1)]
    terrain: tuple[Ident, ...] = ()
    scenarios: tuple[Ident, ...] = ()
    summary: Text | None = None
    source: Text | None = None


def army_points(army: ArmyList, cards: Mapping[str, UnitCard], terrain: Mapping[str, TerrainCard]) -> int:
    """The list's points: every unit taken, and every terrain card that costs points (L1061, L1076)."""
    return (sum(cards[u.card].points * u.count for u in army.units if u.card in cards)
            + sum(terrain[t].points for t in army.terrain if t in terrain))


def _unknown(names: Mapping[str, object], wanted: str, what: str) -> str | None:
    if wanted in names:
        return None
    return f'unknown {what} "{wanted}"{did_you_mean(wanted, list(names))}'


def army_problems(army: ArmyList, cards: Mapping[str, UnitCard], terrain: Mapping[str, TerrainCard],
                  scenarios: Mapping[str, ScenarioCard]) -> list[tuple[str, str]]:
    """Every rule the list breaks, as (field, message) pairs naming the rule and its line; empty when legal."""
    problems: list[tuple[str, str]] = []
    problems += [("units", p) for u in army.units if (p := _unknown(cards, u.card, "unit card"))]
    problems += [("terrain", p) for t in army.terrain if (p := _unknown(terrain, t, "terrain card"))]
    problems += [("scenarios", p) for s in army.scenarios if (p := _unknown(scenarios, s, "scenario card"))]
    taken = [(cards[u.card], u.count) for u in army.units if u.card in cards]
    checks: tuple[Callable[[], list[tuple[str, str]]], ...] = (
        lambda: _points(army, cards, terrain),
        lambda: _faction(army, taken),
        lambda: _weaver(army, taken),
        lambda: _copies(army, cards),
        lambda: _summoned(taken),
        lambda: _terrain_cards(army, terrain),
        lambda: _scenario_cards(army),
    )
    for check in checks:
        problems += check()
    return problems


def _points(army: ArmyList, cards: Mapping[str, UnitCard], terrain: Mapping[str, TerrainCard]) -> list[tuple[str, str]]:
    total = army_points(army, cards, terrain)
    if total <= army.limit:
        return []
    costly = sum(terrain[t].points for t in army.terrain if t in terrain)
    extra = f" ({costly} of them for terrain)" if costly else ""
    return [("units", f"the list costs {total} points{extra}, over its limit of {army.limit} "
                      f"(units and terrain together may not exceed the limit, L1061, L1076)")]


def _faction(army: ArmyList, taken: list[tuple[UnitCard, int]]) -> list[tuple[str, str]]:
    return [("units", f'{card.name} lacks the faction keyword {army.faction} (an army takes only models with its '
                      f'faction keyword, L1062)')
            for card, _ in taken if army.faction not in card.keywords]


def _weaver(army: ArmyList, taken: list[tuple[UnitCard, int]]) -> list[tuple[str, str]]:
    """At least one ESSENCE WEAVER of the list's own faction: one of another faction cannot be taken (L1062-1063)."""
    if not taken or any(card.essence_weaver and army.faction in card.keywords for card, _ in taken):
        return []
    return [("units", f"the list has no {army.faction} unit with the keyword ESSENCE WEAVER (at least one is "
                      f"required, L1063)")]


def _copies(army: ArmyList, cards: Mapping[str, UnitCard]) -> list[tuple[str, str]]:
    counts: Counter[str] = Counter()
    for unit in army.units:
        counts[unit.card] += unit.count
    problems = []
    for card_id, count in counts.items():
        card = cards.get(card_id)
        if card is None:
            continue
        if card.character and count > 1:
            problems.append(("units", f"{card.name} is a CHARACTER, taken {count} times (at most once, L1066)"))
        elif count > MAX_COPIES:
            problems.append(("units", f"{card.name} is taken {count} times (at most {MAX_COPIES}, L1065)"))
    return problems


def _summoned(taken: list[tuple[UnitCard, int]]) -> list[tuple[str, str]]:
    return [("units", f"{card.name} is Summoned and cannot be in an army list (it enters play by an ability, L1375)")
            for card, _ in taken if any(p.casefold() == "summoned" for p in card.passives)]


def _terrain_cards(army: ArmyList, terrain: Mapping[str, TerrainCard]) -> list[tuple[str, str]]:
    problems = []
    if len(army.terrain) != TERRAIN_CARDS:
        problems.append(("terrain", f"the list has {len(army.terrain)} terrain cards; it takes exactly "
                                    f"{TERRAIN_CARDS} (L1051, L1072)"))
    known = [terrain[t] for t in army.terrain if t in terrain]
    twice = sorted({c.name for c in known if c.standard and army.terrain.count(c.id) > 1})
    problems += [("terrain", f"{name} is standard terrain, taken more than once (each standard terrain card only "
                             f"once, L1074)") for name in twice]
    obscuring = [c.name for c in known if c.obscuring_main]
    if len(obscuring) > MAX_OBSCURING_MAINS:
        problems.append(("terrain", f"{len(obscuring)} terrain cards have an OBSCURING main piece "
                                    f"({', '.join(obscuring)}); at most {MAX_OBSCURING_MAINS} (L1074)"))
    return problems


def _scenario_cards(army: ArmyList) -> list[tuple[str, str]]:
    if len(army.scenarios) == SCENARIO_CARDS and len(set(army.scenarios)) == SCENARIO_CARDS:
        return []
    repeated = sorted({s for s in army.scenarios if army.scenarios.count(s) > 1})
    detail = f", repeating {', '.join(repeated)}" if repeated else ""
    return [("scenarios", f"the list has {len(army.scenarios)} scenario cards{detail}; it takes exactly "
                          f"{SCENARIO_CARDS} different ones (L1050, L1082)")]
