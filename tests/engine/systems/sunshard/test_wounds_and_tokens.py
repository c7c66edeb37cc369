"""Wounds, Downed and Killed; Blight; tokens and conditions with their caps; dropped markers; kill triggers
(Sunshard:Embren core rules v1.0, L589-648, L872, L897, L1179, L1287, L1411-1415, L1467, L1483)."""

from __future__ import annotations

from engine.core import Context, ModelId
from engine.geometry import Base, Pose, overlaps
from engine.systems.sunshard.events import HpChanged, ModelGone, VpScored
from engine.systems.sunshard.harm import Cause, gain, heal, kill, settle_save, wound
from engine.systems.sunshard.rolls import judge_test, tn
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard.tables import DATA, A, B, card, lay, new_state, put, rolled, run

HIT = Cause("a test hit")
C1 = ModelId("C1")


def one(model: str = "Captain", **kwargs: object) -> SunshardState:
    state = new_state()
    put(state, "C1", model, A, 10, 10, **kwargs)  # type: ignore[arg-type]
    return state


def test_a_wound_at_the_last_hp_downs_instead() -> None:
    # D-06, L644: at 1 HP without Downed, a lost HP leaves it at 1 HP with Downed and Floored.
    after, _ = run(one(hp_lost=2), lambda ctx: wound(ctx, C1, cause=HIT))
    model = after.models[C1]
    assert model.wounds_left == 1 and sorted(model.tokens) == ["Downed", "Floored"]


def test_a_downed_model_that_loses_hp_is_killed() -> None:
    # D-07, L622.
    after, events = run(one(hp_lost=2, tokens=["Downed", "Floored"]), lambda ctx: wound(ctx, C1, cause=HIT))
    assert C1 not in after.models and after.figures[C1].status == "killed"
    assert any(isinstance(e.body, ModelGone) for e in events)


def test_a_wound_with_hp_to_spare_costs_one_hp() -> None:
    after, events = run(one(), lambda ctx: wound(ctx, C1, cause=HIT))
    assert after.models[C1].wounds_left == 2
    assert [e.body.describe() for e in events] == ["C1 loses 1 HP (a test hit)."]


def test_a_botched_save_gives_blight_and_a_third_blight_kills() -> None:
    # D-08, L529, L620: two Blight, then a botched save: the third Blight kills (the HP loss is moot).
    botched = judge_test("armor", tn(15), [20])
    after, _ = run(one(tokens=["Blight", "Blight"]), lambda ctx: settle_save(ctx, C1, botched, HIT))
    assert C1 not in after.models


def test_poorly_protected_dies_at_two_blight() -> None:
    # D-09, L1467.
    frail = card("Captain", name="Frail", abilities=("Poorly Protected",))
    data = DATA.with_imports([frail])
    state = one("Frail", tokens=["Blight"], data=data)
    after, _ = run(state, lambda ctx: gain(ctx, C1, "Blight", cause=HIT), data=data)
    assert C1 not in after.models


def test_blightghast_lives_with_three_blight() -> None:
    # D-10, L1415.
    ghast = card("Captain", name="Ghast", abilities=("Blightghast",))
    data = DATA.with_imports([ghast])
    after, _ = run(one("Ghast", tokens=["Blight", "Blight"], data=data),
                   lambda ctx: gain(ctx, C1, "Blight", 2, cause=HIT), data=data)
    assert after.models[C1].tokens.count("Blight") == 3  # capped at three (L618), alive


def test_conditions_cap_at_one_and_tokens_at_three() -> None:
    # L591, L618: extra counters are discarded.
    def work(ctx: Context[SunshardState]) -> None:
        gain(ctx, C1, "Bleeding", 2, cause=HIT)
        gain(ctx, C1, "Loot", 5, cause=HIT)
        gain(ctx, C1, "On Guard", 2, cause=HIT)
    after, _ = run(one(), work)
    assert sorted(after.models[C1].tokens) == ["Bleeding", "Loot", "Loot", "Loot", "On Guard"]


def test_hunters_mark_moves_within_a_warband() -> None:
    # L624: another model of the same warband gaining Hunter's Mark takes it from the first.
    state = one(tokens=["Hunter's Mark"])
    put(state, "C2", "Conscripted", A, 14, 10)
    after, _ = run(state, lambda ctx: gain(ctx, ModelId("C2"), "Hunter's Mark", cause=HIT))
    assert "Hunter's Mark" not in after.models[C1].tokens and "Hunter's Mark" in after.models[ModelId("C2")].tokens


def test_balance_discards_floored() -> None:
    # L1411.
    nimble = card("Captain", name="Nimble", abilities=("Balance",))
    data = DATA.with_imports([nimble])
    after, _ = run(one("Nimble", data=data), lambda ctx: gain(ctx, C1, "Floored", cause=HIT), data=data)
    assert after.models[C1].tokens == []


def test_healing_removes_downed_but_burning_blocks_it() -> None:
    # L622, L640, L599: a heal lifts Downed (Floored stays until Rallied); a Burning model cannot be healed.
    after, _ = run(one(hp_lost=2, tokens=["Downed", "Floored"]), lambda ctx: heal(ctx, C1, 1, why="test"))
    assert after.models[C1].wounds_left == 2 and after.models[C1].tokens == ["Floored"]
    burning, events = run(one(hp_lost=2, tokens=["Downed", "Burning"]), lambda ctx: heal(ctx, C1, 1, why="test"))
    assert "Downed" in burning.models[C1].tokens and not any(isinstance(e.body, HpChanged) for e in events)


