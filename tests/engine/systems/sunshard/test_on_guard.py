"""On Guard reactions offered to the non-active player: Held Shot during a move, Held Strike on becoming engaged, a
token kept for Anticipate Attack, and a token lost (Sunshard:Embren core rules v1.0, L419-435, L461, L612)."""

from __future__ import annotations

from engine.core import Context, ModelId
from engine.systems.sunshard.ap import spend_ap
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import A, B, activate, answer, new_state, pending, put, run

A1, B1 = ModelId("A1"), ModelId("B1")


def walk(state: SunshardState, to: str, rig: list[int] | None = None):  # type: ignore[no-untyped-def]
    def work(ctx: Context[SunshardState]) -> None:
        apply_move(ctx, A, check_move(world_of(ctx), A, {"model": "A1", "ap": "2", "to": to}))
    return run(state, work, rig=rig or [])


def test_held_shot_fires_at_the_point_its_owner_names_and_the_move_goes_on() -> None:
    # L427, L461: the Harrier (B1, On Guard) shoots the Captain halfway through its move; the move then finishes.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Harrier", B, 14, 10, tokens=["On Guard"])
    activate(state, "A1")
    waiting, _ = walk(state, "4,12")
    decision = pending(waiting)
    assert decision.kind == "held-shot" and decision.owner == B
    aiming, _ = answer(waiting, {"shooter": "B1", "at": "4,8"})
    assert (aiming.models[A1].x, aiming.models[A1].y) == (4, 8)
    after, events = answer(aiming, {"shot": "Longbow|A1"}, rig=[5, 15])
    assert "On Guard" not in after.models[B1].tokens and after.models[A1].wounds_left == 2
    assert (after.models[A1].x, after.models[A1].y) == (4, 12)
    assert [e.body.describe().split(":")[0] for e in events if isinstance(e.body, TestMade)] == [
        "B1's attack test on A1", "A1's Armor test"]


def test_no_held_shot_leaves_the_move_alone() -> None:
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Harrier", B, 14, 10, tokens=["On Guard"])
    activate(state, "A1")
    waiting, _ = walk(state, "4,12")
    after, _ = answer(waiting, {"shooter": "none"})
    assert (after.models[A1].x, after.models[A1].y) == (4, 12) and "On Guard" in after.models[B1].tokens


def test_held_strike_when_engaged() -> None:
    # L429-433: the Pariah (B1) engaged by the charging Captain passes its RSL test (8) and strikes at it.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Pariah", B, 4, 9, tokens=["On Guard"])
    activate(state, "A1")
    offered, _ = walk(state, "contact B1")
    waiting, _ = answer(offered, {"shooter": "none"})  # it could shoot first: its Throwing Knives are ranged
    decision = pending(waiting)
    assert decision.kind == "guard-engaged" and [o.key for o in decision.parts[0].options] == ["strike", "keep",
                                                                                               "drop"]
    after, events = answer(waiting, {"do": "strike", "weapon": "Twin Blades"}, rig=[8, 3, 15])
    described = [e.body.describe() for e in events if isinstance(e.body, TestMade)]
    assert described[0] == "B1's Held Strike RSL test: TN 8, rolled 8: passed."
    assert described[1].startswith("B1's attack test on A1") and after.models[A1].wounds_left == 2


def test_a_kept_token_is_lost_when_the_attacker_does_something_else() -> None:
    # Ruling held-strike-offer (L435): kept for Anticipate Attack, the token goes if no attack on it comes at once.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Pariah", B, 4, 7.5, tokens=["On Guard"])
    activate(state, "A1", ap=3)
    offered, _ = walk(state, "contact B1")
    waiting, _ = answer(offered, {"shooter": "none"})
    kept, _ = answer(waiting, {"do": "keep"})
    assert kept.activation is not None and kept.activation.guard_kept == [B1]
    after, _ = run(kept, lambda ctx: spend_ap(ctx, A1, 1, "something else"))
    assert "On Guard" not in after.models[B1].tokens


def test_a_wavering_guard_engaged_loses_its_token() -> None:
    # L435, L612.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Pariah", B, 4, 9, tokens=["On Guard", "Wavering"])
    activate(state, "A1")
    after, _ = walk(state, "contact B1")
    assert not after.pending and after.models[B1].tokens == ["Wavering"]
