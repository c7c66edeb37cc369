"""Setup, rounds and winning as the rulebook gives them (the digest's T24, T25 and its rule-derived seeds), citing
Shroudfall beta rulebook v1.4."""

from __future__ import annotations

from dataclasses import replace

from engine.core import ModelId, SideId, TerrainMark
from engine.systems.shroudfall.rounds import (
    action_refusal,
    activation_over,
    eligible_units,
    ends_exhausted,
    essence_at_activation_end,
    essence_at_round_start,
    may_pass,
    next_turn,
)
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.scoring import (
    control_counts,
    controller,
    mine_crystal,
    mine_place,
    scenario_lead_winner,
    sole_survivor,
    tie_breakers,
)
from engine.systems.shroudfall.setup import (
    Placing,
    deploy_refusal,
    deployment_turn,
    draw_scenarios,
    leadership_options,
    piece_outline,
    terrain_order,
    terrain_refusal,
    veto_refusal,
)
from engine.systems.shroudfall.state import Activation, Element

from .loader import load_shroudfall
from .tables import Put, Table, deploying

A, B = SideId("A"), SideId("B")
M = ModelId


def test_t25_the_same_scenario_drawn_twice() -> None:
    # L1112: the starting player discards their draw and plays their other remaining scenario.
    played, lines = draw_scenarios({A: ["s1", "s2"], B: ["s3", "s1"]}, {A: 0, B: 1}, token=A)
    assert played == ("s2", "s1") and "holding the starting player token, discards it and plays s2" in lines[-1]
    assert draw_scenarios({A: ["s1", "s2"], B: ["s3", "s1"]}, {A: 1, B: 0}, token=A)[0] == ("s2", "s3")


def test_a_veto_names_one_of_the_opponents_scenarios() -> None:
    # L1108.
    table = Table([Put("A1", "adamant", 10, 3)])
    table.state.record(B).scenarios = ["s1", "s2", "s3"]
    assert veto_refusal(table.state, A, "s2") is None
    assert "is not one of B's scenarios" in (veto_refusal(table.state, A, "s9") or "")


def test_the_terrain_order_gives_a_three_mains_and_b_two() -> None:
    # L1120-1128.
    order = terrain_order(A, B, DEFAULT_RULINGS)
    assert [(s, k, h) for s, k, h in order if k == "main"] == [
        (A, "main", "own-half"), (B, "main", "own-half"), (A, "main", "anywhere"), (B, "main", "own-half"),
        (A, "main", "anywhere")]
    loose = terrain_order(A, B, replace(DEFAULT_RULINGS, terrain_loop="anywhere"))
    assert loose[6] == (B, "main", "anywhere")


def _forest(at: tuple[float, float]) -> Placing:
    card = load_shroudfall().terrain_card("small-woodland")
    return Placing(piece_outline(card.main, at, 0), main=True)


def test_terrain_distances_are_checked_on_the_table() -> None:
    # L1132-1136: a main 3" from a deployment edge is refused; a side piece 5" from its main, or 1.5" from it under
    # the literal 2" rule, is refused.
    world = Table([]).world
    assert "keeps 4\" from both deployment edges" in (terrain_refusal(world, _forest((18, 5.2))) or "")
    assert terrain_refusal(world, _forest((18, 10))) is None
    card = load_shroudfall().terrain_card("small-woodland")
    main = piece_outline(card.main, (18, 18), 0)
    table = Table([])
    table.state.terrain["T1"] = TerrainMark(id="T1", kind="forest", polygon=tuple(main.exterior.coords)[:-1])
    far = Placing(piece_outline(card.sides[0], (18, 28.2), 0), main=False, main_outline=main)
    near = Placing(piece_outline(card.sides[0], (18, 24.5), 0), main=False, main_outline=main)
    good = Placing(piece_outline(card.sides[0], (18, 25.5), 0), main=False, main_outline=main)
    assert "within 4\" of its main piece" in (terrain_refusal(table.world, far) or "")
    assert "keeps 2\" from the others" in (terrain_refusal(table.world, near) or "")
    table.rulings = replace(DEFAULT_RULINGS, side_piece_gap="own-main-exempt")
    assert terrain_refusal(table.world, near) is None
    assert terrain_refusal(table.world, good) is None


