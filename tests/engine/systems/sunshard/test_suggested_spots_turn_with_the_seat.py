"""The suggested set-up spots (no rule: the menus' and the bot's defaults) are the same for either seat, turned half a
turn about the table's centre as the maps' terrain is: the bench found side A winning 64% of 40 bot games whatever
warband it held while the far side's suggestions were the near side's mirrored instead (its front row faced other
terrain, and both sides' Objectives went to the far half)."""

from __future__ import annotations

import pytest

from engine.core import GameSetup, UserId
from engine.dice import commitment
from engine.systems.sunshard.setup import apply_place_objective, begin_setup
from engine.systems.sunshard.setup_declared import deploy_spots, objective_spots, prompt_setup
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard.tables import DATA, A, B, lay, pending, put, run, world


def _mirror_match(quest: str, rig: list[int]) -> SunshardState:
    """Both seats bring the same warband, so that their models' spots may be compared."""
    setup = GameSetup(system="sunshard", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("t"))
    forces = {A: [DATA.warbands["Greywater Delvers"]], B: [DATA.warbands["Greywater Delvers"]]}
    state, _ = run(SunshardState(setup=setup), lambda ctx: begin_setup(ctx, DATA, DATA.quest(quest), forces),
                   rig=rig, data=DATA)
    return state


def _turned(state: SunshardState, spots: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(pytest.approx(state.width - x, abs=0.01), pytest.approx(state.height - y, abs=0.01)) for x, y in spots]


def test_the_far_sides_deployment_spots_are_the_near_sides_turned() -> None:
    state = _mirror_match("treasures-from-the-past", [3, 15])
    seen = world(state)
    near, far = deploy_spots(seen, seen.model("A2")), deploy_spots(seen, seen.model("B2"))
    assert near and far == _turned(state, near)


def test_each_placer_is_offered_the_objective_spots_the_other_would_be_turned() -> None:
    state = _mirror_match("on-the-hunt", [3, 15])
    assert state.step == "objectives"
    state.active_side = A
    near = objective_spots(world(state))
    state.active_side = B
    far = objective_spots(world(state))
    assert near and far == _turned(state, near)


def test_after_the_centre_objective_each_placer_s_first_spot_is_in_its_own_half() -> None:
    # The centre Objective's outline puts its centre a hair off (12, 11.99999): equally far spots were ordered by that
    # hair, and the near side's first suggestion went to the far half (5,15) while the far side's stayed home (19,15).
    state = _mirror_match("on-the-hunt", [3, 15])
    state.active_side = A
    state, _ = run(state, lambda ctx: apply_place_objective(ctx, A, (12.0, 12.0)), data=DATA)
    state.active_side = A
    near = objective_spots(world(state))
    state.active_side = B
    far = objective_spots(world(state))
    assert near[0] == (5.0, 9.0) and far[0] == (19.0, 15.0) and far == _turned(state, near)


def test_each_suggested_objective_spot_says_where_it_lies() -> None:
    # A newcomer read bare coordinates ("12,12", "11,12") with nothing to place them by: each suggestion names its
    # distance from the table's centre or the nearest Objective already placed, and from the placer's own zone.
    state = _mirror_match("on-the-hunt", [3, 15])
    state.active_side = A
    asked, _ = run(state, prompt_setup, data=DATA)
    labels = [o.label for o in pending(asked).parts[0].options]
    assert labels[:2] == ["12,12 (the table's centre; 8\" from your zone)", "11,12 (1\" from the centre; 8\" from your "
                                                                              "zone)"]
    placed, _ = run(state, lambda ctx: apply_place_objective(ctx, A, (12.0, 12.0)), data=DATA)
    placed.active_side = A
    asked, _ = run(placed, prompt_setup, data=DATA)
    assert pending(asked).parts[0].options[0].label == "5,9 (7.6\" from O1; 5\" from your zone)"


def test_each_suggested_deploy_spot_says_where_it_lies() -> None:
    # As the Objective spots do: a newcomer deploying (L337) read bare coordinates; each spot names how far its base
    # stands from the table edge, from the nearest model of its side already deployed, and a terrain piece beside it.
    from bot.core.data_loader import load_system_data
    from engine.core import Decision
    from engine.systems.sunshard.system import Sunshard

    state = _mirror_match("treasures-from-the-past", [3, 15])
    put(state, "A9", "Conscripted", A, 12.0, 1.0)
    lay(state, "T9", (15.5, 2.0, 2.0, 2.0), 1, ())
    system = Sunshard(load_system_data("sunshard"))
    probe = Decision(id="-", owner=A, kind="deploy", prompt="", parts=(), optional=False)
    (at,) = [p for p in system.decision_parts(state, probe, {"model": "A2"}) if p.key == "at"]
    first = at.options[0]
    assert first.key == "12.13,3.37"
    assert first.label == '12.13,3.37 (2.7" from the table edge; 1.1" from A9; by T9 ruin)'
