"""Movement checked case by case against the rulebook itself (Shroudfall rulebook v1.4): the tool and what it may not
cross, where a model may not end, the table edge, the melee lock and Parry, the formation, the terrain and conditions
that change the tool, pushes, places and their directions, and who may move a Frostbitten or Anchored unit."""

from __future__ import annotations

import math

import pytest

from engine.core import IllegalCommand, ModelId, SideId
from engine.geometry import direction_refusal
from engine.systems.shroudfall.abilities import fall_back_move
from engine.systems.shroudfall.movement import in_coherency, move_tool, place_refusal, plan_model_move, push_model
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rounds import activation_over
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.state import Activation

from .loader import load_shroudfall
from .staged import act, staged
from .tables import Put, Scenery, Table, square

M = ModelId
A = SideId("A")
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)


def test_no_move_leaves_the_table() -> None:
    # L604: the table's edges are impassable; no model moves off it.
    world = Table([Put("A1", "adamant", 1.5, 10)]).world
    with pytest.raises(IllegalCommand, match="off the table"):
        plan_model_move(world, M("A1"), (-2, 10))


def test_the_tool_may_not_overlap_a_friendly_base_either() -> None:
    # L585: the tool overlaps neither the mover's own models nor any other base. A Lawbringer straight ahead blocks a
    # 6" move, and the bend around it is longer than the MOV M tool; a little aside, it blocks nothing.
    blocked = Table([Put("A1", "adamant", 10, 10), Put("A2", "lawbringers", 10, 13)]).world
    with pytest.raises(IllegalCommand, match="may not overlap a base: it overlaps A2"):
        plan_model_move(blocked, M("A1"), (10, 16))
    clear = Table([Put("A1", "adamant", 10, 10), Put("A2", "lawbringers", 11.2, 13)]).world
    assert plan_model_move(clear, M("A1"), (10, 16)).tool == "M"


def test_a_move_may_cross_linear_terrain_but_never_end_on_it() -> None:
    # L985, L588: no move ends on LINEAR TERRAIN; crossing a low wall is allowed (ruling hover-linear, L616, L626).
    wall = Scenery("T1", "Wall", "linear", ("Linear Terrain",), square(8, 12.5, 4, 0.3))
    world = Table([Put("A1", "adamant", 10, 10)], [wall]).world
    assert plan_model_move(world, M("A1"), (10, 15)).end == (10, 15)
    with pytest.raises(IllegalCommand, match="may not end on T1"):
        plan_model_move(world, M("A1"), (10, 12.9))


def test_impassable_terrain_stops_the_tool_itself() -> None:
    # L1447, L585: the tool may not overlap IMPASSABLE terrain, so the move across it is refused.
    rock = Scenery("T1", "Rock", "linear", ("Linear Terrain", "Impassable"), square(6, 12.5, 8, 0.3))
    world = Table([Put("A1", "adamant", 10, 10)], [rock]).world
    with pytest.raises(IllegalCommand, match="impassable terrain"):
        plan_model_move(world, M("A1"), (10, 15))


def test_a_model_in_melee_stays_in_melee_unless_it_has_parry() -> None:
    # L654: without Parry a model in melee may move only while staying in melee with that enemy; L546: a Disengage
    # action gives Parry for the activation, and then it may leave.
    world = Table([Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 11.8)]).world
    with pytest.raises(IllegalCommand, match=r"may not leave it without Parry \(take a Disengage action first, L654\)"):
        plan_model_move(world, M("A1"), (10, 5))
    assert plan_model_move(world, M("A1"), (12.2, 11.8)).end == (12.2, 11.8)  # still within Razhu's 2"
    assert plan_model_move(world, M("A1"), (10, 5), parry=True).end == (10, 5)


def test_disengage_gives_parry_for_the_rest_of_the_activation_only() -> None:
    # L546, L654: a Disengage action gives Parry until the end of the unit's activation: the Move after it may leave
    # melee; the Parry is gone once the activation ends.
    game = staged(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 11.8))
    act(game, A, "activate", model="A1")
    act(game, A, "disengage", model="A1")
    act(game, A, "move", model="A1", to="10,5")
    assert (game.state.models[M("A1")].x, game.state.models[M("A1")].y) == (10, 5)
    assert game.state.activation is None
    assert "passive:Parry" not in game.state.units["A1"].effects


