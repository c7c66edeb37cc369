"""Table options played both ways where the referee plays both (data/sunshard/rulings.yaml)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.systems.sunshard.activation import check_activate
from engine.systems.sunshard.deeds import flood_check
from engine.systems.sunshard.harm import heal
from engine.systems.sunshard.moving import crossed, wither
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard.tables import (
    DATA,
    A,
    card,
    engaged_by_three,
    lay,
    new_state,
    put,
    run,
    world,
)

A1 = ModelId("A1")


def test_party_order_lets_any_member_go_first_or_only_the_selector() -> None:
    # Ruling party-order (L441).
    for option, allowed in (("any-order", True), ("selector-first", False)):
        state = new_state(rulings={"party-order": option})
        put(state, "A1", "Conscripted", A, 10, 10)
        put(state, "A2", "Conscripted", A, 12, 10)
        state.step, state.active_side = "activation", A
        if allowed:
            assert check_activate(world(state), A, {"model": "A1", "party": "A2", "first": "A2"}).first == "A2"
        else:
            with pytest.raises(RulesError, match="activates first"):
                check_activate(world(state), A, {"model": "A1", "party": "A2", "first": "A2"})


def test_hazardous_frequency_counts_pieces_or_the_action() -> None:
    # Ruling hazardous-frequency (L716-721).
    for option, tests in (("per-piece", 2), ("once-per-action", 1)):
        state = new_state(rulings={"hazardous-frequency": option})
        put(state, "A1", "Captain", A, 4, 4)
        lay(state, "T1", (3, 6, 2, 1), 0, ["hazardous", "clear"])
        lay(state, "T2", (3, 8, 2, 1), 0, ["hazardous", "clear"])
        w = world(state)
        _, hazardous = crossed(w, w.model("A1"), ((4, 4), (4, 10)))
        assert len(hazardous) == tests


def test_burning_keeps_a_downed_model_down_unless_the_table_says_otherwise() -> None:
    # Ruling burning-blocks-downed-removal (L599, L622).
    for option, downed in (("yes", True), ("no", False)):
        state = new_state(rulings={"burning-blocks-downed-removal": option})
        put(state, "A1", "Captain", A, 4, 4, hp_lost=2, tokens=["Downed", "Burning"])
        after, _ = run(state, lambda ctx: heal(ctx, A1, 1, why="test"))
        assert ("Downed" in after.models[A1].tokens) is downed


def test_withering_whereabouts_gives_terrain_hazardous_and_seeded_for_good() -> None:
    # L1496; ruling withering-lasting.
    withered = card("Captain", name="Wither", abilities=("Withering Whereabouts",))
    data = DATA.with_imports([withered])
    state = new_state()
    put(state, "A1", "Wither", A, 4, 4, data=data)
    lay(state, "T1", (4.5, 3, 2, 2), 1, ["light-cover"])
    after, _ = run(state, lambda ctx: wither(ctx, A1), data=data)
    assert set(after.terrain["T1"].keywords) >= {"hazardous", "seeded"}


def test_flood_scores_an_enemy_engaged_by_three() -> None:
    # L1253.
    state = engaged_by_three()

    def check(ctx: Context[SunshardState]) -> None:
        flood_check(ctx)
        flood_check(ctx)
    after, _ = run(state, check)
    assert after.records[A].deeds == ["flood"] and after.records[A].deed_vp == 1
