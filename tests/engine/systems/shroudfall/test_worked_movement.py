"""Moving, coherency, placing and pushing as the rulebook's examples and rules give them (the digest's T8-T10, T12,
T19 and its rule-derived seeds), citing Shroudfall beta rulebook v1.4."""

from __future__ import annotations

import math

import pytest

from engine.core import IllegalCommand, ModelId
from engine.systems.shroudfall.movement import (
    coherency_range,
    in_coherency,
    move_tool,
    place_refusal,
    plan_model_move,
    push_model,
)

from .tables import Put, Scenery, Table, square

M = ModelId


def test_t8_a_base_wider_than_a_gap_passes_it_when_the_tool_fits() -> None:
    # L588: the Bruiser's 40 mm base is wider than the gap between two IMPASSABLE boulders; the 1" tool is not.
    boulders = [Scenery("T1", "Boulder", "linear", ("Linear Terrain", "Impassable"), square(12, 10.6, 2, 2.4)),
                Scenery("T2", "Boulder", "linear", ("Linear Terrain", "Impassable"), square(12, 7, 2, 2.4))]
    world = Table([Put("A1", "brawlers", 10, 10)], boulders).world
    move = plan_model_move(world, M("A1"), (16, 10))
    assert move.tool == "M" and move.path.start[1] == 10
    with pytest.raises(IllegalCommand, match="may not end on T1"):
        plan_model_move(world, M("A1"), (13, 11.2))


def test_a_move_reaches_the_tool_plus_the_base_and_no_further() -> None:
    # L583-585 with ruling mov-lengths (M is 5"): a 32 mm base reaches 5" + 1.26".
    world = Table([Put("A1", "adamant", 10, 10)]).world
    reach = 5 + 32 / 25.4
    plan_model_move(world, M("A1"), (10 + reach, 10))
    with pytest.raises(IllegalCommand, match=r'needs 5\.20" of tool, the MOV M tool is 5" long'):
        plan_model_move(world, M("A1"), (10 + reach + 0.2, 10))


def test_a_shorter_tool_may_always_be_chosen_and_frostbite_makes_it_short() -> None:
    table = Table([Put("A1", "adamant", 10, 10)])
    assert move_tool(table.world, M("A1"), wanted="S")[0] == "S"
    table.state.units["A1"].conditions = ["frostbite"]
    mov, why = move_tool(table.world, M("A1"))
    assert mov == "S" and "Frostbite: MOV S (L1401)" in why


def test_rough_terrain_shortens_the_tool_unless_pathfinder() -> None:
    # L1453: the tool or the base at either end over ROUGH terrain takes the next shorter tool; L454, L1355.
    rough = Scenery("T1", "Forest", "area", ("Area Terrain", "Rough (Forest)"), square(12, 8, 2, 4))
    table = Table([Put("A1", "adamant", 10, 10), Put("A2", "sentinels", 10, 20)], [rough])
    with pytest.raises(IllegalCommand, match=r'Rough terrain T1: MOV S \(L1453\) makes it 3"'):
        plan_model_move(table.world, M("A1"), (15.5, 10))
    table.state.models[M("A2")].y = 10.0
    table.state.models[M("A1")].y = 20.0
    assert plan_model_move(table.world, M("A2"), (15.5, 10)).tool == "M"  # Pathfinder (Forest)


def test_the_tool_hovers_over_bases_only_for_flying_or_nimble() -> None:
    # L630-634, L1335, L1349.
    blockers = [Put(f"A{i}", "phalanx", 12, y, unit="wall") for i, y in enumerate((7, 8.3, 9.6, 10.9, 12.2), 2)]
    walled = Table([Put("A1", "adamant", 10, 10), *blockers]).world
    with pytest.raises(IllegalCommand, match="overlaps"):
        plan_model_move(walled, M("A1"), (14.5, 10))
    flier = Table([Put("A1", "dragons", 10, 10), *blockers]).world
    assert plan_model_move(flier, M("A1"), (14.5, 10)).path.joint[1] == 10


def test_t19_a_model_in_melee_stays_in_melee_without_parry() -> None:
    # L654: without Parry it may move only while staying in melee with the same enemies; Disengage gives Parry.
    world = Table([Put("A1", "brawlers", 10, 10), Put("B1", "razhu", 11.9, 10)]).world
    with pytest.raises(IllegalCommand, match=r"A1 is in melee with B1 and may not leave it without Parry"):
        plan_model_move(world, M("A1"), (6, 10))
    plan_model_move(world, M("A1"), (11.0, 11.6))  # still in melee
    plan_model_move(world, M("A1"), (6, 10), parry=True)


