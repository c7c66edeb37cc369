"""Attacks checked against the rulebook itself, not the digest: what may attack what, what it costs, which modifiers
apply to which kind of attack, and what a hit does (Sunshard:Embren core rules v1.0, L483-583, L1413-1536)."""

from __future__ import annotations

import pytest

from engine.core import RulesError
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.modifiers import AttackSpec, armor_target, attack_target
from engine.systems.sunshard.sight import cover
from tests.engine.systems.sunshard.tables import (
    A1,
    A2,
    B1,
    B2,
    DATA,
    A,
    B,
    activate,
    answer,
    attack,
    card,
    duel,
    lay,
    new_state,
    pending,
    put,
    rolled,
    world,
)

R32 = 32 / 25.4 / 2
"""The radius of a 32 mm base, in inches."""


def with_weapon(base: str, name: str, **changes: object) -> tuple[SunshardData, str]:
    """Test data with a card ``name`` made from ``base`` whose first weapon profile is changed."""
    profile = DATA.card(base).weapons[0].model_copy(update=changes)
    return DATA.with_imports([card(base, name=name, weapons=(profile,))]), name


def test_a_perfect_attack_hits_a_tn_below_one_and_a_botched_one_misses_a_tn_above_twenty() -> None:
    # L199, L505-507, L521, L527: a TN off the die is still rolled; 1 always hits, 20 never does.
    data, name = with_weapon("Captain", "Duellist", AA=16)
    state = duel(name, "Aberration", 8, data=data)
    _, events = attack(state, "A", [20], data, model="A1", weapon="Officer's Pistol", target="B1")
    assert rolled(events) == ["A1's attack test on B1: TN 22, rolled 20: botched, miss."]
    data, name = with_weapon("Captain", "Shaky", AA=-8)
    state = duel(name, "Aberration", 8, data=data)
    after, events = attack(state, "A", [1, 18], data, model="A1", weapon="Officer's Pistol", target="B1")
    assert rolled(events)[0] == "A1's attack test on B1: TN -2, rolled 1: perfect, hit."
    assert after.models[B1].tokens == ["Blight"]


def test_a_curse_rolling_one_is_a_perfect_casting_and_gives_no_blight() -> None:
    # L583, L678: a curse's test makes perfect and botched castings, not perfect attacks, so no Blight token (L521).
    state = new_state()
    put(state, "B1", "Aberration", B, 2, 12)
    put(state, "A1", "Captain", A, 8, 12)
    state.figures[B1].spells = ["blight-bolt"]
    activate(state, "B1")
    after, events = attack(state, "B", [1, 15], model="B1", weapon="Blight Bolt", target="A1", kind="curse")
    assert rolled(events)[0].startswith("B1's attack test on A1: TN 10, rolled 1: perfect")
    assert after.models[A1].tokens == [] and after.models[A1].wounds_left == 2


def test_a_strength_star_hit_makes_no_armor_test_but_still_applies_its_on_hit_ability() -> None:
    # L551, L1512: a ST * ranged profile with Disorient: the hit Disorients; no Armor test is taken.
    data, name = with_weapon("Captain", "Flashbang", ST="*", abilities=("Disorient",))
    state = duel(name, "Pariah", 8, data=data)
    after, events = attack(state, "A", [3], data, model="A1", weapon="Officer's Pistol", target="B1")
    assert [t.split(":")[0] for t in rolled(events)] == ["A1's attack test on B1"]
    assert after.models[B1].tokens == ["Disoriented"] and after.models[B1].wounds_left == 2


