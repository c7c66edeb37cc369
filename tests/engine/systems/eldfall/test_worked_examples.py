"""The worked examples of the Eldfall core rules v1.5 (the rules digest's section 12.2), one test each, by line."""

from __future__ import annotations

from engine.checks import Modifier, target
from engine.geometry import Pose, Terrain
from engine.systems.eldfall.actions import allowed_actions
from engine.systems.eldfall.attack import Hit, attack_roll, strike_value
from engine.systems.eldfall.behaviour_cards import Enemy, Incoming, Situation, activation_order, choose
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.confrontation import confront, unopposed
from engine.systems.eldfall.cover import cover
from engine.systems.eldfall.damage import armour_value, damage_roll, wound
from engine.systems.eldfall.dodge import dodge
from engine.systems.eldfall.duel_rules import capped_vp, duel_result
from engine.systems.eldfall.equipment import (
    Carried,
    encumbrance,
    equipped,
    shield_armour,
    shield_modifier,
    shield_strike_penalty,
)
from engine.systems.eldfall.friendly_fire import shooting_into_melee, stray_shots
from engine.systems.eldfall.hitbox import hitbox
from engine.systems.eldfall.magic import summoning_refusal
from engine.systems.eldfall.morale import friendly_fire_roll, morale_broken
from engine.systems.eldfall.movement import Leg, fall_rolls, path_cost
from engine.systems.eldfall.reach import band_modifier, format_bands, shift_bands
from engine.systems.eldfall.rolls import attribute_roll, attribute_target, initiative
from engine.systems.eldfall.schema import Band
from engine.systems.eldfall.scoring import draw_schemes, reward_vp, scheme_draws, scheme_for_roll, sigil_spell
from engine.systems.eldfall.templates import circle_at, template_hits
from tests.engine.systems.eldfall.loader import shipped_rulings

RULINGS = shipped_rulings()


def test_t01_a_modified_attribute_roll(catalogue: EldfallCatalogue) -> None:
    # L505-507: Onitaoshi's AG 10 with a -3 modifier is 7; a 7 dodges, an 8 does not.
    ag = attribute_target(catalogue.card("Onitaoshi"), "AG", modifiers=[Modifier.add("penalty", -3)], rulings=RULINGS)
    assert ag.value == 7
    assert attribute_roll(ag, 7, rulings=RULINGS).passed
    assert not attribute_roll(ag, 8, rulings=RULINGS).passed


def test_t02_a_damage_roll_wounds_at_or_under_power_minus_armour() -> None:
    # L541-563: PW 12 against ARM 5 wounds on 7 or less; 7 and 5 wound, 11 does not.
    hits = [Hit("A", "B", n, 10, False) for n in range(3)]
    roll = damage_roll(hits, 12, 5, [7, 5, 11])
    assert [d.wound for d in roll.dice] == [True, True, False]
    assert roll.wounds == 2


def test_t03_an_additive_modifier() -> None:
    # L575-587: OFF 14 with a -3 attack modifier is 11.
    assert target(14, [Modifier.add("attack modifier", -3)]).value == 11


def test_t04_a_confrontation_cancels_equal_or_lower_rolls() -> None:
    # L860-864: A (STK 2, 13) rolls 6 and 11; B (STK 1, 12) rolls 8. B's 8 cancels A's 6, A's 11 cancels B's 8.
    a = attack_roll("A", "B", "OFF", target(13), [6, 11], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [8], rulings=RULINGS)
    result = confront(a, b, rulings=RULINGS)
    assert result.winner == "a"
    assert [h.face for h in result.hits] == [11]
    assert [(c.side, c.face, c.by_face) for c in result.cancelled] == [("a", 6, 8), ("b", 8, 11)]
    assert "B's 8 cancels A's 6" in result.working and "A's 11 cancels B's 8" in result.working


def test_t05_a_third_strike_adds_a_hit() -> None:
    # L864: with STK 3 and a third die of 13, A deals two Hits (13 and 11).
    a = attack_roll("A", "B", "OFF", target(13), [6, 11, 13], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [8], rulings=RULINGS)
    result = confront(a, b, rulings=RULINGS)
    assert sorted(h.face for h in result.hits) == [11, 13]


def test_t06_distributed_strikes_face_a_confrontation_and_a_dodge() -> None:
    # L811-817: A's STK 2 puts one strike on B, who attacks back, and one on C, who dodges and fails.
    at_b = attack_roll("A", "B", "OFF", target(13), [9], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [5], rulings=RULINGS)
    assert confront(at_b, b, rulings=RULINGS).winner == "a"
    at_c = attack_roll("A", "C", "OFF", target(13), [4], rulings=RULINGS)
    dodged = dodge("C", "A", target(11), 15, at_c.hits(), rulings=RULINGS)
    assert not dodged.success and [h.face for h in dodged.suffered] == [4]


