"""The rulebook's worked examples of measuring, sight, attacks and terrain (the digest's section 14: T3, T4, T6, T7,
T11, T13, T14, T15, T20-T23), each citing the line of Shroudfall beta rulebook v1.4 it comes from."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, ModelId
from engine.geometry import is_completely_within, is_within
from engine.systems.shroudfall.attack import damage_dealt, defence_against, judge_hit
from engine.systems.shroudfall.strike import check_attack
from engine.systems.shroudfall.world import level_of

from .striking import strike
from .tables import Put, Scenery, Table, square

M = ModelId


def test_t3_within_and_completely_within() -> None:
    # L268: the Bruiser is completely within 2" of Adamant, Luminea only within, Isadora outside.
    table = Table([Put("A1", "adamant", 10, 10), Put("B1", "brawlers", 11.6, 10), Put("B2", "stormcallers", 10, 13),
                   Put("B3", "sages", 6.5, 10)])
    w = table.world
    adamant = w.base("A1")
    assert is_completely_within(w.base("B1"), adamant.circle, 2) and is_within(w.base("B1"), adamant, 2)
    assert is_within(w.base("B2"), adamant, 2) and not is_completely_within(w.base("B2"), adamant.circle, 2)
    assert not is_within(w.base("B3"), adamant, 2)


def test_t4_levels_stack_only_when_marked_plus() -> None:
    # L284-290: Elusive (1) and Elusive (+1) make Elusive (2); two Elusive (1) give Elusive (1).
    assert level_of(["Elusive (1)", "Elusive (+1)"], "Elusive") == 2
    assert level_of(["Elusive (1)", "Elusive (1)"], "Elusive") == 1
    assert level_of(["Parry"], "Elusive") is None


def _lawbringers() -> Table:
    # L734: Lawbringer A shoots Razhu (DEF 4, ARM 5), who is in melee with Lawbringer B.
    return Table([Put("A1", "lawbringers", 20, 12, unit="A-law"), Put("A2", "lawbringers", 21.5, 20, unit="A-law"),
                  Put("B1", "razhu", 20, 20)])


def test_t6_a_shot_into_melee_takes_two_and_exactly_hits() -> None:
    attack = strike(_lawbringers(), "A1", "Repeater", "B1", 3, 2, 1, 0, 3, 3, 3, 1)
    assert "4 against DEF 4 (a critical hit from 8): a hit (L746, L750)" in attack.lines
    assert "Modifier -2 target in melee (L717)" in attack.lines
    assert (attack.damage_total, attack.armour, attack.damage) == (10, 5, 2)
    assert attack.lines[-1] == "10 / ARM 5 = 2 damage, rounded down (L760)"
    # Shroudfall beta rules, L744-746: the logged attack keeps the hit roll's total and the DEF it was judged against
    # once its damage is marked (the picture's caption and the log read them).
    assert (attack.hit_total, attack.defence, attack.hit) == (4, 4, True)


def test_t6_a_model_in_melee_cannot_shoot_but_strikes_without_the_penalty() -> None:
    world = _lawbringers().world
    with pytest.raises(IllegalCommand, match=r"A2 is in melee and cannot use a ranged profile \(L716\)"):
        check_attack(world, "A", M("A2"), "Repeater", "B1")
    attack = strike(_lawbringers(), "A2", "Truncheon", "B1", 3, 2, "blank", "blank", 3, 3, 2, 1)
    assert "5 against DEF 4 (a critical hit from 8): a hit (L746, L750)" in attack.lines
    assert not any("-2" in line for line in attack.lines)
    assert (attack.damage_total, attack.damage) == (9, 1)  # L734: 9 < 2 x 5, one damage; 2 + 1 = 3 in all
    assert (attack.hit_total, attack.defence) == (5, 4)


def test_t6_at_the_table_one_attack_action_shoots_with_one_lawbringer_and_strikes_with_the_other() -> None:
    # Shroudfall rules, L545 and L734: in one attack action each model picks its own type of profile; Lawbringer A
    # shoots Razhu (6 - 2 = 4 against DEF 4 hits; 10 / ARM 5 = 2), Lawbringer B, in melee, cannot shoot (L716) and
    # strikes him (5 hits; 9 / 5 = 1): 3 damage in all. Before, the table's ranged attack action left B idle.
    from .staged import A, act, rig, staged

    game = staged(Put("A1", "lawbringers", 20, 12, unit="L"), Put("A2", "lawbringers", 21.5, 20, unit="L"),
                  Put("B1", "razhu", 20, 20))
    act(game, A, "activate", model="L")
    rig(game, 3, 2, 1, 0, 3, 3, 3, 1, 3, 2, 0, 0, 3, 3, 2, 1)
    act(game, A, "attack", model="L", target="B1", **{"with": "ranged"})
    assert game.state.models[M("B1")].wounds_taken == 3
    assert game.rigged() == ()


def test_t7_damage_is_the_total_divided_by_arm_rounded_down() -> None:
    # L760: a 10 against ARM 3 inflicts 3.
    assert damage_dealt(10, 3).damage == 3
    assert damage_dealt(4, 5).damage == 0
    assert [damage_dealt(t, 1, tough=True).damage for t in (0, 1, 3)] == [0, 1, 2]
    assert damage_dealt(1, 1, unbreakable=True).damage == 0


def test_critical_at_double_defence_and_never_on_an_automatic_hit() -> None:
    # L746-754.
    assert judge_hit(8, 4).critical and not judge_hit(7, 4).critical and judge_hit(7, 4).hit
    assert not judge_hit(99, 4, automatic=True).critical


def test_t11_a_model_within_a_melee_range_is_in_melee_both_ways() -> None:
    # L622: the Bruiser moves within 1" of Razhu; each is in melee with the other.
    table = Table([Put("A1", "brawlers", 10, 10), Put("B1", "razhu", 11.9, 10)])
    w = table.world
    assert w.in_melee_with(M("A1"), M("B1")) and w.in_melee_with(M("B1"), M("A1"))
    far = Table([Put("A1", "brawlers", 10, 10), Put("B1", "razhu", 14, 10)]).world
    assert not far.in_melee_with(M("A1"), M("B1"))


def test_t13_line_of_sight_to_five_models() -> None:
    # L692-701: Adamant sees the Bruiser, the Dragon behind the smaller Bruiser, Luminea inside an obscuring forest
    # past a fallen trunk; not Razhu behind an obscuring forest, nor Isadora behind a bigger base.
    table = Table(
        [Put("A1", "adamant", 10, 10), Put("B1", "brawlers", 14, 10), Put("B2", "dragons", 18, 10, unit="drag"),
         Put("B3", "stormcallers", 10, 17), Put("B4", "razhu", 3, 10), Put("B5", "sages", 10, 4),
         Put("B6", "dragons", 10, 6.8, unit="drag")],
        [Scenery("T1", "Fallen Trunk", "linear", ("Linear Terrain",), square(9, 13, 2, 0.5)),
         Scenery("T2", "Forest", "area", ("Area Terrain", "Obscuring"), square(8.5, 16, 3, 3)),
         Scenery("T3", "Forest", "area", ("Area Terrain", "Obscuring"), square(5, 7, 2, 6))])
    w = table.world
    assert [w.sees(M("A1"), M(t)) for t in ("B1", "B2", "B3", "B4", "B5")] == [True, True, True, False, False]


def test_t14_a_beam_hits_every_model_under_it_not_hidden_by_obscuring_terrain() -> None:
    # L793: the beam aimed at Windrunner B clips A and C; C is behind an obscuring forest, so A and B are targeted.
    table = Table([Put("A1", "nekari", 10, 10), Put("B1", "sentinels", 12.5, 10.9, unit="w"),
                   Put("B2", "sentinels", 14, 10, unit="w"), Put("B3", "sentinels", 16, 9.0, unit="w")],
                  [Scenery("T1", "Forest", "area", ("Area Terrain", "Obscuring"), square(14.9, 8.0, 0.3, 1.9))])
    plan = check_attack(table.world, "A", M("A1"), "Elemental Lance", "B2")
    assert plan.targets == ("B1", "B2")


def test_t15_an_area_attack_hits_every_model_within_range_not_hidden() -> None:
    # L795: outside 2" no; the Dragon and the Bruiser yes; Razhu within 2" but completely obscured, no.
    table = Table([Put("A1", "goblin-demolition-crew", 20, 20), Put("B1", "sentinels", 23.5, 20),
                   Put("B2", "dragons", 20, 22.5), Put("B3", "brawlers", 18, 20), Put("B4", "razhu", 20, 17)],
                  [Scenery("T1", "Forest", "area", ("Area Terrain", "Obscuring"), square(17, 18, 6, 0.3))])
    plan = check_attack(table.world, "A", M("A1"), "Blast Charge", None)
    assert set(plan.targets) == {"B2", "B3"}


FOREST = Scenery("T1", "Forest", "area", ("Area Terrain", "Obscuring"), square(18.5, 18.5, 3, 3), defence=1)
WALL = Scenery("T2", "Wall", "linear", ("Linear Terrain",), square(17, 16.8, 6, 0.4), defence=1, armour=1)


def test_t20_t21_area_terrain_gives_def_against_a_shot_and_a_far_wall_nothing() -> None:
    # L1031: inside a forest, +1 DEF against a ranged attack. L1033: a wall the line crosses, more than 1" away: none.
    table = Table([Put("A1", "lawbringers", 20, 10), Put("B1", "adamant", 20, 20)], [FOREST, WALL])
    w = table.world
    repeater = w.card(M("A1")).weapons[1]
    defence, bonuses = defence_against(w, M("A1"), M("B1"), repeater)
    assert defence == 6 and [b.source for b in bonuses] == ["terrain: T1 (Forest, area)"]


def test_area_terrain_gives_nothing_against_melee_or_from_inside() -> None:
    # L981, L1017: DEF/ARM of area terrain only against ranged and arcane attacks from outside the same piece.
    table = Table([Put("A1", "lawbringers", 20, 21.5), Put("B1", "adamant", 20, 20)], [FOREST])
    w = table.world
    truncheon, repeater = w.card(M("A1")).weapons
    assert defence_against(w, M("A1"), M("B1"), truncheon)[0] == 5
    assert defence_against(w, M("A1"), M("B1"), repeater)[0] == 5


def test_t22_a_cloud_gives_stealth_and_a_wall_within_an_inch_def_and_arm() -> None:
    # L1035: within a cloud (Shrouded) a 32 mm Adamant gains Stealth; a wall within 1" that the line crosses gives
    # +1 DEF and +1 ARM.
    cloud = Scenery("T1", "Cloud", "area", ("Area Terrain", "Shrouded"), square(18.5, 18.5, 3, 3))
    wall = Scenery("T2", "Wall", "linear", ("Linear Terrain",), square(17, 18.7, 6, 0.4), defence=1, armour=1)
    table = Table([Put("A1", "lawbringers", 20, 14), Put("B1", "adamant", 20, 20)], [cloud, wall])
    w = table.world
    benefit = w.benefits(M("A1"), M("B1"), "ranged")
    assert (benefit.defence, benefit.armour) == (1, 1) and "Shrouded" in benefit.keywords


def test_t23_a_forest_the_line_crosses_gives_nothing_to_a_model_outside_it() -> None:
    # L1037.
    forest = Scenery("T1", "Forest", "area", ("Area Terrain", "Obscuring"), square(20.3, 15, 3, 2), defence=1)
    table = Table([Put("A1", "lawbringers", 20, 10), Put("B1", "adamant", 20, 20)], [forest])
    w = table.world
    assert w.sees(M("A1"), M("B1")) and defence_against(w, M("A1"), M("B1"), w.card(M("A1")).weapons[1])[0] == 5
