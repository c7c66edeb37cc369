"""The special actions quests and deeds grant, and magika (Sunshard:Embren core rules v1.0, L652-680, L868-872,
L921-928, L977-979, L1081-1087, L1181-1189, L1201-1211, L1259-1269; digest examples EX-1, D-35, D-39)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.magika import apply_cast, check_cast
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.quest_actions import apply_quest_action, check_quest_action
from engine.systems.sunshard.rounds import settle
from engine.systems.sunshard.state import Party, SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import A, B, activate, objective, put, quest_state, rolled, run, world

A1, B1 = ModelId("A1"), ModelId("B1")
R = 32 / 25.4 / 2
OBJ = 50 / 25.4 / 2


def act(state: SunshardState, rig: list[int], **filled: str):  # type: ignore[no-untyped-def]
    def work(ctx: Context[SunshardState]) -> None:
        apply_quest_action(ctx, check_quest_action(world_of(ctx), A, filled))
    return run(state, work, rig=rig)


def test_recon_interact_at_rsl_minus_six() -> None:
    # EX-1, L205-209, L1181-1189: the Conscripted's Interact at TN 2 fails on an 8; once per activation, 0 AP.
    state = quest_state("chance-encounter")
    objective(state, "O1", (12, 12))
    put(state, "A1", "Conscripted", A, 12, 12 - OBJ - R)
    activate(state, "A1")
    after, events = act(state, [8], action="interact", model="A1")
    assert rolled(events) == ["A1's Interact RSL test: TN 2, rolled 8: failed."]
    assert after.activation is not None and after.activation.ap == 2
    with pytest.raises(RulesError, match="Interact this activation already"):
        check_quest_action(world(after), A, {"action": "interact", "model": "A1"})
    scored, _ = act(state, [2], action="interact", model="A1")
    assert (scored.records[A].deed_vp, scored.records[A].fortune) == (1, 1)


def test_an_activation_out_of_ap_stays_open_for_a_0_ap_interact() -> None:
    # L383, L1181: the last AP spent walking into contact with an Objective, the activation goes on while Recon's
    # Interact (0 AP) is still open to take; after it the activation ends. With Recon scored it would end at once.
    state = quest_state("chance-encounter")
    state.active_side = A
    objective(state, "O1", (12, 12))
    put(state, "A1", "Conscripted", A, 12, 12 - OBJ - R - 2)
    put(state, "B1", "Pariah", B, 12, 22)
    activate(state, "A1", ap=1)

    def walk_in(ctx: Context[SunshardState]) -> None:
        apply_move(ctx, A, check_move(world_of(ctx), A, {"model": "A1", "ap": "1", "to": f"12,{12 - OBJ - R}"}))
        settle(ctx)

    walked, _ = run(state, walk_in)
    assert walked.activation is not None and walked.activation.ap == 0
    done, _ = run(walked, lambda ctx: (apply_quest_action(ctx, check_quest_action(
        world_of(ctx), A, {"action": "interact", "model": "A1"})), settle(ctx)), rig=[8])
    assert done.activation is None
    state.records[A].deeds.append("recon")
    ended, _ = run(state, walk_in)
    assert ended.activation is None


def test_rescue_takes_the_marker_and_slows_the_carrier() -> None:
    # L868-872; D-35: AP 3 and SPD 4 become AP 2 and SPD 3 while it carries the Rescue marker.
    state = quest_state("rescue")
    state.round = 2
    objective(state, "O1", (12, 12))
    state.objective_markers["O1"] = ["Rescue"]
    put(state, "A1", "Captain", A, 12, 12 - OBJ - R)
    activate(state, "A1")
    after, _ = act(state, [], action="rescue", model="A1")
    carrier = world(after).model("A1")
    assert after.objective_markers["O1"] == [] and carrier.holds("Rescue") == 1
    assert (carrier.characteristic("AP").value, carrier.characteristic("SPD").value) == (2, 3)


def test_the_rescue_marker_s_minus_one_ap_bites_at_once() -> None:
    # L872 (ruling rescue-ap `at-once`): the Captain (AP 3) spends 2 on Rescue and, now holding the marker, loses
    # another: no AP left. Under `next-activation` it keeps its last AP.
    for reading, left in (("at-once", 0), ("next-activation", 1)):
        state = quest_state("rescue", rulings={"rescue-ap": reading})
        state.round = 2
        objective(state, "O1", (12, 12))
        state.objective_markers["O1"] = ["Rescue"]
        put(state, "A1", "Captain", A, 12, 12 - OBJ - R)
        activate(state, "A1")
        after, _ = act(state, [], action="rescue", model="A1")
        assert after.activation is not None and after.activation.ap == left


def test_rescue_waits_for_round_two() -> None:
    state = quest_state("rescue")
    state.round = 1
    objective(state, "O1", (12, 12))
    state.objective_markers["O1"] = ["Rescue"]
    put(state, "A1", "Captain", A, 12, 12 - OBJ - R)
    activate(state, "A1")
    with pytest.raises(RulesError, match="from round 2"):
        check_quest_action(world(state), A, {"action": "rescue", "model": "A1"})


def test_rescue_takes_the_marker_off_an_enemy_in_contact() -> None:
    # L868: from another model holding it, friend or foe.
    state = quest_state("rescue")
    state.round = 3
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 10 + 2 * R, 10, tokens=["Rescue"])
    activate(state, "A1")
    after, _ = act(state, [], action="rescue", model="A1")
    assert after.models[A1].tokens == ["Rescue"] and after.models[B1].tokens == []


def test_resonate_at_rsl_minus_two_gives_reflection() -> None:
    # L921-928.
    state = quest_state("crystal-vein")
    objective(state, "CV", (12, 12), kind="crystal-vein")
    put(state, "A1", "Captain", A, 12, 12 - 80 / 25.4 / 2 - R)
    activate(state, "A1")
    after, events = act(state, [7], action="resonate", model="A1")
    assert rolled(events) == ["A1's Resonate RSL test: TN 7, rolled 7: passed."]
    assert after.models[A1].tokens == ["Reflection"]


def test_wicked_ritual_counts_blighted_models_near_the_objective() -> None:
    # D-39, L1261-1267: Leader RSL 9, two models with Blight within 3" of the Objective: 9 - 6 + 2 = 5.
    state = quest_state("chance-encounter")
    state.records[A].alignment = "Ruin"
    objective(state, "O1", (12, 12))
    put(state, "A1", "Captain", A, 12, 12 - OBJ - R, leader=True, tokens=["Blight"])
    put(state, "B1", "Pariah", B, 12, 12 + OBJ + R + 1, tokens=["Blight"])
    activate(state, "A1")
    state.activation.started_on = ["O1"]  # type: ignore[union-attr]
    after, events = act(state, [5], action="wicked-ritual", model="A1")
    assert rolled(events) == ["A1's Wicked Ritual RSL test: TN 5, rolled 5: passed."]
    assert after.records[A].deed_vp == 1 and after.models[A1].tokens == []


def test_archaeological_dig_scores_two_markers_by_one_party() -> None:
    # L1201-1211: Search in a party; two Archaeology markers on one Objective by the party in a round score.
    state = quest_state("chance-encounter")
    objective(state, "O1", (12, 12))
    put(state, "A1", "Captain", A, 12, 12 - OBJ - R)
    put(state, "A2", "Conscripted", A, 12 - OBJ - R, 12)
    state.party = Party(selector=A1, members=[A1, ModelId("A2")])
    activate(state, "A1")
    first, _ = act(state, [3], action="search", model="A1")
    assert first.objective_markers["O1"] == ["Archaeology"] and first.records[A].deed_vp == 0
    activate(first, "A2")
    second, _ = run(first, lambda ctx: apply_quest_action(ctx, check_quest_action(world_of(ctx), A, {
        "action": "search", "model": "A2"})), rig=[3])
    assert second.records[A].deed_vp == 1


def test_a_deed_action_is_gone_once_scored() -> None:
    # L1167.
    state = quest_state("chance-encounter")
    objective(state, "O1", (12, 12))
    put(state, "A1", "Conscripted", A, 12, 12 - OBJ - R)
    state.records[A].deeds.append("recon")
    activate(state, "A1")
    with pytest.raises(RulesError, match="has scored"):
        check_quest_action(world(state), A, {"action": "interact", "model": "A1"})


def test_a_blessing_is_cast_with_an_rsl_test() -> None:
    # L668-672: Mending Word heals a model of the caster's warband; a 1 is a perfect casting.
    state = quest_state("chance-encounter")
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "A2", "Conscripted", A, 12, 10, hp_lost=1)
    state.figures[A1].spells = ["mending-word"]
    activate(state, "A1")
    plan = check_cast(world(state), A, {"model": "A1", "spell": "mending-word", "target": "A2"})
    after, events = run(state, lambda ctx: apply_cast(ctx, plan), rig=[1])
    assert rolled(events) == ["A1 casts Mending Word: TN 9, rolled 1: perfect, passed."]
    assert after.models[ModelId("A2")].wounds_left == 2


def test_a_curse_is_an_attack_cast_with_the_cast_magika_action() -> None:
    # L674, L583: the Aberration's Blight Bolt is a weapon profile; it is cast, not used as an attack action.
    state = quest_state("chance-encounter")
    put(state, "B1", "Aberration", B, 10, 10)
    put(state, "A1", "Captain", A, 10, 16)
    state.figures[B1].spells = ["blight-bolt"]
    activate(state, "B1")
    w = world(state)
    assert check_attack(w, B, {"model": "B1", "weapon": "Blight Bolt", "target": "A1", "kind": "curse"}).ap == 1
    with pytest.raises(RulesError, match="is a curse: cast it"):
        check_attack(w, B, {"model": "B1", "weapon": "Blight Bolt", "target": "A1"})