def test_t07_one_dodge_roll_against_each_attacker() -> None:
    # L1402-1410: A (AG 13) dodges B and C; 8 avoids B's Hit, 14 fails against C, whose Hit lands.
    b_hits = attack_roll("B", "A", "DEF", target(12), [10], rulings=RULINGS).hits()
    c_hits = attack_roll("C", "A", "DEF", target(12), [3], rulings=RULINGS).hits()
    against_b = dodge("A", "B", target(13), 8, b_hits + c_hits, rulings=RULINGS)
    against_c = dodge("A", "C", target(13), 14, b_hits + c_hits, rulings=RULINGS)
    assert against_b.success and against_b.suffered == ()
    assert not against_c.success and [h.attacker for h in against_c.suffered] == ["C"]


def test_t08_fall_damage_rolls() -> None:
    # L883-889: SPD 6 falls in intervals of 3 inches: 5 inches is one AG roll, 6 inches two, 3 inches none.
    assert [fall_rolls(d, 6) for d in (5, 6, 3)] == [1, 2, 0]


def test_t09_a_ladder_costs_double() -> None:
    # L644: 2 inches up a ladder cost 4 of SPD.
    assert path_cost([Leg(2.0, double=True)]) == 4.0


def test_t10_reach_bands() -> None:
    # L760: 0-20: 0; 21-40: -3; at 20, 21, 40 and 41 inches.
    bands = (Band(upto=20, modifier=0), Band(upto=40, modifier=-3))
    assert [band_modifier(bands, d, rulings=RULINGS).modifier for d in (20, 21, 40, 41)] == [0, -3, -3, None]


def test_t11_lengthened_reach_shifts_every_band() -> None:
    # L762: a Short Bow 2 inches longer reads 0-22: 0; 23-42: -6.
    bow = (Band(upto=20, modifier=0), Band(upto=40, modifier=-6))
    assert format_bands(shift_bands(bow, 2)) == '0-22": 0; 23-42": -6'


def test_t12_the_short_bow(catalogue: EldfallCatalogue) -> None:
    # L448-450: -6 at 25 inches; beyond 40 the attack fails.
    reach = catalogue.item("Short Bow").reach
    assert reach is not None
    assert band_modifier(reach.bands, 25, rulings=RULINGS).modifier == -6
    assert band_modifier(reach.bands, 40.5, rulings=RULINGS).modifier is None


def test_t13_cover_and_a_targetless_fireball() -> None:
    # L1510-1514: the Champion behind a rock has heavy cover (-4 INT) against a Fireball at him, none at the ground.
    rock = Terrain.from_points("rock", "rock", [(14.5, 8), (15.5, 8), (15.5, 12), (14.5, 12)], 3.0)
    flameweaver = hitbox("Flameweaver", "Medium", Pose(4, 10, 0, 0), rulings=RULINGS)
    champion = hitbox("Champion", "Medium", Pose(16.3, 10), rulings=RULINGS)
    at_him = cover(flameweaver, champion, "Medium", [rock], rulings=RULINGS)
    assert at_him.kind == "heavy" and at_him.modifier is not None and at_him.modifier.amount == -4
    assert cover(flameweaver, champion, "Medium", [rock], targetless=True, rulings=RULINGS).kind == "none"
    blast = circle_at("circular-l", (17.5, 10), rulings=RULINGS)  # aimed at the ground behind the rock
    assert "Champion" in template_hits(blast, [champion], user="Flameweaver").affected


def test_t14_shooting_into_melee_and_friendly_fire() -> None:
    # L1522, L1286, L1289: -4 per ally touching the target; each 17-20 hits the ally, who rolls M or panics.
    penalty = shooting_into_melee(1)
    assert penalty is not None and penalty.amount == -4
    acc = target(14, [penalty])
    shot = attack_roll("Archer", "Enemy", "ACC", acc, [3, 17, 20, 12], rulings=RULINGS)
    strays = stray_shots(shot, 1, rulings=RULINGS)
    assert [shot.verdicts[i].face for i in strays.to_allies] == [17, 20]
    assert [shot.verdicts[i].face for i in strays.to_target] == [3]
    panic = friendly_fire_roll("Ally", target(10), 15, rulings=RULINGS)
    assert panic.outcome == "panicked"
    assert friendly_fire_roll("Ally", target(10), 15, immune_by="Fearless", rulings=RULINGS).outcome == "immune"


