"""Activations and rounds played through the core's Context: a move and an attack with their events, the essence
value at the end, the turn passing, a second move ending the activation, the round's scoring and clean-up, and
annihilation (Shroudfall beta rulebook v1.4, L535-571, L725-770, L1160-1184, L1256)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Actor, Context, IllegalCommand, ModelId, SideId, UserId
from engine.dice import Roller
from engine.systems.shroudfall.flow import end_round
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.state import Element, ShroudfallState

from .loader import load_shroudfall
from .staged import act, rig, staged
from .tables import Put, Table

A, B = SideId("A"), SideId("B")
M = ModelId
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)


def _ctx(state: ShroudfallState, *faces: int | str) -> Context[Any]:
    return Context(None, state, Roller("seed", rigged=list(faces)), Actor(UserId("u")),  # type: ignore[arg-type]
                   lambda events: state, lambda *args: None)


def _game(*puts: Put) -> Table:
    table = Table(list(puts))
    state = table.state
    state.step, state.token, state.turn, state.round = "rounds", A, A, 1
    state.record(A).edge, state.record(B).edge = "bottom", "top"
    return table


def test_an_activation_moves_attacks_gains_essence_and_passes_the_turn() -> None:
    game = staged(Put("A1", "razhu", 10, 10), Put("B1", "razhu", 10, 18))
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="10,16.2")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
    seen = len(game.log)
    act(game, A, "attack", model="A1", target="B1")
    assert game.state.models[M("B1")].wounds_taken == 2  # 13 // ARM 5
    attack = next(e.body for e in game.log[seen:] if e.kind == "shroudfall.attack")
    assert attack.describe() == ("A1 attacks B1 with Dragonclaw: hit 1R+3Y [Y3 Y3 Y3 R4] = 13 vs DEF 4 (critical at "
                                 "8): critical hit; damage 1R+3Y [Y3 Y3 Y3 R4] = 13 / ARM 5 = 2: 2 damage.")
    assert game.state.record(A).reserve == ["red"] and game.state.units["A1"].activated
    assert game.state.turn == B and game.log[-1].kind == "shroudfall.turn"


def test_a_refused_action_changes_nothing() -> None:
    game = staged(Put("A1", "razhu", 10, 10), Put("B1", "razhu", 10, 30))
    with pytest.raises(IllegalCommand, match="it is side A's turn"):
        act(game, B, "activate", model="B1")
    act(game, A, "activate", model="A1")
    before = game.state.fingerprint()
    out_of_reach = r"no enemy is within range and sight of A1's weapons now \(L681-688, L729\)"
    with pytest.raises(IllegalCommand, match=out_of_reach):
        act(game, A, "attack", model="A1", target="B1")
    with pytest.raises(IllegalCommand, match="needs"):
        act(game, A, "move", model="A1", to="10,25")
    assert game.state.fingerprint() == before


def test_a_second_move_ends_the_activation() -> None:
    game = staged(Put("A1", "razhu", 10, 10), Put("B1", "razhu", 10, 30))
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="10,12")
    assert game.state.activation is not None
    seen = len(game.log)
    act(game, A, "move", model="A1", to="10,14")
    assert game.state.activation is None and game.state.units["A1"].activated
    ended = next(e.body for e in game.log[seen:] if e.kind == "shroudfall.activation-ended")
    assert "ends (a second move action ends the activation, L543): " in ended.describe(), "one citation, not nested"


def test_the_round_ends_with_scoring_the_token_passing_and_a_new_round() -> None:
    table = _game(Put("A1", "razhu", 18, 16.5), Put("B1", "razhu", 10, 30))
    state = table.state
    state.scenarios = ["captivating-crystal-creations"]
    state.elements["E1"] = Element(id="E1", name="Crystal Mine", scenario="captivating-crystal-creations", x=18,
                                   y=18, base_mm=50, keywords=["CONTROL"])
    state.units["A1"].activated = state.units["B1"].activated = True
    state.record(A).reserve = ["grey"]
    ctx = _ctx(state)
    end_round(ctx, REF)
    assert state.record(A).vp == 1 and state.round == 2 and state.token == B and state.turn == B
    assert state.record(A).reserve == [] and not state.units["A1"].activated


def _listed() -> tuple[Table, Context[Any]]:
    from engine.systems.shroudfall.setting_up import field_armies

    table = Table([])
    ctx = _ctx(table.state)
    field_armies(ctx, REF, {A: "silver-line-vanguard", B: "chosen-stormhost"})
    table.state.token, table.state.first_terrain = A, A
    table.state.record(A).edge, table.state.record(B).edge = "bottom", "top"
    return table, ctx


def test_vetoes_then_a_draw_from_what_is_left_with_the_duplicate_rule() -> None:
    # L1108-1112: A vetoes B's dreaded-dragons-domain, B vetoes A's legendary-ley-line; both draw the shared
    # captivating-crystal-creations: A, holding the starting token, plays its other scenario.
    from engine.systems.shroudfall.setting_up import play_scenarios

    table, ctx = _listed()
    ctx.roller.rig([1, 1])  # each side's first remaining card: captivating-crystal-creations for both
    play_scenarios(ctx, REF, {A: "dreaded-dragons-domain", B: "legendary-ley-line"})
    assert table.state.scenarios == ["monumental-mine-mountain", "captivating-crystal-creations"]
    assert len(table.state.elements) == 3 and table.state.step == "terrain"
    with pytest.raises(IllegalCommand, match="is not one of B's scenarios"):
        play_scenarios(_listed()[1], REF, {A: "legendary-ley-line", B: "dreaded-dragons-domain"})


def test_a_terrain_piece_is_left_out_only_when_no_spot_is_legal() -> None:
    # L1137.
    from engine.systems.shroudfall.setting_up import next_terrain, place_terrain, skip_terrain

    table, ctx = _listed()
    table.state.step = "terrain"
    assert next_terrain(ctx, REF) == (A, None, None)
    with pytest.raises(IllegalCommand, match=r"may still stand somewhere, for one at .* \(L1137\)"):
        skip_terrain(ctx, REF, A, "granite-enclave")
    with pytest.raises(IllegalCommand, match="keeps 4\" from both deployment edges"):
        place_terrain(ctx, REF, A, "granite-enclave", (18, 5))
    place_terrain(ctx, REF, A, "granite-enclave", (18, 10))
    assert next_terrain(ctx, REF) == (B, "granite-enclave", "T1")
