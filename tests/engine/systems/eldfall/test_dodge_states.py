"""The states a Dodge changes (Eldfall core rules v1.5): a successful Dodge ends Immobilized, even with no dodge
move, a failed one leaves it (L1746-1748); a model's Dodge, reacting or active, may enter or cancel the Crouched
state at the end of the Resolution step, even when its roll fails (L1386-1388)."""

from __future__ import annotations

import pytest

from engine.core import Answer, ModelId, RigDice, Viewer
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of
from tests.table_commands import change_token


@pytest.mark.parametrize(("face", "freed"), [(2, True), (20, False)])
def test_a_dodge_without_a_move_frees_an_immobilized_model_only_when_it_succeeds(face: int, freed: bool) -> None:
    game = practice(("Helian Expedition", "Soga Vanguard"), f"immobilized-{face}")
    turn_of(game, "A")
    arrange(game, {"A3": (25, 10, 90.0), "B1": (5, 30, 90.0)})
    game.apply(change_token(model="A3", token="immobilized"), HOST)
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(face,)), HOST)
    game.apply(Declare(kind="dodge"), as_side("A", ALICE))
    assert ("immobilized" not in game.state.models[ModelId("A3")].tokens) is freed


@pytest.mark.parametrize(("crouched", "answer"), [(True, "stand"), (False, "crouch")])
def test_a_reacting_dodge_enters_or_cancels_crouched(crouched: bool, answer: str) -> None:
    game = practice(("Helian Expedition", "Soga Vanguard"), f"dodge-{answer}")
    turn_of(game, "A")
    arrange(game, {"A3": (25, 10, 90.0), "B3": (25, 20, 270.0)})
    if crouched:
        game.apply(change_token(model="B3", token="crouched"), HOST)
    game.apply(Activate(model=ModelId("A3"), how="walk", to="25,12"), as_side("A", ALICE))
    (decision,) = [d for d in game.state.pending.values() if d.owner == "B"]
    assert "B3.crouch" in {p.key for p in decision.parts}
    game.apply(Answer(decision_id=decision.id, answers={"B3": "dodge", "B3.crouch": answer}), as_side("B", ALICE))
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    assert ("crouched" in game.state.models[ModelId("B3")].tokens) is not crouched


@pytest.mark.parametrize(("crouched", "answer", "face"), [(True, "stand", 20), (False, "crouch", 2)])
def test_the_active_models_dodge_enters_or_cancels_crouched(crouched: bool, answer: str, face: int) -> None:
    # L1386-1388: the activated model's own Dodge may change its Crouched state too, whatever its roll; the menu
    # asks only for the change its state allows.
    game = practice(("Helian Expedition", "Soga Vanguard"), f"active-dodge-{answer}")
    turn_of(game, "A")
    arrange(game, {"A3": (25, 10, 90.0), "B1": (25, 20, 270.0)})
    if crouched:
        game.apply(change_token(model="A3", token="crouched"), HOST)
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    declarations = game.system.declarations
    dodge = declarations.find(("act",), "dodge")
    asked = declarations.question(game.system, game.state, dodge, Viewer.of_side("A"), "A", {"to": "-"})
    assert asked is not None and asked.option == "choice" and [v for v, _ in asked.entries] == [answer]
    game.apply(RigDice(values=(face,)), HOST)
    game.apply(Declare(kind="dodge", art=answer), as_side("A", ALICE))
    settle(game)
    assert ("crouched" in game.state.models[ModelId("A3")].tokens) is not crouched
