"""Immobilized (Eldfall core rules v1.5, L1746-1748): a successful Dodge, rolled with AG or T, ends the state, even
when the model declared no dodge move; a failed one leaves it in place."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RigDice
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
