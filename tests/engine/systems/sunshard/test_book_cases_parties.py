"""Selecting models and forming parties, checked against the rulebook itself: who may be selected, who may join,
how many, what a party gives its members, and who selects next (Sunshard:Embren core rules v1.0, L359-365, L377-383,
L437-445, L1279, L1425, L1427, L1455, L1459, L1490)."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RulesError, SideId
from engine.systems.sunshard.activation import apply_activate, apply_end, check_activate
from engine.systems.sunshard.modifiers import AttackSpec, attack_target
from engine.systems.sunshard.quest_actions import rsl_goal
from engine.systems.sunshard.state import Party, SunshardState
from tests.engine.systems.sunshard.tables import DATA, A, B, activate, attack, card, new_state, put, rolled, run, world

A1, A2, A3, B1 = ModelId("A1"), ModelId("A2"), ModelId("A3"), ModelId("B1")
R32 = 32 / 25.4 / 2


def selecting(state: SunshardState, side: SideId = A) -> SunshardState:
    state.step, state.active_side = "activation", side
    return state


def test_a_model_beyond_four_inches_of_the_selector_cannot_join() -> None:
    # L437 (ruling party-range): measured base to base from the selecting model.
    state = selecting(new_state())
    put(state, "A1", "Conscripted", A, 10, 10)
    put(state, "A2", "Conscripted", A, 10 + 2 * R32 + 4.2, 10)
    put(state, "A3", "Conscripted", A, 10 - 2 * R32 - 3.9, 10)
    w = world(state)
    with pytest.raises(RulesError, match="beyond 4"):
        check_activate(w, A, {"model": "A1", "party": "A2"})
    assert check_activate(w, A, {"model": "A1", "party": "A3"}).party == (A3,)


def test_mob_models_form_a_party_of_six_in_all() -> None:
    # L1455 (ruling mob-party-size): six Mob models together, not seven.
    state = selecting(new_state())
    for i in range(7):
        put(state, f"A{i + 1}", "Conscripted", A, 8 + 1.3 * (i % 4), 10 + 1.3 * (i // 4))
    w = world(state)
    assert len(check_activate(w, A, {"model": "A1", "party": "A2,A3,A4,A5,A6"}).party) == 5
    with pytest.raises(RulesError, match="up to 5 other models"):
        check_activate(w, A, {"model": "A1", "party": "A2,A3,A4,A5,A6,A7"})


def test_solitary_models_never_join_a_party() -> None:
    # L1490.
    data = DATA.with_imports([card("Conscripted", name="Loner", abilities=("Solitary",))])
    state = selecting(new_state())
    put(state, "A1", "Conscripted", A, 10, 10, data=data)
    put(state, "A2", "Loner", A, 11.5, 10, data=data)
    with pytest.raises(RulesError, match="Solitary"):
        check_activate(world(state, data.card("Loner")), A, {"model": "A1", "party": "A2"})


def test_a_model_already_activated_or_already_in_a_party_this_round_cannot_join() -> None:
    # L437, L443, L1279: party members have not activated; Party Formation once a round.
    state = selecting(new_state())
    put(state, "A1", "Conscripted", A, 10, 10)
    put(state, "A2", "Conscripted", A, 11.5, 10)
    put(state, "A3", "Conscripted", A, 10, 11.5)
    state.figures[A2].activated = True
    state.figures[A3].party_formed = True
    w = world(state)
    with pytest.raises(RulesError, match="cannot activate this round"):
        check_activate(w, A, {"model": "A1", "party": "A2"})
    with pytest.raises(RulesError, match="Party Formation this round already"):
        check_activate(w, A, {"model": "A1", "party": "A3"})


def test_a_downed_model_cannot_be_selected() -> None:
    # L381, L622.
    state = selecting(new_state())
    put(state, "A1", "Captain", A, 10, 10, tokens=["Downed", "Floored"])
    with pytest.raises(RulesError, match="Downed"):
        check_activate(world(state), A, {"model": "A1"})


def test_a_commander_anywhere_in_the_party_spares_the_fortune_for_mixed_types() -> None:
    # L341, L1425: the party includes the Commander, so mixing types costs nothing; the Commander's 4 others apply
    # only when it selects.
    state = selecting(new_state())
    put(state, "A1", "Conscripted", A, 10, 10)
    put(state, "A2", "Captain", A, 11.5, 10, leader=True)
    put(state, "A3", "Harrier", A, 10, 11.5)
    plan = check_activate(world(state), A, {"model": "A1", "party": "A2,A3"})
    assert plan.fortune == 0


def test_players_alternate_and_the_other_activates_the_rest_when_one_runs_out() -> None:
    # L365 (rulings run-out, initiative-alternation): after A's activation B selects; when B has nobody left, A goes on.
    state = selecting(new_state())
    put(state, "A1", "Captain", A, 10, 4)
    put(state, "A2", "Conscripted", A, 14, 4)
    put(state, "B1", "Pariah", B, 10, 20)
    activate(state, "A1")
    after, _ = run(state, lambda ctx: apply_end(ctx, A1))
    assert after.active_side == B
    state.figures[B1].activated = True
    after, _ = run(state, lambda ctx: apply_end(ctx, A1))
    assert after.active_side == A


def test_paymaster_adds_two_to_the_rsl_tests_of_the_other_non_leader_members() -> None:
    # L1459: +2 on RSL tests made in their activation, for the others in its party who are not Leaders.
    data = DATA.with_imports([card("Captain", name="Purser", abilities=("Paymaster",))])
    state = new_state()
    put(state, "A1", "Purser", A, 10, 10, data=data, leader=True)
    put(state, "A2", "Conscripted", A, 11.5, 10, data=data)
    put(state, "A3", "Conscripted", A, 14, 14, data=data)
    state.party = Party(selector=A1, members=[A1, A2])
    activate(state, "A2")
    w = world(state, data.card("Purser"))
    assert rsl_goal(w, w.model("A2"), []).value == 8 + 2
    assert rsl_goal(w, w.model("A1"), []).value == 9  # the Paymaster itself, a Leader
    assert rsl_goal(w, w.model("A3"), []).value == 8  # not in the party
    activate(state, "A1", data=data)
    w = world(state, data.card("Purser"))
    assert rsl_goal(w, w.model("A2"), []).value == 8  # not in its own activation


def test_paymaster_pays_a_loot_token_to_each_other_spoils_of_war_member() -> None:
    # Sunshard core rules, L1459, L1492: forming a party with a Paymaster gives each Spoils of War model in it a Loot
    # token; the Paymaster forms no party with itself, so its own Spoils of War earns nothing from its own ability,
    # and a model without Spoils of War gains none. With a second Paymaster, each pays (ruling: each ability its own).
    purser = card("Captain", name="Purser", abilities=("Paymaster", "Spoils of War"))
    looter = card("Conscripted", name="Looter", abilities=("Spoils of War",))
    data = DATA.with_imports([purser, looter])
    state = selecting(new_state())
    put(state, "A1", "Purser", A, 10, 10, data=data)
    put(state, "A2", "Looter", A, 11.5, 10, data=data)
    put(state, "A3", "Conscripted", A, 10, 11.5, data=data)
    state.records[A].fortune = 1
    w = world(state, purser, looter)
    after, _ = run(state, lambda ctx: apply_activate(ctx, A, check_activate(w, A, {"model": "A1", "party": "A2,A3"})),
                   data=data)
    assert [after.models[m].tokens.count("Loot") for m in (A1, A2, A3)] == [0, 1, 0]
    put(state, "A3", "Purser", A, 10, 11.5, data=data)
    w = world(state, purser, looter)
    after, _ = run(state, lambda ctx: apply_activate(ctx, A, check_activate(w, A, {"model": "A1", "party": "A2,A3"})),
                   data=data)
    assert [after.models[m].tokens.count("Loot") for m in (A1, A2, A3)] == [1, 2, 1]


def test_paymaster_counts_for_a_terrifying_test_in_the_member_s_activation() -> None:
    # L1459, L1530-1534: B1's Held Strike with a Terrifying blade hits A2, activating in the Paymaster's party: its RSL
    # test is at 8 + 2 = 10, so a 10 passes and it does not Waver.
    terror = card("Pariah", name="Terror", weapons=(DATA.card("Pariah").weapons[0].model_copy(
        update={"abilities": ("Terrifying",)}),))
    purser = card("Captain", name="Purser", abilities=("Paymaster",))
    data = DATA.with_imports([terror, purser])
    state = new_state()
    put(state, "A1", "Purser", A, 14, 10, data=data, leader=True)
    put(state, "A2", "Conscripted", A, 10, 10, data=data)
    put(state, "B1", "Terror", B, 10 - 2 * R32, 10, data=data)
    state.party = Party(selector=A1, members=[A1, A2])
    activate(state, "A2")
    after, events = attack(state, "B", [2, 10, 5], data, model="B1", weapon="Twin Blades", target="A2",
                           kind="held-strike")
    assert "A2's Terrifying RSL test: TN 10, rolled 10: passed." in rolled(events)
    assert "Wavering" not in after.models[A2].tokens


def test_dashing_show_helps_the_other_non_leader_members_after_a_melee_hit() -> None:
    # L1427: once the Dashing Show model hit in melee, the party's other models not Leader attack at +2.
    data = DATA.with_imports([card("Captain", name="Showman", abilities=("Dashing Show",))])
    state = new_state()
    put(state, "A1", "Showman", A, 10, 10, data=data)
    put(state, "A2", "Conscripted", A, 10, 14, data=data)
    put(state, "B1", "Pariah", B, 10, 14 + 2 * R32, data=data)
    state.party = Party(selector=A1, members=[A1, A2], dashing_by=A1)
    w = world(state, data.card("Showman"))
    bayonet = AttackSpec(A2, B1, w.model("A2").weapon("Bayonet"))
    assert attack_target(w, bayonet).value == 4 + 5 + 2


def test_swarming_counts_only_party_models_engaging_the_target() -> None:
    # L445, L541: two models of side A engage the target, but without a party neither adds Swarming.
    state = new_state()
    put(state, "B1", "Pariah", B, 12, 12)
    put(state, "A1", "Conscripted", A, 12 - 2 * R32, 12)
    put(state, "A2", "Conscripted", A, 12 + 2 * R32, 12)
    w = world(state)
    bayonet = AttackSpec(A1, B1, w.model("A1").weapon("Bayonet"))
    assert attack_target(w, bayonet).value == 4 + 5
    state.party = Party(selector=A1, members=[A1, A2])
    w = world(state)
    assert attack_target(w, bayonet).value == 4 + 5 + 1


def test_a_party_ends_and_its_members_activate_once_each() -> None:
    # L441-443, L1279: the party's members activate one after another; when the last ends, the party is over and the
    # opponent selects.
    state = selecting(new_state())
    put(state, "A1", "Conscripted", A, 10, 10)
    put(state, "A2", "Conscripted", A, 11.5, 10)
    put(state, "B1", "Pariah", B, 10, 20)
    plan = check_activate(world(state), A, {"model": "A1", "party": "A2"})
    formed, _ = run(state, lambda ctx: apply_activate(ctx, A, plan))
    first, _ = run(formed, lambda ctx: apply_end(ctx, A1))
    with pytest.raises(RulesError, match="the party activates first: select one of A2"):
        check_activate(world(first), A, {"model": "A1"})
    follow = check_activate(world(first), A, {"model": "A2"})
    second, _ = run(first, lambda ctx: apply_activate(ctx, A, follow))
    done, _ = run(second, lambda ctx: apply_end(ctx, A2))
    assert done.party is None and done.active_side == B
