"""Incapacitated (Eldfall core rules, L1756-1758): a model with HP again loses the state in its side's Strategic
phase and may then become Crouched, its player's choice."""

from __future__ import annotations

import pytest

from engine.core import Answer, ModelId, RigDice
from engine.systems.eldfall.schema import PartyMember, PartySpec
from tests.engine.systems.eldfall.commands import Activate, Declare, EndTurn
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    eldfall,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.table_commands import change_token, wound_model


@pytest.mark.parametrize("choice", ["crouch", "stand"])
def test_a_model_back_from_incapacitated_may_become_crouched(choice: str) -> None:
    game = practice(("Thenion Shadows", "Soga Vanguard"), "recovery")
    turn_of(game, "B")
    hunter = unit_id(game, "Rangers-Guild Hunter")
    game.apply(change_token(hunter, "incapacitated"), HOST)  # at 0 HP once, then healed: its HP is above 0
    game.apply(EndTurn(), as_side("B", ALICE))
    (decision,) = game.state.pending.values()
    part = next(p for p in decision.parts if p.key == f"crouch.{hunter}")
    assert part.default == "stand"
    game.apply(Answer(decision_id=decision.id, answers={**decision.default_answers(), part.key: choice}),
               as_side("A", ALICE))
    settle(game)
    tokens = game.state.models[ModelId(hunter)].tokens
    assert "incapacitated" not in tokens
    assert ("crouched" in tokens) == (choice == "crouch")


def test_an_incapacitated_model_receives_no_activation_point() -> None:
    # L1756: it cannot receive AP, so Burning Resolve (L2288) gives it none. No shipped model knows Kitsune no Mai:
    # a test-only copy of the Flameweaver Noble does.
    noble = next(u for u in eldfall().data.units if u.name == "Flameweaver Noble")
    kitsune = noble.model_copy(update={"name": "Test Kitsune", "keywords": (
        *noble.keywords, "trait:Affinity (Fire)", "spellcraft:Kitsune no Mai I")})
    party = PartySpec(id="kitsune", name="Kitsune", faction="Helian League", game_size=60, leader="Test Kitsune",
                      members=(PartyMember(unit="Test Kitsune"), PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "resolve", system=eldfall(kitsune))
    turn_of(game, "B")
    caster, ally = ModelId("A1"), ModelId("A2")
    arrange(game, {caster: (25, 10, 90.0), ally: (25, 14, 270.0), "B1": (30, 30, 270.0)})
    game.apply(wound_model(ally, game.state.models[ally].wounds), HOST)  # 0 HP, by hand
    game.apply(change_token(ally, "incapacitated"), HOST)
    turn_of(game, "A")
    assert game.state.figures[ally].ap == 0
    game.apply(Activate(model=caster, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1,)), HOST)
    game.apply(Declare(kind="assist", means="burning-resolve", targets=((ally, 1),)), as_side("A", ALICE))
    settle(game)
    assert game.state.figures[ally].ap == 0
