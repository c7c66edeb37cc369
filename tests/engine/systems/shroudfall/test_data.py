"""Shroudfall's shipped data: the book's two cards as printed, every invented value named with its reason, the
glossary, terrain and scenario cards, the demo armies, and schema errors that name the file, entry and field."""

from __future__ import annotations

import pytest

from engine.schema import DataError
from engine.systems.shroudfall.armies import army_points
from engine.systems.shroudfall.schema import format_pool

from .loader import load_shroudfall, parse_texts, shipped_texts


def test_adamant_as_the_book_prints_him() -> None:
    # Shroudfall beta rulebook v1.4, L484-527.
    card = load_shroudfall().card("adamant")
    assert (card.points, card.mov, card.defence, card.armour, card.base_mm, card.models) == (24, "M", 5, 6, 32, 1)
    assert format_pool(card.hit["melee"]) == "4Y+1G" and format_pool(card.hit["ranged"]) == "1R+3G"
    assert [(w.name, w.type, w.range) for w in card.weapons] == [("Heirloom Blade", "melee", 1),
                                                                 ("Heavy Pistol", "ranged", 8)]
    assert card.essence_weaver and card.character and "FIRST ARMY" in card.keywords
    assert {"hp", "essence"} <= set(card.assumed)
    assert "damage" in card.weapons[0].assumed
    assert {a.kind for a in card.abilities} == {"leadership", "active", "faction", "reactive"}


def test_stormridge_as_the_book_prints_her() -> None:
    # L324-380: 15 points, MOV M, 4 HP, 32 mm, one model, Gale's Edge 2", not an essence weaver.
    card = load_shroudfall().card("stormridge")
    assert (card.points, card.mov, card.hp, card.base_mm, card.models) == (15, "M", 4, 32, 1)
    assert card.weapons[0].name == "Gale's Edge" and card.weapons[0].range == 2
    assert not card.essence_weaver and card.passives == ("Accurate Strike (1)",)
    assert {"defence", "armour"} <= set(card.assumed)


def test_every_demo_card_names_what_it_invents() -> None:
    for card in load_shroudfall().cards:
        if card.version == "demo":
            assert {"hit", "weapons", "hp", "defence", "armour"} <= set(card.assumed), card.id


def test_the_roster_holds_the_public_list_of_units() -> None:
    roster = load_shroudfall().roster
    assert len(roster) == 42
    adamant = next(r for r in roster if r.name.startswith("Count Wealton"))
    assert adamant.points == 22 and adamant.essence == ("red",) and adamant.version == "2025"


def test_the_glossary_holds_every_passive_condition_and_keyword() -> None:
    data = load_shroudfall()
    assert len(data.passives) == 31 and len(data.conditions) == 10
    assert data.passive("Elusive (2)").parameter == "number"
    assert {k.name for k in data.terrain_keywords} >= {"Obscuring", "Impassable", "Rough", "Shrouded", "Slow"}


def test_demo_armies_are_legal_and_about_two_hundred_points() -> None:
    data = load_shroudfall()
    cards, terrain = {c.id: c for c in data.cards}, {t.id: t for t in data.terrain}
    points = [army_points(army, cards, terrain) for army in data.armies]
    assert all(data.army_problems(army) == [] for army in data.armies)
    assert all(185 <= p <= 200 for p in points) and abs(points[0] - points[1]) <= 5


def test_the_introductory_scenario_and_the_named_ones() -> None:
    data = load_shroudfall()
    intro = data.scenario("captivating-crystal-creations")
    assert intro.vp == 3 and intro.elements[0].base_mm == 50 and intro.elements[0].keywords == ("CONTROL",)
    assert {"elements", "crystals"} <= set(intro.assumed)
    assert sum(not s.known for s in data.scenarios) == 8


def _with(kind: str, old: str, new: str) -> dict[str, str]:
    texts = shipped_texts()
    assert old in texts[kind], old
    texts[kind] = texts[kind].replace(old, new, 1)
    return texts


@pytest.mark.parametrize(("kind", "old", "new", "message"), [
    ("cards", "hit: {melee: 4Y+1G, ranged: 1R+3G}", "hit: {melee: 4Q}",
     'data/shroudfall/cards.yaml: entry "adamant" (cards[0]): field "hit.melee": must be a pool like "2Y+2G"'),
    ("cards", "hit: {melee: 4Y+1G, ranged: 1R+3G}", "hit: {melee: 4Y+1G}",
     'entry "adamant/Heavy Pistol" (cards[0].weapons[1]): field "type": is ranged, but the card has no ranged hit'),
    ("cards", "passives: [Accurate Strike (1)]", "passives: [Acurate Strike (1)]",
     'entry "stormridge" (cards[1]): field "passives[0]": unknown common passive ability "Acurate Strike"; did you '
     'mean "Accurate Strike" or "Accurate Shot"?'),
    ("cards", "passives: [Accurate Strike (1)]", "passives: [Accurate Strike]",
     "Accurate Strike needs its (X) in brackets"),
    ("cards", "type: melee, range: 2, damage: 3Y+1R", "type: melee, range: 0.5, damage: 3Y+1R",
     'must be at least 1 inch (RNG is never below 1", L405)'),
    ("cards", "kind: reactive, trigger: enemy-ends-move,", "kind: reactive,", "a reactive ability needs its trigger"),
    ("cards", 'hp: "The HP circles', 'health: "The HP circles', "names health, which is not a field of this entry"),
    ("terrain", "keywords: [Linear Terrain, Impassable, Obscuring], defence: 1",
     "keywords: [Linear Terrain, Impasable, Obscuring], defence: 1", 'unknown terrain keyword "Impasable"'),
    ("armies", "- {card: phalanx}", "- {card: phalanx, count: 5}",
     'entry "silver-line-vanguard" (armies[0]): field "units": Phalanx is taken 5 times (at most 4, L1065)'),
])
def test_a_broken_entry_is_reported_with_its_file_entry_and_field(kind: str, old: str, new: str, message: str) -> None:
    with pytest.raises(DataError) as caught:
        parse_texts(_with(kind, old, new))
    assert any(message in line for line in caught.value.problems), caught.value.problems
