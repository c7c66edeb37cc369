"""The round's phases, the initiative, and the quests' scoring (Sunshard:Embren core rules v1.0, L343-375,
L593-604, L747, L852-1161; digest examples D-24, D-27, D-36 to D-38, D-40, D-41, D-47 to D-49, D-51, D-52)."""

from __future__ import annotations

import pytest

from engine.core import Event, ModelId, RulesError
from engine.systems.sunshard.objective_spots import check_place_objective
from engine.systems.sunshard.quests import controllers, end_of_game_scoring, end_of_round_scoring
from tests.engine.systems.sunshard.tables import A, B, at_step, lay, objective, pending, put, quest_state, run, world

R = 32 / 25.4 / 2
OBJ = 50 / 25.4 / 2


def said(events: list[Event]) -> list[str]:
    """The public lines the events print."""
    return [line for event in events if (line := event.body.describe())]


def test_bleeding_tests_at_ten_and_goes_either_way() -> None:
    # D-24, L593-597: roll 11 loses 1 HP, roll 10 does not; the counter goes both times.
    for face, hp in ((11, 2), (10, 3)):
        state = quest_state("on-the-hunt")
        state.round = 1
        put(state, "A1", "Captain", A, 10, 10, tokens=["Bleeding"])
        after, _ = at_step(state, "end", "during", [face])
        assert (after.models[ModelId("A1")].wounds_left, after.models[ModelId("A1")].tokens) == (hp, [])


def test_start_phase_fortune_counts_leaders_not_downed() -> None:
    # D-27, L353: two warbands, one Leader Downed: +1 Fortune.
    state = quest_state("to-the-end")
    state.round = 1
    put(state, "A1", "Captain", A, 10, 10, leader=True)
    put(state, "A2", "Harrier", A, 14, 10, leader=True, tokens=["Downed"])
    put(state, "B1", "Pariah", B, 20, 30)
    after, events = at_step(state, "start", "fortune", [5, 9])
    assert after.records[A].fortune == 1 and after.records[B].fortune == 0
    assert "Side A gains 1 Fortune (1 Leader standing, Sunshard:Embren core rules v1.0, L353); now 1." in said(events)


def test_initiative_ties_are_rerolled_and_the_lowest_picks_either_side_s_model() -> None:
    # D-49, L359 (ruling conflict-ties): 7 and 7, then 12 and 4: side B picks, and may pick side A's model to go first.
    state = quest_state("on-the-hunt")
    state.round = 1
    put(state, "A1", "Captain", A, 10, 2)
    put(state, "B1", "Pariah", B, 10, 22)
    waiting, events = at_step(state, "initiative", "roll", [7, 7, 12, 4])
    decision = pending(waiting)
    assert decision.kind == "first-pick" and decision.owner == B
    assert ("Side B wins the initiative (A 7, B 7: tied, rolled again; A 12, B 4; the lowest roll wins, L359) and "
            "picks the first model to activate.") in said(events)
    assert [o.key for o in decision.parts[0].options] == ["B1", "A1"]  # the winner's own first, then the rest


def test_a_round_tells_each_phase_once_not_each_step() -> None:
    # L347: a round is four phases; their steps are the referee's, said only when something happens in them.
    state = quest_state("on-the-hunt")
    put(state, "A1", "Captain", A, 10, 2)
    put(state, "B1", "Pariah", B, 10, 22)
    _, events = at_step(state, "start", "beginning", [7, 12])
    assert [line for line in said(events) if "Phase" in line] == ["Start Phase.", "Initiative Phase.",
                                                                   "Activation Phase."]


def test_downed_models_bleed_blight_and_grim_tableau_adds_more() -> None:
    # D-47, L369, L953: a Downed model with 1 Blight gains 1 at step 1 and 1 at the round's end: the third kills.
    state = quest_state("grim-tableau")
    state.round, state.rounds = 1, 4
    put(state, "A1", "Captain", A, 12, 2, tokens=["Downed", "Blight"])
    put(state, "A2", "Harrier", A, 14, 2)
    put(state, "B1", "Pariah", B, 12, 22)
    after, _ = at_step(state, "end", "downed-blight", [5, 9])
    assert after.figures[ModelId("A1")].status == "killed"


def test_loot_is_lost_in_the_end_phase_but_spoils_of_war_keeps_it() -> None:
    # L626, L1492.
    state = quest_state("on-the-hunt")
    state.round = 1
    put(state, "A1", "Captain", A, 10, 2, tokens=["Loot", "Loot"])
    put(state, "B1", "Pariah", B, 10, 22)
    after, _ = at_step(state, "end", "during")
    assert after.models[ModelId("A1")].tokens == []


