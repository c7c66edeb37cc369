"""Wounds, Downed and Killed models, Blight, conditions and tokens, checked against the rulebook itself
(Sunshard:Embren core rules v1.0, L447, L589-648, L981, L1287, L1323, L1339, L1433, L1483)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.systems.sunshard.attack_flow import begin_attack
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.harm import Cause, gain, heal, wound
from engine.systems.sunshard.specials import check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import (
    DATA,
    A,
    B,
    activate,
    at_step,
    card,
    new_state,
    objective,
    put,
    quest_state,
    rolled,
    run,
    world,
)

A1, B1 = ModelId("A1"), ModelId("B1")
HIT = Cause("a test")


def test_a_downed_model_failing_its_bleeding_test_is_killed() -> None:
    # L597, L622: the Bleeding test's lost HP kills a model already Downed.
    state = quest_state("on-the-hunt")
    state.round = 1
    put(state, "A1", "Captain", A, 10, 2, hp_lost=2, tokens=["Downed", "Floored", "Bleeding"])
    put(state, "A2", "Conscripted", A, 14, 2)
    put(state, "B1", "Pariah", B, 10, 22)
    after, _ = at_step(state, "end", "during", [11])
    assert after.figures[A1].status == "killed"


def test_a_model_killed_by_its_blight_is_killed_by_an_enemy() -> None:
    # L369, L620, L1287: a Downed model with 2 Blight gains its third in the End Phase and dies; in On The Hunt its
    # opponent scores the kill (L897).
    state = quest_state("on-the-hunt")
    state.round = 1
    put(state, "A1", "Conscripted", A, 10, 2, hp_lost=1, tokens=["Downed", "Floored", "Blight", "Blight"])
    put(state, "A2", "Captain", A, 14, 2)
    put(state, "B1", "Pariah", B, 10, 22)
    after, _ = at_step(state, "end", "downed-blight")
    assert after.figures[A1].status == "killed" and after.records[B].quest_vp == 1


def test_healing_never_raises_hp_above_the_characteristic() -> None:
    # L640, L1339.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, hp_lost=1)
    after, _ = run(state, lambda ctx: heal(ctx, A1, 2, why="test"))
    assert after.models[A1].wounds_left == 3


def test_a_second_condition_of_a_kind_and_a_fourth_token_are_discarded() -> None:
    # L591, L618: one Floored at a time; three Loot at most; one On Guard (L628).
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, tokens=["Floored", "Loot", "Loot", "Loot", "On Guard"])

    def work(ctx: Context[SunshardState]) -> None:
        for token in ("Floored", "Loot", "On Guard"):
            gain(ctx, A1, token, cause=HIT)
    after, _ = run(state, work)
    assert sorted(after.models[A1].tokens) == ["Floored", "Loot", "Loot", "Loot", "On Guard"]


def test_rally_removes_a_condition_but_never_a_token() -> None:
    # L447, L591, L618.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, tokens=["Blight", "Jammed"])
    activate(state, "A1")
    w = world(state)
    with pytest.raises(RulesError, match="no Blight counter"):
        check_special(w, A, {"action": "rally", "model": "A1", "choice": "Blight"})
    assert check_special(w, A, {"action": "rally", "model": "A1", "choice": "Jammed"}).condition == "Jammed"


def test_fine_forged_armor_takes_no_blight_from_a_perfect_attack() -> None:
    # L1433, L521.
    data = DATA.with_imports([card("Pariah", name="Knight", abilities=("Fine-Forged Armor",))])
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12, data=data)
    put(state, "B1", "Knight", B, 8, 12, data=data)
    activate(state, "A1", data=data)

    def work(ctx: Context[SunshardState]) -> None:
        begin_attack(ctx, check_attack(world_of(ctx), A, {"model": "A1", "weapon": "Officer's Pistol",
                                                          "target": "B1"}))
    after, _ = run(state, work, rig=[1, 2], data=data)
    assert after.models[B1].tokens == [] and after.models[B1].wounds_left == 2


def test_a_killed_treasure_carrier_drops_the_marker_on_the_battlefield() -> None:
    # L981: the marker goes down in base contact with the model before it is removed.
    state = quest_state("treasures-from-the-past")
    put(state, "A1", "Captain", A, 10, 10, hp_lost=2, tokens=["Downed", "Floored", "Treasure"])
    after, _ = run(state, lambda ctx: wound(ctx, A1, cause=HIT))
    assert after.figures[A1].status == "killed"
    (marker,) = after.markers.values()
    assert marker.kind == "Treasure"
    assert abs(((marker.x - 10) ** 2 + (marker.y - 10) ** 2) ** 0.5 - (32 + 30) / 25.4 / 2) < 0.05


def test_the_end_phase_burning_test_is_at_arm_minus_four() -> None:
    # L599-604: Captain ARM 12: TN 8; 9 fails and costs 1 HP.
    state = quest_state("on-the-hunt")
    state.round = 1
    put(state, "A1", "Captain", A, 10, 2, tokens=["Burning"])
    put(state, "B1", "Pariah", B, 10, 22)
    after, events = at_step(state, "end", "during", [9])
    assert after.models[A1].wounds_left == 2
    assert any("TN 8, rolled 9: failed" in line for line in rolled(events))


def test_an_objective_stays_put_when_its_quest_marker_holder_is_downed() -> None:
    # L872: a Rescue carrier Downed drops the marker by its base, the model staying on the battlefield Downed.
    state = quest_state("rescue")
    objective(state, "O1", (12, 12))
    put(state, "A1", "Captain", A, 10, 4, hp_lost=2, tokens=["Rescue"])
    after, _ = run(state, lambda ctx: wound(ctx, A1, cause=HIT))
    assert "Downed" in after.models[A1].tokens and "Rescue" not in after.models[A1].tokens
    assert [m.kind for m in after.markers.values()] == ["Rescue"]