def test_t15_broken_morale() -> None:
    # L1282: parties of three, four and five are broken with one, two and two left.
    assert morale_broken(3, 1, rulings=RULINGS) and morale_broken(4, 2, rulings=RULINGS) and morale_broken(5, 2,
                                                                                                           rulings=RULINGS)
    assert not morale_broken(5, 3, rulings=RULINGS)
    below_half = shipped_rulings(broken_morale="below-half")
    assert morale_broken(3, 1, below_half) and not morale_broken(4, 2, below_half)


def test_t16_t17_the_summoning_limit() -> None:
    # L998: STA 2 with two creatures of Summoning Limit 1 summons no more.
    assert summoning_refusal(2, [1, 1], 1, rulings=RULINGS) is not None
    # L1000: STA 2 with one creature of limit 1 may not add one of limit 2 when it must fit; the note (L996) allows it.
    assert summoning_refusal(2, [1], 2, rulings=RULINGS) is None
    assert summoning_refusal(2, [1], 2, rulings=shipped_rulings(summoning_limit="must-fit")) is not None
    assert summoning_refusal(2, [1], 1, rulings=shipped_rulings(summoning_limit="must-fit")) is None


def test_t18_an_activation_where_the_dodge_fails_but_the_arrow_glances_off() -> None:
    # L1262-1272: the archer hits, the dodge fails, the damage roll fails: no Wound; the dodger may still move.
    shot = attack_roll("Archer", "Walker", "ACC", target(12), [6], rulings=RULINGS)
    dodged = dodge("Walker", "Archer", target(10), 16, shot.hits(), rulings=RULINGS)
    assert not dodged.success and len(dodged.suffered) == 1
    damage = damage_roll(dodged.suffered, 12, 5, [15])
    assert damage.wounds == 0
    assert wound(2, damage.wounds, rulings=RULINGS).hp == 2


def test_t19_an_engaged_model_reacts_only_with_dodge_or_melee() -> None:
    # L1469-1471: the Engaged Hunter may react only with Dodge or a Melee Attack.
    allowed = allowed_actions("reactive", states={"engaged"}).actions
    assert set(allowed) == {"dodge", "melee-attack", "assist"}
    assert "attack" not in allowed and "perceive" not in allowed


def test_t20_schemes_drawn_by_the_leaders_intellect() -> None:
    # L2363-2367: INT 13 draws 1; 14 and 15 draw 2 and keep 1; 16 draws 3 and keeps 1.
    assert [scheme_draws(i) for i in (13, 14, 15, 16)] == [(1, 1), (2, 1), (2, 1), (3, 1)]


def test_t21_the_soga_scheme_table(catalogue: EldfallCatalogue) -> None:
    # L2534-2546.
    table = catalogue.scheme_table("Empire of Soga")
    drawn = [catalogue.scheme(scheme_for_roll(table, f)).name for f in (1, 3, 11, 19, 20)]
    assert drawn == ["Opportunistic Manipulation", "Virtuous Commander", "Head Hunt", "Engetsu Formation",
                     "Stalwart Defender"]


def test_t22_duplicate_rows_draw_again(catalogue: EldfallCatalogue) -> None:
    # L2575, L2597, L2626 repeat schemes of rows 2, 3-4 and 9-10; a second card of a name is redrawn (L2501).
    assert scheme_for_roll(catalogue.scheme_table("Coalition of Thenion"), 19) == "assassination-contract"
    assert scheme_for_roll(catalogue.scheme_table("Helian League"), 13) == "virtuous-commander"
    sand = catalogue.scheme_table("Sand Kingdoms")
    assert scheme_for_roll(sand, 11) == "stand-your-ground"
    draw = draw_schemes(sand, [9, 11, 12, 20], 2)
    assert draw.schemes == ("stand-your-ground", "stalwart-defender") and draw.faces_used == 4


def test_t23_open_hostilities_rewards(catalogue: EldfallCatalogue) -> None:
    # L2369-2374: 1, 2, 2 and 3 VP for enemies of 16, 17, 21 and 22 points; the Leader (23) gives 3 + 1.
    quest = catalogue.quest("open-hostilities")
    assert [reward_vp(quest, "enemy-out", cost=c) for c in (16, 17, 21, 22)] == [1, 2, 2, 3]
    assert reward_vp(quest, "enemy-out", cost=23) + reward_vp(quest, "enemy-leader-out") == 4


