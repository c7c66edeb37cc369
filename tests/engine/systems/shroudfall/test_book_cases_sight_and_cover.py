"""Line of sight and cover checked case by case against the rulebook itself (Shroudfall rulebook v1.4): which bases
block a line, OBSCURING terrain passed completely through, and the DEF and ARM a target gains from area terrain it is
within and from linear terrain within 1" that the attacker's line crosses."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.shroudfall.attack import armour_against, defence_against

from .tables import Put, Scenery, Table, square

M = ModelId


def test_a_base_as_large_as_the_targets_blocks_a_smaller_one_does_not_friends_included() -> None:
    # L684, L695: a line may not pass through a model whose base is at least as large as the target's. The viewer's
    # own Dragon (50 mm) hides an enemy Dragon right behind it; its own Razhu (40 mm) in the same spot does not.
    big = Table([Put("A1", "lawbringers", 10, 2), Put("A2", "dragons", 10, 8), Put("B1", "dragons", 10, 10.1)]).world
    assert not big.sees(M("A1"), M("B1"))
    small = Table([Put("A1", "lawbringers", 10, 2), Put("A2", "razhu", 10, 8), Put("B1", "dragons", 10, 10.1)]).world
    assert small.sees(M("A1"), M("B1"))


def test_obscuring_terrain_hides_only_what_a_line_passes_completely_through() -> None:
    # L686, L1449-1451: no line passes completely through OBSCURING terrain, but a model inside a piece sees out and
    # is seen; a second piece the line passes completely through still hides.
    wood = Scenery("T1", "Wood", "area", ("Area Terrain", "Obscuring"), square(8, 6, 4, 4))
    grove = Scenery("T2", "Grove", "area", ("Area Terrain", "Obscuring"), square(8, 13, 4, 3))
    world = Table([Put("A1", "lawbringers", 10, 2), Put("B1", "razhu", 10, 8), Put("B2", "razhu", 10, 12),
                   Put("B3", "razhu", 10, 18)], [wood, grove]).world
    assert world.sees(M("A1"), M("B1")) and world.sees(M("B1"), M("A1"))  # inside the wood, both ways
    assert not world.sees(M("A1"), M("B2"))  # the line passes right through the wood
    assert world.sees(M("B1"), M("B2"))  # from inside the wood out
    assert not world.sees(M("B1"), M("B3"))  # out of the wood, but right through the grove


def test_area_terrain_covers_against_ranged_and_arcane_from_outside_it_only() -> None:
    # L981, L1017: area terrain's DEF and ARM count against ranged and arcane attacks from outside the same piece; not
    # against melee, nor from a model in the same piece; from another piece they do.
    forest = Scenery("T1", "Forest", "area", ("Area Terrain",), square(8, 8, 4, 4), defence=1, armour=1)
    thicket = Scenery("T2", "Thicket", "area", ("Area Terrain",), square(8, 1, 4, 2.5))
    table = Table([Put("A1", "stormcallers", 10, 2.2, unit="st"), Put("A2", "stormcallers", 11, 9, unit="st"),
                   Put("B1", "razhu", 10, 10)], [forest, thicket])
    world = table.world
    bolt, staff = world.card(M("A1")).weapons
    assert (defence_against(world, M("A1"), M("B1"), bolt)[0], armour_against(world, M("A1"), M("B1"), bolt)[0]) == (
        5, 6)
    assert defence_against(world, M("A2"), M("B1"), bolt)[0] == 4  # from inside the same forest
    assert defence_against(world, M("A2"), M("B1"), staff)[0] == 4  # melee


def test_linear_terrain_covers_within_an_inch_when_the_line_crosses_it_melee_too() -> None:
    # L985-987: within 1" of a linear piece that some line from the attacker's base to the target's crosses, the
    # target benefits; ruling linear-vs-melee: against every attack type. 1.2" from the wall, or with no line
    # crossing it, nothing.
    wall = Scenery("T1", "Wall", "linear", ("Linear Terrain",), square(6, 9.0, 8, 0.3), defence=1, armour=1)
    table = Table([Put("A1", "lawbringers", 10, 4), Put("B1", "adamant", 10, 10)], [wall])
    world = table.world
    truncheon, repeater = world.card(M("A1")).weapons
    assert defence_against(world, M("A1"), M("B1"), repeater)[0] == 6
    assert armour_against(world, M("A1"), M("B1"), repeater)[0] == 7
    melee = Table([Put("A1", "lawbringers", 10, 8.1), Put("B1", "adamant", 10, 9.95)], [wall]).world
    assert defence_against(melee, M("A1"), M("B1"), truncheon)[0] == 6
    far = Table([Put("A1", "lawbringers", 10, 4), Put("B1", "adamant", 10, 11.13)], [wall]).world
    assert defence_against(far, M("A1"), M("B1"), repeater)[0] == 5  # its edge 1.2" from the wall
    beside = Table([Put("A1", "lawbringers", 20, 10), Put("B1", "adamant", 10, 10)], [wall]).world
    assert defence_against(beside, M("A1"), M("B1"), repeater)[0] == 5  # no line crosses it


def test_benefits_of_several_pieces_add_up() -> None:
    # L989-991: a model benefiting from several terrain features gains all their benefits at once.
    forest = Scenery("T1", "Forest", "area", ("Area Terrain",), square(8, 9, 4, 3), defence=1)
    wall = Scenery("T2", "Wall", "linear", ("Linear Terrain",), square(6, 8.5, 8, 0.3), defence=1, armour=1)
    world = Table([Put("A1", "lawbringers", 10, 3), Put("B1", "adamant", 10, 10)], [forest, wall]).world
    repeater = world.card(M("A1")).weapons[1]
    assert defence_against(world, M("A1"), M("B1"), repeater)[0] == 7
    assert armour_against(world, M("A1"), M("B1"), repeater)[0] == 7
