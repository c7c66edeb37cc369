"""Terrain rules and the abilities that bend them, checked against the rulebook itself: what moves, vaults and
placements meet, and whom Hazardous and Rugged spare (Sunshard:Embren core rules v1.0, L455-457, L682-747, L1023,
L1421, L1443-1445, L1477)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.specials import apply_special, check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import (
    DATA,
    A,
    B,
    activate,
    card,
    lay,
    objective,
    put,
    quest_state,
    rolled,
    run,
    world,
)

A1, B1 = ModelId("A1"), ModelId("B1")
R32 = 32 / 25.4 / 2


def test_a_disengage_vault_through_rugged_and_hazardous_terrain_meets_neither() -> None:
    # L455, L716, L729: those rules affect moves, not vaults; the Captain vaults its full SPD 4 across them untested.
    state = quest_state("chance-encounter")
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 10 + 2 * R32, 10)
    lay(state, "T1", (6, 8, 3, 4), 0, ["rugged", "hazardous", "clear"])
    activate(state, "A1")

    def disengage(ctx: Context[SunshardState]) -> None:
        apply_special(ctx, check_special(world_of(ctx), A, {"action": "disengage", "model": "A1", "to": "6,10"}))
    after, events = run(state, disengage)
    assert (after.models[A1].x, after.models[A1].y) == (6, 10) and rolled(events) == []


def test_steady_advance_s_dangerous_objectives_are_hazardous() -> None:
    # L1023 (ruling dangerous-terrain): moving within a Dangerous Objective calls the ARM - 2 test.
    state = quest_state("steady-advance")
    objective(state, "O1", (10, 10))
    put(state, "A1", "Captain", A, 10, 6)
    activate(state, "A1")
    after, events = run(state, lambda ctx: apply_move(ctx, A, check_move(world_of(ctx), A, {
        "model": "A1", "ap": "2", "to": "10,12"})), rig=[11])
    assert rolled(events) == ["A1's Hazardous test in O1: TN 10, rolled 11: failed."]
    assert after.models[A1].wounds_left == 2


def test_shard_walker_ignores_rugged_and_hazardous_only_of_seeded_terrain() -> None:
    # L1477.
    walker = card("Captain", name="Walker", abilities=("Shard Walker",))
    data = DATA.with_imports([walker])
    state = quest_state("chance-encounter")
    put(state, "A1", "Walker", A, 4, 4, data=data)
    lay(state, "S1", (2, 6, 4, 2), 0, ["rugged", "hazardous", "seeded", "clear"])
    activate(state, "A1", data=data)
    plan = check_move(world(state, walker), A, {"model": "A1", "ap": "2", "to": "4,12"})
    assert not plan.rugged and plan.hazardous == ()
    lay(state, "T2", (2, 9, 4, 2), 0, ["rugged", "clear"])
    with pytest.raises(RulesError, match="Rugged"):
        check_move(world(state, walker), A, {"model": "A1", "ap": "2", "to": "4,12"})


def test_briar_path_spares_its_warband_the_hazardous_terrain_it_touches() -> None:
    # L1421: a friend of the Briar Path model's warband crosses the Hazardous piece it stands in without a test.
    briar = card("Conscripted", name="Briar", abilities=("Briar Path",))
    data = DATA.with_imports([briar])
    state = quest_state("chance-encounter")
    put(state, "A1", "Captain", A, 4, 4, data=data)
    put(state, "A2", "Briar", A, 7, 7, data=data)
    lay(state, "H1", (2, 6, 6, 2), 0, ["hazardous", "clear"])
    activate(state, "A1", data=data)
    assert check_move(world(state, briar), A, {"model": "A1", "ap": "2", "to": "4,11"}).hazardous == ()
    state.models[ModelId("A2")].y = 12
    assert check_move(world(state, briar), A, {"model": "A1", "ap": "2", "to": "4,11"}).hazardous == ("H1",)


def test_translocate_is_never_placed_within_impassable_terrain() -> None:
    # L714, L1445: a placement may not end within Impassable terrain.
    rooted = card("Captain", name="Rooted", abilities=("Fractal Roots",))
    data = DATA.with_imports([rooted])
    state = quest_state("chance-encounter")
    put(state, "A1", "Rooted", A, 6, 6, data=data)
    lay(state, "W1", (7.5, 5, 2, 2), 3, ["impassable"])
    activate(state, "A1", data=data)
    w = world(state, rooted)
    with pytest.raises(RulesError, match="cannot be placed on W1"):
        check_special(w, A, {"action": "translocate", "model": "A1", "to": "8.5,6"})
    assert check_special(w, A, {"action": "translocate", "model": "A1", "to": "6,8.5"}).ap == 2


def test_a_fractal_roots_model_takes_no_movement_action() -> None:
    # L1443.
    rooted = card("Captain", name="Rooted", abilities=("Fractal Roots",))
    data = DATA.with_imports([rooted])
    state = quest_state("chance-encounter")
    put(state, "A1", "Rooted", A, 6, 6, data=data)
    activate(state, "A1", data=data)
    with pytest.raises(RulesError, match="Fractal Roots"):
        check_move(world(state, rooted), A, {"model": "A1", "ap": "1", "to": "6,8"})
