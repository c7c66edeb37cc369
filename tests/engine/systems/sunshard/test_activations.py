"""Selecting models, parties, the start and end of an activation, and the special actions (Sunshard:Embren core
rules v1.0, L359-447, L599-612, L1429-1445, L1494, L1522; digest examples D-23, D-26, D-28 to D-31)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError, SideId
from engine.systems.sunshard.activation import apply_activate, apply_end, check_activate, start_activation
from engine.systems.sunshard.ap import spend_ap
from engine.systems.sunshard.attack_plan import attack_cost, check_attack
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.specials import apply_special, check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import DATA, A, B, activate, card, lay, new_state, put, rolled, run, world

A1 = ModelId("A1")
GAP = 32 / 25.4


def selecting(state: SunshardState, side: SideId = A) -> SunshardState:
    state.step, state.active_side = "activation", side
    return state


def band() -> SunshardState:
    """The Captain (A1), three Conscripted (A2-A4) and a Harrier (A5) around it, all side A, one warband."""
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    for i, (x, y) in enumerate(((11.4, 10), (12.8, 10), (10, 8.6)), start=2):
        put(state, f"A{i}", "Conscripted", A, x, y)
    put(state, "A5", "Harrier", A, 10, 11.4)
    return selecting(state)


def test_disoriented_costs_one_ap_then_goes() -> None:
    # D-26, L606.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, tokens=["Disoriented", "On Guard"])
    after, _ = run(state, lambda ctx: start_activation(ctx, A1))
    assert after.activation is not None and after.activation.ap == 2 and after.models[A1].tokens == []


def test_a_party_holds_three_others_or_four_with_a_commander() -> None:
    # D-28, L437, L1425: a Conscripted may take 3 others, not 4; the Captain as Commander may take 4.
    state = band()
    w = world(state)
    with pytest.raises(RulesError, match="up to 3 other models, not 4"):
        check_activate(w, A, {"model": "A2", "party": "A1,A3,A4,A5"})
    state.figures[A1].gained["Commander"] = "game"
    assert check_activate(world(state), A, {"model": "A1", "party": "A2,A3,A4,A5"}).party == (
        "A2", "A3", "A4", "A5")


def test_a_mixed_party_without_a_commander_costs_a_fortune() -> None:
    # D-29, L437: Soldier and Scout types: 1 Fortune, refused without any; with a Commander it is free.
    state = band()
    with pytest.raises(RulesError, match="mixed types costs 1 Fortune and side A has none"):
        check_activate(world(state), A, {"model": "A2", "party": "A5"})
    state.records[A].fortune = 1
    plan = check_activate(world(state), A, {"model": "A2", "party": "A5"})
    assert plan.fortune == 1
    after, _ = run(state, lambda ctx: apply_activate(ctx, A, plan))
    assert after.records[A].fortune == 0 and after.party is not None and after.activation is not None
    assert check_activate(world(state), A, {"model": "A2", "party": "A3,A4"}).fortune == 0  # one type


def test_the_party_activates_before_the_opponent_selects() -> None:
    # L441: after the first member ends, the same player must select another member.
    state = band()
    plan = check_activate(world(state), A, {"model": "A2", "party": "A3"})
    formed, _ = run(state, lambda ctx: apply_activate(ctx, A, plan))
    ended, _ = run(formed, lambda ctx: apply_end(ctx, ModelId("A2")))
    assert ended.active_side == A
    with pytest.raises(RulesError, match="the party activates first"):
        check_activate(world(ended), A, {"model": "A1"})
    assert check_activate(world(ended), A, {"model": "A3"}).model == "A3"


def test_a_wavering_model_takes_no_special_action_but_rally() -> None:
    # D-30, L612: no Charge, no Aim, no party, no On Guard; Rally is allowed.
    state = band()
    state.models[A1].tokens.append("Wavering")
    put(state, "B1", "Pariah", B, 10, 10 - GAP * 0.5 - 32 / 25.4 / 2 - 0.0)
    with pytest.raises(RulesError, match="cannot take Party Formation"):
        check_activate(world(state), A, {"model": "A1", "party": "A2"})
    activate(state, "A1")
    state.activation.moved_into = [ModelId("B1")]  # type: ignore[union-attr]
    w = world(state)
    with pytest.raises(RulesError, match="Wavering"):
        check_attack(w, A, {"model": "A1", "weapon": "Sabre", "target": "B1", "kind": "charge"})
    with pytest.raises(RulesError, match="Wavering"):
        check_special(w, A, {"action": "on-guard", "model": "A1"})
    assert check_special(w, A, {"action": "rally", "model": "A1", "choice": "Wavering"}).ap == 1


def test_reload_one_allows_one_attack_a_round() -> None:
    # D-31, L1522.
    gun = card("Captain", name="Gunner", weapons=(DATA.card("Captain").weapons[0].model_copy(
        update={"abilities": ("Reload(1)",)}),))
    state = new_state()
    put(state, "A1", "Gunner", A, 2, 12, data=DATA.with_imports([gun]))
    put(state, "B1", "Pariah", B, 8, 12)
    activate(state, "A1", ap=3)
    state.figures[A1].reloads["Officer's Pistol"] = 1
    with pytest.raises(RulesError, match="Reload limit"):
        check_attack(world(state, gun), A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"})
    state.figures[A1].reloads = {}
    assert check_attack(world(state, gun), A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"})


def test_burning_tests_once_per_ap_but_not_for_a_rally() -> None:
    # D-23, L599: ARM 11 Burning: a 2-AP move makes two tests at TN 7; a Rally makes none.
    state = new_state()
    put(state, "A1", "Conscripted", A, 10, 10, tokens=["Burning"])
    activate(state, "A1", ap=3)
    after, events = run(state, lambda ctx: spend_ap(ctx, A1, 2, "a move"), rig=[3, 5])
    assert rolled(events) == [
        "A1's Burning test: TN 7, rolled 3: passed.", "A1's Burning test: TN 7, rolled 5: passed."]

    def rally(ctx: Context[SunshardState]) -> None:
        apply_special(ctx, check_special(world_of(ctx), A, {"action": "rally", "model": "A1", "choice": "Burning"}))
    rallied, events = run(after, rally)
    assert rallied.models[A1].tokens == [] and not any(isinstance(e.body, TestMade) for e in events)


def test_on_guard_ends_the_activation() -> None:
    # L419.
    state = selecting(new_state())
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 20, 20)
    activate(state, "A1")

    def guard(ctx: Context[SunshardState]) -> None:
        apply_special(ctx, check_special(world_of(ctx), A, {"action": "on-guard", "model": "A1"}))
    after, events = run(state, guard)
    assert after.models[A1].tokens == ["On Guard"] and after.activation is None and after.active_side == B
    assert "A1 spends 2 AP on On Guard (1 left)." in [e.body.describe() for e in events]


def test_disengage_vaults_out_of_contact() -> None:
    # L409: 2 AP, a vault up to SPD, not ending engaged with the enemy it was engaged with.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 10 + GAP, 10)
    activate(state, "A1")
    with pytest.raises(RulesError, match="still be engaged with B1"):
        check_special(world(state), A, {"action": "disengage", "model": "A1", "to": "10.17,10.63"})

    def disengage(ctx: Context[SunshardState]) -> None:
        apply_special(ctx, check_special(world_of(ctx), A, {"action": "disengage", "model": "A1", "to": "7,10"}))
    after, _ = run(state, disengage)
    assert (after.models[A1].x, after.activation.ap) == (7, 1)  # type: ignore[union-attr]


def test_climbing_costs_the_hgt_difference_and_places_on_top() -> None:
    # L411-415: a HGT 2 model climbs HGT 4 terrain it touches for 2 AP and stands on it.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    lay(state, "T1", (10 + GAP / 2, 8, 4, 4), 4, ["heavy-cover"])
    activate(state, "A1")
    plan = check_special(world(state), A, {"action": "climb", "model": "A1", "choice": "T1"})
    assert plan.ap == 2 and plan.height == 4
    after, _ = run(state, lambda ctx: apply_special(ctx, plan))
    assert after.models[A1].z == 4 and world(after).model("A1").functional_hgt() == 6


def test_eagle_eye_makes_aiming_free() -> None:
    # L1429-1431.
    state = new_state()
    put(state, "A1", "Harrier", A, 10, 10)
    activate(state, "A1")
    harrier = world(state).model("A1")
    assert attack_cost(world(state), "action", True, harrier) == 2
    after, _ = run(state, lambda ctx: apply_special(ctx, check_special(world_of(ctx), A, {"action": "eagle-eye",
                                                                                          "model": "A1"})))
    assert attack_cost(world(after), "action", True, world(after).model("A1")) == 1


def test_vigilant_gains_on_guard_at_the_end_if_unengaged() -> None:
    # L1494.
    state = selecting(new_state(), B)
    put(state, "B1", "Pariah", B, 10, 10)
    activate(state, "B1")
    after, _ = run(state, lambda ctx: apply_end(ctx, ModelId("B1")))
    assert after.models[ModelId("B1")].tokens == ["On Guard"]


def test_the_free_rally_costs_a_fortune_and_no_ap() -> None:
    # L762: during its activation a model Rallies for 0 AP and 1 Fortune.
    from engine.systems.sunshard.fortune import check_free_rally, use_fortune
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, tokens=["Disoriented"])
    activate(state, "A1", ap=2)
    with pytest.raises(RulesError, match="no Fortune"):
        check_free_rally(world(state), A, {"model": "A1", "choice": "Disoriented"})
    state.records[A].fortune = 1
    key = check_free_rally(world(state), A, {"model": "A1", "choice": "Disoriented"})
    after, _ = run(state, lambda ctx: use_fortune(ctx, A, key))
    assert after.models[A1].tokens == [] and after.records[A].fortune == 0 and after.activation.ap == 2  # type: ignore[union-attr]
