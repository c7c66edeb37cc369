"""/los and /measure answer by Eldfall's own sight rules, as an attack sees: a model sees only from its front arc
(Eldfall core rules v1.5, L655-657), the answer names the rule that decided, and says whether the other model is in
its Awareness (L683-685) where the measuring mode lets the asker know it (L604-610). Freeplay stays all round."""

from __future__ import annotations

import pytest

from bot.core.data_loader import load_system_data
from engine.core import SPECTATOR, Actor, Game, GameSetup, ModelId, SideId, Viewer
from engine.dice import commitment
from engine.systems.eldfall.state import EldfallState
from engine.systems.freeplay import Freeplay
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of
from tests.refusals import refusing
from tests.table_commands import add_model

A_VIEW = Viewer.of_side(SideId("A"))


def _behind_and_ahead(mode: str = "assisted") -> Game[EldfallState]:
    """A3 faces north (90 degrees) with B3 just behind it and B2 ahead, nothing between them."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "sight-" + mode, options={"mode": mode})
    turn_of(game, "A")
    arrange(game, {"A3": (12, 10, 90.0), "B3": (12, 7, 90.0), "B2": (12, 14, 270.0)})
    return game


def _ask(game: Game[EldfallState], verb: str, first: str, second: str, viewer: Viewer = A_VIEW) -> str:
    return game.system.ask(game.state, viewer, (verb,), {"from": first, "to": second}).text


def test_los_refuses_a_model_behind_the_front_arc_as_the_attack_does() -> None:
    game = _behind_and_ahead()
    assert _ask(game, "los", "A3", "B3").startswith("A3 cannot see B3: outside its front arc (L655-657).")
    assert _ask(game, "los", "A3", "B2").startswith("A3 can see B2: in its front arc and unblocked (L655-662).")
    answer = game.system.ask(game.state, A_VIEW, ("los",), {"from": "A3", "to": "B3"})
    assert answer.overlays[0].style.name == "BLOCKED"
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    with refusing(game, "front arc"):
        game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))


def test_measure_between_two_models_says_what_the_sight_rules_make_of_them() -> None:
    game = _behind_and_ahead()
    text = _ask(game, "measure", "A3", "B3")
    assert 'closest points. A3 cannot see B3: outside its front arc (L655-657).' in text
    assert "B3 is within A3's Awareness" in text and "A3 may still Dodge against it without sight" in text


@pytest.mark.parametrize(("mode", "viewer", "told"), [
    ("assisted", SPECTATOR, True),
    ("standard", A_VIEW, True),
    ("standard", Viewer.of_side(SideId("B")), False),
    ("realism", A_VIEW, False),
], ids=["assisted", "standard-own-model", "standard-enemy-model", "realism"])
def test_awareness_is_told_only_where_the_asker_may_pre_measure_it(mode: str, viewer: Viewer, told: bool) -> None:
    """L606-608: Assisted pre-measures anything, Standard only within its own models' Awareness, Realism nothing;
    sight itself may be checked at any time (L672)."""
    text = _ask(_behind_and_ahead(mode), "los", "A3", "B3", viewer)
    assert text.startswith("A3 cannot see B3: outside its front arc")
    assert ("Awareness" in text) is told


def test_freeplay_los_stays_all_round() -> None:
    setup = GameSetup(system="freeplay", sides=(SideId("A"), SideId("B")), host=ALICE,
                      seed_commitment=commitment("ab" * 32))
    game = Game.start(Freeplay(load_system_data("freeplay")), setup, "ab" * 32, seats={SideId("A"): ALICE})
    game.apply(add_model(unit="Knight", at=(12.0, 10.0), facing=90.0), Actor(user=ALICE, side=SideId("A")))
    game.apply(add_model(unit="Knight", at=(12.0, 6.0), side=SideId("B")), Actor(user=ALICE, host=True))
    text = game.system.ask(game.state, SPECTATOR, ("los",), {"from": "A1", "to": "B1"}).text
    assert text.startswith("A1 can see B1 (0% of B1's width hidden")


def test_a_shrouded_observer_is_judged_by_sight_lines_alone_so_its_profile_stays_secret() -> None:
    """L1776: a Shrouded model's profile is secret; its arc (Vigilance) and Awareness (AG) would tell it."""
    game = _behind_and_ahead()
    text = _ask(game, "los", "B2", "A3", Viewer.of_side(SideId("B")))
    assert text == ("B2 can see A3: sight lines only, clear (L662-664): a Shrouded model's profile is its player's "
                    "secret (L1776).")
