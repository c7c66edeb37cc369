"""Deeds checked against the rulebook itself: which quests and alignments have them, once per game, and each deed's
condition at its moment (Sunshard:Embren core rules v1.0, L838-840, L1163-1269)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.deeds import end_of_game_deeds, end_of_round_deeds, flood_check
from engine.systems.sunshard.harm import Cause, gain, kill, wound
from engine.systems.sunshard.quest_actions import check_quest_action
from engine.systems.sunshard.round_events import StepReached
from engine.systems.sunshard.rounds import proceed
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard.tables import (
    DATA,
    A,
    B,
    activate,
    answer,
    attack,
    card,
    engaged_by_three,
    lay,
    objective,
    pending,
    put,
    quest_state,
    run,
    world,
)

A1, A2, B1, B2 = ModelId("A1"), ModelId("A2"), ModelId("B1"), ModelId("B2")
R = 32 / 25.4 / 2
OBJ = 50 / 25.4 / 2


def three_against_two(quest: str = "chance-encounter") -> SunshardState:
    """Side A (Delver) with three models facing side B (Remnant) with two."""
    state = quest_state(quest)
    state.round = 1
    for n, x in enumerate((4, 8, 12), start=1):
        put(state, f"A{n}", "Conscripted", A, x, 2)
    put(state, "B1", "Pariah", B, 4, 22)
    put(state, "B2", "Pariah", B, 8, 22)
    return state


def test_a_deed_scores_once_per_game() -> None:
    # L1167: Bedlam met at the end of two rounds scores 1 VP in all.
    state = three_against_two()
    once, _ = run(state, end_of_round_deeds)
    twice, _ = run(once, end_of_round_deeds)
    assert (once.records[A].deed_vp, twice.records[A].deed_vp) == (1, 1)


def test_starter_quests_use_no_deeds() -> None:
    # L838-840, L876: On The Hunt is a starter quest; Bedlam is met but nothing is scored.
    state = three_against_two("on-the-hunt")
    after, _ = run(state, end_of_round_deeds)
    assert after.records[A].deed_vp == 0


def test_alignment_deeds_belong_to_their_alignment_only() -> None:
    # L1169, L1213: Know Who Pays the Bills is a Delver deed; side B (Remnant) with its Leader standing scores nothing.
    state = three_against_two()
    state.figures[B1].leader = True
    state.figures[A1].leader = True
    after, _ = run(state, end_of_game_deeds)
    assert (after.records[A].deed_vp, after.records[B].deed_vp) == (1, 0)


def test_know_who_pays_the_bills_fails_with_the_leader_downed() -> None:
    # L1213.
    state = three_against_two()
    state.figures[A1].leader = True
    state.models[A1].tokens = ["Downed"]
    after, _ = run(state, end_of_game_deeds)
    assert after.records[A].deed_vp == 0


def test_bedlam_counts_downed_enemies_as_on_the_battlefield() -> None:
    # L1191: three enemy models on the battlefield, one of them Downed: more than 2, no Bedlam.
    state = three_against_two()
    put(state, "B3", "Pariah", B, 12, 22, tokens=["Downed"])
    after, _ = run(state, end_of_round_deeds)
    assert after.records[A].deed_vp == 0


def test_advance_ignores_downed_models_of_the_warband() -> None:
    # L1175 (ruling advance-centerline): every standing model of the warband wholly past the Centerline.
    state = quest_state("chance-encounter")
    put(state, "A1", "Captain", A, 6, 14)
    put(state, "A2", "Conscripted", A, 10, 4, tokens=["Downed"])
    put(state, "B1", "Pariah", B, 4, 22)
    after, _ = run(state, end_of_round_deeds)
    assert "advance" in after.records[A].deeds


def test_glory_kill_needs_a_victim_costing_more_than_the_killer() -> None:
    # L1177: a Conscripted (3 points) killing a Pariah (4) scores; a Pariah killing a Conscripted does not.
    state = three_against_two()
    state.models[B1].tokens = ["Downed"]
    after, _ = run(state, lambda ctx: wound(ctx, B1, cause=Cause("bayonet", A1, "attack")))
    assert after.records[A].deed_vp == 1
    state.models[A2].tokens = ["Downed"]
    after, _ = run(state, lambda ctx: wound(ctx, A2, cause=Cause("blades", B2, "attack")))
    assert after.records[B].deed_vp == 0


def test_glory_kill_by_a_charge_follows_the_ruling() -> None:
    # L1177 names "an attack or magika action" (ruling glory-kill-actions): by default every attack counts, a Charge
    # included; read strictly, only the attack action and the Cast Magika action do.
    for ruling, vp in (("every-attack", 1), ("actions-only", 0)):
        state = three_against_two()
        state.setup.rulings["glory-kill-actions"] = ruling
        state.models[B1].tokens = ["Downed"]
        after, _ = run(state, lambda ctx: kill(ctx, B1, Cause("charge", A1, "charge")))
        assert after.records[A].deeds.count("glory-kill") == vp


def test_headhunter_scores_a_vp_and_a_fortune_when_the_enemy_leader_is_downed() -> None:
    # L1179.
    state = three_against_two()
    state.figures[B1].leader = True
    state.models[B1].wounds_taken = 1
    after, _ = run(state, lambda ctx: wound(ctx, B1, cause=Cause("test", A1, "attack")))
    assert (after.records[A].deed_vp, after.records[A].fortune) == (1, 1)


def test_pestilence_scores_a_kill_by_blight() -> None:
    # L1255: a Ruin deed.
    state = three_against_two()
    state.records[A].alignment = "Ruin"
    state.models[B1].tokens = ["Blight", "Blight"]
    after, _ = run(state, lambda ctx: gain(ctx, B1, "Blight", cause=Cause("test")))
    assert after.figures[B1].status == "killed" and after.records[A].deed_vp == 1


def test_vigilance_needs_two_models_on_guard_touching_objectives() -> None:
    # L1225: a Remnant deed at the end of the round.
    state = quest_state("chance-encounter")
    objective(state, "O1", (8, 12))
    objective(state, "O2", (16, 12))
    put(state, "B1", "Pariah", B, 8, 12 + OBJ + R, tokens=["On Guard"])
    put(state, "B2", "Pariah", B, 16, 12 + OBJ + R)
    put(state, "A1", "Captain", A, 4, 2)
    after, _ = run(state, end_of_round_deeds)
    assert "vigilance" not in after.records[B].deeds
    state.models[B2].tokens = ["On Guard"]
    after, _ = run(state, end_of_round_deeds)
    assert "vigilance" in after.records[B].deeds


def test_bleed_out_is_checked_at_the_beginning_of_the_end_phase() -> None:
    # L1227, L369-371: two enemy models Downed and Bleeding: 1 VP and 1 Fortune for the Remnant player.
    state = three_against_two()
    for m in (A1, A2):
        state.models[m].tokens = ["Downed", "Floored", "Bleeding"]

    def work(ctx: Context[SunshardState]) -> None:
        ctx.emit(StepReached(phase="end", step="beginning"))
        proceed(ctx)
    after, _ = run(state, work, rig=[5, 5])
    assert (after.records[B].deed_vp, after.records[B].fortune) == (1, 1)


def test_crystal_migration_needs_a_hgt_0_seeded_piece_completely_on_the_opponent_s_half() -> None:
    # L1239: a Shardborn deed.
    state = three_against_two()
    state.records[A].alignment = "Shardborn"
    lay(state, "S1", (10, 11, 2, 2), 0, ["rugged", "clear", "seeded"])
    after, _ = run(state, end_of_round_deeds)
    assert "crystal-migration" not in after.records[A].deeds
    state.terrain["S1"] = state.terrain["S1"].model_copy(update={"polygon": ((10, 13), (12, 13), (12, 15), (10, 15))})
    after, _ = run(state, end_of_round_deeds)
    assert "crystal-migration" in after.records[A].deeds and after.records[A].fortune == 1


def test_search_is_only_for_models_activating_in_a_party() -> None:
    # L1201.
    state = quest_state("chance-encounter")
    objective(state, "O1", (12, 12))
    put(state, "A1", "Captain", A, 12, 12 - OBJ - R)
    activate(state, "A1")
    with pytest.raises(RulesError, match="not activating in a party"):
        check_quest_action(world(state), A, {"action": "search", "model": "A1"})


def test_vigilance_counts_the_models_of_one_warband() -> None:
    # Sunshard:Embren core rules, L1225: the two On Guard models touching Objectives must be of one warband.
    state = quest_state("chance-encounter")
    objective(state, "O1", (8, 12))
    objective(state, "O2", (16, 12))
    put(state, "B1", "Pariah", B, 8, 12 + OBJ + R, tokens=["On Guard"])
    put(state, "B2", "Pariah", B, 16, 12 + OBJ + R, tokens=["On Guard"])
    put(state, "A1", "Captain", A, 4, 2)
    state.figures[B2].warband = "B2"
    after, _ = run(state, end_of_round_deeds)
    assert "vigilance" not in after.records[B].deeds
    state.figures[B2].warband = "B1"
    after, _ = run(state, end_of_round_deeds)
    assert "vigilance" in after.records[B].deeds


def test_flood_counts_the_models_of_one_warband() -> None:
    # Sunshard:Embren core rules, L1253: three engaging models of two warbands are no Flood; of one, they are.
    state = engaged_by_three()
    state.figures[ModelId("A3")].warband = "A2"
    after, _ = run(state, flood_check)
    assert after.records[A].deeds == []
    state.figures[ModelId("A3")].warband = "A1"
    after, _ = run(state, flood_check)
    assert after.records[A].deeds == ["flood"]


def _sprayer_at_an_objective() -> tuple[SunshardState, SunshardData]:
    """Side B (playing Delver) has a Cone-spraying model touching an Objective; A1 before it, B2 beside A1."""
    spit = DATA.card("Aberration").weapons[1].model_copy(update={"abilities": ("Cone",)})
    data = DATA.with_imports([card("Aberration", name="Sprayer", weapons=(spit,))])
    state = quest_state("chance-encounter")
    state.records[B].alignment = "Delver"
    objective(state, "O1", (4, 12 - OBJ - 40 / 25.4 / 2))
    put(state, "B1", "Sprayer", B, 4, 12, data=data)
    put(state, "A1", "Captain", A, 8, 12, data=data)
    put(state, "B2", "Pariah", B, 10, 12.4, data=data)
    activate(state, "B1", data=data)
    return state, data


def test_guard_scores_a_ranged_attack_from_an_objective_that_wounds() -> None:
    # Sunshard:Embren core rules, L1215: a ranged attack made touching an Objective that wounds scores Guard.
    state, data = _sprayer_at_an_objective()
    after, _ = attack(state, "B", [2, 15, 19], data=data, model="B1", weapon="Blight Spit", target="A1")
    assert after.models[A1].wounds_taken == 1 and after.records[B].deeds == ["guard"]


def test_guard_scores_a_wound_on_any_model_even_a_friend_under_the_cone() -> None:
    # Sunshard:Embren core rules, L1215: the deed asks for a wounded model, not an enemy one (the Cone hits friends,
    # L553).
    state, data = _sprayer_at_an_objective()
    after, _ = attack(state, "B", [19, 2, 15], data=data, model="B1", weapon="Blight Spit", target="A1")
    assert after.models[B2].wounds_taken == 1 and after.records[B].deeds == ["guard"]


def _fencer() -> SunshardState:
    """Chance Encounter: B1 (a Remnant Pariah, Twin Blades with Fade) in base contact with A1 to its east; A2 stands
    2" further west, in base contact with where a 2" Fade west leaves B1."""
    state = quest_state("chance-encounter")
    put(state, "B1", "Pariah", B, 12, 12)
    put(state, "A1", "Captain", A, 12 + 2 * R, 12)
    put(state, "A2", "Captain", A, 10 - 2 * R, 12)
    return state


def _faded(state: SunshardState, side: str, target: str, to: str, **filled: str) -> SunshardState:
    """B1 hits ``target`` with its Twin Blades (2; the Captain's Armor test, 12 - 4 = 8, passes on 3) and vaults to
    ``to`` through Fade (L1514)."""
    hit, _ = attack(state, side, [2, 3], model="B1", weapon="Twin Blades", target=target, **filled)
    assert pending(hit).kind == "fade"
    after, _ = answer(hit, {"vault": to})
    return after


def test_hit_and_run_scores_4_inches_of_fade_in_one_activation() -> None:
    # L1223, L1514: two hits in B1's activation, each followed by a 2" Fade vault: 4" in all, 1 VP.
    state = _fencer()
    activate(state, "B1")
    once = _faded(state, "B", "A1", "10,12")
    assert once.records[B].deed_vp == 0 and once.activation is not None and once.activation.faded == 2
    twice = _faded(once, "B", "A2", "10,14")
    assert twice.records[B].deed_vp == 1 and "hit-and-run" in twice.records[B].deeds


def test_a_fade_in_the_enemy_s_activation_adds_to_no_activation_of_its_own() -> None:
    # L1223 counts one activation: B1's Held Strike in A1's activation vaults 2", which B1's own activation later does
    # not add to (and the enemy's activation is not B1's to count).
    state = _fencer()
    activate(state, "A1")
    after = _faded(state, "B", "A1", "10,12", kind="held-strike")
    assert after.records[B].deed_vp == 0 and after.activation is not None and after.activation.faded == 0
    after.activation = None
    activate(after, "B1")
    again = _faded(after, "B", "A2", "10,14")
    assert again.records[B].deed_vp == 0 and again.activation is not None and again.activation.faded == 2


def test_force_of_nature_is_judged_where_the_attack_was_made_before_a_fade() -> None:
    # L1235, L1514: B1 (side B playing Shardborn) stands within a Seeded grove and wounds A1 with its Twin Blades (2
    # hits; the Captain's Armor test, 12 - 4 = 8, fails on 15), then Fades 2" out of the grove: 1 VP all the same.
    state = _fencer()
    state.records[B].alignment = "Shardborn"
    lay(state, "T1", (11, 11, 2, 2), 0, ["seeded", "clear"])
    activate(state, "B1")
    hit, _ = attack(state, "B", [2, 15], model="B1", weapon="Twin Blades", target="A1")
    assert hit.records[B].deed_vp == 1 and "force-of-nature" in hit.records[B].deeds
    after, _ = answer(hit, {"vault": "12,10"})
    assert after.records[B].deed_vp == 1 and after.models[A1].wounds_left == 2


def test_guard_stands_when_the_attacker_dies_in_its_own_attack() -> None:
    # Sunshard core rules, L1165, L1215, L1483: A1 (side A playing Delver, 2 Blight tokens) shoots the Downed Brittle
    # B1 from an Objective (hit on 2; B1's Armor test, 11 - 6 = 5, fails on 15): the wound kills B1, whose Shatter
    # gives A1 an Armor test at 12 - 4 = 8, botched on 20: a third Blight kills A1. The wound met Guard as it was
    # made, so the deed is scored though the attacker is gone when the attack ends.
    brittle = card("Pariah", name="Brittle", abilities=("Shatter",))
    data = DATA.with_imports([brittle])
    state = quest_state("chance-encounter")
    state.records[A].alignment = "Delver"
    objective(state, "O1", (4, 12 - OBJ - R))
    put(state, "A1", "Captain", A, 4, 12, tokens=["Blight", "Blight"], data=data)
    put(state, "B1", "Brittle", B, 4 + 2 * R + 1.5, 12, hp_lost=1, tokens=["Downed", "Floored"], data=data)
    activate(state, "A1", data=data)
    after, _ = attack(state, "A", [2, 15, 20], data=data, model="A1", weapon="Officer's Pistol", target="B1")
    assert A1 not in after.models and B1 not in after.models
    assert after.records[A].deeds == ["guard"] and after.attack is None
