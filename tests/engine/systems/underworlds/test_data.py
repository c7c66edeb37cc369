"""The shipped Underworlds data: every kind validates, numbers match the public sources, errors name the field."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.dice import WHU_ATTACK, WHU_DEFENCE
from engine.hex import Tile
from engine.schema import DataError
from engine.systems.underworlds.schema import KINDS, UNIVERSAL
from tests.engine.systems.underworlds.loader import FOLDER, data_from_texts, shipped


def test_every_kind_has_its_file_with_one_list() -> None:
    assert sorted(p.stem for p in FOLDER.glob("*.yaml")) == sorted(KINDS)


def test_all_77_core_cards_by_warband_and_type() -> None:
    cards = shipped().cards
    assert len(cards) == 77
    counts = Counter((c.warband, c.type) for c in cards)
    for warband in ("garreks-reavers", "steelhearts-champions"):
        assert (counts[warband, "objective"], counts[warband, "ploy"], counts[warband, "upgrade"]) == (9, 10, 10)
    assert (counts[UNIVERSAL, "objective"], counts[UNIVERSAL, "ploy"], counts[UNIVERSAL, "upgrade"]) == (9, 5, 5)
    assert sorted(c.number for c in cards if c.warband == UNIVERSAL) == [
        236, 247, 253, 263, 264, 265, 266, 267, 292, 311, 330, 355, 360, 363, 385, 389, 390, 391, 431]
    assert all(c.code == 1000 + c.number for c in cards)


@pytest.mark.parametrize(("card", "glory", "score"), [
    ("let-the-blood-flow", 2, "immediate"),  # L269-L277 shows the card; public data gives 2
    ("coward", 1, "immediate"),  # S8 says 4; two sources say 1
    ("khornes-champion", 6, "third_end_phase"),
    ("cleanse", 3, "end_phase"),
    ("annihilation", 5, "end_phase"),
    ("supremacy", 3, "end_phase"),
    ("eternals", 3, "third_end_phase"),
])
def test_objective_glory_and_timing(card: str, glory: int, score: str) -> None:
    found = shipped().card(card)
    assert (found.glory, found.score) == (glory, score)


def test_upgrade_restrictions_name_fighters() -> None:
    data = shipped()
    assert data.card("berserk-charge").restricted_to == ("blooded-saek",)  # RESTRICTED: SAEK, L343-L345
    assert data.card("heroic-might").restricted_to == ("severin-steelheart", "obryn-the-bold")
    assert data.card("great-fortitude").restricted_to == ()


def test_every_core_card_is_written_in_the_vocabulary() -> None:
    assert [c.id for c in shipped().cards if c.unexpressed] == []
    four_faq = sorted(c.number for c in shipped().cards if c.faq)
    assert four_faq == [2, 4, 8, 30]


def test_annihilation_carries_its_multiplayer_condition() -> None:
    """E22, L779, L799: with three or four players, two or more warbands wiped out."""
    card = shipped().card("annihilation")
    assert card.multiplayer is not None and card.multiplayer.kind == "warbands"


def test_sources_are_public_never_paths_on_this_machine() -> None:
    data = shipped()
    entries = [*data.boards, *data.warbands, *data.fighters, *data.cards, *data.decks]
    assert all(entry.source and "/work/" not in entry.source for entry in entries)
    assert all("/work/" not in ruling.citation for ruling in data.rulings)


def test_garrek_matches_the_rulebooks_anatomy_card() -> None:
    """L419-L451: Blooddrinker Axe Range 1, Dice 2, Damage 2; Move 4, Defence 1, Wounds 4."""
    garrek = shipped().fighter("garrek-gorebeard")
    axe = garrek.normal.attacks[0]
    assert (axe.name, axe.range, axe.dice, axe.symbol, axe.damage) == ("Blooddrinker Axe", 1, 2, "hammer", 2)
    assert (garrek.normal.move, garrek.normal.defence, garrek.normal.defence_symbol, garrek.normal.wounds) == (
        4, 1, "dodge", 4)
    assert garrek.leader and garrek.inspired.move == 5


def test_each_warband_has_one_leader_and_its_fighters() -> None:
    data = shipped()
    assert {w.id: len(w.fighters) for w in data.warbands} == {"steelhearts-champions": 3, "garreks-reavers": 5}
    assert sorted(f.id for f in data.fighters if f.leader) == ["garrek-gorebeard", "severin-steelheart"]


def test_core_boards_and_their_turned_positions() -> None:
    data = shipped()
    core = [b for b in data.boards if b.board.startswith("shadespire-board")]
    assert [b.name for b in core] == ["Mirror Well", "Katophrane's Reliquary", "Shyishian Stardial", "Shattered Tower"]
    assert all(len(b.starting) == 7 and not b.lethal for b in core)
    assert [len(b.blocked) for b in core] == [0, 0, 3, 3]
    mirror = data.board("mirror-well")
    turned = Tile.build(mirror.id, {"starting": mirror.starting}).turned()
    # The source's own list for orientation 180 (PompolutZ/wuthralls boards.js).
    assert sorted(p for p, _ in turned.kinds) == [(1, 3), (2, 0), (2, 1), (3, 3), (5, 1), (5, 3), (6, 1)]


def test_rulings_cover_the_digests_decisions() -> None:
    ids = {r.id for r in shipped().rulings}
    assert {"roll-off-tie-breaks", "round-one-bonus-symbol", "sight-touch", "trapped-off-board", "trapped-critical",
            "knockback-optional", "end-phase-order", "self-take-out-glory", "do-over", "edge-hexes",
            "range-measure", "reaction-chains", "controlling-objectives", "multiplayer-cleanup"} <= ids


def texts(**replace: str) -> dict[str, str]:
    found = {kind: (FOLDER / f"{kind}.yaml").read_text(encoding="utf-8") for kind in KINDS}
    found.update(replace)
    return found


def test_a_bad_value_names_file_entry_and_field() -> None:
    broken = texts()["cards"].replace("  glory: 6\n", "  glory: six\n", 1)
    with pytest.raises(DataError) as error:
        data_from_texts(texts(cards=broken))
    assert error.value.problems == (
        'data/underworlds/cards.yaml: entry "khornes-champion" (cards[6]): field "glory": '
        'must be a whole number of at least 1, got "six"',)


def test_unknown_references_are_named_with_close_matches() -> None:
    broken = texts()["cards"].replace("restricted_to: [blooded-saek]", "restricted_to: [blooded-sayek]", 1)
    with pytest.raises(DataError, match=r'cards.yaml: entry "berserk-charge" \(cards\[19\]\): field "restricted_to": '
                                        r'names unknown fighter "blooded-sayek"; did you mean "blooded-saek"\?'):
        data_from_texts(texts(cards=broken))


def test_a_condition_of_unknown_kind_lists_the_kinds() -> None:
    broken = texts()["cards"].replace("condition: {kind: moved_away", "condition: {kind: moved_off", 1)
    with pytest.raises(DataError, match=r'entry "coward" .*field "condition": .*moved_away'):
        data_from_texts(texts(cards=broken))


def test_a_card_with_a_field_of_another_type_is_refused() -> None:
    broken = texts()["cards"].replace("  type: ploy\n", "  type: ploy\n  glory: 1\n", 1)
    with pytest.raises(DataError, match=r'entry "blood-offering" \(cards\[9\]\): field "glory": is not part of a '
                                        r'ploy card'):
        data_from_texts(texts(cards=broken))


def test_a_file_must_hold_one_list_named_after_its_kind() -> None:
    with pytest.raises(DataError, match=r"decks\.yaml: must hold one top-level list named 'decks'"):
        data_from_texts(texts(decks="starter: []\n"))


def test_the_shipped_dice_are_the_public_lists_the_dice_roller_knows() -> None:
    """dice.yaml (ruling dice-faces: public-lists) holds the faces of engine.dice's Underworlds dice, in their
    order, so a game rolls the same with either."""
    dice = {d.id: d.faces for d in shipped().dice}
    assert dice == {"attack": tuple(f.label for f in WHU_ATTACK.faces),
                    "defence": tuple(f.label for f in WHU_DEFENCE.faces)}
