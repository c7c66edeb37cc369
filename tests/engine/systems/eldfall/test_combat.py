"""Eldfall combat beyond the worked examples: strikes, power, confrontations, dodges, damage, magic, actions."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.checks import Modifier, target
from engine.core import IllegalCommand, ModelId
from engine.systems.eldfall.action_checks import _distributed
from engine.systems.eldfall.actions import allowed_actions
from engine.systems.eldfall.attack import (
    attack_attribute,
    attack_roll,
    power_options,
    power_value,
    resolve,
    strike_value,
)
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.confrontation import confront, unopposed
from engine.systems.eldfall.damage import armour_value, cleave, damage_roll, wound
from engine.systems.eldfall.dodge import dodge
from engine.systems.eldfall.friendly_fire import stray_shots
from engine.systems.eldfall.magic import cast_refusal, knows_spell, mana_cost
from engine.systems.eldfall.morale import morale_broken, panic_roll
from engine.systems.eldfall.rolls import attribute_target, check_rules
from engine.systems.eldfall.rulings import Rulings
from tests.engine.systems.eldfall.loader import shipped_rulings

RULINGS = shipped_rulings()

faces = st.lists(st.integers(1, 20), min_size=1, max_size=4)
attributes = st.integers(0, 24)


def test_the_default_rulings_are_the_shipped_defaults(catalogue: EldfallCatalogue) -> None:
    defaults = {r.id: r.default for r in catalogue.rulings}
    chosen = Rulings.from_options(catalogue.rulings)
    assert all(getattr(chosen, f.name) == defaults[f.name.replace("_", "-")] for f in dataclasses.fields(chosen))
    assert Rulings.from_options(catalogue.rulings, {"broken-morale": "below-half"}).broken_morale == "below-half"
    with pytest.raises(ValueError, match='unknown ruling "broken-moral"; did you mean "broken-morale"'):
        Rulings.from_options(catalogue.rulings, {"broken-moral": "below-half"})
    with pytest.raises(ValueError, match='ruling "broken-morale" has no option "never"'):
        Rulings.from_options(catalogue.rulings, {"broken-morale": "never"})


def test_attack_attributes_follow_the_role_and_the_means() -> None:
    assert attack_attribute("melee", spell=False, role="active") == "OFF"
    assert attack_attribute("melee", spell=False, role="reactive") == "DEF"
    assert attack_attribute("ranged", spell=False, role="reactive") == "ACC"
    assert attack_attribute("ranged", spell=True, role="active", casts_with="M") == "M"


def test_printed_values_resolve_against_attributes() -> None:
    assert resolve("T+2", {"T": 13}) == 15
    assert resolve("STA-1", {"STA": 2}) == 1
    assert resolve("13", {}) == 13
    with pytest.raises(ValueError, match="not a number or an attribute"):
        resolve("T*2", {"T": 3})


def test_unarmed_power_follows_its_ruling() -> None:
    stats = {"T": 12, "AG": 14}
    assert power_options("T or AG-3", stats, rulings=RULINGS) == {"T-3": 9, "AG-3": 11}
    assert power_options("T or AG-3", stats, shipped_rulings(unarmed_power="t-or-ag-minus-three")) == {"T": 12,
                                                                                                       "AG-3": 11}
    assert power_options("T or AG-3", stats, shipped_rulings(unarmed_power="best-minus-three")) == {"AG-3": 11}
    assert power_value("T or AG-3", stats, rulings=RULINGS).value == 11
    assert power_value("T or AG-3", stats, choice="T-3", rulings=RULINGS).value == 9
    with pytest.raises(ValueError, match='offers T-3, AG-3, not "T"'):
        power_value("T or AG-3", stats, choice="T", rulings=RULINGS)


def test_power_bonuses_and_resistance() -> None:
    # Backstab +3 (L1896), Assassination I +6 (L2214), Resistance I halves (L2131).
    pw = power_value("T", {"T": 10}, bonuses=[("Backstab", 3), ("Assassination I", 6)], halved_by="Resistance I",
                     rulings=RULINGS)
    assert pw.value == 10 and pw.working[-1] == "halved by Resistance I: 10"


def test_strike_never_drops_below_one_and_fixed_effects_win() -> None:
    assert strike_value("STA-1", 2, "active", bonuses=[("Harsh Riposte", -1)]).value == 1
    assert strike_value("STA", 2, "active", bonuses=[("Armsmaster", 1)]).value == 3
    crouched = strike_value("STA", 2, "active", bonuses=[("Armsmaster", 1)], fixed_by="Crouched")
    assert crouched.value == 1 and "STK set to 1 by Crouched" in crouched.working


def test_states_change_attributes_as_their_data_says(catalogue: EldfallCatalogue) -> None:
    card = catalogue.card("Thenrin Swashbuckler")
    confused = catalogue.ability("confused")
    crippled = catalogue.ability("crippled")
    assert attribute_target(card, "AG", states=[confused, crippled], rulings=RULINGS).value == 4  # 13 -> 7 -> 4
    assert attribute_target(card, "AG", states=[confused, crippled],
                            rulings=shipped_rulings(stacked_halving="once")).value == 7
    weakened = catalogue.ability("weakened")
    assert attribute_target(card, "STA", states=[weakened], rulings=RULINGS).value == 1
    assert attribute_target(card, "T", states=[weakened], rulings=RULINGS).value == 6
    assert attribute_target(card, "ARM", states=[catalogue.ability("crouched")], rulings=RULINGS).value == 2


def test_an_assassin_crits_on_three_and_decisive_blow_makes_every_success_critical() -> None:
    roll = attack_roll("N", "T", "OFF", target(17), [3, 12, 18], critical_up_to=3, rulings=RULINGS)
    assert roll.criticals == (0,) and roll.successes == (0, 1)
    decisive = attack_roll("N", "T", "OFF", target(17), [3, 12, 18], successes_critical=True, rulings=RULINGS)
    assert decisive.criticals == (0, 1)
    strict = attack_roll("N", "T", "OFF", target(2), [3], critical_up_to=3,
                         rulings=shipped_rulings(critical_above_target="must-succeed"))
    assert strict.successes == ()
    assert check_rules(3, rulings=RULINGS).critical_faces == frozenset({1, 2, 3})


def test_equal_best_rolls_cancel_each_other() -> None:
    a = attack_roll("A", "B", "OFF", target(13), [9], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [9], rulings=RULINGS)
    result = confront(a, b, rulings=RULINGS)
    assert result.winner is None and result.hits == ()
    assert "nobody wins the confrontation" in result.working


def test_both_sides_criticals_land_and_the_rest_by_ruling() -> None:
    a = attack_roll("A", "B", "OFF", target(13), [1, 12], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [1, 5], rulings=RULINGS)
    default = confront(a, b, rulings=RULINGS)
    assert sorted((h.attacker, h.face) for h in default.hits) == [("A", 1), ("B", 1)]
    compared = confront(a, b, rulings=shipped_rulings(confrontation_criticals="both-compare"))
    assert sorted((h.attacker, h.face) for h in compared.hits) == [("A", 1), ("A", 12), ("B", 1)]


def test_unstoppable_and_a_losing_backstab_let_both_sides_land() -> None:
    a = attack_roll("A", "B", "OFF", target(13), [6], rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(12), [8], rulings=RULINGS)
    assert len(confront(a, b, unstoppable=True, rulings=RULINGS).hits) == 2
    backstab = confront(a, b, backstab="a", rulings=RULINGS)
    assert sorted(h.face for h in backstab.hits) == [6, 8]
    assert len(unopposed(a, automatic=1)) == 2


def test_a_successful_dodge_still_takes_criticals() -> None:
    hits = attack_roll("A", "D", "OFF", target(13), [1, 7], rulings=RULINGS).hits()
    result = dodge("D", "A", target(12), 4, hits, rulings=RULINGS)
    assert [h.face for h in result.avoided] == [7] and [h.face for h in result.suffered] == [1]


def test_armour_modifiers_apply_in_order() -> None:
    assert armour_value(5, armor_piercing=True).value == 3
    assert armour_value(4, arcane_shield=True).value == 6
    assert armour_value(7, arcane_shield=True).value == 7
    assert armour_value(4, arcane_shield=True, critical=True).value == 6  # L2304: criticals keep ARM
    assert armour_value(4, shield_bonus=3, ignore_armor=True).value == 0


def test_damage_needs_one_die_per_hit_on_one_model() -> None:
    hits = attack_roll("A", "B", "OFF", target(13), [2, 3], rulings=RULINGS).hits()
    with pytest.raises(ValueError, match="2 Hits need 2 damage dice"):
        damage_roll(hits, 12, 4, [3])
    assert damage_roll(hits, 4, 5, [1, 1]).wounds == 0  # PW below ARM wounds nobody, not even a 1


def test_wounds_beyond_zero_follow_their_ruling() -> None:
    assert wound(1, 3, rulings=RULINGS).dead is False
    assert wound(1, 3, rulings=shipped_rulings(wounds_past_zero="kill")).dead is True
    assert cleave(2) == 4
    with pytest.raises(ValueError, match="cannot be negative"):
        wound(-1, 1, rulings=RULINGS)


def test_friendly_fire_ruling_both_keeps_successful_strays_on_the_target() -> None:
    shot = attack_roll("S", "E", "ACC", target(20), [18, 5], rulings=RULINGS)
    assert stray_shots(shot, 1, rulings=RULINGS).to_target == (1,)
    assert stray_shots(shot, 1, rulings=shipped_rulings(friendly_fire_roll="both")).to_target == (0, 1)
    assert stray_shots(shot, 1, area=True, rulings=RULINGS).to_allies == ()
    assert stray_shots(shot, 1, exempt_by="Chain Attack", rulings=RULINGS).to_allies == ()


def test_a_panicked_model_flees_or_only_dodges() -> None:
    assert panic_roll("P", target(10), 15, "active", rulings=RULINGS).outcome == "flees"
    assert panic_roll("P", target(10), 15, "reactive", rulings=RULINGS).outcome == "dodge-or-idle"
    assert panic_roll("P", target(10), 5, "reactive", rulings=RULINGS).outcome == "steady"


def test_who_may_cast_what(catalogue: EldfallCatalogue) -> None:
    noble = catalogue.card("Flameweaver Noble")
    assert knows_spell(noble, catalogue.spell("Fireball")) is None
    assert "no Affinity (Elder)" in (knows_spell(noble, catalogue.spell("Arcane Bolt")) or "")
    shaper = catalogue.card("Flameshaper")
    assert "knows no Spellcraft holding Fireball" in (knows_spell(shaper, catalogue.spell("Fireball")) or "")
    elemental = catalogue.card("Earth Elemental")
    assert knows_spell(elemental, catalogue.spell("Rooting Embrace")) is None  # printed on its card
    vizier = catalogue.card("Vizier of Conjurations")
    golem = catalogue.spell("Summon Golem")
    assert mana_cost(golem) == 2
    assert cast_refusal(vizier, golem, role="active", hands_full=False, ritual=True, mana=2) is None
    assert "Ritual" in (cast_refusal(vizier, golem, role="active", hands_full=False, ritual=False, mana=2) or "")
    assert "costs 2 Mana" in (cast_refusal(vizier, golem, role="active", hands_full=False, ritual=True, mana=1) or "")
    assert "Active role" in (cast_refusal(vizier, golem, role="reactive", hands_full=False, ritual=True, mana=2) or "")
    hierophant = catalogue.card("Expeditionary Hierophant")
    smite = catalogue.spell("Smite")
    assert "both hands full" in (cast_refusal(hierophant, smite, role="active", hands_full=True, ritual=False,
                                              mana=0) or "")


def test_actions_after_movement_and_states() -> None:
    assert allowed_actions("active", movement="run").actions == ("nothing",)
    assert allowed_actions("active", movement="run", dash=True).actions == ("nothing", "attack")
    assert "ritual" in allowed_actions("active", movement="idle").actions
    assert "ritual" not in allowed_actions("active", movement="walk").actions
    assert "ritual" not in allowed_actions("reactive", movement="idle").actions
    assert allowed_actions("active", states={"blinded"}).actions == ("nothing", "assist", "dodge")
    assert allowed_actions("reactive", panic_failed=True).actions == ("dodge",)


@settings(deadline=None)
@given(faces, faces, attributes, attributes)
def test_a_confrontation_lands_only_successes_and_swapping_sides_mirrors_it(a_faces: list[int], b_faces: list[int],
                                                                            a_attr: int, b_attr: int) -> None:
    a = attack_roll("A", "B", "OFF", target(a_attr), a_faces, rulings=RULINGS)
    b = attack_roll("B", "A", "DEF", target(b_attr), b_faces, rulings=RULINGS)
    result = confront(a, b, rulings=RULINGS)
    assert set(result.a_lands) <= set(a.successes) and set(result.b_lands) <= set(b.successes)
    if not a.criticals and not b.criticals:
        assert not (result.a_lands and result.b_lands)
    mirror = confront(b, a, rulings=RULINGS)
    assert (mirror.a_lands, mirror.b_lands) == (result.b_lands, result.a_lands)
    cancelled = {(c.side, c.die) for c in result.cancelled}
    landed = {("a", i) for i in result.a_lands} | {("b", i) for i in result.b_lands}
    assert cancelled | landed == {("a", i) for i in a.successes} | {("b", i) for i in b.successes}


@settings(deadline=None)
@given(st.lists(st.integers(1, 20), min_size=1, max_size=5), st.integers(0, 30), st.integers(0, 12), st.booleans())
def test_a_damage_die_wounds_exactly_when_at_or_under_the_difference(dice: list[int], pw: int, arm: int,
                                                                     critical: bool) -> None:
    hits = [attack_roll("A", "B", "OFF", target(20), [1 if critical else 2], rulings=RULINGS).hits()[0]] * len(dice)
    roll = damage_roll(hits, pw, arm, dice)
    expected = sum(1 for f in dice if f <= pw - (0 if critical else arm))
    assert roll.wounds == expected


@settings(deadline=None)
@given(st.integers(1, 10), st.integers(0, 10))
def test_broken_morale_defaults_to_half_or_fewer(original: int, lost: int) -> None:
    standing = max(original - lost, 0)
    assert morale_broken(original, standing, rulings=RULINGS) == (2 * standing <= original - original % 2)


def test_a_modifier_list_reads_in_working(catalogue: EldfallCatalogue) -> None:
    off = attribute_target(catalogue.card("Onitaoshi"), "OFF", modifiers=[Modifier.add("shield", -3, "L462")],
                           rulings=RULINGS)
    assert off.working == ("OFF 14", "-3 shield [L462]", "= 11")


def test_an_attack_reads_each_die_against_the_modified_attribute_and_damage_against_its_threshold() -> None:
    """L1421 (a success at or under the modified attribute), L567-573 (modifiers), L535-563 (PW - ARM)."""
    goal = target(14, [Modifier.add("target Crouched", -2, "L1706")], label="OFF")
    roll = attack_roll("A1", "B2", "OFF", goal, [8, 13], rulings=RULINGS)
    assert roll.explained.short() == "OFF 14, -2 target Crouched = 12: 8 hit, 13 miss"
    assert roll.working[0] == "A1's attack on B2: OFF 14, -2 target Crouched (L1706) = 12"
    assert attack_roll("A1", "B2", "OFF", target(12, label="OFF"), [1],
                       rulings=RULINGS).explained.short() == "OFF 12: 1 critical"
    hits = list(roll.hits())
    damage = damage_roll(hits, 12, 3, [9])
    assert damage.explained("A1's damage on B2").short() == "PW 12, -3 ARM = 9: 9 Wound"
    critical = damage_roll([*attack_roll("A1", "B2", "OFF", goal, [1, 8], rulings=RULINGS).hits()], 12, 3, [11, 11])
    assert critical.explained("x").short() == "PW 12, ARM 0 = 12: 11 Wound, 11 (ARM 3: 9) no Wound"


def test_a_target_named_bare_beside_counted_ones_takes_one_strike() -> None:
    # L809-817: the menu writes B1,B2x2 for three strikes; the bare one is a strike, not a share of none.
    b1, b2 = ModelId("B1"), ModelId("B2")
    assert _distributed(((b1, 0), (b2, 2)), 3, "act attack") == ((b1, 1), (b2, 2))
    with pytest.raises(IllegalCommand, match="3 strikes declared but STK is 2"):
        _distributed(((b1, 0), (b2, 2)), 2, "act attack")
