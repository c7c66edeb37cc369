"""Sunshard:Embren's data: the shipped files are valid and cite the book, bad data and bad imports are refused with
errors naming the file, the entry and the field, and warbands follow the building rules (core rules v1.0, L227-262,
L327, L1277, L1391)."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest

from bot.core.data_loader import catalogue_from_yaml, parse_kind
from engine.schema import DataError
from engine.systems.sunshard.catalogue import SunshardData, data_problems
from engine.systems.sunshard.data_kinds import DATA_KINDS
from engine.systems.sunshard.rulings import DEFAULT_RULINGS, Rulings
from engine.systems.sunshard.schema import ModelCard, WarbandEntry, WarbandSpec
from engine.systems.sunshard.warbands import force_problems, leader_candidates, warband_problems
from tests.engine.systems.sunshard.loader import shipped, shipped_texts

DATA = SunshardData.from_catalogue(shipped())


def card(**changes: object) -> ModelCard:
    """The Conscripted card with some fields changed."""
    return DATA.card("Conscripted").model_copy(update=changes)


def warband(*models: tuple[str, int], alignment: str = "Delver", name: str = "Test") -> WarbandSpec:
    return WarbandSpec(name=name, alignment=alignment,  # type: ignore[arg-type]
                       models=tuple(WarbandEntry(model=m, count=n) for m, n in models), source="test")


def test_the_shipped_data_is_valid_across_kinds() -> None:
    assert data_problems(DATA) == []


def test_the_book_s_few_printed_values_are_on_the_demo_cards() -> None:
    # Conscripted RSL 8 (L207); the Captain's Officer's Pistol AA 6, ST 6 and the Aberration's EVA 6, ARM 14 (L219-223);
    # the Harrier and the Pariah HGT 2 (L296); the Evolved HGT 4 (L321).
    assert DATA.card("Conscripted").RSL == 8
    pistol = DATA.card("Captain").weapon("Officer's Pistol")
    assert (pistol.AA, pistol.ST) == (6, 6)
    aberration = DATA.card("Aberration")
    assert (aberration.EVA, aberration.ARM) == (6, 14)
    assert DATA.card("Harrier").HGT == DATA.card("Pariah").HGT == 2
    assert DATA.card("Evolved").HGT == 4


def test_every_shipped_card_is_labelled_assumed_and_cites_the_book() -> None:
    for model in DATA.cards.values():
        assert model.assumed and model.assumed_reason, model.name
        assert "core rules v1.0, L" in model.source, model.name


def test_the_twelve_quests_follow_the_book_s_table() -> None:
    # L846-850: four starter, four 2'x2', four 3'x3' quests, each column split 1-5, 6-10, 11-15, 16-20.
    quests = DATA.quests.values()
    assert Counter(q.tier for q in quests) == {"starter": 4, "2x2": 4, "3x3": 4}
    for tier in ("starter", "2x2", "3x3"):
        assert sorted(q.d20 for q in quests if q.tier == tier) == [(1, 5), (6, 10), (11, 15), (16, 20)]
    for quest in quests:
        assert quest.deeds == (quest.tier != "starter"), quest.id  # L838-840
        assert (quest.table, quest.rounds) == ((24, 4) if quest.tier != "3x3" else (36, 6)), quest.id
    assert [q.id for q in quests if q.vp_cap == 20] == ["chance-encounter", "blood-meridian", "calm-before-the-storm",
                                                         "to-the-end", "cover-of-darkness"]
    assert DATA.quest("calm-before-the-storm").offsets == (-12, -6, 0, 6, 12)  # L1073, ruling calm-fifth-objective
    assert DATA.quest("crystal-vein").centre_piece is not None


def test_every_player_has_six_common_deeds_and_four_of_their_alignment() -> None:
    # L1169, L1315.
    assert Counter(d.alignment for d in DATA.deeds.values()) == {"common": 6, "Delver": 4, "Remnant": 4,
                                                                "Shardborn": 4, "Ruin": 4}


def test_every_player_has_three_common_fortune_abilities_and_three_of_their_alignment() -> None:
    # L753, L1335.
    assert Counter(f.alignment for f in DATA.fortunes.values()) == {"common": 3, "Delver": 3, "Remnant": 3,
                                                                   "Shardborn": 3, "Ruin": 3}


def test_every_ruling_the_code_reads_is_in_the_data_with_its_default() -> None:
    assert Rulings.from_options(shipped().rulings) == DEFAULT_RULINGS
    shipped_ids = {ruling.id for ruling in shipped().rulings}
    assert {f.name.replace("_", "-") for f in fields(Rulings)} <= shipped_ids


def test_a_house_rule_switches_a_ruling_and_a_typo_is_refused() -> None:
    assert Rulings.from_options(shipped().rulings, {"starting-fortune": "one"}).starting_fortune == "one"
    with pytest.raises(ValueError, match='unknown ruling "starting-fortun"'):
        Rulings.from_options(shipped().rulings, {"starting-fortun": "one"})
    with pytest.raises(ValueError, match="not refereed yet"):
        Rulings.from_options(shipped().rulings, {"zone-geometry": "drawn"})


def test_the_demo_warbands_are_legal_and_make_a_fair_pair() -> None:
    for band in DATA.warbands.values():
        assert warband_problems(band, DATA.cards) == []
    points = {band.alignment: sum(DATA.card(e.model).points * e.count for e in band.models)
              for band in DATA.warbands.values()}
    assert points == {"Delver": 19, "Remnant": 19}


@pytest.mark.parametrize(("models", "alignment", "expected"), [
    ((("Captain", 1), ("Conscripted", 4), ("Harrier", 2), ("Evolved", 1)), "Delver", "Evolved is Remnant, not Delver"),
    ((("Conscripted", 5),), "Delver", "5 x Conscripted, but its warband limit is 4 (L262)"),
    ((("Captain", 2),), "Delver", "2 x Captain, but its warband limit is U (unique) (L262)"),
    ((("Conscripted", 3),), "Delver", "no model can be Leader"),
    ((("Captain", 1), ("Gobbo", 1)), "Delver", 'unknown model "Gobbo"'),
])
def test_a_bad_warband_is_refused_naming_the_rule(models: tuple[tuple[str, int], ...], alignment: str,
                                                   expected: str) -> None:
    problems = warband_problems(warband(*models, alignment=alignment), DATA.cards)
    assert any(expected in line for line in problems), problems


def test_a_warband_above_thirty_points_is_refused() -> None:
    # L262, L1391: a warband holds at most 30 points.
    big = DATA.with_imports([card(name="Veteran", points=26, abilities=())])
    problems = warband_problems(warband(("Veteran", 1), ("Harrier", 2)), big.cards)
    assert problems == ['warband "Test": 34 points; a warband holds at most 30 (L262, L1391): bring a second warband '
                        "for a larger game"]


def test_two_models_that_must_lead_are_refused() -> None:
    # L1437, L1439; ruling two-must-lead.
    data = DATA.with_imports([card(name="Oracle", abilities=("Fortunate One",)),
                              card(name="Font", abilities=("Font of Blight",))])
    assert any("2 models must be the Leader" in p for p in warband_problems(warband(("Oracle", 1), ("Font", 1)),
                                                                            data.cards))


def test_a_force_shares_one_alignment_and_a_unique_model_appears_once() -> None:
    first = warband(("Captain", 1), ("Conscripted", 3), name="First")
    second = warband(("Captain", 1), ("Harrier", 1), name="Second")
    other = warband(("Pariah", 2), alignment="Remnant", name="Other")
    assert any("U model appears once" in p for p in force_problems([first, second], DATA.cards))
    assert any("mixes alignments (Delver, Remnant)" in p for p in force_problems([first, other], DATA.cards))
    assert any("above the 10 agreed" in p for p in force_problems([first], DATA.cards, points_limit=10))


def test_the_leader_is_one_of_those_allowed() -> None:
    # L327, L1455: a Mob model cannot lead; L1437: a Font of Blight must.
    cards = [("D1", DATA.card("Captain")), ("D2", DATA.card("Conscripted")), ("D3", DATA.card("Harrier"))]
    assert leader_candidates(cards) == ("D1", "D3")
    font = card(name="Font", abilities=("Font of Blight",))
    assert leader_candidates([*cards, ("D4", font)]) == ("D4",)


def test_a_player_s_card_import_is_read_like_the_shipped_cards() -> None:
    entries = [{"name": "Sellsword", "type": "Soldier", "points": 5, "alignments": ["Ruin"], "AP": 3, "SPD": 4,
                "EVA": 5, "ARM": 12, "RSL": 8, "HP": 3, "HGT": 2, "base_mm": 32, "limit": 2,
                "weapons": [{"name": "Glaive", "AA": 5, "RN": 0, "ST": 5, "abilities": ["reach", "powerful( 2 )"]}],
                "abilities": ["bodyguard"], "source": "my own card"}]
    (imported,) = parse_kind("models", DATA_KINDS["models"], entries, "my_cards.yaml")
    assert isinstance(imported, ModelCard)
    assert imported.weapons[0].abilities == ("Reach", "Powerful(2)") and imported.abilities == ("Bodyguard",)


@pytest.mark.parametrize(("change", "expected"), [
    ({"abilities": ["Bodygaurd"]}, '"Bodygaurd" is not a special ability of the core rules; did you mean "Bodyguard"?'),
    ({"limit": "X"}, 'field "limit": must be a whole number of at least 1, or "U" for unique (L262)'),
    ({"EVA": 0}, "a characteristic is never below 1, L1303"),
    ({"weapons": [{"name": "Spit", "AA": 4, "RN": "*", "ST": 3}]}, 'RN "*" needs the Cone or Wall(X) weapon ability'),
    ({"weapons": [{"name": "Bow", "AA": 4, "RN": 8, "ST": 3, "abilities": ["Powerful"]}]},
     '"Powerful" needs its value in brackets, like "Powerful(2)" (L1518)'),
    ({"alignments": ["Elves"]}, 'field "alignments[0]"'),
    ({"abilities": ["Shard Focus(Reach)"]}, '"Reach" in Shard Focus(Reach) is not read (L1475): write "+N NAME" (NAME '
                                            'one of AP, SPD, EVA, ARM, RSL, AA, ST) or a special ability\'s name'),
    ({"abilities": ["Blightpowered(Immaterial)"]}, '"Immaterial" in Blightpowered(Immaterial) is not read (L1417): '
                                                   'write "+N NAME" (NAME one of AP, SPD, EVA, ARM, RSL, AA, ST)'),
])
def test_a_bad_card_is_refused_naming_the_file_the_entry_and_the_field(change: dict[str, object],
                                                                       expected: str) -> None:
    entry = {"name": "Sellsword", "type": "Soldier", "points": 5, "alignments": ["Ruin"], "AP": 3, "SPD": 4, "EVA": 5,
             "ARM": 12, "RSL": 8, "HP": 3, "HGT": 2, "base_mm": 32, "limit": 2, "source": "my own card", **change}
    with pytest.raises(DataError) as error:
        parse_kind("models", DATA_KINDS["models"], [entry], "my_cards.yaml")
    line = "\n".join(error.value.problems)
    assert line.startswith('my_cards.yaml: entry "Sellsword') and "(models[0]" in line and expected in line, line


def test_a_broken_shipped_file_names_its_file() -> None:
    texts = shipped_texts()
    texts["quests.yaml"] = texts["quests.yaml"].replace("rounds: 4", "rounds: 0", 1)
    with pytest.raises(DataError, match=r'data/sunshard/quests.yaml: entry "rescue" \(quests\[0\]\): field "rounds"'):
        catalogue_from_yaml("sunshard", texts, folder="data/sunshard", kinds=DATA_KINDS)


def test_a_map_piece_without_a_known_terrain_rule_is_reported() -> None:
    texts = shipped_texts()
    texts["maps.yaml"] = texts["maps.yaml"].replace("keywords: [heavy-cover], rect: [3, 7, 5, 1]",
                                                    "keywords: [heavy-covr], rect: [3, 7, 5, 1]")
    data = SunshardData.from_catalogue(catalogue_from_yaml("sunshard", texts, kinds=DATA_KINDS))
    (problem,) = data_problems(data)
    assert problem.startswith('map "blighted-hamlet": terrain T1: "heavy-covr" is not a terrain rule; did you mean '
                              '"heavy-cover"?; the rules are blighted, clear,')
