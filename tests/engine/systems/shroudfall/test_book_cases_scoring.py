"""Scoring and winning checked case by case against the rulebook itself (Shroudfall rulebook v1.4): CONTROL by model
count within 1", the Crystal Mine's crystal once a round, the 3 VP for an essence weaver whatever destroyed it, the
scenario lead, annihilation disregarding VP, and the tie-breakers in their order."""

from __future__ import annotations

from engine.core import ModelId, SideId
from engine.systems.shroudfall import play
from engine.systems.shroudfall.flow import end_round
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.scoring import control_counts, controller, scenario_threshold, tie_breakers
from engine.systems.shroudfall.state import Element

from .loader import load_shroudfall
from .staged import act, rig, staged
from .tables import Put, Table, context, ended, playing

A, B = SideId("A"), SideId("B")
M = ModelId
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)
INTRO = "captivating-crystal-creations"
MINE_RADIUS = 50 / 25.4 / 2


def _mine(x: float = 18, y: float = 18) -> Element:
    return Element(id="E1", name="Crystal Mine", scenario=INTRO, x=x, y=y, base_mm=50, keywords=["CONTROL"])


def test_control_goes_to_more_models_within_one_inch_and_equal_numbers_to_nobody() -> None:
    # L1223: at a round's end the player with more models than the enemy within 1" of a CONTROL element controls it.
    edge = 18 + MINE_RADIUS + 0.787
    table = Table([Put("A1", "razhu", 18, edge + 1.0), Put("A2", "razhu", 18, 18 - MINE_RADIUS - 0.787 - 1.05),
                   Put("B1", "razhu", 18 + MINE_RADIUS + 0.787 + 0.5, 18)])
    mine = _mine()
    assert control_counts(table.world, mine) == {A: 1, B: 1} and controller(table.world, mine) is None
    table.state.models[M("A2")].y += 0.1  # now within 1"
    assert control_counts(table.world, mine) == {A: 2, B: 1} and controller(table.world, mine) == A


def test_a_crystal_mine_gives_a_crystal_to_the_first_unit_ending_beside_it_once_a_round() -> None:
    # L1289: the first time a friendly unit ends its activation within 1" of a Crystal Mine its player adds a
    # crystal, by where the mine lies (here the middle line: yellow, L1292); once a round per mine (ruling
    # scenario-turn).
    table = playing(Put("A1", "razhu", 18, 16.5), Put("A2", "razhu", 16.5, 18), Put("B1", "razhu", 18, 19.5))
    state = table.state
    state.scenarios = [INTRO]
    state.elements["E1"] = _mine()
    ctx = context(state)
    play.activate(ctx, A, "A1")
    ended(ctx, REF, A)
    assert state.record(A).reserve == ["yellow", "red"]  # the mine's crystal, then Razhu's essence value
    play.activate(ctx, B, "B1")
    ended(ctx, REF, B)
    assert state.record(B).reserve == ["red"]


def test_an_essence_weaver_destroyed_gives_its_enemy_three_vp_whatever_destroyed_it() -> None:
    # L1248: when an enemy essence weaver is destroyed its enemy scores 3 VP at once, even when its own Burning did it.
    table = playing(Put("A1", "adamant", 10, 3), Put("A2", "razhu", 20, 3), Put("B1", "razhu", 10, 33))
    table.state.units["A1"].conditions = ["burning"]
    table.state.models[M("A1")].wounds_taken = 5
    ctx = context(table.state, 3, 3)
    play.activate(ctx, A, "A1")
    ended(ctx, REF, A)
    assert M("A1") not in table.state.models and table.state.record(B).vp == 3


def test_a_scenario_lead_of_the_vp_of_the_scenarios_played_wins_at_the_rounds_end() -> None:
    # L1196-1198 (ruling scenario-win): ahead by the sum of the scenarios' VP values at the end of any round wins;
    # with the introductory scenario alone (VP 3, L1283) a lead of 3 after round 1 ends the game.
    intro = load_shroudfall().scenario(INTRO)
    assert scenario_threshold([intro]) == 3 and scenario_threshold([intro, intro]) == 6
    table = playing(Put("A1", "razhu", 10, 3), Put("B1", "razhu", 10, 33))
    state = table.state
    state.scenarios = [INTRO]
    state.record(A).vp, state.record(B).vp = 4, 1
    state.units["A1"].activated = state.units["B1"].activated = True
    end_round(context(state), REF)
    assert state.outcome is not None and state.outcome.winner == A and state.round == 1


def test_destroying_every_enemy_model_wins_at_once_whatever_the_vp() -> None:
    # L1254-1256: when every enemy model is destroyed the game ends and the player with models left wins,
    # disregarding victory points.
    game = staged(Put("A1", "razhu", 10, 10), Put("B1", "goblin-scouts", 10, 12))
    game.state.record(B).vp = 9
    act(game, A, "activate", model="A1")
    rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
    act(game, A, "attack", model="A1", target="B1")
    outcome = game.state.outcome
    assert outcome is not None and outcome.winner == A and outcome.reason.value == "elimination"


def test_the_tie_breakers_come_in_their_order() -> None:
    # L1258-1267: fewer essence weavers lost, then fewer army points lost, then more red, yellow, grey crystals,
    # then a roll-off with a grey die; each is read only when the ones before it are level.
    table = playing(Put("A1", "razhu", 10, 3), Put("B1", "razhu", 10, 33))
    a, b = table.state.record(A), table.state.record(B)
    a.weavers_lost, a.points_lost, b.weavers_lost, b.points_lost = 1, 24, 0, 60
    assert tie_breakers(table.state, lambda: A)[0] == B  # one weaver lost outweighs fewer points lost
    a.weavers_lost = 0
    a.reserve, b.reserve = [], ["red"] * 3
    assert tie_breakers(table.state, lambda: B)[0] == A  # fewer points lost outweighs the crystals
    a.points_lost = b.points_lost = 24
    a.reserve, b.reserve = ["red"], ["yellow"] * 5
    assert tie_breakers(table.state, lambda: B)[0] == A  # one red outweighs five yellow
    b.reserve = ["red"]
    winner, lines = tie_breakers(table.state, lambda: B)
    assert winner == B and "a roll-off with a grey die" in lines[-1]