def test_a_unit_in_two_clumps_is_out_of_formation_and_its_activation_ends() -> None:
    # L608-610: each model needs another of its unit within coherency range AND the unit must be one formation; a move
    # that ends out of it ends the activation. L612: 2" for a unit that started with 1-4 models, 1" for 5 or more.
    table = Table([Put(f"A{i}", "riflemen", x, 10, unit="rifles") for i, x in ((1, 5), (2, 6.5), (3, 20), (4, 21.5))])
    unit = table.state.units["rifles"]
    assert not in_coherency(table.world, unit)
    assert in_coherency(table.world, unit, {M("A3"): (8, 10), M("A4"): (9.5, 10)})
    table.state.activation = Activation(unit="rifles", side="A", actions=["move"])
    assert activation_over(table.state, out_of_coherency=True) == "the unit ended a move out of coherency, L610"
    phalanx = Table([Put(f"A{i}", "phalanx", 5 + 2.3 * i, 10, unit="ph") for i in range(1, 6)])
    assert not in_coherency(phalanx.world, phalanx.state.units["ph"])  # 1.04" apart: over the 1" of five models
    tight = Table([Put(f"A{i}", "phalanx", 5 + 2.2 * i, 10, unit="ph") for i in range(1, 6)])
    assert in_coherency(tight.world, tight.state.units["ph"])


def test_fast_terrain_lengthens_the_tool_after_frostbite_shortens_it() -> None:
    # L1437-1441: starting in Fast terrain allows the next longer tool. L1401: Frostbite makes MOV S; by ruling
    # mov-modifiers the conditions come first and Fast then lengthens S to M.
    track = Scenery("T1", "Track", "area", ("Area Terrain", "Fast"), square(8, 8, 4, 4))
    table = Table([Put("A1", "adamant", 10, 10)], [track])
    assert move_tool(table.world, M("A1"))[0] == "L"
    table.state.units["A1"].conditions = ["frostbite"]
    mov, why = move_tool(table.world, M("A1"))
    assert mov == "M" and why[1:] == ["Frostbite: MOV S (L1401)", "starts in Fast terrain: MOV M (L1437)"]


def test_moving_into_slow_terrain_takes_the_short_tool() -> None:
    # L1463: a unit moving into Slow terrain, or starting in it, uses MOV S (3" by ruling): a 4.5" step into the
    # swamp is too long, a 4.2" one fits.
    swamp = Scenery("T1", "Swamp", "area", ("Area Terrain", "Slow"), square(8, 13.5, 4, 4))
    world = Table([Put("A1", "adamant", 10, 10)], [swamp]).world
    with pytest.raises(IllegalCommand, match=r"Slow terrain T1: MOV S \(L1463\)"):
        plan_model_move(world, M("A1"), (10, 14.5))
    assert plan_model_move(world, M("A1"), (10, 14.2)).tool == "S"
    out = Table([Put("A1", "adamant", 10, 15)], [swamp]).world
    assert move_tool(out, M("A1"))[0] == "S"


def test_rough_terrain_under_the_tool_alone_shortens_it_but_never_below_s() -> None:
    # L1453-1459: a tool crossing ROUGH terrain, though the base starts and ends outside it, takes the next shorter
    # tool; a MOV S model is not slowed further.
    rubble = Scenery("T1", "Rubble", "area", ("Area Terrain", "Rough (Rubble)"), square(8, 12, 4, 1))
    world = Table([Put("A1", "adamant", 10, 10)], [rubble]).world
    with pytest.raises(IllegalCommand, match=r"Rough terrain T1: MOV S \(L1453\)"):
        plan_model_move(world, M("A1"), (10, 15))
    spears = Table([Put("A1", "phalanx", 10, 10)], [rubble]).world
    assert plan_model_move(spears, M("A1"), (10, 14)).tool == "S"


def test_a_push_stops_at_a_model_and_at_a_wall_that_a_move_could_cross() -> None:
    # L667: a push goes straight and stops when it touches another model or IMPASSABLE or LINEAR terrain.
    world = Table([Put("A1", "adamant", 10, 10), Put("A2", "lawbringers", 10, 13.26)]).world
    push = push_model(world, M("A1"), 90.0, 3.0, by="B")
    assert push.stopped_by == ("A2",) and math.isclose(push.travelled, 2.0, abs_tol=0.01)
    wall = Scenery("T1", "Wall", "linear", ("Linear Terrain",), square(8, 12.5, 4, 0.3))
    walled = Table([Put("A1", "adamant", 10, 10)], [wall]).world
    assert push_model(walled, M("A1"), 90.0, 4.0, by="B").stopped_by == ("T1",)