def test_a_downed_carrier_drops_the_rescue_marker_in_base_contact() -> None:
    # L872: the marker goes down in base contact with the model, clear of other bases.
    after, _ = run(one(hp_lost=2, tokens=["Rescue"]), lambda ctx: wound(ctx, C1, cause=HIT))
    (marker,) = after.markers.values()
    model = after.models[C1]
    gap = ((marker.x - model.x) ** 2 + (marker.y - model.y) ** 2) ** 0.5 - model.radius - 30 / 25.4 / 2
    assert marker.kind == "Rescue" and "Rescue" not in model.tokens and abs(gap) < 0.02


def test_on_the_hunt_scores_kills_and_the_enemy_leader_four_more() -> None:
    # L897: 1 VP per enemy model Killed, 4 more for the enemy Leader.
    state = one(leader=True)
    state.quest = "on-the-hunt"
    put(state, "R1", "Pariah", B, 20, 20)
    after, _ = run(state, lambda ctx: kill(ctx, C1, Cause("test", ModelId("R1"), "attack")))
    assert after.records[B].quest_vp == 5


def test_a_downed_leader_scores_headhunter_once() -> None:
    # D-50, L1179, L1167: 1 VP and 1 Fortune, once per game.
    state = one(leader=True, hp_lost=2)
    state.quest, state.deeds_used = "chance-encounter", True
    after, events = run(state, lambda ctx: (wound(ctx, C1, cause=HIT), wound(ctx, C1, cause=HIT)))
    deeds = [e.body for e in events if isinstance(e.body, VpScored) and e.body.source == "deed"]
    assert [d.deed for d in deeds] == ["headhunter"]
    assert after.records[B].deed_vp == 1 and after.records[B].fortune == 1 and after.records[B].quest_vp == 2


def test_shatter_bleeds_and_tests_the_models_around() -> None:
    # L1483-1488: models within 2" gain Bleeding and take an Armor test at ARM - 4 (a Captain: 12 - 4 = 8).
    brittle = card("Captain", name="Brittle", abilities=("Shatter",))
    data = DATA.with_imports([brittle])
    state = one("Brittle", data=data)
    put(state, "B1", "Captain", B, 12.5, 10, data=data)
    after, events = run(state, lambda ctx: kill(ctx, C1, Cause("test")), rig=[9], data=data)
    assert after.models[ModelId("B1")].tokens == ["Bleeding"] and after.models[ModelId("B1")].wounds_left == 2
    assert "B1's Shatter Armor test: TN 8, rolled 9: failed." in rolled(events)


def test_shatter_chains_through_a_shattering_model_it_kills() -> None:
    # L1483-1488, L622: C1 (Shatter) is Killed; the Downed Brittle B1 0.74" away gains Bleeding and fails its Armor
    # test (9 against 8), so it is Killed too, and its own Shatter reaches B2, 1.74" from B1 but 3.74" from C1: Bleeding
    # and a failed test (9), 1 HP. C1's Shatter never reached B2, so B2 tests once.
    brittle = card("Captain", name="Brittle", abilities=("Shatter",))
    data = DATA.with_imports([brittle])
    state = one("Brittle", data=data)
    put(state, "B1", "Brittle", B, 12, 10, hp_lost=2, tokens=["Downed", "Floored"], data=data)
    put(state, "B2", "Captain", B, 15, 10, data=data)
    after, events = run(state, lambda ctx: kill(ctx, C1, Cause("test")), rig=[9, 9], data=data)
    assert ModelId("B1") not in after.models and after.figures[ModelId("B1")].status == "killed"
    assert after.models[ModelId("B2")].tokens == ["Bleeding"] and after.models[ModelId("B2")].wounds_left == 2
    assert rolled(events) == ["B1's Shatter Armor test: TN 8, rolled 9: failed.",
                              "B2's Shatter Armor test: TN 8, rolled 9: failed."]


def test_a_dropped_rescue_marker_keeps_clear_of_bases_and_impassable_terrain() -> None:
    # L872: in base contact with the Downed carrier, its 30 mm base overlapping no other model's base and no
    # Impassable terrain: here an enemy touches the carrier's near side and an Impassable wall its right.
    state = one(hp_lost=2, tokens=["Rescue"])
    r = 32 / 25.4 / 2
    put(state, "B1", "Captain", B, 10, 10 - 2 * r)
    lay(state, "W1", (10 + r, 4, 2, 12), 3, ["impassable"])
    after, _ = run(state, lambda ctx: wound(ctx, C1, cause=HIT))
    (marker,) = after.markers.values()
    model = after.models[C1]
    gap = ((marker.x - model.x) ** 2 + (marker.y - model.y) ** 2) ** 0.5 - r - 30 / 25.4 / 2
    probe = Base("M", Pose(marker.x, marker.y), 30.0, 0.0)
    enemy = after.models[ModelId("B1")]
    assert abs(gap) < 0.02 and not overlaps(probe, Base("B1", Pose(enemy.x, enemy.y), 32.0, 2.0))
    assert marker.x + 30 / 25.4 / 2 <= 10 + r + 0.01, "clear of the Impassable wall"
