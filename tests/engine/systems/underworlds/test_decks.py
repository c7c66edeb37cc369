"""Deck building (Underworlds core rulebook, L107-L113, L299; cases T57-T61), and the shipped starter decks."""

from __future__ import annotations

import pytest

from engine.systems.underworlds.decks import deck_problems
from tests.engine.systems.underworlds.loader import shipped

CARDS = {c.id: c for c in shipped().cards}
NAMES = {w.id: w.name for w in shipped().warbands}
REAVERS = "garreks-reavers"
OBJECTIVES = [c.id for c in shipped().cards if c.type == "objective" and c.warband in (REAVERS, "universal")][:12]
PLOYS = [c.id for c in shipped().cards if c.type == "ploy" and c.warband in (REAVERS, "universal")]
UPGRADES = [c.id for c in shipped().cards if c.type == "upgrade" and c.warband in (REAVERS, "universal")]


def problems(objectives: list[str], power: list[str]) -> list[str]:
    return [str(p) for p in deck_problems(REAVERS, objectives, power, CARDS, warband_names=NAMES)]


def test_every_shipped_starter_deck_is_legal() -> None:
    data = shipped()
    assert len(data.decks) == 4 and {d.warband for d in data.decks} == {REAVERS, "steelhearts-champions"}
    for deck in data.decks:
        assert deck_problems(deck.warband, deck.objectives, deck.power, CARDS) == (), deck.id


def test_a_legal_deck_has_no_problems() -> None:
    assert problems(OBJECTIVES, PLOYS[:10] + UPGRADES[:10]) == []


@pytest.mark.parametrize("objectives", [OBJECTIVES[:11], [*OBJECTIVES, "supremacy"]])
def test_t57_the_objective_deck_holds_exactly_twelve(objectives: list[str]) -> None:
    assert problems(objectives, PLOYS[:10] + UPGRADES[:10]) == [
        f"the objective deck holds {len(objectives)} cards; it must hold exactly 12 (Underworlds core rulebook, L113)"]


def test_t57_objectives_are_unique() -> None:
    doubled = [*OBJECTIVES[:11], OBJECTIVES[0]]
    assert problems(doubled, PLOYS[:10] + UPGRADES[:10]) == [
        "the objective deck holds A Worthy Skull 2 times; its cards must be unique (Underworlds core rulebook, L113)"]


def test_t58_no_more_than_half_the_power_deck_is_ploys() -> None:
    assert problems(OBJECTIVES, PLOYS[:11] + UPGRADES[:9]) == [
        "11 of the 20 power cards are ploys; at most 10 may be (half, rounded down) (Underworlds core rulebook, L107)"]


def test_t59_half_rounds_down_and_bigger_decks_may_hold_more_ploys() -> None:
    assert problems(OBJECTIVES, PLOYS[:10] + UPGRADES[:11]) == []  # 21 cards, 10 ploys
    assert problems(OBJECTIVES, PLOYS[:11] + UPGRADES[:11]) == []  # 22 cards, 11 ploys
    assert len(problems(OBJECTIVES, PLOYS[:11] + UPGRADES[:10])) == 1  # 21 cards, 11 ploys


def test_t60_the_power_deck_holds_at_least_twenty() -> None:
    assert problems(OBJECTIVES, PLOYS[:9] + UPGRADES[:10]) == [
        "the power deck holds 19 cards; it must hold at least 20 (Underworlds core rulebook, L107)"]


def test_t61_another_warbands_card_is_refused() -> None:
    power = [*PLOYS[:10], *UPGRADES[:9], "heroic-might"]
    assert problems(OBJECTIVES, power) == [
        "Heroic Might belongs to Steelheart's Champions; a deck may hold only Garrek's Reavers and universal cards "
        "(Underworlds core rulebook, L111, L299)"]


def test_cards_of_the_wrong_type_and_unknown_cards_are_named() -> None:
    found = problems([*OBJECTIVES[:11], "sidestep"], [*PLOYS[:10], *UPGRADES[:9], "denial", "no-such-card",
                                                      "sidestpe"])
    assert "Sidestep is a ploy card, not an objective (Underworlds core rulebook, L113)" in found
    assert "Denial is an objective card; the power deck holds ploys and upgrades (Underworlds core rulebook, L107, " \
           "L865)" in found
    assert 'the power deck names "no-such-card", which is not a card of this game (cards are named by id)' in found
    assert 'the power deck names "sidestpe", which is not a card of this game (cards are named by id); did you mean ' \
           '"sidestep"?' in found
