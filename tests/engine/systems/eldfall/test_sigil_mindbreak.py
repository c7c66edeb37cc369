"""Treasure Hunt's Sigil of Mass Mindbreak (Eldfall core rules v1.5, L2418-2425, L2323): the spell goes off cast
successfully at PW 14 on the models in its area unless they Dodge; its Mindgame makes that Dodge an Intellect roll
(L2117), and a model it wounds is Panicked. The Sigil has no caster, so it selects no enemies: every model in the area
is caught (ruling ``sigil-caster``)."""

from __future__ import annotations

from engine.core import Event, ModelId, RigDice
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, turn_of


def _set_off(faces: tuple[int, ...]) -> tuple[list[str], EldfallState]:
    """Side A's Clan Champion walks into the Intrigue token X1 in round 2: a Sigil of Mass Mindbreak (17)."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), "sigil-mindbreak", options={"scenario": "treasure-hunt"})
    turn_of(game, "A")
    turn_of(game, "B")
    turn_of(game, "A")
    arrange(game, {"A1": (12, 15.5, 90.0)})
    game.apply(RigDice(values=(17, *faces)), HOST)
    events: list[Event] = game.apply(Activate(model="A1", how="walk", to="contact X1"), as_side("A", ALICE))
    return [e.body.describe() for e in events], game.state


def test_its_dodge_is_an_intellect_roll() -> None:
    lines, _ = _set_off((1,))
    assert any("INT roll for dodging the Sigil of Mass Mindbreak" in line for line in lines), lines  # L2117
    assert not any("AG roll for dodging" in line for line in lines), lines


def test_a_model_that_fails_both_rolls_is_wounded_and_panicked() -> None:
    lines, state = _set_off((20, 20))  # the INT dodge fails, then the Mindgame's INT roll fails
    assert state.models[ModelId("A1")].wounds_taken == 1, lines
    assert "panicked" in state.models[ModelId("A1")].tokens, lines  # L2323
