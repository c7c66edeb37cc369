"""Party building: the demo parties are legal, and each broken rule is refused once, with its rule."""

from __future__ import annotations

from typing import Any

import pytest

from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.party import IllegalParty, check_party, party_cost, validate_party
from engine.systems.eldfall.schema import PartySpec
from tests.engine.systems.eldfall.loader import shipped_rulings


def party(faction: str, leader: str, *members: Any, size: int = 60, fmt: str = "rivalry") -> PartySpec:
    listed = [m if isinstance(m, dict) else {"unit": m} for m in members]
    return PartySpec.model_validate({"id": "test", "name": "Test", "faction": faction, "format": fmt,
                                     "game_size": size, "leader": leader, "members": listed})


def problems(catalogue: EldfallCatalogue, spec: PartySpec, **kwargs: Any) -> list[tuple[str, str]]:
    return [(p.message, p.rule) for p in check_party(spec, catalogue, **kwargs)]


def test_every_demo_party_is_legal_and_about_sixty_points(catalogue: EldfallCatalogue) -> None:
    factions = set()
    for spec in (p for p in catalogue.parties if p.game_size == 60):
        cost = validate_party(spec, catalogue)
        assert 55 <= cost.total <= spec.game_size == 60, spec.id
        factions.add(spec.faction)
    assert factions == {"Helian League", "Empire of Soga", "Coalition of Thenion", "Sand Kingdoms", "Neutral"}


def test_every_arena_party_fits_battle_royale(catalogue: EldfallCatalogue) -> None:
    # L2477: 25 points a player and up to 3 upgrades a model.
    arena = catalogue.quest("battle-royale-arena")
    sized = [p for p in catalogue.parties if p.game_size == 25]
    assert len(sized) == 4
    assert all(validate_party(spec, catalogue, quest=arena).total == 25 for spec in sized)


def test_the_starter_trios_cost_what_the_book_says(catalogue: EldfallCatalogue) -> None:
    # L2917-2919: each starter trio is under 60 points.
    soga = party("Empire of Soga", "Clan Champion", "Clan Champion", "Onitaoshi", "Bushi Attendant")
    assert party_cost(soga, catalogue).total == 57


def test_over_the_game_size(catalogue: EldfallCatalogue) -> None:
    spec = party("Empire of Soga", "Clan Champion", "Clan Champion", "Onitaoshi", "Bushi Attendant", size=50)
    assert problems(catalogue, spec) == [
        ("the party costs 57 points (57 for models, 0 for upgrades), over the game size of 50", "L1050")]


def test_a_model_of_another_faction(catalogue: EldfallCatalogue) -> None:
    spec = party("Empire of Soga", "Clan Champion", "Clan Champion", "Nightshade")
    assert problems(catalogue, spec) == [
        ("Nightshade cannot join an Empire of Soga party: it is neither Empire of Soga nor Neutral", "L1028, L479")]


def test_neutral_models_join_any_faction_but_one_must_be_of_it(catalogue: EldfallCatalogue) -> None:
    spec = party("Helian League", "Thenrin Swashbuckler", "Thenrin Swashbuckler", "Onitaoshi")
    assert problems(catalogue, spec) == [("at least one model must be of the Helian League", "L1030")]
    with_helian = party("Helian League", "Flameshaper", "Flameshaper", "Thenrin Swashbuckler", "Onitaoshi")
    assert problems(catalogue, with_helian) == []


def test_a_neutral_party_takes_only_neutral_models_and_upgrades(catalogue: EldfallCatalogue) -> None:
    spec = party("Neutral", "Amazon Gladiatrix", "Amazon Gladiatrix", "Nightshade",
                 {"unit": "Onitaoshi", "upgrades": ["lucky-charm"]}, size=90)
    assert problems(catalogue, spec) == [
        ("a Neutral party takes only Neutral models, not Nightshade", "L1030"),
        ("Lucky Charm is an Empire of Soga upgrade; a Neutral party buys only Neutral upgrades", "L1052"),
    ]


def test_the_limit_of_a_name_and_ten_models(catalogue: EldfallCatalogue) -> None:
    spec = party("Helian League", "Flameshaper", *["Flameshaper"] * 4, size=90)
    assert problems(catalogue, spec) == [("4 Flameshaper, limit 3", "L1032")]
    eleven = party("Empire of Soga", "Bushi Attendant", *["Bushi Attendant"] * 4, *["Flameshaper"] * 0,
                   *["Onitaoshi"] * 2, *["Thenrin Swashbuckler"] * 2, "Clan Champion", "Musha Bowmaster",
                   "Musha Blademaster", size=300)
    assert ("11 models; a party holds at most 10", "L1034") in problems(catalogue, eleven)


def test_guildsworn_mixes_factions_at_limit_one(catalogue: EldfallCatalogue) -> None:
    mixed = party("Neutral", "Nightshade", "Nightshade", "Clan Champion", "Flameshaper", fmt="guildsworn")
    assert problems(catalogue, mixed) == []
    twice = party("Neutral", "Flameshaper", "Flameshaper", "Flameshaper", fmt="guildsworn")
    assert problems(catalogue, twice) == [("2 Flameshaper, limit 1", "every model is Limit 1 in Guildsworn (L1086)")]


def test_guildsworn_upgrades_follow_their_ruling(catalogue: EldfallCatalogue) -> None:
    # Ruling guildsworn-upgrades (L1052, L1086), both ways.
    spec = party("Empire of Soga", "Clan Champion", {"unit": "Clan Champion", "upgrades": ["lucky-charm"]},
                 "Nightshade", fmt="guildsworn")
    assert problems(catalogue, spec) == [
        ("Lucky Charm is an Empire of Soga upgrade; a Guildsworn party buys only Neutral upgrades", "L1052")]
    assert problems(catalogue, spec, rulings=shipped_rulings(guildsworn_upgrades="named-faction")) == []


