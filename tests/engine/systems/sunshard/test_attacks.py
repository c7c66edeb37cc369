"""Attacks resolved step by step: the attack test, re-rolls, hits, Blight from perfect attacks and botched saves, the
Armor test, substitutes, templates, Powerful(X) and Charges (Sunshard:Embren core rules v1.0, L483-583, L626, L757-760,
L1419, L1506, L1518; digest examples EX-2, D-32, D-33)."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RulesError
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard import tables as t
from tests.engine.systems.sunshard.tables import A1, B1, B2, DATA, A, B


def pistol_duel() -> SunshardState:
    """EX-2's table: the Captain (A1) shoots the Aberration (B1) behind heavy cover."""
    state = t.duel("Captain", "Aberration")
    t.lay(state, "T1", (9.5, 10, 0.5, 4), 1, ["heavy-cover"])
    return state


def test_the_pistol_example_hits_on_7_and_is_saved_on_10() -> None:
    # EX-2a and EX-2b, L217-223.
    after, events = t.attack(pistol_duel(), "A", [7, 10], model="A1", weapon="Officer's Pistol", target="B1")
    assert t.rolled(events) == ["A1's attack test on B1: TN 10, rolled 7: hit.",
                                "B1's Armor test: TN 10, rolled 10: passed."]
    assert after.models[B1].wounds_left == 3 and after.activation is not None and after.activation.ap == 2
    assert after.attack is None and after.figures[A1].reloads == {"Officer's Pistol": 1}


def test_an_attack_tells_the_table_its_dice_not_its_inner_steps() -> None:
    # Every public line of an attack says something a player reads: the declaration, the tests and what they did;
    # the referee's steps between them (hits, on-hit, armor...) print nothing.
    _, events = t.attack(pistol_duel(), "A", [7, 11], model="A1", weapon="Officer's Pistol", target="B1")
    said = [line for e in events if e.audience.is_public and (line := e.body.describe())]
    assert said and not [line for line in said if "'s attack: " in line], said


def test_a_failed_armor_test_costs_one_hp() -> None:
    after, _ = t.attack(pistol_duel(), "A", [7, 11], model="A1", weapon="Officer's Pistol", target="B1")
    assert after.models[B1].wounds_left == 2


def test_a_perfect_attack_gives_blight_and_a_botched_save_more() -> None:
    # D-01, D-04, L521, L529: a 1 hits and gives Blight; a 20 on the Armor test fails and gives Blight too.
    after, events = t.attack(pistol_duel(), "A", [1, 20], model="A1", weapon="Officer's Pistol", target="B1")
    assert after.models[B1].tokens.count("Blight") == 2 and after.models[B1].wounds_left == 2
    assert t.rolled(events)[0] == "A1's attack test on B1: TN 10, rolled 1: perfect, hit."


def test_the_attacker_may_reroll_with_fortune_and_each_die_once() -> None:
    # L757, L153: a miss; 1 Fortune re-rolls the test; no second re-roll is offered.
    state = pistol_duel()
    state.records[A].fortune = 1
    waiting, _ = t.attack(state, "A", [15], model="A1", weapon="Officer's Pistol", target="B1")
    decision = t.pending(waiting)
    assert decision.kind == "attack-reroll" and [o.key for o in decision.parts[0].options] == ["keep", "fortune"]
    after, events = t.answer(waiting, {"reroll": "fortune"}, rig=[3, 12])
    assert after.records[A].fortune == 0 and after.models[B1].wounds_left == 2 and not after.pending
    assert "A1's attack test on B1, re-rolled: TN 10, rolled 3: hit." in t.rolled(events)


def test_the_target_may_reroll_its_armor_test_with_fortune() -> None:
    # L758-760.
    state = pistol_duel()
    state.records[B].fortune = 2
    waiting, _ = t.attack(state, "A", [7, 14], model="A1", weapon="Officer's Pistol", target="B1")
    assert t.pending(waiting).kind == "armor-reroll" and t.pending(waiting).owner == B
    after, _ = t.answer(waiting, {"reroll": "fortune"}, rig=[4])
    assert after.models[B1].wounds_left == 3 and after.records[B].fortune == 1


def test_powerful_rolls_a_die_per_x_and_each_hit_tests_armor() -> None:
    # D-32, D-33, L1518: Powerful(2) rolling 1 and 1: two hits, two Blight, two Armor tests.
    brute = t.card("Captain", name="Brute", weapons=(DATA.card("Captain").weapons[1].model_copy(
        update={"abilities": ("Powerful(2)",)}),))
    data = DATA.with_imports([brute])
    state = t.new_state()
    t.put(state, "A1", "Brute", A, 10, 10, data=data)
    t.put(state, "B1", "Evolved", B, 10 + 32 / 25.4 / 2 + 50 / 25.4 / 2, 10, data=data)
    t.activate(state, "A1", data=data)
    after, events = t.attack(state, "A", [1, 1, 12, 12], data=data, model="A1", weapon="Sabre", target="B1")
    assert after.models[B1].tokens.count("Blight") == 2
    assert len([t for t in t.rolled(events) if "Armor test" in t]) == 2


