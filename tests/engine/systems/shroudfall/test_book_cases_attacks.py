"""Attacks checked case by case against the rulebook itself (Shroudfall rulebook v1.4), not the digest: the hit roll
against DEF, the critical at double, damage as the total over ARM, the floors of DEF and ARM, the -2 into melee and
who escapes it, targeting (range, sight, Stealth, one weapon type, scenario elements), beams, and the passives and
conditions that change the arithmetic. Each case cites the book's lines."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, ModelId, SideId
from engine.systems.shroudfall.attack import armour_against, defence_against, melee_penalty
from engine.systems.shroudfall.events import AttackRolled
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.schema import Weapon
from engine.systems.shroudfall.state import Element
from engine.systems.shroudfall.strike import check_attack
from engine.systems.shroudfall.targeting import beam_targets, target_refusal, weapon_refusal

from .loader import load_shroudfall
from .staged import act, choose, rig, staged
from .striking import strike
from .tables import Put, Scenery, Table, square

M = ModelId
A = SideId("A")
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)


_HITS = (2, 1, 1, 0)
"""A hit roll of three yellow dice and a grey one coming to 4: a plain hit against DEF 4, for a test of damage."""


def _shot(*puts: Put, scenery: tuple[Scenery, ...] = (), conditions: dict[str, list[str]] | None = None,
          effects: dict[str, dict[str, str]] | None = None) -> Table:
    return Table(list(puts), list(scenery), conditions=conditions or {}, effects=effects or {})


def test_a_total_equal_to_def_hits_and_one_less_misses() -> None:
    # Shroudfall rulebook v1.4, L746: the hit roll hits when its sum is at least the target's DEF (Razhu, DEF 4).
    def shot(*faces: int) -> AttackRolled:
        return strike(_shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 16)), "A1", "Repeater", "B1",
                      *faces)
    exact = shot(2, 1, 1, 0)
    assert (exact.hit_total, exact.hit, exact.critical) == (4, True, False)
    short = shot(1, 1, 1, 0)
    assert (short.hit_total, short.hit) == (3, False)


def test_a_critical_needs_double_def_after_the_modifiers() -> None:
    # L750: at least double DEF after every modifier is critical. 6 against DEF 4 is a plain hit; a Crippled target
    # (L1393, +2) turns the same 6 into 8, a critical.
    for conditions, total, critical in (({}, 6, False), ({"B1": ["crippled"]}, 8, True)):
        table = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 16), conditions=conditions)
        judged = strike(table, "A1", "Repeater", "B1", 3, 2, 1, 0)
        assert (judged.hit_total, judged.critical) == (total, critical)


def test_damage_is_the_total_over_arm_rounded_down() -> None:
    # L760: a 10 against ARM 3 inflicts 3; the rest of the division is lost. The goblin crew has ARM 3.
    def shot(*damage: int) -> AttackRolled:
        table = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "goblin-demolition-crew", 10, 16))
        return strike(table, "A1", "Repeater", "B1", *_HITS, *damage)
    assert shot(3, 3, 3, 1).damage == 3
    eight = shot(3, 3, 2, 0)
    assert (eight.damage_total, eight.armour, eight.damage) == (8, 3, 2)


def test_def_and_arm_never_drop_below_one() -> None:
    # L314, L318: whatever lowers them, DEF and ARM stay at least 1 (a made-up terrain piece with -9 to both here).
    mire = Scenery("T1", "Mire", "area", ("Area Terrain",), square(8, 14, 4, 4), defence=-9, armour=-9)
    world = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 16), scenery=(mire,)).world
    repeater = world.card(M("A1")).weapons[1]
    assert defence_against(world, M("A1"), M("B1"), repeater)[0] == 1
    assert armour_against(world, M("A1"), M("B1"), repeater)[0] == 1


def test_a_shot_into_melee_takes_two_but_a_relentless_shooter_in_that_melee_does_not() -> None:
    # L716-717: a model in melee may not use a ranged profile, and a ranged shot at a model in melee takes -2.
    # L1361: Relentless may shoot while in melee, without the -2 against the model it is in melee with.
    puts = (Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 11.8))
    world = _shot(*puts).world
    with pytest.raises(IllegalCommand, match=r"in melee and cannot use a ranged profile \(L716\)"):
        check_attack(world, "A", M("A1"), "Repeater", "B1")
    relentless = _shot(*puts, effects={"A1": {"passive:Relentless": "game"}}).world
    plan = check_attack(relentless, "A", M("A1"), "Repeater", "B1")
    assert melee_penalty(relentless, M("A1"), M("B1"), plan.weapon) is None


def test_a_pistolero_in_melee_shoots_only_what_it_is_in_melee_with() -> None:
    # L1357: Pistolero may shoot in melee, but only at models in melee with it.
    world = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 11.8), Put("B2", "razhu", 16, 10),
                  effects={"A1": {"passive:Pistolero": "game"}}).world
    assert check_attack(world, "A", M("A1"), "Repeater", "B1").targets == ("B1",)
    with pytest.raises(IllegalCommand, match=r"with Pistolero it shoots only models in melee with it \(L1357\)"):
        check_attack(world, "A", M("A1"), "Repeater", "B2")


def test_an_arcane_attack_into_melee_takes_two_unless_the_caster_is_in_that_melee() -> None:
    # L721: the arcane -2 applies only when the attacker is not itself in melee with the target.
    world = _shot(Put("A1", "stormcallers", 10, 10, unit="A-st"), Put("A2", "stormcallers", 10, 4, unit="A-st"),
                  Put("B1", "razhu", 10, 11.8)).world
    near = check_attack(world, "A", M("A1"), "Lightning", "B1")
    far = check_attack(world, "A", M("A2"), "Lightning", "B1")
    assert melee_penalty(world, M("A1"), M("B1"), near.weapon) is None
    penalty = melee_penalty(world, M("A2"), M("B1"), far.weapon)
    assert penalty is not None and (penalty.amount, penalty.rule) == (-2, "L721")


def test_a_beam_never_takes_the_melee_penalty_nor_terrain_def_and_arm() -> None:
    # L782-783: beams ignore the -2 for a target in melee, and their targets gain no DEF or ARM from terrain.
    wall = Scenery("T1", "Wall", "linear", ("Linear Terrain",), square(8, 13.4, 4, 0.4), defence=1, armour=1)
    world = _shot(Put("A1", "nekari", 10, 10), Put("A2", "razhu", 10, 16.4), Put("B1", "lawbringers", 10, 14.8),
                  scenery=(wall,)).world
    lance = world.card(M("A1")).weapons[0]
    assert world.in_melee(M("B1")) and melee_penalty(world, M("A1"), M("B1"), lance) is None
    assert defence_against(world, M("A1"), M("B1"), lance)[0] == 4
    assert armour_against(world, M("A1"), M("B1"), lance)[0] == 6
    bolt = world.card(M("A1")).weapons[0].model_copy(update={"shape": "single"})
    assert defence_against(world, M("A1"), M("B1"), bolt)[0] == 5  # the same wall counts for a single shot


def test_a_beam_may_aim_beyond_its_range_and_hits_what_lies_under_it() -> None:
    # L785, L789, L797: a beam may aim at any model in sight, even out of range; it hits the models under the tool.
    world = _shot(Put("A1", "nekari", 10, 10), Put("B1", "lawbringers", 10, 14, unit="law"),
                  Put("B2", "lawbringers", 10, 25, unit="law")).world
    assert check_attack(world, "A", M("A1"), "Elemental Lance", "B2").targets == ("B1",)


def test_stealth_keeps_a_model_from_targets_and_from_blocking_sight_beyond_six_inches() -> None:
    # L1373: no target from more than 6" away; and beyond 6" a Stealth model does not block sight.
    table = _shot(Put("A1", "lawbringers", 10, 2), Put("B1", "goblin-scouts", 10, 9.5))
    repeater = table.world.card(M("A1")).weapons[1]
    assert "has Stealth" in (target_refusal(table.world, M("A1"), "B1", repeater) or "")
    table.state.models[M("B1")].y = 8.0
    assert target_refusal(table.world, M("A1"), "B1", repeater) is None
    puts = (Put("A1", "lawbringers", 30, 2), Put("B3", "dragons", 30, 10), Put("B4", "lawbringers", 30, 11.8))
    assert not _shot(*puts).world.sees(M("A1"), M("B4"))
    assert _shot(*puts, effects={"B3": {"passive:Stealth": "game"}}).world.sees(M("A1"), M("B4"))


def test_shrouded_terrain_gives_a_small_base_stealth() -> None:
    # L1035, L1461: a model on a base of 40 mm or less within Shrouded terrain gains Stealth, so it cannot be targeted
    # from more than 6" away; a 50 mm base gains nothing.
    cloud = Scenery("T1", "Cloud", "area", ("Area Terrain", "Shrouded"), square(6, 10, 8, 4))
    world = _shot(Put("A1", "lawbringers", 10, 2), Put("B1", "adamant", 8, 12), Put("B2", "dragons", 12, 12),
                  scenery=(cloud,)).world
    repeater = world.card(M("A1")).weapons[1]
    assert "has Stealth" in (target_refusal(world, M("A1"), "B1", repeater) or "")
    assert target_refusal(world, M("A1"), "B2", repeater) is None
    near = _shot(Put("A1", "lawbringers", 10, 6), Put("B1", "adamant", 8, 11), scenery=(cloud,)).world
    assert target_refusal(near, M("A1"), "B1", repeater) is None


def test_a_beam_does_not_reach_a_stealth_model_more_than_six_inches_away() -> None:
    # L1373: Stealth keeps a model from being targeted by any attack from more than 6" away, a beam's too (L776).
    long_beam = Weapon(name="Long Lance", type="arcane", range=10, shape="beam", damage=("yellow",))
    for scout_y, targets in ((11.0, ("B1",)), (8.0, ("B1", "B2"))):
        world = _shot(Put("A1", "nekari", 10, 2), Put("B1", "lawbringers", 10, 5),
                      Put("B2", "goblin-scouts", 10, scout_y)).world
        assert beam_targets(world, M("A1"), M("B1"), long_beam) == targets


def test_one_weapon_type_per_attack_action_each_profile_once_unless_gunblade() -> None:
    # L545, L728: a model attacks with the profiles of one type, each once; L1341: Gunblade mixes melee and ranged.
    world = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 20)).world
    truncheon, repeater = world.card(M("A1")).weapons
    assert "one type of weapon per attack action" in (
        weapon_refusal(world, M("A1"), repeater, ["Truncheon"], ["melee"]) or "")
    assert "(L728)" in (weapon_refusal(world, M("A1"), truncheon, ["Truncheon"], ["melee"]) or "")
    gunblade = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 20),
                     effects={"A1": {"passive:Gunblade": "game"}}).world
    assert weapon_refusal(gunblade, M("A1"), repeater, ["Truncheon"], ["melee"]) is None


def test_range_is_measured_between_the_closest_points_of_the_bases() -> None:
    # L258, L729: a 1" Truncheon reaches a base whose edge is 1" away, not one 1.1" away.
    gap = 1.0 + 0.63 + 0.787
    world = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 10 + gap)).world
    assert check_attack(world, "A", M("A1"), "Truncheon", "B1").targets == ("B1",)
    far = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 10.1 + gap)).world
    with pytest.raises(IllegalCommand, match=r"beyond Truncheon's 1\" \(L729\)"):
        check_attack(far, "A", M("A1"), "Truncheon", "B1")


def test_scenario_elements_cannot_be_attacked() -> None:
    # L1207: a scenario element (not PREY) is never a target.
    table = _shot(Put("A1", "lawbringers", 10, 10))
    table.state.elements["E1"] = Element(id="E1", name="Crystal Mine", scenario="s", x=10, y=14, base_mm=50,
                                         keywords=["CONTROL"])
    world = table.world
    assert "cannot be attacked (L1207)" in (target_refusal(world, M("A1"), "E1", world.card(M("A1")).weapons[1]) or "")


def test_duellist_adds_two_def_against_melee_only() -> None:
    # L1329: the Blade Wardens (DEF 5, Duellist) have DEF 7 against a melee attack, 5 against a shot.
    world = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "blade-wardens", 10, 11.6)).world
    truncheon, repeater = world.card(M("A1")).weapons
    assert defence_against(world, M("A1"), M("B1"), truncheon)[0] == 7
    assert defence_against(world, M("A1"), M("B1"), repeater)[0] == 5


def test_giant_slayer_adds_two_damage_against_fifty_mm_and_larger_only() -> None:
    # L1339: the Slayer's +2 counts against a Dragon's 50 mm base, not against Razhu's 40 mm.
    def axe(target: str) -> AttackRolled:
        table = _shot(Put("A1", "beastbane-slayer", 10, 10), Put("B1", "dragons", 10, 12.5),
                      Put("B2", "razhu", 12.4, 10))
        return strike(table, "A1", "Great Axe", target, *_HITS, 2, 2, 2, 2)
    assert axe("B1").damage_total == 10
    assert axe("B2").damage_total == 8


def test_poisoned_and_shattered_add_to_the_attacker_rolls() -> None:
    # L1409: Poisoned gives +1 to hit and damage; L1413: Shattered +2 to damage; together +3 damage.
    table = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 16),
                  conditions={"B1": ["poisoned", "shattered"]})
    attack = strike(table, "A1", "Repeater", "B1", 1, 1, 1, 0, 2, 2, 2, 1)
    assert "4 against DEF 4 (a critical hit from 8): a hit (L746, L750)" in attack.lines
    assert (attack.damage_total, attack.damage) == (10, 2)  # 7 + 3 against ARM 5


def test_tough_hide_takes_one_off_but_never_below_one() -> None:
    # L1377: Brawlers (ARM 6, Tough Hide) against a Shattered +2 (L1413): 13 makes 2, less one; 8 makes 1 and stays
    # 1; 5 makes none.
    def shot(*damage: int) -> int:
        table = _shot(Put("A1", "lawbringers", 10, 10), Put("B1", "brawlers", 10, 16), conditions={"B1": ["shattered"]})
        return strike(table, "A1", "Repeater", "B1", *_HITS, *damage).damage
    assert [shot(3, 3, 3, 2), shot(2, 2, 1, 1), shot(1, 1, 1, 0)] == [1, 1, 0]


def test_a_model_makes_all_its_attacks_before_the_next_model_and_never_comes_back() -> None:
    # L742, L1538: in an attack action each model concludes all its attacks before the next model attacks. With
    # Gunblade and Relentless (L1341, L1361) a Lawbringer may shoot and strike in one action: A1 shoots B2 and strikes
    # B1 in melee before A2 shoots, and A1 does not strike again after A2.
    game = staged(Put("A1", "lawbringers", 10, 10, unit="law"), Put("A2", "lawbringers", 12, 10, unit="law"),
                  Put("B1", "razhu", 10, 11.8), Put("B2", "razhu", 12, 20))
    game.state.units["law"].effects = {"passive:Gunblade": "game", "passive:Relentless": "game"}
    act(game, A, "activate", model="law")
    rig(game, *["blank"] * 24)
    seen = len(game.log)
    act(game, A, "attack", model="law", target="B2")
    choose(game, A, "never", kind="essence-reroll")  # Silver Line Training's free essence re-roll not taken
    assert choose(game, A) == ["B1-always", "B1", "none"]  # the Truncheon cannot take B2: its target is A's (L729)
    attacks = [(e.body.attacker, e.body.weapon, e.body.target) for e in game.log[seen:]
               if e.kind == "shroudfall.attack"]
    assert attacks == [("A1", "Repeater", "B2"), ("A1", "Truncheon", "B1"), ("A2", "Repeater", "B2")]


def test_a_card_rolls_the_dice_it_prints_with_the_infusion_added() -> None:
    # L495: Adamant's melee hit roll is four yellow dice and a grey one; L931: an infusion adds one die of the
    # crystal's colour, here a red; L248: the faces are summed, blanks as 0.
    table = _shot(Put("A1", "adamant", 10, 10), Put("B1", "razhu", 10, 11.8))
    table.state.record(A).reserve = ["red"]
    judged = strike(table, "A1", "Heirloom Blade", "B1", 3, 2, 1, "blank", 2, 4, essence="red")
    assert judged.lines[0] == "Hit roll: 4Y+1G + red infusion (L931) rolled 3, 2, 1, blank, 2, 4"
    assert "hit 4Y+1G+R [Y3 Y2 Y1 Y0 G2 R4] = 12 vs DEF 4 (critical at 8): critical hit;" in judged.summary