def test_a_leader_from_outside_the_party_and_a_creature_recruit(catalogue: EldfallCatalogue) -> None:
    spec = party("Sand Kingdoms", "Nightshade", "Vizier of Conjurations", "Golem")
    assert problems(catalogue, spec) == [
        ("Golem cannot be recruited: creatures are summoned", "L974-978"),
        ("the Leader Nightshade is not in the party", "L1042"),
    ]


def test_upgrade_slots_limits_and_requirements(catalogue: EldfallCatalogue) -> None:
    two = party("Empire of Soga", "Onitaoshi", {"unit": "Onitaoshi", "upgrades": ["lucky-charm", "utility-tool"]})
    assert problems(catalogue, two) == [("Onitaoshi has 2 upgrades but may take 1", "L1052, L2137-2139, L2658")]
    resourceful = party("Empire of Soga", "Clan Champion",
                        {"unit": "Clan Champion", "upgrades": ["lucky-charm", "utility-tool"]})
    assert problems(catalogue, resourceful) == []  # Resourceful I
    pouch = party("Empire of Soga", "Onitaoshi", {"unit": "Onitaoshi", "upgrades": ["pouch", "utility-tool"]})
    assert problems(catalogue, pouch) == []
    first_aid = party("Empire of Soga", "Onitaoshi", {"unit": "Onitaoshi", "upgrades": ["first-aid"]},
                      {"unit": "Bushi Attendant", "upgrades": ["first-aid"]})
    assert problems(catalogue, first_aid) == [("2 copies of First Aid, limit 1", "L1054")]
    not_warrior = party("Empire of Soga", "Clan Champion", "Clan Champion",
                        {"unit": "Flameshaper", "upgrades": ["nagamaki-tsukai"]})
    assert ("Kassen Buki: Nagamaki-tsukai is only for a Warrior, and Flameshaper is a Soldier and Sorcerer",
            "L2746-2751") in problems(catalogue, not_warrior)


def test_upgrade_costs_with_their_discounts(catalogue: EldfallCatalogue) -> None:
    bow = party("Empire of Soga", "Bushi Attendant", {"unit": "Bushi Attendant", "upgrades": ["daikyuu-tsukai"]})
    assert party_cost(bow, catalogue).upgrades == 2  # its primary weapon is a Short Bow (L2755)
    sword = party("Empire of Soga", "Onitaoshi", {"unit": "Onitaoshi", "upgrades": ["daikyuu-tsukai"]})
    assert party_cost(sword, catalogue).upgrades == 3
    paimon = party("Coalition of Thenion", "Nightshade", {"unit": "Nightshade", "upgrades": ["devotion-paimon"]},
                   {"unit": "Thenrin Swashbuckler", "upgrades": ["poisoned-weapons"]},
                   {"unit": "Rangers-Guild Hunter", "upgrades": ["utility-tool"]})
    assert party_cost(paimon, catalogue).upgrades == 2 + 1 + 1  # L2821: others 1 less, never below 1


def test_battle_royale_sets_its_own_size_and_upgrade_slots(catalogue: EldfallCatalogue) -> None:
    arena = catalogue.quest("battle-royale-arena")
    spec = party("Empire of Soga", "Onitaoshi",
                 {"unit": "Onitaoshi", "upgrades": ["lucky-charm", "utility-tool", "seasoned-combatant-soga"]})
    assert problems(catalogue, spec, quest=arena) == [
        ("the party costs 27 points (21 for models, 6 for upgrades), over the game size of 25", "L2477")]


def test_an_illegal_party_is_refused_naming_every_rule(catalogue: EldfallCatalogue) -> None:
    spec = party("Empire of Soga", "Nightshade", "Clan Champion", "Flameshaper", size=30)
    with pytest.raises(IllegalParty) as error:
        validate_party(spec, catalogue)
    assert len(error.value.problems) == 3
    assert str(error.value).startswith('party refused: party "Test" breaks 3 rules: Flameshaper cannot join')


def test_the_revealed_lists_name_a_guildsworn_party_as_such(catalogue: EldfallCatalogue) -> None:
    # L1086: a Guildsworn party has no Affiliation of its own; L1096: the lists are revealed after deployment.
    from engine.core import SideId
    from engine.systems.eldfall.events import PartiesRevealed
    guild, helian = (next(p for p in catalogue.parties if p.name == n) for n in ("Guild Adventurers",
                                                                                 "Helian Expedition"))
    line = PartiesRevealed(parties={SideId("A"): guild, SideId("B"): helian},
                           deployed={SideId("A"): 3, SideId("B"): 3}).describe()
    assert "Guild Adventurers (Guildsworn, any Affiliation)" in line and "Helian Expedition (Helian League)" in line
    assert "of the Neutral" not in line


def test_party_lines_name_upgrades_by_their_names() -> None:
    # A newcomer read "Flameweaver Errant (pouch)": the lists name each upgrade as its card prints it (Pouch, L2656).
    from engine.core import SPECTATOR
    from tests.engine.systems.eldfall.tables import practice
    game = practice(("Guild Adventurers", "Helian Expedition"), "upgrade-names")
    lines = [line.text for line in game.log_view(SPECTATOR).lines if "the parties are revealed" in line.text]
    assert lines and "Flameweaver Errant (Pouch)" in lines[0] and "(pouch)" not in lines[0], lines
