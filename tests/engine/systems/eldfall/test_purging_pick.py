"""Purification and Purgation remove "any number" of Enchantments from their target (Eldfall core rules v1.5, L2263,
L2268): the caster picks which (``choice:``, ids joined by +), every one when left out; a menu asks where the target
holds any. The Expeditionary Hierophant (Hieromancy: Purgation, no roll) purges the Citadel Guard, enchanted
with Arcane Shield and Anointment."""

from __future__ import annotations

import pytest

from engine.core import Game, ModelId, SideId, Viewer
from engine.systems.eldfall.state import EldfallState, strategic_of
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refused

BOTH = ("arcane-shield", "anointment")


def _purging(seed: str) -> tuple[Game[EldfallState], ModelId]:
    game = practice(("Helian Expedition", "Soga Vanguard"), seed)
    turn_of(game, "A")
    priest, guard = ModelId(unit_id(game, "Expeditionary Hierophant")), ModelId(unit_id(game, "Citadel Guard"))
    arrange(game, {priest: (18, 10, 90.0), guard: (19.26, 10, 90.0)})
    game.state.figures[guard].enchantments = {key: strategic_of("A") for key in BOTH}
    game.apply(Activate(model=priest, how="idle"), as_side("A", ALICE))
    settle(game)
    return game, guard


@pytest.mark.parametrize(("art", "left"), [(None, ()), ("arcane-shield", ("anointment",)), ("none", BOTH)],
                         ids=["all-by-default", "one-picked", "none"])
def test_the_caster_picks_which_enchantments_go(art: str | None, left: tuple[str, ...]) -> None:
    game, guard = _purging(f"purge-{art}")
    game.apply(Declare(kind="assist", means="Purgation", targets=((guard, 0),), art=art), as_side("A", ALICE))
    assert tuple(game.state.figures[guard].enchantments) == left


def test_a_pick_on_no_enchantment_is_refused_saying_what_is_accepted() -> None:
    game, guard = _purging("purge-wrong")
    refused(game, Declare(kind="assist", means="Purgation", targets=((guard, 0),), art="warding-barrier"),
            as_side("A", ALICE), "choose all, none or any of arcane-shield, anointment")
    assert tuple(game.state.figures[guard].enchantments) == BOTH


def test_the_menu_asks_which_enchantments_go_in_words() -> None:
    game, guard = _purging("purge-menu")
    declarations = game.system.declarations
    assist = declarations.find(("act",), "assist")
    asked = declarations.question(game.system, game.state, assist, Viewer.of_side(SideId("A")), SideId("A"),
                                  {"with": "purgation", "target": guard})
    assert asked is not None and asked.option == "choice"
    labels = {choice.value: choice.label for _, choice in asked.entries}
    assert labels["all"] == "remove every Enchantment"
    assert labels["arcane-shield"] == "remove only Arcane Shield"
    assert labels["anointment"] == "remove only Anointment"
    assert labels["none"] == "keep every Enchantment"
