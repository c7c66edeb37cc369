"""Effects read from data: a card's standing abilities and its chosen combat art change an attack."""

from __future__ import annotations

import pytest

from engine.systems.eldfall.attack import power_value, strike_value
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.modifiers import (
    art_effect,
    art_refusal,
    attribute_modifiers,
    card_effects,
    critical_up_to,
    front_arc,
    gained_traits,
    power_bonuses,
    state_sources,
    strike_bonuses,
    strike_fixed_by,
    successes_critical,
)
from tests.engine.systems.eldfall.loader import shipped_rulings

RULINGS = shipped_rulings()


def test_an_armsmaster_strikes_once_more_in_the_active_role_only(catalogue: EldfallCatalogue) -> None:
    champion = catalogue.card("Clan Champion")
    sources = card_effects(champion, catalogue)
    assert strike_bonuses(sources, "active", "melee") == [("Armsmaster", 1)]
    assert strike_bonuses(sources, "reactive", "melee") == []
    assert strike_bonuses(sources, "active", "ranged") == []
    assert front_arc(sources) == 360  # Vigilance
    stk = strike_value("STA", champion["STA"], "active", bonuses=strike_bonuses(sources, "active", "melee"))
    assert stk.value == 3


def test_a_sentinel_strikes_twice_when_reacting(catalogue: EldfallCatalogue) -> None:
    guard = card_effects(catalogue.card("Citadel Guard"), catalogue)
    assert strike_value("STA", 2, "reactive", bonuses=strike_bonuses(guard, "reactive", "melee")).value == 2


def test_the_chosen_art_level_adds_its_effect(catalogue: EldfallCatalogue) -> None:
    champion = catalogue.card("Clan Champion")  # Fencing IV
    grapple = art_effect(champion, catalogue, "Fencing", 4)
    assert gained_traits([grapple], "active", "melee") == ("Knockdown",)
    second_wind = art_effect(champion, catalogue, "Fencing", 3)
    assert strike_bonuses([second_wind], "active", "melee") == [("Fencing Second Wind", 1)]
    with pytest.raises(ValueError, match="has Fencing up to level 4, so it cannot use level 5"):
        art_effect(champion, catalogue, "Fencing", 5)
    with pytest.raises(ValueError, match="has no Archery"):
        art_effect(champion, catalogue, "Archery", 1)


def test_assassins_crit_wider_and_decisive_blow_only_when_active(catalogue: EldfallCatalogue) -> None:
    nightshade = catalogue.card("Nightshade")
    sources = [*card_effects(nightshade, catalogue), art_effect(nightshade, catalogue, "Assassination", 4)]
    assert critical_up_to(sources) == 3
    assert successes_critical(sources, "active") and not successes_critical(sources, "reactive")
    vitals = art_effect(nightshade, catalogue, "Assassination", 1)
    pw = power_value("T-2", nightshade.attributes, bonuses=power_bonuses([vitals], "active", "melee"), rulings=RULINGS)
    assert pw.value == 8 + 6


def test_a_marksman_gains_accuracy_only_after_idle(catalogue: EldfallCatalogue) -> None:
    bowmaster = card_effects(catalogue.card("Musha Bowmaster"), catalogue)
    assert attribute_modifiers(bowmaster, "ACC", "active", "ranged") == []
    (mod,) = attribute_modifiers(bowmaster, "ACC", "active", "ranged", idle=True)
    assert (mod.source, mod.amount) == ("Marksman", 4)


def test_a_duelist_bars_low_arts() -> None:
    assert art_refusal(3, opponent_duelist=True) is not None
    assert art_refusal(4, opponent_duelist=True) is None
    assert art_refusal(1, opponent_duelist=False) is None


def test_a_crouched_model_strikes_once(catalogue: EldfallCatalogue) -> None:
    champion = catalogue.card("Clan Champion")
    sources = [*card_effects(champion, catalogue), *state_sources([catalogue.ability("crouched")])]
    fixed = strike_fixed_by(sources, "active", "melee")
    assert fixed == "Crouched"
    stk = strike_value("STA", 2, "active", bonuses=strike_bonuses(sources, "active", "melee"), fixed_by=fixed)
    assert stk.value == 1
    assert strike_fixed_by(card_effects(champion, catalogue), "active", "melee") is None
