"""Army list validation (Shroudfall beta rulebook v1.4, L1045-1082, L1375): each broken rule is its own refusal naming
the rule and its line; a legal list has none."""

from __future__ import annotations

from typing import Any

import pytest

from engine.systems.shroudfall.armies import ArmyList, army_problems

from .loader import load_shroudfall

SILVER = dict(id="t", name="Test", faction="SILVER LINE", terrain=("granite-enclave", "small-woodland", "swampland"),
              scenarios=("captivating-crystal-creations", "legendary-ley-line", "monumental-mine-mountain"))


def _problems(**changes: Any) -> list[str]:
    fields: dict[str, Any] = {**SILVER, "units": ({"card": "adamant"}, {"card": "lawbringers"}), **changes}
    return [message for _, message in load_shroudfall().army_problems(ArmyList.model_validate(fields))]


def test_a_legal_list_has_no_problems() -> None:
    assert _problems() == []


U, L = "units", "lawbringers"


@pytest.mark.parametrize(("changes", "message"), [
    ({U: ({"card": L},)},
     "no SILVER LINE unit with the keyword ESSENCE WEAVER (at least one is required, L1063)"),
    ({U: ({"card": "adamant"}, {"card": L, "count": 5})},
     "Guardian Lawbringers is taken 5 times (at most 4, L1065)"),
    ({U: ({"card": "adamant"}, {"card": "stormridge"}, {"card": "stormridge"})},
     "Captain Katheryn Stormridge is a CHARACTER, taken 2 times (at most once, L1066)"),
    ({U: ({"card": "adamant"}, {"card": "razhu"})},
     "Razhu, The Dragonclaw lacks the faction keyword SILVER LINE (an army takes only models with its faction "
     "keyword, L1062)"),
    ({U: ({"card": "adamant"}, {"card": L, "count": 4}, {"card": "brawlers", "count": 4})},
     "the list costs 232 points, over its limit of 200"),
    ({"limit": 50, "terrain": ("granite-enclave", "large-woodland", "swampland")},
     "the list costs 53 points (2 of them for terrain), over its limit of 50 (units and terrain together may not "
     "exceed the limit, L1061, L1076)"),
    ({"terrain": ("granite-enclave", "small-woodland")},
     "the list has 2 terrain cards; it takes exactly 3 (L1051, L1072)"),
    ({"terrain": ("granite-enclave", "granite-enclave", "swampland")},
     "Granite Enclave is standard terrain, taken more than once (each standard terrain card only once, L1074)"),
    ({"terrain": ("granite-enclave", "small-woodland", "spire-passage")},
     "3 terrain cards have an OBSCURING main piece (Granite Enclave, Small Woodland, Spire Passage); at most 2 "
     "(L1074)"),
    ({"scenarios": ("captivating-crystal-creations", "captivating-crystal-creations", "legendary-ley-line")},
     "the list has 3 scenario cards, repeating captivating-crystal-creations; it takes exactly 3 different ones"),
    ({U: ({"card": "adamant"}, {"card": "lawbringer"})},
     'unknown unit card "lawbringer"; did you mean "lawbringers"?'),
])
def test_each_broken_rule_is_named(changes: dict[str, Any], message: str) -> None:
    problems = _problems(**changes)
    assert any(message in p for p in problems), problems


def test_special_terrain_may_be_taken_twice_but_costs_each_time() -> None:
    problems = _problems(terrain=("granite-passage", "granite-passage", "swampland"))
    assert problems == []


def test_a_summoned_unit_cannot_be_in_a_list() -> None:
    data = load_shroudfall()
    summoned = data.card("goblin-scouts").model_copy(update={"passives": ("Summoned",)})
    army = ArmyList.model_validate({**SILVER, "units": ({"card": "adamant"}, {"card": "goblin-scouts"})})
    found = army_problems(army, {c.id: c for c in data.cards} | {"goblin-scouts": summoned},
                          {t.id: t for t in data.terrain}, {s.id: s for s in data.scenarios})
    assert (U, "Goblin Scouts is Summoned and cannot be in an army list (it enters play by an ability, L1375)") in found
