"""The common Fortune re-roll of an Armor test (Sunshard:Embren core rules v1.0, L758-760) on the Armor tests that
are no save against an attack (ruling armor-like-tests): a failed Hazardous test (L716-721) or falling test
(L471-479) at the end of a move or a Disengage vault is offered to its model's player, and what follows carries on
after the answer."""

from __future__ import annotations

from engine.core import Context
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.specials import apply_special, check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard import tables as t
from tests.engine.systems.sunshard.tables import A1, A


def _through_hazard(fortune: int, **rulings: str) -> SunshardState:
    """A1 (a Captain, ARM 12) about to walk from (10, 6) into a Hazardous grove at (8, 8)-(12, 12), its side holding
    ``fortune`` Fortune."""
    state = t.new_state(rulings=rulings)
    t.lay(state, "T1", (8, 8, 4, 4), 0, ["hazardous", "clear"])
    t.put(state, "A1", "Captain", A, 10, 6)
    t.activate(state, "A1")
    state.records[A].fortune = fortune
    return state


def _walk(ctx: Context[SunshardState]) -> None:
    apply_move(ctx, A, check_move(world_of(ctx), A, {"model": "A1", "ap": "2", "to": "10,10"}))


def test_a_failed_hazardous_test_is_offered_its_fortune_reroll_and_the_move_carries_on() -> None:
    # L716-721: ARM - 2 = TN 10, rolled 11: failed; L758-760: 1 Fortune re-rolls it, a 4 passes: no HP lost.
    asked, events = t.run(_through_hazard(1), _walk, rig=[11])
    decision = t.pending(asked)
    assert (decision.kind, decision.owner) == ("save-reroll", A) and asked.models[A1].wounds_left == 3
    assert t.rolled(events) == ["A1's Hazardous test in T1: TN 10, rolled 11: failed."]
    assert (asked.models[A1].x, asked.models[A1].y) == (10, 10), "the model stands where its move took it"
    after, events = t.answer(asked, {"reroll": "fortune"}, rig=[4])
    assert t.rolled(events) == ["A1's Hazardous test in T1, re-rolled: TN 10, rolled 4: passed."]
    assert after.models[A1].wounds_left == 3 and after.records[A].fortune == 0 and not after.pending
    assert after.activation is not None and after.activation.ap == 1


def test_keeping_the_die_loses_the_hp_and_no_fortune_means_no_offer() -> None:
    asked, _ = t.run(_through_hazard(1), _walk, rig=[11])
    kept, _ = t.answer(asked, {"reroll": "keep"})
    assert kept.models[A1].wounds_left == 2 and kept.records[A].fortune == 1
    settled, _ = t.run(_through_hazard(0), _walk, rig=[11])
    assert not settled.pending and settled.models[A1].wounds_left == 2


def test_a_plain_test_under_the_other_reading_is_no_armor_test_to_reroll() -> None:
    # Ruling armor-like-tests `plain`: the Hazardous test is no Armor test, so the Armor re-roll does not reach it.
    settled, _ = t.run(_through_hazard(1, **{"armor-like-tests": "plain"}), _walk, rig=[11])
    assert not settled.pending and settled.models[A1].wounds_left == 2


def test_a_fall_at_the_end_of_a_move_is_offered_its_reroll_after_floored() -> None:
    # L471-479: from HGT 4 to the battlefield, Floored and the falling test at ARM - 4 = 8; rolled 9, re-rolled 2.
    state = t.new_state()
    t.put(state, "A1", "Captain", A, 5, 5, z=4)
    t.lay(state, "T1", (3, 3, 4, 4), 4, ["heavy-cover"])
    t.activate(state, "A1")
    state.records[A].fortune = 1
    asked, _ = t.run(state, lambda ctx: apply_move(ctx, A, check_move(world_of(ctx), A, {
        "model": "A1", "ap": "2", "to": "9.5,5"})), rig=[9])
    assert t.pending(asked).kind == "save-reroll" and "Floored" in asked.models[A1].tokens
    after, events = t.answer(asked, {"reroll": "fortune"}, rig=[2])
    assert t.rolled(events) == ["A1's falling Armor test, re-rolled: TN 8, rolled 2: passed."]
    assert after.models[A1].wounds_left == 3 and not after.pending


def test_a_disengage_vault_off_a_height_is_offered_the_fall_s_reroll_and_carries_on() -> None:
    # L409 (Disengage vaults), L471-479 (the fall from HGT 4), L758-760 (its Fortune re-roll); the vault's aftermath
    # (the On Guard reactions of enemies now engaged) waits for the answer.
    state = t.new_state()
    t.lay(state, "T1", (3, 3, 4, 4), 4, ["heavy-cover"])
    t.put(state, "A1", "Captain", A, 6, 5, z=4)
    t.put(state, "B1", "Pariah", t.B, 6 - 32 / 25.4, 5, z=4)
    t.activate(state, "A1")
    state.records[A].fortune = 1

    def disengage(ctx: Context[SunshardState]) -> None:
        apply_special(ctx, check_special(world_of(ctx), A, {"action": "disengage", "model": "A1", "to": "9.5,5"}))
    asked, _ = t.run(state, disengage, rig=[9])
    assert t.pending(asked).kind == "save-reroll" and (asked.models[A1].x, asked.models[A1].z) == (9.5, 0)
    after, events = t.answer(asked, {"reroll": "fortune"}, rig=[2])
    assert t.rolled(events) == ["A1's falling Armor test, re-rolled: TN 8, rolled 2: passed."]
    assert after.models[A1].wounds_left == 3 and not after.pending