def test_aiming_costs_one_more_ap_adds_two_and_only_for_ranged_attacks() -> None:
    # L565-567: a ranged attack action may spend 1 more AP to Aim (+2); melee attacks never Aim.
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12)
    put(state, "B1", "Pariah", B, 8, 12)
    put(state, "B2", "Pariah", B, 2 + 2 * R32, 14)
    activate(state, "A1")
    plan = check_attack(world(state), A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1", "aim": "yes"})
    assert plan.ap == 2
    w = world(state)
    aimed = AttackSpec(A1, B1, w.model("A1").weapon("Officer's Pistol"), aimed=True)
    assert attack_target(w, aimed).value == 6 + 5 + 2
    state.models[B2].y = 12
    with pytest.raises(RulesError, match="Aiming"):
        check_attack(world(state), A, {"model": "A1", "weapon": "Sabre", "target": "B2", "aim": "yes"})


def test_a_cone_ignores_aiming_cover_and_the_fray_but_not_hunters_mark() -> None:
    # L555-557, L624: the Cone's TN is AA + EVA whatever the cover and the fray; Hunter's Mark still adds 2.
    state = new_state()
    put(state, "B1", "Aberration", B, 4, 12)
    put(state, "A1", "Captain", A, 8, 12, tokens=["Hunter's Mark"])
    put(state, "B2", "Pariah", B, 8, 12 + 2 * R32)
    lay(state, "T1", (6.2, 10, 0.3, 4), 1, ["heavy-cover"])
    w = world(state)
    spit = AttackSpec(B1, A1, w.model("B1").weapon("Blight Spit"), cover=cover(w, w.model("B1"), w.model("A1")))
    assert spit.cover is not None and spit.cover.kind == "heavy"
    assert attack_target(w, spit).value == 4 + 5 + 2


def test_a_floored_target_helps_melee_attacks_only() -> None:
    # L608: melee attacks on a Floored model get +2; ranged attacks on it do not.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 10 + 2 * R32, 10, tokens=["Floored"])
    put(state, "A2", "Captain", A, 10 + 2 * R32, 2)
    w = world(state)
    sabre = AttackSpec(A1, B1, w.model("A1").weapon("Sabre"))
    pistol = AttackSpec(A2, B1, w.model("A2").weapon("Officer's Pistol"))
    assert attack_target(w, sabre).value == 5 + 5 + 2
    assert attack_target(w, pistol).value == 6 + 5 - 2  # In the Fray (L575), but no Floored bonus


def test_hunters_mark_ignores_the_cover_modifier_but_heavy_cover_still_helps_the_armor_test() -> None:
    # L573, L624 (ruling heavy-armor-vs-mark): +2 and no -2 for cover to hit; the Armor test keeps heavy cover's +2.
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12)
    put(state, "B1", "Aberration", B, 12, 12, tokens=["Hunter's Mark"])
    lay(state, "T1", (9.5, 10, 0.5, 4), 1, ["heavy-cover"])
    w = world(state)
    shot = AttackSpec(A1, B1, w.model("A1").weapon("Officer's Pistol"), cover=cover(w, w.model("A1"), w.model("B1")))
    assert attack_target(w, shot).value == 6 + 6 + 2
    assert armor_target(w, shot).value == 14 - 6 + 2


def test_fortified_hold_helps_only_against_ranged_attacks_in_heavy_cover() -> None:
    # L741, L901: heavy cover +2, Fortified Hold +2 more, against the pistol: 14 - 6 + 4.
    state = new_state(battlefield=["fortified-hold"])
    put(state, "A1", "Captain", A, 2, 12)
    put(state, "B1", "Aberration", B, 12, 12)
    lay(state, "T1", (9.5, 10, 0.5, 4), 1, ["heavy-cover"])
    w = world(state)
    shot = AttackSpec(A1, B1, w.model("A1").weapon("Officer's Pistol"), cover=cover(w, w.model("A1"), w.model("B1")))
    assert armor_target(w, shot).value == 12
    open_ground = AttackSpec(A1, B1, w.model("A1").weapon("Officer's Pistol"))
    assert armor_target(w, open_ground).value == 8


def test_attacks_on_friendly_models_are_refused_except_under_a_cone() -> None:
    # L485, L553: no attack targets a friend; a Cone still attacks the friends under it.
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12)
    put(state, "A2", "Conscripted", A, 8, 12)
    activate(state, "A1")
    with pytest.raises(RulesError, match="friendly"):
        check_attack(world(state), A, {"model": "A1", "weapon": "Officer's Pistol", "target": "A2"})


