"""Damage marked and what follows (the digest's T5 and the essence weaver's 3 VP), the Essence Attack's timing, T16's
abilities after a second action, and the events folding outcomes into the state without rules (Shroudfall beta
rulebook v1.4)."""

from __future__ import annotations

from engine.core import ModelId, SideId
from engine.systems.shroudfall.abilities import essence_attack_refusal
from engine.systems.shroudfall.damage import mark_damage
from engine.systems.shroudfall.events import ActivationEnded, ModelsDestroyed, ReserveChanged, RoundEnded
from engine.systems.shroudfall.rounds import activation_over
from engine.systems.shroudfall.state import Activation

from .tables import Put, Table

A, B = SideId("A"), SideId("B")
M = ModelId


def test_t5_a_model_is_destroyed_when_its_damage_equals_its_hp() -> None:
    # L380-382: Stormridge has 4 HP; 3 damage leaves her, a 4th destroys her.
    table = Table([Put("A1", "stormridge", 10, 10)])
    assert not mark_damage(table.world, M("A1"), 3).destroyed
    table.state.models[M("A1")].wounds_taken = 3
    marked = mark_damage(table.world, M("A1"), 2)
    assert marked.destroyed and marked.taken == 4 and marked.unit_destroyed and marked.vp_to is None


def test_an_essence_weaver_destroyed_scores_three_for_the_opponent() -> None:
    # L1248.
    table = Table([Put("A1", "adamant", 10, 10)])
    marked = mark_damage(table.world, M("A1"), 6)
    assert marked.weaver and marked.vp_to == B and "B scores 3 VP for an enemy ESSENCE WEAVER (L1248)" in marked.lines()
    ModelsDestroyed(models=(M("A1"),), unit="A1", unit_destroyed=True, points=24, weaver=True).apply(table.state)
    record = table.state.record(A)
    assert (record.weavers_lost, record.points_lost) == (1, 24) and M("A1") not in table.state.models


def test_the_essence_attack_is_a_weavers_between_actions_of_its_activation() -> None:
    # L883, L913.
    table = Table([Put("A1", "adamant", 10, 10), Put("A2", "stormridge", 12, 10)])
    assert "only in its own activation" in (essence_attack_refusal(table.world, A, M("A1")) or "")
    table.state.activation = Activation(unit="A1", side=A)
    assert essence_attack_refusal(table.world, A, M("A1")) is None
    assert "not an ESSENCE WEAVER" in (essence_attack_refusal(table.world, A, M("A2")) or "")


def test_t16_abilities_may_follow_a_last_action_that_is_not_a_second_move() -> None:
    # L893-897: Move then Attack; the activation does not end by itself, so Storms Embrace may still be used.
    table = Table([Put("A1", "razhu", 10, 10)])
    table.state.activation = Activation(unit="A1", side=A, actions=["move", "attack"])
    assert activation_over(table.state) is None


def test_events_fold_outcomes_into_the_state() -> None:
    table = Table([Put("A1", "razhu", 10, 10), Put("A2", "razhu", 14, 10), Put("B1", "razhu", 10, 30)])
    state = table.state
    state.token = A
    state.units["A2"].exhausted = True
    state.activation = Activation(unit="A1", side=A)
    ActivationEnded(unit="A1", cleared=("A2",)).apply(state)
    assert state.units["A1"].activated and not state.units["A2"].exhausted and state.activation is None
    assert state.record(A).activations == 1
    ReserveChanged(side=A, reserve=("red", "grey"), added=("red",), why="A1's essence value").apply(state)
    assert state.record(A).reserve == ["red", "grey"]
    state.units["A1"].effects = {"hold-the-line": "round", "passive:Parry": "activation", "x": "game"}
    RoundEnded(round=1, token=B).apply(state)
    assert state.record(A).reserve == [] and state.token == B and not state.units["A1"].activated
    assert state.units["A1"].effects == {"x": "game"}
    line = ReserveChanged(side=A, reserve=("grey",) * 10, added=("grey",), lost=("red",), why="X").describe()
    assert line == "A's essence +1G for X: reserve 10G (1R lost: the reserve holds at most 10, L831)."
