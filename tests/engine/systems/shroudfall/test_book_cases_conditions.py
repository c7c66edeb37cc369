"""Conditions checked case by case against the rulebook itself (Shroudfall rulebook v1.4): a Shake removes one,
Stunned forces the Shake first, Immunity keeps one off, a condition's damage goes to the most hurt model, and Burning
strikes at the end of the activation before the essence value comes in."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, ModelId, SideId
from engine.systems.shroudfall import play
from engine.systems.shroudfall.conditions import condition_damage_candidates, gained, shaken
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rounds import action_refusal
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.state import Activation

from .loader import load_shroudfall
from .tables import Put, Table, context, ended, playing

A = SideId("A")
M = ModelId
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)


def test_stunned_makes_the_first_action_the_shake_that_removes_it() -> None:
    # L1421: a Stunned unit's first action must be a Shake removing Stunned; after it, the unit acts freely. Forfeiting
    # its actions takes no action at all, which L551 allows at any point (ruling stunned-forfeit).
    table = Table([Put("A1", "razhu", 10, 10)], conditions={"A1": ["stunned", "burning"]})
    unit = table.state.units["A1"]
    table.state.activation = Activation(unit="A1", side=A)
    assert "first action must be a Shake" in (action_refusal(table.state, unit, "move") or "")
    assert "first action must be a Shake" in (action_refusal(table.state, unit, "attack") or "")
    with pytest.raises(IllegalCommand, match=r"must remove Stunned first \(L1421\)"):
        shaken(unit, "burning")
    assert action_refusal(table.state, unit, "forfeit") is None
    unit.conditions = list(shaken(unit, "stunned"))
    table.state.activation = Activation(unit="A1", side=A, actions=["shake"])
    assert action_refusal(table.state, unit, "move") is None


def test_immunity_keeps_its_condition_off_and_no_other() -> None:
    # L1345: Immunity (Burning) never gains Burning; it still gains other conditions. L815-817: conditions land on the
    # unit.
    table = Table([Put("A1", "razhu", 10, 10)], effects={"A1": {"passive:Immunity (Burning)": "game"}})
    assert gained(table.world, table.state.units["A1"], ["burning", "shocked"]) == (("shocked",), ("shocked",))


def test_condition_damage_goes_to_the_damaged_model_with_least_health_ties_to_the_controller() -> None:
    # L819: a condition's damage goes first to the damaged model with the lowest health left; between equals its
    # controller chooses.
    table = Table([Put(f"A{i}", "lawbringers", 8 + 2 * i, 10, unit="law") for i in (1, 2, 3)])
    unit = table.state.units["law"]
    table.state.models[M("A1")].wounds_taken = 1
    table.state.models[M("A3")].wounds_taken = 2
    assert condition_damage_candidates(table.state, unit) == ("A3",)
    table.state.models[M("A1")].wounds_taken = 2
    assert condition_damage_candidates(table.state, unit) == ("A1", "A3")


def test_burning_rolls_its_damage_at_the_activation_end_before_the_essence_value() -> None:
    # L1383, L1521-1522: Burning's damage roll (two yellow dice by ruling burning-damage) comes with the end of the
    # activation, before the unit adds its essence value; Razhu (ARM 5) takes 6 // 5 = 1.
    table = playing(Put("A1", "razhu", 10, 10), Put("B1", "razhu", 10, 30))
    table.state.units["A1"].conditions = ["burning"]
    ctx = context(table.state, 3, 3)
    play.activate(ctx, A, "A1")
    ended(ctx, REF, A)
    kinds = [e.kind for e in ctx.events]
    assert table.state.models[M("A1")].wounds_taken == 1 and table.state.record(A).reserve == ["red"]
    assert kinds.index("table.model-wounded") < kinds.index("shroudfall.reserve")


def test_a_unit_burnt_to_death_adds_no_essence_that_activation() -> None:
    # L1521-1522 (ruling burning-essence): destroyed before its essence value would be added, it adds none then.
    table = playing(Put("A1", "goblin-scouts", 10, 3), Put("A2", "razhu", 20, 3), Put("B1", "razhu", 10, 30))
    table.state.units["A1"].conditions = ["burning"]
    ctx = context(table.state, 3, 3)
    play.activate(ctx, A, "A1")
    ended(ctx, REF, A)
    assert M("A1") not in table.state.models and table.state.record(A).reserve == []


def test_burnings_damage_among_equally_hurt_models_goes_where_its_controller_says() -> None:
    # Shroudfall rules, L819: a condition's damage goes to the damaged model with the least health left, and on a tie
    # the controlling player decides; L1383: Burning's roll at the end of the activation. Neither Rifleman is hurt,
    # so A is asked and picks A2 (3 + 3 = 6 / ARM 5 = 1 damage). Before, the referee took the first.
    from .staged import act, choose, rig, staged

    game = staged(Put("A1", "riflemen", 10, 10, unit="R"), Put("A2", "riflemen", 11.5, 10, unit="R"),
                  Put("B9", "razhu", 30, 30))
    game.state.units["R"].conditions = ["burning"]
    act(game, A, "activate", model="R")
    rig(game, 3, 3)
    act(game, A, "end", model="R")
    assert choose(game, A, "A2") == ["A1", "A2"]
    assert (game.state.models[M("A1")].wounds_taken, game.state.models[M("A2")].wounds_taken) == (0, 1)
    assert game.state.activation is None