def _deploying() -> Table:
    return deploying((), ("A-scouts", "goblin-scouts", A), ("A-law", "lawbringers", A), ("B-sent", "sentinels", B))


def test_deployment_within_six_inches_and_scout_adds() -> None:
    # L1145, L1367: part of the base within 6" suffices; Scout (3") reaches 9".
    table = _deploying()
    law = table.state.units["A-law"]
    ok = {M("A-law-1"): (10, 6.5), M("A-law-2"): (12, 6.5), M("A-law-3"): (14, 6.5)}
    assert deploy_refusal(table.world, A, law, ok) is None
    too_far = {**ok, M("A-law-3"): (14, 6.8)}
    refusal = deploy_refusal(table.world, A, law, too_far) or ""
    assert 'units deploy within 6" of their own table edge (L1145)' in refusal
    scouts = table.state.units["A-scouts"]
    forward = {M("A-scouts-1"): (10, 9.4), M("A-scouts-2"): (11.5, 9.4), M("A-scouts-3"): (13, 9.4)}
    assert deploy_refusal(table.world, A, scouts, forward) is None
    apart = {**ok, M("A-law-3"): (20, 6.5)}
    assert "must deploy in coherency" in (deploy_refusal(table.world, A, law, apart) or "")
    overlapping = {**ok, M("A-law-2"): (10.8, 6.5)}
    assert "may not end overlapping" in (deploy_refusal(table.world, A, law, overlapping) or "")


def test_players_deploy_alternately_from_the_starting_player() -> None:
    # L1141, L1154.
    table = _deploying()
    assert deployment_turn(table.state) == A
    table.state.units["A-law"].deployed = True
    assert deployment_turn(table.state) == B
    table.state.units["B-sent"].deployed = True
    assert deployment_turn(table.state) == A  # B has nothing left; A deploys the rest


def test_leadership_comes_from_essence_weavers_only() -> None:
    # L476, L480.
    table = Table([Put("A1", "adamant", 10, 3), Put("A2", "stormridge", 12, 3)])
    assert leadership_options(table.world, A) == [
        ("A1/tactical-advisor", "Tactical Advisor (Count Wealton Adamant, the Third)")]


def _rounds(*units: tuple[str, str]) -> Table:
    table = Table([Put(ident, card, 5 + 3 * n, 3 if ident[0] == "A" else 33) for n, (ident, card) in enumerate(units)])
    table.state.step, table.state.token, table.state.turn = "rounds", A, A
    return table


def test_passing_only_when_behind_on_units_left() -> None:
    # L571: 2 against 4 may pass; 3 against 3 may not.
    table = _rounds(*((ident, "razhu") for ident in ("A1", "A2", "B1", "B2", "B3", "B4")))
    assert may_pass(table.state, A) and not may_pass(table.state, B)
    table.state.units["B1"].activated = table.state.units["B2"].activated = True
    assert not may_pass(table.state, A)  # 2 against 2


def test_exhausted_units_wait_for_their_players_first_activation() -> None:
    # L563, L1181: the non-starting player's last unit is Exhausted; next round it cannot go first unless alone.
    table = _rounds(("A1", "razhu"), ("B1", "razhu"), ("B2", "razhu"))
    table.state.token = A
    table.state.units["B1"].activated = True
    assert ends_exhausted(table.state, table.state.units["B2"])
    table.state.units["B2"].exhausted = True
    table.state.units["B1"].activated = False
    assert [u.id for u in eligible_units(table.state, B)] == ["B1"]
    table.state.units["B1"].activated = True
    assert [u.id for u in eligible_units(table.state, B)] == ["B2"]  # only Exhausted units left


def test_turns_alternate_and_the_player_with_units_left_goes_on() -> None:
    # L1158.
    table = _rounds(("A1", "razhu"), ("B1", "razhu"), ("B2", "razhu"))
    assert next_turn(table.state, A) == B
    table.state.units["A1"].activated = True
    assert next_turn(table.state, B) == B


def test_a_second_move_ends_the_activation_and_stunned_shakes_first() -> None:
    # L543, L1421.
    table = _rounds(("A1", "razhu"))
    table.state.activation = Activation(unit="A1", side=A, actions=["move", "move"])
    assert activation_over(table.state) == "a second move action ends the activation, L543"
    table.state.activation = Activation(unit="A1", side=A)
    table.state.units["A1"].conditions = ["stunned"]
    assert "first action must be a Shake" in (action_refusal(table.state, table.state.units["A1"], "attack") or "")