def test_t24_a_duel_scores_six_or_three_each_within_the_cap() -> None:
    # L1580-1581 and L1304.
    won = duel_result("red", False, "blue", True)
    assert won.winner == "red" and won.vp == {"red": 6, "blue": 0}
    draw = duel_result("red", True, "blue", True)
    assert draw.winner is None and draw.vp == {"red": 3, "blue": 3}
    assert capped_vp(8 + 6, rulings=RULINGS) == 10


def test_t25_the_treasure_hunt_sigils(catalogue: EldfallCatalogue) -> None:
    # L2418-2427: the spell by d20 face; every sigil casts at PW 14.
    quest = catalogue.quest("treasure-hunt")
    spells = [sigil_spell(quest, f) for f in (4, 5, 12, 16, 18, 19, 20)]
    assert spells == ["Inferno", "Glacier Circle", "Claws of Earth", "Thunderstorm", "Mass Mindbreak",
                      "Corroding Embrace", "Smite"]
    assert quest.sigil_power == 14


def test_t26_a_weightless_item_counts_its_quantity(catalogue: EldfallCatalogue) -> None:
    # L402: Grapeshot (QTY 3, WGT 0) adds 3 to the total weight.
    load = encumbrance([Carried(catalogue.item("Grapeshot"), 3)], 4)
    assert (load.quantity, load.weight, load.over) == (3, 3, False)


def test_t27_picking_up_too_much_over_encumbers(catalogue: EldfallCatalogue) -> None:
    # L388-402: Inventory 4 with two Short Swords, a Treasure and a Spear: quantity 4, weight 5: over.
    carried = [Carried(catalogue.item("Short Sword"), 2), Carried(catalogue.item("Treasure")),
               Carried(catalogue.item("Spear"))]
    load = encumbrance(carried, catalogue.card("Thenrin Swashbuckler").inventory)
    assert (load.quantity, load.weight, load.over) == (4, 5, True)
    assert "ritual" not in allowed_actions("active", movement="idle", over_encumbered=True).actions


def test_t28_a_two_handed_weapon_listed_first_leaves_the_shield_off(catalogue: EldfallCatalogue) -> None:
    # L422 and L432.
    loadout = equipped([Carried(catalogue.item("Short Bow")), Carried(catalogue.item("Shield"))])
    assert loadout.weapon is not None and loadout.weapon.name == "Short Bow"
    assert loadout.shield is None and loadout.hands_full


def test_t29_the_shield(catalogue: EldfallCatalogue) -> None:
    # L462-466: OFF 14 attacking a shield from the front is 11; +3 ARM against ranged from the front; a Sword -1 STK.
    penalty = shield_modifier(melee=True, from_front=True)
    assert penalty is not None and target(14, [penalty]).value == 11
    assert shield_modifier(melee=True, from_front=False) is None
    assert shield_armour(ranged=True, from_front=True) == 3
    assert shield_strike_penalty(catalogue.item("Sword"), shield_equipped=True) == -1
    assert shield_strike_penalty(catalogue.item("Short Sword"), shield_equipped=True) == 0


def test_t30_a_critical_ignores_armour_and_beats_the_confrontation() -> None:
    # L831-833: a 1 hits at ARM 0, so PW 12 wounds on 12 or less; it beats any opposing roll.
    crit = attack_roll("A", "B", "OFF", target(12), [1], rulings=RULINGS)
    assert armour_value(5, critical=True).value == 0
    assert damage_roll(crit.hits(), 12, 5, [12]).wounds == 1
    b = attack_roll("B", "A", "DEF", target(14), [14], rulings=RULINGS)
    assert confront(crit, b, rulings=RULINGS).winner == "a"


def test_t31_above_twenty_a_twenty_is_a_critical_success() -> None:
    # L572.
    roll = attack_roll("A", "B", "OFF", target(18, [Modifier.add("bonus", 4)]), [20], rulings=RULINGS)
    assert roll.verdicts[0].success and roll.verdicts[0].critical


def test_t32_an_attribute_of_zero_fails_automatically() -> None:
    # L572.
    assert not attribute_roll(target(3, [Modifier.add("penalty", -5)]), 1, rulings=RULINGS).passed


def test_t33_halving_after_subtracting() -> None:
    # L573: AG 13 with -2 and no line of sight: (13 - 2) / 2 rounded up = 6.
    assert target(13, [Modifier.halve("no line of sight"), Modifier.add("penalty", -2)]).value == 6


