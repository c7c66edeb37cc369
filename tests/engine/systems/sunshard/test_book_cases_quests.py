"""Quests checked against the rulebook itself: each quest's set-up, what it scores and from which round, its caps,
and who wins (Sunshard:Embren core rules v1.0, L852-1161)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.systems.sunshard.harm import Cause, wound
from engine.systems.sunshard.objective_spots import objective_problem
from engine.systems.sunshard.quest_actions import check_quest_action
from engine.systems.sunshard.quests import end_of_game_scoring, end_of_round_scoring, quest_outcome, sudden_death
from engine.systems.sunshard.round_events import StepReached
from engine.systems.sunshard.rounds import proceed
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard.tables import A, B, activate, objective, pending, put, quest_state, run, world

A1, B1 = ModelId("A1"), ModelId("B1")
R = 32 / 25.4 / 2
OBJ = 50 / 25.4 / 2


def test_rescue_is_won_by_the_holder_of_the_marker_and_tied_without_one() -> None:
    # L874.
    state = quest_state("rescue")
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Pariah", B, 20, 20, tokens=["Rescue"])
    assert quest_outcome(world(state)).winner == B
    state.models[B1].tokens = []
    assert quest_outcome(world(state)).draw


def test_crystal_vein_counts_reflection_only_on_models_not_downed() -> None:
    # L930: side A has two Reflection tokens but one on a Downed model; side B has one: a tie.
    state = quest_state("crystal-vein")
    put(state, "A1", "Captain", A, 4, 4, tokens=["Reflection"])
    put(state, "A2", "Conscripted", A, 8, 4, tokens=["Reflection", "Downed"])
    put(state, "B1", "Pariah", B, 20, 20, tokens=["Reflection"])
    assert quest_outcome(world(state)).draw


def test_grim_tableau_is_won_by_the_most_models_standing() -> None:
    # L955: two Downed models count for nothing.
    state = quest_state("grim-tableau")
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "A2", "Conscripted", A, 8, 4, tokens=["Downed"])
    put(state, "A3", "Conscripted", A, 12, 4, tokens=["Downed"])
    put(state, "B1", "Pariah", B, 20, 20)
    put(state, "B2", "Pariah", B, 16, 20)
    assert quest_outcome(world(state)).winner == B


def test_treasures_pay_two_a_holder_at_the_end_of_every_round_even_the_first() -> None:
    # L983 (ruling treasure-vp): per model holding a Treasure marker; no round limit is printed.
    state = quest_state("treasures-from-the-past")
    state.round = 1
    put(state, "A1", "Captain", A, 4, 4, tokens=["Treasure", "Treasure"])
    put(state, "A2", "Conscripted", A, 8, 4, tokens=["Treasure"])
    after, _ = run(state, end_of_round_scoring)
    assert after.records[A].quest_vp == 4


def test_steady_advance_opens_its_scoring_round_by_round() -> None:
    # L1029-1033: a model in Contested Ground on its own half pays from round 2, on the opponent's half from round 3,
    # in the opponent's deployment zone from round 4 (rulings steady-advance-ground).
    def vp(round_: int, at: tuple[float, float]) -> int:
        state = quest_state("steady-advance")
        state.round = round_
        put(state, "A1", "Captain", A, *at)
        after, _ = run(state, end_of_round_scoring)
        return after.records[A].quest_vp
    own, theirs, zone = (12, 10), (12, 14), (12, 22)
    assert (vp(1, own), vp(2, own)) == (0, 3)
    assert (vp(2, theirs), vp(3, theirs)) == (0, 3)
    assert (vp(3, zone), vp(4, zone)) == (0, 5)


def test_stake_a_claim_ends_at_once_with_twenty_vp_and_the_lead() -> None:
    # L1113 (ruling sudden-death): 20 VP and more than the opponent ends the game; 20 each does not.
    state = quest_state("stake-a-claim")
    state.records[A].quest_vp, state.records[B].quest_vp = 20, 12
    assert sudden_death(world(state)) == A
    state.records[B].quest_vp = 20
    assert sudden_death(world(state)) is None


def test_cover_of_darkness_scores_only_unengaged_models_standing() -> None:
    # L1157: an engaged model in the opponent's deployment zone scores nothing; an unengaged one scores 2 + 4.
    state = quest_state("cover-of-darkness")
    state.round = 1
    put(state, "A1", "Captain", A, 10, 33)
    put(state, "B1", "Pariah", B, 10 + 2 * R, 33)
    after, _ = run(state, end_of_round_scoring)
    assert after.records[A].quest_vp == 0
    state.models[B1].x = 20
    after, _ = run(state, end_of_round_scoring)
    assert after.records[A].quest_vp == 6


def test_calm_departures_come_from_round_four_and_only_outside_contested_ground() -> None:
    # L1089: unengaged, not Downed, with Supplies, outside Contested Ground, at the end of round 4 or later.
    def asked(round_: int, y: float) -> bool:
        state = quest_state("calm-before-the-storm")
        state.round, state.rounds = round_, 6
        put(state, "A1", "Captain", A, 10, y, tokens=["Supplies"])
        put(state, "B1", "Pariah", B, 30, 34)

        def work(ctx: Context[SunshardState]) -> None:
            ctx.emit(StepReached(phase="end", step="end-of-round"))
            proceed(ctx)
        after, _ = run(state, work, rig=[] if round_ >= 4 and y < 12 else [4, 9])
        return bool(after.pending) and pending(after).kind == "depart"
    assert not asked(3, 4) and asked(4, 4) and not asked(4, 18)


def test_excavation_and_purloin_wait_for_round_two() -> None:
    # L977, L1081.
    state = quest_state("calm-before-the-storm")
    state.round = 1
    put(state, "A1", "Captain", A, 10, 4)
    activate(state, "A1")
    with pytest.raises(RulesError, match="from round 2"):
        check_quest_action(world(state), A, {"action": "excavation", "model": "A1"})
    state.round = 2
    assert check_quest_action(world(state), A, {"action": "excavation", "model": "A1"}).ap == 2


def test_crystal_vein_objectives_keep_three_inches_from_the_vein() -> None:
    # L913: the Vein is an Objective for every purpose but the Objective Rules, so Objectives keep 3" from it.
    state = quest_state("crystal-vein")
    objective(state, "CV", (12, 12), kind="crystal-vein")
    vein = 80 / 25.4 / 2
    assert objective_problem(world(state), (12 + vein + OBJ + 2.5, 12)) is not None
    assert objective_problem(world(state), (12 + vein + OBJ + 3.1, 12)) is None


def test_on_the_hunt_pays_nothing_for_a_downed_leader_and_five_when_it_is_killed() -> None:
    # L897: VP come when an enemy model is Killed; Downed is not Killed.
    state = quest_state("on-the-hunt")
    put(state, "A1", "Captain", A, 10, 4, hp_lost=2, leader=True)
    put(state, "A2", "Conscripted", A, 14, 4)
    put(state, "B1", "Pariah", B, 10, 20)
    downed, _ = run(state, lambda ctx: wound(ctx, A1, cause=Cause("test", B1, "attack")))
    assert downed.records[B].quest_vp == 0
    killed, _ = run(downed, lambda ctx: wound(ctx, A1, cause=Cause("test", B1, "attack")))
    assert killed.records[B].quest_vp == 5


def test_chance_encounter_survivors_pay_only_when_not_downed() -> None:
    # L1004.
    state = quest_state("chance-encounter")
    put(state, "A1", "Captain", A, 4, 2)
    put(state, "A2", "Conscripted", A, 8, 2, tokens=["Downed"])
    after, _ = run(state, end_of_game_scoring)
    assert after.records[A].quest_vp == 2
