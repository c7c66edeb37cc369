"""Army lists checked at their limits against the rulebook itself (Shroudfall rulebook v1.4, L1045-1082): a list
exactly at its points limit with the terrain that costs points counted, four copies of a unit, and the rules each
broken on their own."""

from __future__ import annotations

from typing import Any

from engine.systems.shroudfall.armies import ArmyList

from .loader import load_shroudfall

LIST = dict(id="t", name="Test", faction="SILVER LINE", scenarios=(
    "captivating-crystal-creations", "legendary-ley-line", "monumental-mine-mountain"))


def _problems(**fields: Any) -> list[str]:
    return [message for _, message in load_shroudfall().army_problems(ArmyList.model_validate({**LIST, **fields}))]


def test_a_list_exactly_at_its_limit_with_four_copies_and_costly_terrain_is_legal() -> None:
    # L1061, L1065, L1076: Adamant (24) and four Lawbringer units (4 x 27) with the Granite Passage (2 points) come
    # to 134: legal at a limit of 134, one point over at 133.
    units = ({"card": "adamant"}, {"card": "lawbringers", "count": 4})
    terrain = ("granite-passage", "small-woodland", "swampland")
    assert _problems(units=units, terrain=terrain, limit=134) == []
    assert any("costs 134 points (2 of them for terrain), over its limit of 133" in p
               for p in _problems(units=units, terrain=terrain, limit=133))


def test_two_obscuring_main_pieces_are_allowed_and_a_third_is_not() -> None:
    # L1074: at most two terrain cards whose main piece is OBSCURING.
    units = ({"card": "adamant"},)
    assert _problems(units=units, terrain=("granite-enclave", "small-woodland", "swampland")) == []
    assert any("at most 2 (L1074)" in p
               for p in _problems(units=units, terrain=("granite-enclave", "small-woodland", "large-woodland")))


def test_an_essence_weaver_of_another_faction_does_not_count() -> None:
    # L1062-1063: the list takes only its faction's models, and needs an ESSENCE WEAVER of its own.
    problems = _problems(units=({"card": "nekari"}, {"card": "lawbringers"}),
                         terrain=("granite-enclave", "small-woodland", "swampland"))
    assert any("lacks the faction keyword SILVER LINE" in p for p in problems)
    assert any("no SILVER LINE unit with the keyword ESSENCE WEAVER" in p for p in problems)