def test_a_melee_profile_needs_base_contact_and_a_ranged_one_its_range() -> None:
    # L250, L489: RN 0 reaches base contact only; the pistol reaches 10".
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12)
    put(state, "B1", "Pariah", B, 2 + 2 * R32 + 0.1, 12)
    put(state, "B2", "Pariah", B, 2 + 2 * R32 + 10.2, 16)
    activate(state, "A1")
    w = world(state)
    with pytest.raises(RulesError, match="base contact"):
        check_attack(w, A, {"model": "A1", "weapon": "Sabre", "target": "B1"})
    with pytest.raises(RulesError, match="beyond RN 10"):
        check_attack(w, A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B2"})


def test_reload_two_allows_two_attacks_a_round_and_not_a_third() -> None:
    # L1522: Reload(2) counts every attack with the profile this round.
    state = duel("Captain", "Aberration", 8, ap=3)
    state.figures[A1].reloads = {"Officer's Pistol": 2}
    with pytest.raises(RulesError, match="Reload"):
        check_attack(world(state), A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"})


def test_a_support_attack_costs_a_fortune_as_well_as_the_ap() -> None:
    # L1526.
    data, name = with_weapon("Captain", "Gunner", abilities=("Support Attack",))
    state = duel(name, "Aberration", 8, data=data)
    w = world(state, data.card(name))
    with pytest.raises(RulesError, match="Fortune"):
        check_attack(w, A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"})
    state.records[A].fortune = 1
    after, _ = attack(state, "A", [15], data, model="A1", weapon="Officer's Pistol", target="B1")
    assert after.records[A].fortune == 0 and after.activation is not None and after.activation.ap == 2


def test_a_protected_model_may_pass_the_hit_to_a_friend_who_is_also_a_bodyguard() -> None:
    # L1419, L1471: the Protected target may pick a friend as its rule allows, without spending that friend's
    # once-a-round Bodyguard; both ways are offered.
    data = DATA.with_imports([card("Aberration", name="Ward", abilities=("Protected",)),
                              card("Pariah", name="Warden", abilities=("Bodyguard",))])
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12, data=data)
    put(state, "B1", "Ward", B, 12, 12, data=data)
    put(state, "B2", "Warden", B, 12, 14.5, data=data)
    activate(state, "A1", data=data)
    waiting, _ = attack(state, "A", [5], data, model="A1", weapon="Officer's Pistol", target="B1")
    options = [o.key for o in pending(waiting).parts[0].options]
    assert "bodyguard:B2" in options and "protected:B2" in options


def test_a_botched_save_against_a_blighted_weapon_gives_two_blight_and_no_wound() -> None:
    # L529, L1506: the botched save gives Blight, the failed test gives Blight instead of the HP.
    data, name = with_weapon("Captain", "Spitter", abilities=("Blighted",))
    state = duel(name, "Aberration", data=data)
    after, _ = attack(state, "A", [5, 20], data, model="A1", weapon="Officer's Pistol", target="B1")
    assert after.models[B1].tokens == ["Blight", "Blight"] and after.models[B1].wounds_left == 3


def test_a_die_rerolled_with_loot_is_not_rerolled_again_with_fortune() -> None:
    # L153, L161, L626, L757: Loot re-rolls the attack test; no Fortune re-roll is offered after it.
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12, tokens=["Loot"])
    put(state, "B1", "Aberration", B, 12, 12)
    state.records[A].fortune = 3
    activate(state, "A1")
    waiting, _ = attack(state, "A", [18], model="A1", weapon="Officer's Pistol", target="B1")
    assert [o.key for o in pending(waiting).parts[0].options] == ["keep", "loot", "fortune"]
    after, events = answer(waiting, {"reroll": "loot"}, rig=[19])
    assert not after.pending and after.records[A].fortune == 3 and after.models[B1].tokens == []
    assert "A1 re-rolls its attack test with a Loot token." in [e.body.describe() for e in events]


def test_an_immaterial_model_shrugs_off_a_hit_on_ten_or_less() -> None:
    # L1447: hit, then a d20: 10 passes through it, 11 does not.
    data = DATA.with_imports([card("Pariah", name="Shade", abilities=("Immaterial",))])
    for face, wounds in ((10, 2), (11, 1)):
        state = new_state()
        put(state, "A1", "Captain", A, 2, 12, data=data)
        put(state, "B1", "Shade", B, 8, 12, data=data)
        activate(state, "A1", data=data)
        rig = [3, face] + ([15] if face > 10 else [])
        after, _ = attack(state, "A", rig, data, model="A1", weapon="Officer's Pistol", target="B1")
        assert after.models[B1].wounds_left == wounds


def test_fade_is_not_offered_to_a_floored_attacker() -> None:
    # L1514: a Floored model does not vault with Fade after hitting.
    state = new_state()
    put(state, "B1", "Pariah", B, 10, 10, tokens=["Floored"])
    put(state, "A1", "Captain", A, 10 + 2 * R32, 10)
    activate(state, "B1")
    after, _ = attack(state, "B", [2, 15], model="B1", weapon="Twin Blades", target="A1")
    assert not after.pending and after.attack is None


def test_anticipate_attack_takes_two_off_every_attack_of_the_activating_model_on_it() -> None:
    # L423 (ruling anticipate-duration): the On Guard target spends its token; the attack test is at -2.
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12)
    put(state, "B1", "Aberration", B, 8, 12, tokens=["On Guard"])
    activate(state, "A1")
    waiting, _ = attack(state, "A", [], model="A1", weapon="Officer's Pistol", target="B1")
    assert pending(waiting).kind == "anticipate" and pending(waiting).owner == B
    after, events = answer(waiting, {"anticipate": "yes"}, rig=[11])
    assert rolled(events) == ["A1's attack test on B1: TN 10, rolled 11: miss."]
    assert "On Guard" not in after.models[B1].tokens
