"""A Held Shot interrupts a vault as it does a move (Sunshard:Embren core rules v1.0, L409, L427, L461)."""

from __future__ import annotations

from engine.core import Context, ModelId
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.specials import apply_special, check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import A, B, activate, answer, lay, new_state, pending, put, run

A1, B1 = ModelId("A1"), ModelId("B1")
GAP = 32 / 25.4


def disengaging() -> SunshardState:
    """The Captain (A1), engaged by a Pariah, Disengages 3" west; a Harrier (B1) On Guard watches."""
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B2", "Pariah", B, 10 + GAP, 10)
    put(state, "B1", "Harrier", B, 4, 20, tokens=["On Guard"])
    activate(state, "A1")

    def work(ctx: Context[SunshardState]) -> None:
        apply_special(ctx, check_special(world_of(ctx), A, {"action": "disengage", "model": "A1", "to": "7,10"}))
    waiting, _ = run(state, work)
    return waiting


def test_held_shot_fires_at_a_point_of_a_disengage_vault_and_the_vault_goes_on() -> None:
    # Sunshard L461: Held Shot may interrupt a vault at any point, as a move (L427, ruling held-shot-moment).
    waiting = disengaging()
    decision = pending(waiting)
    assert decision.kind == "held-shot" and decision.owner == B
    aiming, _ = answer(waiting, {"shooter": "B1", "at": "8.5,10"})
    assert (aiming.models[A1].x, aiming.models[A1].y) == (8.5, 10)
    after, events = answer(aiming, {"shot": "Longbow|A1"}, rig=[5, 15])
    assert "On Guard" not in after.models[B1].tokens and after.models[A1].wounds_left == 2
    assert (after.models[A1].x, after.models[A1].y) == (7, 10)
    assert [e.body.describe().split(":")[0] for e in events if isinstance(e.body, TestMade)] == [
        "B1's attack test on A1", "A1's Armor test"]


def test_no_held_shot_leaves_the_vault_alone() -> None:
    after, _ = answer(disengaging(), {"shooter": "none"})
    assert (after.models[A1].x, after.models[A1].y) == (7, 10) and "On Guard" in after.models[B1].tokens
    assert after.activation is not None and after.activation.ap == 1


def test_a_move_stopped_by_a_held_shot_off_a_height_still_falls_from_where_it_began() -> None:
    # Sunshard L471-479: the drop is judged from the surface the move started on (HGT 4), not from the point of the
    # Held Shot (the battlefield, L461): Floored and the falling Armor test at ARM - 4 = 8.
    state = new_state()
    lay(state, "T1", (3, 3, 4, 4), 4, ["heavy-cover"])
    put(state, "A1", "Captain", A, 5, 5, z=4)
    put(state, "B1", "Harrier", B, 14, 12, tokens=["On Guard"])
    activate(state, "A1")
    waiting, _ = run(state, lambda ctx: apply_move(ctx, A, check_move(world_of(ctx), A, {
        "model": "A1", "ap": "2", "to": "9.5,5"})))
    aiming, _ = answer(waiting, {"shooter": "B1", "at": "8.5,5"})
    after, events = answer(aiming, {"shot": "Longbow|A1"}, rig=[19, 2])
    assert (after.models[A1].x, after.models[A1].z) == (9.5, 0) and "Floored" in after.models[A1].tokens
    assert [e.body.describe() for e in events if isinstance(e.body, TestMade)][-1].startswith(
        "A1's falling Armor test: TN 8")
