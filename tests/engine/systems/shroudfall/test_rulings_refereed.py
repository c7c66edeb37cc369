"""Each refereed alternative of a Shroudfall ruling changes the referee's answer the way its option says."""

from __future__ import annotations

from dataclasses import replace

from engine.core import ModelId, SideId
from engine.systems.shroudfall.attack import defence_against
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.scoring import control_counts
from engine.systems.shroudfall.state import Element
from engine.systems.shroudfall.strike import check_attack

from .tables import Put, Scenery, Table, square

M = ModelId


def test_within_terrain_partial_or_complete() -> None:
    forest = Scenery("T1", "Forest", "area", ("Area Terrain",), square(19.8, 18, 4, 4), defence=1)
    table = Table([Put("A1", "lawbringers", 20, 10), Put("B1", "adamant", 20, 20)], [forest])
    repeater = table.world.card(M("A1")).weapons[1]
    assert defence_against(table.world, M("A1"), M("B1"), repeater)[0] == 6
    table.rulings = replace(DEFAULT_RULINGS, within_terrain="complete")
    assert defence_against(table.world, M("A1"), M("B1"), repeater)[0] == 5


def test_linear_terrain_against_melee() -> None:
    wall = Scenery("T1", "Wall", "linear", ("Linear Terrain",), square(17, 20.7, 6, 0.2), defence=1, armour=1)
    table = Table([Put("A1", "blade-wardens", 20, 21.9), Put("B1", "adamant", 20, 20)], [wall])
    blade = table.world.card(M("A1")).weapons[0]
    assert defence_against(table.world, M("A1"), M("B1"), blade)[0] == 6
    table.rulings = replace(DEFAULT_RULINGS, linear_vs_melee="ranged-arcane-only")
    assert defence_against(table.world, M("A1"), M("B1"), blade)[0] == 5


def test_templates_hit_friends_or_enemies_only() -> None:
    table = Table([Put("A1", "goblin-demolition-crew", 20, 20, unit="g"), Put("A2", "goblin-demolition-crew", 21.2, 20,
                                                                              unit="g"),
                   Put("B1", "razhu", 18.5, 20)])
    assert set(check_attack(table.world, SideId("A"), M("A1"), "Blast Charge", None).targets) == {"A2", "B1"}
    table.rulings = replace(DEFAULT_RULINGS, template_targets="enemies-only")
    assert check_attack(table.world, SideId("A"), M("A1"), "Blast Charge", None).targets == ("B1",)


def test_control_counting_with_or_without_simple_minded() -> None:
    table = Table([Put("A1", "razhu", 18, 16.2)], effects={"A1": {"passive:Simple Minded": "game"}})
    mine = Element(id="E1", name="Crystal Mine", scenario="s", x=18, y=18, base_mm=50, keywords=["CONTROL"])
    assert control_counts(table.world, mine)[SideId("A")] == 1
    table.rulings = replace(DEFAULT_RULINGS, control_counting="simple-minded-excluded")
    assert control_counts(table.world, mine)[SideId("A")] == 0
