"""An Engaged model may make only a Melee Attack (Eldfall core rules v1.5, L1457). The Action step's check and its
attack menu read Engaged from one test (``engaged``): the Engaged state, while an enemy's melee reach still covers
the model (it ceases once none does, L1459). A model still marked Engaged with no enemy within reach is offered its
bow and the check accepts it; one within an enemy's reach is offered only melee means and the check agrees."""

from __future__ import annotations

from engine.core import Game, ModelId, SideId, Viewer
from engine.systems.eldfall.events import ActionDeclared
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of
from tests.refusals import refused
from tests.table_commands import change_token


def _offered(b3: tuple[float, float, float]) -> tuple[Game[EldfallState], set[str]]:
    """A3 marked Engaged, B3 where given, A3 activated Idle: the means its attack menu offers."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "engaged-menu")
    turn_of(game, "A")
    arrange(game, {"A3": (24.5, 4, 90.0), "B3": b3})
    if "engaged" not in game.state.models[ModelId("A3")].tokens:
        game.apply(change_token(model=ModelId("A3"), token="engaged"), HOST)
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    declarations = game.system.declarations
    attack = declarations.find(("act",), "attack")
    asked = declarations.question(game.system, game.state, attack, Viewer.of_side(SideId("A")), SideId("A"), {})
    assert asked is not None and asked.option == "with", asked
    return game, {choice.value for _, choice in asked.entries}


def test_a_model_marked_engaged_out_of_every_reach_is_offered_its_bow_and_the_check_agrees() -> None:
    game, offered = _offered((24.5, 14, 270.0))  # 10" apart: no melee reach covers A3
    assert "short-bow" in offered, offered
    events = game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))
    assert any(isinstance(e.body, ActionDeclared) for e in events)


def test_an_engaged_model_is_offered_only_melee_means_and_the_check_agrees() -> None:
    game, offered = _offered((24.5, 5.26, 270.0))  # in base contact
    assert offered and "short-bow" not in offered, offered
    refused(game, Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)), as_side("A", ALICE),
            r"Engaged: it may only make a Melee Attack \(L1457\)")
