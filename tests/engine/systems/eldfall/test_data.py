"""Eldfall's shipped data: it validates, it holds every public profile, and broken data is reported precisely."""

from __future__ import annotations

import re

import pytest

from engine.schema import DataError
from engine.systems.eldfall.cards import SIZE_BASE_MM, read_card
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.data_kinds import DATA_KINDS
from tests.engine.systems.eldfall.loader import DATA_DIR, KINDS, parse_texts

STARTERS = (
    "Expeditionary Hierophant", "Flameshaper", "Citadel Guard", "Clan Champion", "Onitaoshi", "Bushi Attendant",
    "Nightshade", "Rangers-Guild Hunter", "Thenrin Swashbuckler", "Vizier of Conjurations", "Taskmage Explorer",
    "Academy Expeditioner",
)  # Eldfall core rules v1.5, L2919
CREATURES = ("Gargoyle", "Golem", "Earth Elemental", "Colossus", "Water Elemental", "Imp")

DIGEST_RULINGS = (
    "initiative-tie", "teardrop-size", "blinding-light-template", "hitbox-height", "unarmed-power",
    "northern-wind-upgrades", "duelist-scope", "quest-token-positions", "stacked-halving", "knockback-collision",
    "dash-wording", "panic-edge", "fall-speed", "line-of-sight-model", "shield-front", "awareness-measure",
    "cover-stacking", "aoe-height", "engagement-weapon", "undefined-terms", "reroll-order", "confrontation-criticals",
    "friendly-fire-roll", "sweep-allies", "burn-cleave-recursion", "wounds-past-zero", "berserk-sweep", "duel-turns",
    "enemy-enchantment", "summoning-limit", "broken-morale", "negative-vp", "neutral-scheme-deck", "alive-meaning",
    "open-hostilities-scoring", "stagger-stun-count", "strategic-phase-owner", "one-reaction",
    "attack-of-opportunity-timing", "reaction-sight", "dodge-halving", "unmodified-strike", "within-reach-plus",
    "taunt-target", "stamina-strike", "amplifier-aura", "rogue-knockdown", "moved-meaning",
    "perceive-shrouded-reaction", "friendly-fire-trigger", "deployment-fit", "profile-data", "reach-bands",
    "treasure-vp", "final-facing", "out-of-reach-reaction", "trample-allies",
)
"""One ruling for each of the 57 ambiguities of the rules digest, section 13.2, in its order."""


def shipped_texts() -> dict[str, str]:
    return {kind: (DATA_DIR / f"{kind}.yaml").read_text(encoding="utf-8") for kind in KINDS}


def test_every_kind_has_its_file_and_nothing_else_is_shipped() -> None:
    assert set(DATA_KINDS) | {"units", "rulings"} == set(KINDS)
    yaml_files = {path.stem for path in DATA_DIR.glob("*.yaml")}
    assert yaml_files == {*KINDS, "maps"}, "maps.yaml is the shared section every game on inches may ship"


def test_the_shipped_data_validates(catalogue: EldfallCatalogue) -> None:
    assert len(catalogue.units) == 46
    assert len(catalogue.items) == 36
    assert len(catalogue.spells) == 43
    assert len(catalogue.upgrades) == 41
    assert len(catalogue.behaviours) == 5
    assert [q.number for q in catalogue.quests] == [1, 2, 3, 4]
    assert {t.faction for t in catalogue.scheme_tables} == {"Empire of Soga", "Coalition of Thenion", "Helian League",
                                                             "Sand Kingdoms"}


def test_every_starter_creature_and_the_gladiatrix_is_a_card(catalogue: EldfallCatalogue) -> None:
    for name in (*STARTERS, *CREATURES, "Amazon Gladiatrix", "Flameweaver Noble", "Flameweaver Errant"):
        card = catalogue.card(name)
        assert card.attributes["HP"] >= 1
        assert SIZE_BASE_MM[card.size] == catalogue.units[[u.name for u in catalogue.units].index(name)].base_mm
    for unit in catalogue.units:
        read_card(unit)


def test_starter_cards_carry_the_v1_5_values(catalogue: EldfallCatalogue) -> None:
    swash = catalogue.card("Thenrin Swashbuckler")  # Eldfall core rules v1.5, L158-183
    assert dict(swash.attributes) == {"STA": 2, "SPD": 6, "OFF": 15, "DEF": 10, "ACC": 10, "INT": 11, "AG": 13,
                                      "T": 12, "ARM": 3, "HP": 2, "M": 10}
    assert (swash.cost, swash.limit, swash.inventory, swash.size) == (16, 2, 4, "Medium")
    assert swash.level_of("Fencing") == 2 and swash.items[0].qty == 2
    hierophant = catalogue.card("Expeditionary Hierophant")  # L325-366, stat line as Guild Hall prints it
    assert (hierophant["INT"], hierophant["M"], hierophant.cost, hierophant.limit) == (15, 12, 23, 1)
    assert hierophant.stratagems == ("Nursing Aura", "Spiritual Paragon")
    onitaoshi = catalogue.card("Onitaoshi")  # L506-526, L554-563, L570-590: her card as the examples print it
    assert dict(onitaoshi.attributes) == {"STA": 2, "SPD": 6, "OFF": 14, "DEF": 10, "ACC": 8, "INT": 10, "AG": 10,
                                          "T": 13, "ARM": 5, "HP": 3, "M": 17}
    assert catalogue.card("Taskmage Explorer").cost == 17  # v1.5 cost, before the 2026 errata
    assert catalogue.card("Amazon Gladiatrix").cost == 25  # L2457, Regular mode
    assert catalogue.card("Vizier of Conjurations").params_of("Affinity") == ("Elder", "Earth")