def test_t34_strike_when_reacting() -> None:
    # L801, L1859, L1880: a Sword user with STA 3 strikes once when reacting, twice as a Sentinel, thrice in stance.
    assert strike_value("STA", 3, "reactive").value == 1
    assert strike_value("STA", 3, "reactive", bonuses=[("Sentinel", 1)]).value == 2
    assert strike_value("STA", 3, "reactive", defensive_stance=True).value == 3
    assert strike_value("STA", 3, "active", defensive_stance=True).value == 1
    # L1803 with L1880, ruling stance-strike: an Armsmaster's +1 adds to the stance's Strike of 1.
    assert strike_value("STA", 3, "active", defensive_stance=True, bonuses=[("Armsmaster", 1)]).value == 2


def test_t35_the_initiative_check() -> None:
    # L1092: Leaders with M 12 and M 10 roll 5 and 9: 17 against 19, the second player wins.
    assert initiative([("first", 12, 5, 0), ("second", 10, 9, 0)]) == ("second",)
    assert initiative([("first", 12, 5, 6), ("second", 10, 9, 0)]) == ("first",)  # Double Time, L2869
    assert initiative([("first", 12, 7, 0), ("second", 10, 9, 0)]) == ("first", "second")  # a tie: reroll


def test_t36_an_exploding_barrel(catalogue: EldfallCatalogue) -> None:
    # L2463: AoE Circular L centred on the barrel, PW 13, Burn (1).
    (barrel,) = [t for t in catalogue.quest("battle-royale-arena").tokens if t.kind == "barrel"]
    assert (barrel.aoe, barrel.pw, barrel.traits) == ("circular-l", 13, ("Burn (1)",))
    blast = unopposed(attack_roll("barrel", "Victim", "INT", target(20), [5], rulings=RULINGS))
    first = damage_roll(blast, 13, 4, [9])
    burn = damage_roll(blast, 13, 4, [12], ignore_armor=True)  # Burn: one more roll at ARM 0 (L2021)
    assert (first.wounds, burn.wounds) == (1, 1)


def test_t37_the_sample_hostile_walks_at_the_enemy_within_six_of_its_reach(catalogue: EldfallCatalogue) -> None:
    # L1644-1651: E1 4 inches beyond its 1-inch reach and E2 9 beyond, both in sight: line 2, at E1.
    situation = Situation(engaged=False, reach=1.0, enemies=(Enemy("E1", 5.0, True), Enemy("E2", 10.0, True)))
    choice = choose(catalogue.behaviour("Colossus"), "movement", situation, rulings=RULINGS)
    assert choice is not None and (choice.line, choice.target) == (2, "E1")
    assert choice.conduct.taunt and choice.conduct.stop_at == 1
    far = Situation(engaged=False, reach=1.0, enemies=(Enemy("E2", 10.0, True), Enemy("E3", 12.0, True)))
    farthest = choose(catalogue.behaviour("Colossus"), "movement", far, rulings=RULINGS)
    assert farthest is not None and (farthest.line, farthest.target) == (3, "E3")


def test_t38_the_sample_hostile_dodges_a_spell_toward_the_caster(catalogue: EldfallCatalogue) -> None:
    # L1670.
    caster = Enemy("Flameweaver", 12.0, True)
    situation = Situation(engaged=False, reach=1.0, enemies=(caster,), activated=caster,
                          incoming=(Incoming("Flameweaver", "ranged", True, 12.0, True, False),))
    choice = choose(catalogue.behaviour("Colossus"), "reactive", situation, rulings=RULINGS)
    assert choice is not None and (choice.line, choice.conduct.act, choice.conduct.toward) == (1, "dodge", "attacker")
    assert choice.target == "Flameweaver"


def test_t39_hostiles_activate_by_tier_then_morale() -> None:
    # L1610: Tier I M12, then Tier I M8, then Tier II; only equal Tier and M alternate.
    order = activation_order([("t2", 2, 10), ("t1-low", 1, 8), ("t1-high", 1, 12)])
    assert order == (("t1-high",), ("t1-low",), ("t2",))
    assert activation_order([("a", 1, 8), ("b", 1, 8)]) == (("a", "b"),)


def test_t40_a_model_at_one_hp_is_incapacitated_at_the_end_of_the_sequence() -> None:
    # L872: one Wound at 1 HP: Incapacitated at the end of the sequence; a later Wound kills.
    first = wound(1, 1, rulings=RULINGS)
    assert (first.hp, first.incapacitated, first.dead) == (0, True, False)
    later = wound(0, 1, incapacitated=True, rulings=RULINGS)
    assert later.dead
