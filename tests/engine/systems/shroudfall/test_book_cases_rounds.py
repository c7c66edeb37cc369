"""Game rounds and activations checked case by case against the rulebook itself (Shroudfall rulebook v1.4): whose
turn it is, the two actions, passing only when behind, the Activated and Exhausted tokens, the starting player token
passing each round, and the end after round five."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, ModelId, SideId
from engine.systems.shroudfall import play
from engine.systems.shroudfall.flow import end_round
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rounds import action_refusal, activation_over, exhausted_cleared
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.state import Activation

from .loader import load_shroudfall
from .tables import Put, context, ended, playing

A, B = SideId("A"), SideId("B")
M = ModelId
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)


def test_a_unit_activates_once_a_round_and_only_on_its_players_turn() -> None:
    # L537, L555: on your turn you activate one of your units without an Activated token.
    table = playing(Put("A1", "razhu", 10, 3), Put("A2", "razhu", 14, 3), Put("B1", "razhu", 10, 33))
    ctx = context(table.state)
    with pytest.raises(IllegalCommand, match="it is A's turn"):
        play.activate(ctx, B, "B1")
    with pytest.raises(IllegalCommand, match="not one of A's units"):
        play.activate(ctx, A, "B1")
    table.state.units["A1"].activated = True
    with pytest.raises(IllegalCommand, match=r"has an Activated token \(L555\)"):
        play.activate(ctx, A, "A1")


def test_two_actions_the_same_twice_allowed_a_second_move_ending_it_at_once() -> None:
    # L541: two actions, the same one twice if wished; L543: a second Move ends the activation at once, a Move then an
    # Attack does not end it by itself (abilities may still follow, L1519).
    table = playing(Put("A1", "razhu", 10, 3), Put("B1", "razhu", 10, 33))
    unit = table.state.units["A1"]
    table.state.activation = Activation(unit="A1", side=A, actions=["attack"])
    assert action_refusal(table.state, unit, "attack") is None
    table.state.activation = Activation(unit="A1", side=A, actions=["attack", "attack"])
    assert "has taken its two actions (L541)" in (action_refusal(table.state, unit, "shake") or "")
    table.state.activation = Activation(unit="A1", side=A, actions=["move", "attack"])
    assert activation_over(table.state) is None
    table.state.activation = Activation(unit="A1", side=A, actions=["attack", "move"])
    assert activation_over(table.state) is None
    table.state.activation = Activation(unit="A1", side=A, actions=["move", "move"])
    assert activation_over(table.state) == "a second move action ends the activation, L543"


def test_passing_only_with_fewer_units_left_and_the_opponent_goes_at_once() -> None:
    # L569-571: a player may pass only with fewer units without an Activated token than the opponent, who then
    # activates another unit at once.
    table = playing(Put("A1", "razhu", 10, 3), Put("B1", "razhu", 10, 33), Put("B2", "razhu", 14, 33))
    ctx = context(table.state)
    play.pass_turn(ctx, A)
    assert table.state.turn == B
    table.state.turn = B
    with pytest.raises(IllegalCommand, match=r"only with fewer units left to activate than the opponent \(L571\)"):
        play.pass_turn(ctx, B)
    table.state.units["B2"].activated = True
    with pytest.raises(IllegalCommand, match="L571"):
        play.pass_turn(ctx, B)  # one against one


def test_a_lone_exhausted_unit_loses_its_token_once_it_has_activated() -> None:
    # L563, L1181: once a player has concluded a unit's activation, every Exhausted token of theirs goes, also that
    # of the unit that just activated (as the only one left it was allowed to go first); it does not carry it on.
    table = playing(Put("A1", "razhu", 10, 3), Put("B1", "razhu", 10, 33))
    state = table.state
    state.round, state.token, state.turn = 2, B, B
    state.units["B1"].exhausted = True
    assert exhausted_cleared(state, state.units["B1"], exhausted_now=False) == ("B1",)
    ctx = context(state)
    play.activate(ctx, B, "B1")
    ended(ctx, REF, B)
    assert state.units["B1"].activated and not state.units["B1"].exhausted


def test_the_starting_token_passes_each_round_and_its_new_holder_starts() -> None:
    # L1171, L1180, L1509: at the round's end the starting player token passes to the other player, who activates
    # the first unit of the next round.
    table = playing(Put("A1", "razhu", 10, 3), Put("B1", "razhu", 10, 33))
    state = table.state
    state.units["A1"].activated = state.units["B1"].activated = True
    end_round(context(state), REF)
    assert (state.round, state.token, state.turn) == (2, B, B)
    state.units["A1"].activated = state.units["B1"].activated = True
    end_round(context(state), REF)
    assert (state.round, state.token, state.turn) == (3, A, A)


def test_the_game_ends_after_round_five_with_the_vp_leader() -> None:
    # L533, L1252: five game rounds; at the end of the fifth, with models on both sides and no scenario win, the
    # player leading in VP wins. The fourth round's end starts a fifth.
    table = playing(Put("A1", "razhu", 10, 3), Put("B1", "razhu", 10, 33))
    state = table.state
    state.record(A).vp, state.record(B).vp = 2, 1
    state.round = 4
    state.units["A1"].activated = state.units["B1"].activated = True
    end_round(context(state), REF)
    assert state.outcome is None and state.round == 5
    state.units["A1"].activated = state.units["B1"].activated = True
    end_round(context(state), REF)
    assert state.outcome is not None and state.outcome.winner == A