def test_t9_coherency_uses_the_starting_strength() -> None:
    # L598, L612: 2" up to 4 models, 1" from 5; B far from the others breaks coherency.
    puts = [Put("A1", "sentinels", 10, 10, unit="u"), Put("A2", "sentinels", 12, 10, unit="u"),
            Put("A3", "sentinels", 14, 10, unit="u")]
    table = Table(puts)
    unit = table.state.units["u"]
    assert coherency_range(unit) == 2.0 and in_coherency(table.world, unit)
    assert not in_coherency(table.world, unit, {M("A2"): (12, 14)})
    phalanx = Table([Put(f"A{i}", "phalanx", 10 + 2.5 * i, 10, unit="p") for i in range(1, 6)])
    unit = phalanx.state.units["p"]
    assert coherency_range(unit) == 1.0 and not in_coherency(phalanx.world, unit)  # 1.24" gaps
    del phalanx.state.models[M("A5")]
    assert coherency_range(unit) == 1.0 and not in_coherency(phalanx.world, unit)  # still 1" after a loss
    unit.starting = 4
    assert in_coherency(phalanx.world, unit)


def test_t10_a_place_ignores_what_lies_between_but_not_where_it_lands() -> None:
    # L620, L660-663: within 2" a part of the base suffices; completely within all of it; never on a base or
    # IMPASSABLE or LINEAR terrain.
    wall = Scenery("T1", "Wall", "linear", ("Linear Terrain",), square(11.2, 8, 0.3, 2.8))
    world = Table([Put("A1", "sages", 10, 10), Put("B1", "dragons", 12.5, 10)], [wall]).world
    assert place_refusal(world, M("A1"), (12.3, 12.3), reference="A1", within=2) is None
    assert "not be completely within" in (place_refusal(world, M("A1"), (12.3, 12.3), reference="A1", within=2,
                                                     completely=True) or "")
    assert "may not end overlapping B1" in (place_refusal(world, M("A1"), (12.8, 11.4), reference="A1",
                                                          within=2) or "")
    assert "may not end on T1" in (place_refusal(world, M("A1"), (11.0, 8.6), reference="A1", within=2) or "")


def test_t12_pushes_go_straight_and_stop_at_what_they_touch() -> None:
    # L645, L667: a push is a straight line; it stops on contact with a model or LINEAR terrain.
    wall = Scenery("T1", "Wall", "linear", ("Linear Terrain",), square(12.2, 8, 0.4, 4))
    world = Table([Put("A1", "adamant", 10, 10), Put("B1", "razhu", 8.5, 10)], [wall]).world
    push = push_model(world, M("A1"), 0.0, 3.0, by="B")
    assert push.stopped_by == ("T1",) and math.isclose(push.end[0], 12.2 - 32 / 25.4 / 2, abs_tol=0.01)


def test_rooted_and_hold_the_line_refuse_enemy_pushes_frostbite_friendly_ones() -> None:
    # L1365, L513, L1401.
    table = Table([Put("A1", "phalanx", 10, 10), Put("A2", "adamant", 15, 15)])
    with pytest.raises(IllegalCommand, match="Rooted"):
        push_model(table.world, M("A1"), 0.0, 1.0, by="B")
    table.state.units["A2"].effects = {"hold-the-line": "round"}
    with pytest.raises(IllegalCommand, match="Hold the Line!"):
        push_model(table.world, M("A2"), 0.0, 1.0, by="B")
    table.state.units["A2"].conditions = ["frostbite"]
    with pytest.raises(IllegalCommand, match="Frostbite"):
        push_model(table.world, M("A2"), 0.0, 1.0, by="A")


def test_t18_follow_up_pushes_the_target_away_then_the_attacker_after_it() -> None:
    # L957-959: the Bruiser hits Razhu; Razhu is pushed 1" directly away, then the Bruiser 1" directly toward him.
    from engine.systems.shroudfall.abilities import follow_up

    world = Table([Put("A1", "brawlers", 10, 10), Put("B1", "razhu", 11.7, 10)]).world
    pushes = follow_up(world, M("A1"), M("B1"))
    assert pushes.target.end == (12.7, 10.0) and pushes.attacker is not None and pushes.attacker.end == (11.0, 10.0)


def test_t19_fall_back_moves_a_unit_away_from_the_enemy_even_out_of_melee() -> None:
    # L961-965: a MOV S away from the Windrunner; never nearer to it at any point (L641).
    from engine.systems.shroudfall.abilities import fall_back_move

    world = Table([Put("A1", "sentinels", 10, 10), Put("B1", "brawlers", 11.9, 10)]).world
    move = fall_back_move(world, M("B1"), M("A1"), (15.5, 10))
    assert move.tool == "S"
    with pytest.raises(IllegalCommand, match="may never come nearer"):
        fall_back_move(world, M("B1"), M("A1"), (10.0, 12.2))