def test_a_bodyguard_takes_the_hit_without_heavy_cover() -> None:
    # L1419: a friendly Bodyguard within 4" and in sight may be hit instead, once a round, with no heavy cover.
    guard = t.card("Pariah", name="Warden", abilities=("Bodyguard",))
    data = DATA.with_imports([guard])
    state = pistol_duel()
    t.put(state, "B2", "Warden", B, 12, 14.5, data=data)
    waiting, _ = t.attack(state, "A", [7], data=data, model="A1", weapon="Officer's Pistol", target="B1")
    decision = t.pending(waiting)
    assert decision.kind == "substitute" and "bodyguard:B2" in [o.key for o in decision.parts[0].options]
    after, events = t.answer(waiting, {"by": "bodyguard:B2"}, rig=[6], data=data)
    assert t.rolled(events) == ["B2's Armor test: TN 5, rolled 6: failed."]  # ARM 11 - ST 6, no heavy cover
    assert after.models[B2].wounds_left == 1 and after.figures[B2].used == ["Bodyguard"]


def test_a_blighted_weapon_gives_blight_instead_of_a_wound() -> None:
    # L1506.
    spitter = t.card("Captain", name="Spitter", weapons=(DATA.card("Captain").weapons[0].model_copy(
        update={"abilities": ("Blighted",)}),))
    data = DATA.with_imports([spitter])
    state = t.duel("Spitter", "Aberration", data=data)
    after, _ = t.attack(state, "A", [5, 19], data=data, model="A1", weapon="Officer's Pistol", target="B1")
    assert after.models[B1].wounds_left == 3 and after.models[B1].tokens == ["Blight"]


def test_a_cone_attacks_every_model_under_it_friends_included() -> None:
    # L553: the Cone attacks the target, then every other model under it, friends too.
    state = t.new_state()
    t.put(state, "B1", "Aberration", B, 4, 12)
    t.put(state, "A1", "Captain", A, 8, 12)
    t.put(state, "B2", "Pariah", B, 10, 12.4)
    t.activate(state, "B1")
    after, events = t.attack(state, "B", [2, 8, 2, 15], model="B1", weapon="Blight Spit", target="A1")
    assert [line.split(":")[0] for line in t.rolled(events)] == ["B1's attack test on A1", "A1's Armor test",
                                                                "B1's attack test on B2", "B2's Armor test"]
    assert after.models[A1].tokens == [] and after.models[B2].tokens == ["Blight"]  # the Spit is Blighted


def test_a_ranged_attack_while_engaged_is_refused() -> None:
    # L547.
    state = pistol_duel()
    t.put(state, "B2", "Pariah", B, 2 + 32 / 25.4, 12)
    with pytest.raises(RulesError, match=r"engaged by B2 and cannot make ranged attacks \(.*L547\)"):
        check_attack(t.world(state), A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"})


def test_a_wall_may_not_cover_friends_and_needs_sight_of_someone_under_it() -> None:
    # L559: laid completely within X" of the attacker, over no friendly model, in sight of at least one model under
    # it; then every model under it is attacked.
    thrower = t.card("Captain", name="Thrower", weapons=(DATA.card("Captain").weapons[0].model_copy(
        update={"name": "Firewall", "RN": "*", "abilities": ("Wall(8)",)}),))
    data = DATA.with_imports([thrower])
    state = t.new_state()
    t.put(state, "A1", "Thrower", A, 4, 12, data=data)
    t.put(state, "A2", "Conscripted", A, 9, 14, data=data)
    t.put(state, "B1", "Pariah", B, 9, 12, data=data)
    t.put(state, "B2", "Pariah", B, 9, 10.8, data=data)
    t.activate(state, "A1", data=data)
    w = t.world(state, thrower)
    plan = check_attack(w, A, {"model": "A1", "weapon": "Firewall", "at": "9,11.4;0"})
    assert set(plan.targets) == {"B1", "B2"}
    with pytest.raises(RulesError, match="friendly models"):
        check_attack(w, A, {"model": "A1", "weapon": "Firewall", "at": "9,13.4;0"})
    with pytest.raises(RulesError, match="completely within 8"):
        check_attack(w, A, {"model": "A1", "weapon": "Firewall", "at": "14,12;0"})
    # The attacker is a friendly model too (L1337): a Wall laid over its own base is refused.
    with pytest.raises(RulesError, match=r"friendly models \(A1\)"):
        check_attack(w, A, {"model": "A1", "weapon": "Firewall", "at": "6,12;0"})


def test_a_charge_with_powerful_charge_rolls_two_dice_once_a_round() -> None:
    # L405-407, L1469: the Evolved's Charge rolls Powerful(2); the same target cannot be Charged again this round.
    state = t.new_state()
    t.put(state, "B1", "Evolved", B, 10, 10)
    t.put(state, "A1", "Captain", A, 10 + 50 / 25.4 / 2 + 32 / 25.4 / 2, 10)
    t.activate(state, "B1")
    state.activation.moved_into = [A1]  # type: ignore[union-attr]
    after, events = t.attack(state, "B", [2, 19, 12], model="B1", weapon="Crushing Claws", target="A1", kind="charge")
    assert t.rolled(events)[0] == "B1's attack test on A1: TN 11, rolled 2, 19: hit; miss."
    assert after.figures[ModelId("B1")].charged == [A1] and after.activation.moved_into == []  # type: ignore[union-attr]
    assert "Floored" in after.models[A1].tokens  # Bell-Ringer(3) on the 2