def test_push_directions_directly_away_and_away() -> None:
    # L671-672: directly away runs along the line through both centres; away allows any straight line that never
    # comes nearer, a sideways push included, but not one bending back toward the origin (L645).
    mover, origin = (10.0, 10.0), (10.0, 8.0)
    assert direction_refusal("directly-away", mover, origin, 90.0) is None
    assert direction_refusal("directly-away", mover, origin, 45.0) is not None
    assert direction_refusal("away", mover, origin, 0.0) is None
    assert direction_refusal("away", mover, origin, 45.0) is None
    assert "never come nearer" in (direction_refusal("away", mover, origin, -10.0) or "")


def test_a_place_ignores_what_lies_between_but_not_where_it_lands() -> None:
    # L658-663: a place jumps intervening models and terrain, but never lands on a model or on IMPASSABLE or LINEAR
    # terrain; "completely within" needs the whole base inside the distance.
    rock = Scenery("T1", "Rock", "linear", ("Linear Terrain", "Impassable"), square(6, 10.8, 8, 0.3))
    table = Table([Put("A1", "adamant", 10, 10), Put("B1", "razhu", 12.5, 10)], [rock])
    world = table.world
    assert place_refusal(world, M("A1"), (10, 11.8), reference="A1", within=1.0) is None
    assert "may not end overlapping B1" in (place_refusal(world, M("A1"), (12, 10), reference="A1", within=2.0) or "")
    assert "(L663)" in (place_refusal(world, M("A1"), (10, 11.0), reference="A1", within=1.0) or "")
    assert place_refusal(world, M("A1"), (10, 7.5), reference="A1", within=1.5) is None  # edge 1.24" away
    assert "would not be completely within" in (
        place_refusal(world, M("A1"), (10, 7.5), reference="A1", within=1.5, completely=True) or "")


def test_anchored_refuses_enemy_places_and_frostbite_friendly_ones_and_its_own_activation() -> None:
    # L1317: Anchored units cannot be placed by enemy effects. L1401: a Frostbitten unit cannot be placed during its
    # own activation, nor by friendly effects; an enemy may still place it outside its activation.
    table = Table([Put("A1", "adamant", 10, 10)], effects={"A1": {"passive:Anchored": "game"}})
    assert "Anchored" in (place_refusal(table.world, M("A1"), (10, 12), reference="A1", within=2, by="B") or "")
    assert place_refusal(table.world, M("A1"), (10, 12), reference="A1", within=2, by="A") is None
    cold = Table([Put("A1", "adamant", 10, 10)], conditions={"A1": ["frostbite"]})
    assert "Frostbite" in (place_refusal(cold.world, M("A1"), (10, 12), reference="A1", within=2, by="A") or "")
    assert place_refusal(cold.world, M("A1"), (10, 12), reference="A1", within=2, by="B") is None
    cold.state.activation = Activation(unit="A1", side="A")
    assert "Frostbite" in (place_refusal(cold.world, M("A1"), (10, 12), reference="A1", within=2, by="B") or "")


def test_a_friendly_ability_cannot_move_a_frostbitten_unit() -> None:
    # L1401: Frostbite: friendly abilities and effects cannot move the unit, so Fall back! (L521) cannot move it away.
    table = Table([Put("A1", "adamant", 10, 4), Put("A2", "lawbringers", 10, 10), Put("B1", "razhu", 10, 11.8)])
    assert fall_back_move(table.world, M("A2"), M("B1"), (10, 7)).end == (10, 7)
    table.state.units["A2"].conditions = ["frostbite"]
    with pytest.raises(IllegalCommand, match=r"Frostbite.*\(L1401\)"):
        fall_back_move(table.world, M("A2"), M("B1"), (10, 7))


def test_in_melee_needs_reach_and_sight_either_way() -> None:
    # L649-652: a model is in melee with an enemy when either is within the other's melee range and seen by it. A
    # Lawbringer (1") 1.5" from Razhu (2") is in melee with him both ways; with an OBSCURING wall between, neither.
    gap = 1.5 + 0.63 + 0.787
    world = Table([Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 10 + gap)]).world
    assert world.in_melee_with(M("A1"), M("B1")) and world.in_melee_with(M("B1"), M("A1"))
    assert not world.threatens(M("A1"), M("B1"))
    screen = Scenery("T1", "Screen", "linear", ("Linear Terrain", "Obscuring"), square(5, 11.2, 10, 0.3))
    hidden = Table([Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 10 + gap)], [screen]).world
    assert not hidden.in_melee_with(M("A1"), M("B1"))