def test_no_ready_party_fields_a_guessed_profile(catalogue: EldfallCatalogue) -> None:
    """A demo party plays with its whole card: a profile whose kit is not transcribed fights unarmed (the Guild
    Adventurers' Musha Bowmaster had no Bow), which measures the data, not the party."""
    fielded = {m.unit for p in catalogue.parties for m in p.members}
    assert [u.name for u in catalogue.units if u.name in fielded and u.assumed] == []
    bowmaster, blade = catalogue.card("Musha Bowmaster"), catalogue.card("Hired Blade")
    assert [i.name for i in bowmaster.items] == ["Bow", "Sword", "Dagger"] and bowmaster.level_of("Archery") == 3
    assert [(i.name, i.qty) for i in blade.items] == [("Short Sword", 1), ("Dagger", 2)]
    assert blade.level_of("Stealth") == 2 and blade.level_of("Assassination") == 1


def test_every_guess_says_why(catalogue: EldfallCatalogue) -> None:
    guessed = [u.name for u in catalogue.units if u.assumed]
    assert "Imp" in guessed and "Amazon Gladiatrix" in guessed and "Thenrin Swashbuckler" not in guessed
    assert all(u.assumed_reason for u in catalogue.units if u.assumed)
    assert [s.name for s in catalogue.spells if s.assumed] == ["Inferno", "Claws of Earth"]


def test_every_digest_ambiguity_is_a_ruling_with_a_citation(catalogue: EldfallCatalogue) -> None:
    ids = [r.id for r in catalogue.rulings]
    assert [i for i in ids if i in DIGEST_RULINGS] == list(DIGEST_RULINGS)
    assert len(DIGEST_RULINGS) == 57
    assert all(r.citation.startswith("Eldfall core rules v1.5, L") for r in catalogue.rulings)
    assert catalogue.rulings[ids.index("broken-morale")].default == "half-or-fewer"


def test_citations_point_inside_the_book_and_never_at_this_machine() -> None:
    for kind, text in shipped_texts().items():
        assert "/work/" not in text and "seeds/" not in text, kind
        for match in re.finditer(r"L(\d+)", text):
            assert 1 <= int(match[1]) <= 3257, f"{kind}: L{match[1]} is past the book's last line"


def test_spells_sit_in_their_charts(catalogue: EldfallCatalogue) -> None:
    flare = catalogue.spell("Flare")  # L2254 and L2289: the same spell in two charts
    assert [(c.chart, c.level) for c in flare.charts] == [("Art of Sorcery", 2), ("Kitsune no Mai", 1)]
    assert catalogue.spell("summon-golem").summons == "Golem"
    assert catalogue.spell("Fireball").reach is not None and catalogue.spell("Fireball").reach.aoe == "circular-l"


def _broken(kind: str, old: str, new: str) -> list[str]:
    texts = shipped_texts()
    assert old in texts[kind], f"fixture text {old!r} not in {kind}.yaml"
    texts[kind] = texts[kind].replace(old, new, 1)
    with pytest.raises(DataError) as error:
        parse_texts(texts)
    return list(error.value.problems)


def test_a_misspelt_trait_on_a_card_names_the_file_the_unit_and_the_keyword() -> None:
    assert _broken("units", '"trait:Duelist"', '"trait:Dulist"') == [
        'data/eldfall/units.yaml: entry "Thenrin Swashbuckler" (units[0]): field "keywords[4]": unknown trait '
        '"Dulist"; did you mean "Duelist"?']


def test_a_bad_power_names_the_item_and_says_what_is_accepted() -> None:
    (line,) = _broken("items", "pw: T+2, reach: {inches: 2}, stk: STA, traits: [Two-Handed, Throwing]",
                      "pw: T plus two, reach: {inches: 2}, stk: STA, traits: [Two-Handed, Throwing]")
    assert line.startswith('data/eldfall/items.yaml: entry "lance" (items[14]): field "pw": must be a power like 12')


def test_a_scheme_table_must_cover_every_face() -> None:
    (line,) = _broken("scheme_tables", "{rolls: [20, 20], scheme: stalwart-defender}",
                      "{rolls: [19, 19], scheme: stalwart-defender}")
    assert line == ('data/eldfall/scheme_tables.yaml: entry (scheme_tables[0]): field "rows": rows must cover the '
                    "faces 1 to 20, each face once")


def test_a_level_too_high_and_an_unknown_scheme_are_both_reported() -> None:
    texts = shipped_texts()
    texts["units"] = texts["units"].replace('"trait:Duelist"', '"trait:Duelist II"', 1)
    texts["scheme_tables"] = texts["scheme_tables"].replace("scheme: head-hunt", "scheme: headhunt", 1)
    with pytest.raises(DataError) as error:
        parse_texts(texts)
    assert error.value.problems == (
        'data/eldfall/units.yaml: entry "Thenrin Swashbuckler" (units[0]): field "keywords[4]": Duelist goes up to '
        "level 1, got level 2",
        'data/eldfall/scheme_tables.yaml: entry (scheme_tables[0].rows[6]): field "scheme": unknown scheme '
        '"headhunt"; did you mean "head-hunt"?',
    )


def test_a_party_leader_must_be_a_member() -> None:
    (line,) = _broken("parties", "leader: Clan Champion", "leader: Nightshade")
    assert line == ('data/eldfall/parties.yaml: entry "soga-vanguard" (parties[1]): field "leader": '
                    '"Nightshade" is not one of the members')


def test_a_file_must_hold_its_own_kind() -> None:
    texts = shipped_texts()
    texts["quests"] = texts["quests"].replace("quests:", "quest:", 1)
    with pytest.raises(DataError) as error:
        parse_texts(texts)
    assert error.value.problems == ('data/eldfall/quests.yaml: must hold one top-level key, "quests"',)