def test_essence_from_activations_and_from_destroyed_units() -> None:
    # L845, L1389, L849: Void adds nothing; a destroyed unit adds its value at each round start.
    table = _rounds(("A1", "razhu"), ("A2", "razhu"))
    unit = table.state.units["A1"]
    assert essence_at_activation_end(table.state, unit, ("red",)) == ("red",)
    unit.conditions = ["void"]
    assert essence_at_activation_end(table.state, unit, ("red",)) == ()
    del table.state.models[M("A2")]
    assert essence_at_round_start(table.state, A, {"A1": ("red",), "A2": ("red",)}) == ("red",)


def test_t24_claim_ground_counts_twice_for_control() -> None:
    # L1223, L1305: more models within 1" controls; Claim Ground (2) counts as 2.
    table = Table([Put("A1", "razhu", 18, 16.2), Put("B1", "razhu", 18, 19.8), Put("B2", "razhu", 19.9, 18)])
    mine = Element(id="E1", name="Crystal Mine", scenario="s", x=18, y=18, base_mm=50, keywords=["CONTROL"])
    assert control_counts(table.world, mine) == {A: 1, B: 2} and controller(table.world, mine) == B
    table.state.units["A1"].effects = {"passive:Claim Ground (2)": "round"}
    assert controller(table.world, mine) is None  # 2 against 2


def test_crystal_mines_by_where_they_lie() -> None:
    # L1291-1293.
    table = Table([])
    table.state.record(A).edge, table.state.record(B).edge = "bottom", "top"
    mine = Element(id="E1", name="Crystal Mine", scenario="s", x=9, y=13, base_mm=50, keywords=["CONTROL"])
    assert mine_place(table.state, mine, A) == "own-half" and mine_place(table.state, mine, B) == "opponent-half"
    assert mine_place(table.state, mine.model_copy(update={"y": 18}), B) == "middle"
    intro = load_shroudfall().scenario("captivating-crystal-creations")
    assert mine_crystal(table.state, mine, B, intro, DEFAULT_RULINGS) == "red"
    assert mine_crystal(table.state, mine, B, intro, replace(DEFAULT_RULINGS, crystal_colours="all-yellow")) == "yellow"


def test_winning_by_scenario_lead_annihilation_and_tie_breakers() -> None:
    # L1198 (ruling scenario-win): two 3-VP scenarios, a lead of 6 wins; L1256; L1258-1267.
    assert scenario_lead_winner({A: 7, B: 1}, 6, DEFAULT_RULINGS) == A
    assert scenario_lead_winner({A: 7, B: 2}, 6, DEFAULT_RULINGS) is None
    assert scenario_lead_winner({A: 6, B: 2}, 6, replace(DEFAULT_RULINGS, scenario_win="total-reached")) == A
    table = _rounds(("A1", "razhu"), ("B1", "razhu"))
    assert sole_survivor(table.state) == (False, None)
    del table.state.models[M("B1")]
    assert sole_survivor(table.state) == (True, A)
    table.state.record(A).points_lost, table.state.record(B).points_lost = 21, 21
    table.state.record(A).reserve, table.state.record(B).reserve = ["red"], ["red", "grey"]
    winner, lines = tie_breakers(table.state, lambda: A)
    assert winner == B and lines[-1] == "more grey crystals (L1266): A 0, B 1"
    table.state.record(B).reserve = ["red"]
    assert tie_breakers(table.state, lambda: A)[0] == A


def test_the_pre_game_roll_off_adds_up_essence_dice_and_ties_roll_again() -> None:
    # L1088 (ruling roll-off-pool: one yellow die each, as L164), L1267 (ruling roll-off-ties: roll again).
    from engine.checks import roll_off
    from engine.dice import Roller
    from engine.systems.shroudfall.essence import pool_dice
    from engine.systems.shroudfall.setup import roll_off_pool

    roller = Roller("seed", rigged=[2, 2, 3, "blank"])
    dice = pool_dice(roll_off_pool(DEFAULT_RULINGS))
    result = roll_off([A, B], lambda players: {p: sum(r.value for r in roller.roll_pool(dice)) for p in players},
                      lowest_wins=False)
    assert result.winner == A and len(result.rounds) == 2
