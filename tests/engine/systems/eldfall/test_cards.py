"""Reading ability names and whole profile cards out of generic unit profiles."""

from __future__ import annotations

import pytest

from engine.schema import UnitProfile
from engine.systems.eldfall.cards import CardError, card_problems, read_card, size_steps
from engine.systems.eldfall.refs import ItemRef, Ref, parse_item_ref, parse_ref, roman, split_keyword

STATS = {"STA": 2, "SPD": 6, "OFF": 15, "DEF": 10, "ACC": 10, "INT": 11, "AG": 13, "T": 12, "ARM": 3, "HP": 2, "M": 10,
         "size": "Medium", "limit": 2, "inventory": 4}


@pytest.mark.parametrize(("text", "ref"), [
    ("Sweep I", Ref("Sweep", 1)),
    ("Stealth II", Ref("Stealth", 2)),
    ("Duelist", Ref("Duelist", 1)),
    ("Burn (1)", Ref("Burn", 1, ("1",))),
    ("Resistance (Sorcery, Enchantment) II", Ref("Resistance", 2, ("Sorcery", "Enchantment"))),
    ("Advantage (Size: Large, Huge)", Ref("Advantage", 1, ("Size: Large", "Huge"))),
    ("Summon  Imp", Ref("Summon Imp", 1)),
    ("Art of Sorcery III", Ref("Art of Sorcery", 3)),
])
def test_ability_names_read_as_cards_print_them(text: str, ref: Ref) -> None:
    assert parse_ref(text) == ref


def test_a_ref_prints_back() -> None:
    assert str(parse_ref("Resistance (Sorcery, Enchantment) II")) == "Resistance (Sorcery, Enchantment) II"
    assert roman(4) == "IV"
    with pytest.raises(ValueError, match="I to V"):
        roman(6)


@pytest.mark.parametrize("text", ["(Fire)", "Burn ()", "Burn (1, )", ""])
def test_malformed_ability_names_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_ref(text)


def test_items_carry_a_count() -> None:
    assert parse_item_ref("Short Sword x2") == ItemRef("Short Sword", 2)
    assert parse_item_ref("Hack & Thrash") == ItemRef("Hack & Thrash", 1)
    with pytest.raises(ValueError, match="at least 1"):
        parse_item_ref("Dagger x0")


def test_keywords_need_a_known_kind() -> None:
    assert split_keyword("trait:Duelist") == ("trait", "Duelist")
    with pytest.raises(ValueError, match="kind one of class, faction"):
        split_keyword("Duelist")
    with pytest.raises(ValueError, match="<kind>:<name>"):
        split_keyword("power:big")


def unit(**changes: object) -> UnitProfile:
    data: dict[str, object] = {"name": "Test", "base_mm": 32, "wounds": 2, "stats": dict(STATS), "points": 16,
                               "keywords": ["class:Warrior", "faction:Neutral", "item:Sword"]}
    data.update(changes)
    return UnitProfile.model_validate(data)


def test_a_card_reads_its_attributes_and_lists() -> None:
    card = read_card(unit(keywords=["class:Warrior", "faction:Neutral", "trait:Affinity (Fire)", "art:Fencing II",
                                    "item:Short Sword x2"]))
    assert card["OFF"] == 15 and card.has_class("warrior") and card.neutral
    assert card.level_of("fencing") == 2 and card.level_of("Berserk") == 0
    assert card.params_of("Affinity") == ("Fire",)
    assert card.items == (ItemRef("Short Sword", 2),)


def test_a_broken_card_lists_every_problem_where_it_is() -> None:
    stats = dict(STATS)
    del stats["AG"]
    stats.update(size="Tiny", speed=3)
    broken = unit(stats=stats, wounds=3, base_mm=40, points=None, keywords=["Warrior", "faction:Nowhere"])
    problems = {(p.loc, p.message) for p in card_problems(broken)}
    assert problems == {
        (("stats", "AG"), "is required"),
        (("stats", "speed"), "is not an Eldfall stat; stats are STA, SPD, OFF, DEF, ACC, INT, AG, T, ARM, HP, M, "
                             "size, limit, inventory and tier"),
        (("stats", "size"), "must be one of Small, Medium, Large, Huge, Gigantic, Colossal, Monstrous, got 'Tiny'"),
        (("wounds",), "must equal the HP attribute (2), got 3"),
        (("points",), "is required: the recruitment cost (0 for creatures)"),
        (("keywords", 0), '"Warrior" must be <kind>:<name> with kind one of class, faction, trait, skill, art, '
                          "spellcraft, spell, stratagem, item, familiar"),
        (("keywords", 1), '"Nowhere" is not a faction; factions are Sand Kingdoms, Empire of Soga, Coalition of '
                          "Thenion, Helian League, Neutral"),
        (("keywords",), "needs at least one class:<Class> keyword"),
        (("keywords",), "needs a faction:<Faction> keyword (only creatures have none)"),
    }
    with pytest.raises(CardError, match='unit "Test" is not a valid Eldfall card'):
        read_card(broken)


def test_a_base_must_match_the_size() -> None:
    assert [p.message for p in card_problems(unit(base_mm=40))] == ["a Medium model has a 32 mm base, got 40"]


def test_sizes_are_ordered() -> None:
    assert size_steps("Medium", "Gigantic") == 3
    assert size_steps("Huge", "Small") == -3