def test_trappers_den_adds_hazardous_on_ten_or_less() -> None:
    # D-51, L747.
    from engine.systems.sunshard.setup import _trappers_den
    state = quest_state("steady-advance")
    lay(state, "T1", (2, 10, 2, 2), 1, ["light-cover"])
    lay(state, "T2", (20, 10, 2, 2), 1, ["light-cover"])
    objective(state, "O1", (12, 12))
    after, _ = run(state, _trappers_den, rig=[10, 11])
    assert "hazardous" in after.terrain["T1"].keywords and "hazardous" not in after.terrain["T2"].keywords


def test_objective_placement_keeps_four_inches_from_the_edges() -> None:
    # D-48, L889: an On The Hunt Objective 3.9" from an edge is refused; 4" is fine.
    state = quest_state("on-the-hunt")
    state.step, state.active_side = "objectives", A
    with pytest.raises(RulesError, match="at least 4\" from a table edge"):
        check_place_objective(world(state), A, {"at": f"{3.9 + OBJ:.2f},12"})
    assert check_place_objective(world(state), A, {"at": f"{4 + OBJ + 0.01:.2f},12"})


def test_stake_a_claim_controls_and_scores() -> None:
    # D-36, D-37, L1111: A controls two Objectives and B one: A 2 + 3 = 5 VP, B 1; a tie at an Objective is nobody's.
    state = quest_state("stake-a-claim")
    state.round = 2
    for n, x in enumerate((9, 18, 27), start=1):
        objective(state, f"O{n}", (x, 18))
    put(state, "A1", "Captain", A, 9, 18 - OBJ - R)
    put(state, "A2", "Captain", A, 18, 18 - OBJ - R)
    put(state, "B1", "Pariah", B, 27, 18 + OBJ + R)
    put(state, "A3", "Conscripted", A, 18 - OBJ - R, 18)
    after, _ = run(state, end_of_round_scoring)
    assert (after.records[A].quest_vp, after.records[B].quest_vp) == (5, 1)
    tie = quest_state("stake-a-claim")
    objective(tie, "O1", (18, 18))
    put(tie, "A1", "Captain", A, 18, 18 - OBJ - R)
    put(tie, "B1", "Pariah", B, 18, 18 + OBJ + R)
    assert controllers(world(tie)) == {"O1": None}


def test_quest_vp_are_capped_at_twenty() -> None:
    # D-38, L1004: 18 VP of kills and 3 survivors (6 VP) give 20.
    state = quest_state("chance-encounter")
    state.records[A].quest_vp = 18
    for n in range(3):
        put(state, f"A{n + 1}", "Conscripted", A, 4 + 3 * n, 2)
    after, _ = run(state, end_of_game_scoring)
    assert after.records[A].quest_vp == 20


def test_calm_before_the_storm_pays_four_a_model_up_to_twenty() -> None:
    # D-40, L1091: six models left: 20, not 24.
    state = quest_state("calm-before-the-storm")
    for n in range(6):
        put(state, f"A{n + 1}", "Conscripted", A, 4 + 3 * n, 2)
        state.figures[ModelId(f"A{n + 1}")].status = "left"
    after, _ = run(state, end_of_game_scoring)
    assert after.records[A].quest_vp == 20


def test_to_the_end_counts_the_points_of_models_standing() -> None:
    # D-41, L1134: survivors of 6, 4, 3 points and a Downed one of 3: 13 VP.
    state = quest_state("to-the-end")
    put(state, "A1", "Captain", A, 4, 2)
    put(state, "A2", "Harrier", A, 8, 2)
    put(state, "A3", "Conscripted", A, 12, 2)
    put(state, "A4", "Conscripted", A, 16, 2, tokens=["Downed"])
    after, _ = run(state, end_of_game_scoring)
    assert after.records[A].quest_vp == 13


def test_blood_meridian_scores_the_centerline_and_objectives_from_round_two() -> None:
    # D-52, L1055: a model overlapping the Centerline and touching an Objective: 2 VP at the end of round 2, none in 1.
    for round_, vp in ((1, 0), (2, 2)):
        state = quest_state("blood-meridian")
        state.round = round_
        objective(state, "O1", (12, 12))
        put(state, "A1", "Captain", A, 12 - OBJ - R, 12)
        after, _ = run(state, end_of_round_scoring)
        assert after.records[A].quest_vp == vp
