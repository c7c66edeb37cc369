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
from tests.engine.systems.sunshard.tables import A1, B1, A


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


def test_a_failed_burning_test_holds_the_action_that_spent_the_ap_until_its_reroll_is_answered() -> None:
    # L599-604: a Burning Conscripted (ARM 11) spending 1 AP tests at ARM - 4 = 7; rolled 15: failed. L758-760: the
    # Fortune re-roll is offered there, and the move it pays for waits; re-rolled 3: passed, no HP lost, it moves.
    state = t.new_state()
    t.put(state, "A1", "Conscripted", A, 10, 10, tokens=["Burning"])
    t.activate(state, "A1")
    state.records[A].fortune = 1
    asked, events = t.walk(state, "10,13", rig=[15])
    assert t.rolled(events) == ["A1's Burning test: TN 7, rolled 15: failed."]
    assert t.pending(asked).kind == "save-reroll" and (asked.models[A1].x, asked.models[A1].y) == (10, 10)
    after, events = t.answer(asked, {"reroll": "fortune"}, rig=[3])
    assert t.rolled(events)[0] == "A1's Burning test, re-rolled: TN 7, rolled 3: passed."
    assert (after.models[A1].x, after.models[A1].y) == (10, 13) and after.models[A1].wounds_left == 2
    kept, _ = t.answer(asked, {"reroll": "keep"})
    assert kept.models[A1].wounds_left == 1 and (kept.models[A1].x, kept.models[A1].y) == (10, 13)


def test_an_end_phase_burning_test_is_offered_its_reroll() -> None:
    # L373, L599-604: the End Phase Burning test of a Captain (ARM 12): TN 8, rolled 9: failed; re-rolled 2: passed.
    state = t.quest_state("on-the-hunt")
    state.round = 1
    t.put(state, "A1", "Captain", A, 10, 2, tokens=["Burning"])
    t.put(state, "B1", "Pariah", t.B, 10, 22)
    state.records[A].fortune = 1
    asked, _ = t.at_step(state, "end", "during", [9])
    assert t.pending(asked).kind == "save-reroll" and asked.models[A1].wounds_left == 3
    after, _ = t.answer(asked, {"reroll": "fortune"}, rig=[2])
    assert after.models[A1].wounds_left == 3 and after.records[A].fortune == 0


def test_a_shatter_test_during_an_attack_is_offered_its_reroll_and_the_attack_waits() -> None:
    # L1483-1488: the Downed Brittle B1 is Killed by A1's Sabre (hit on 2, Armor test ARM 12 - ST 4 = 8 failed on
    # 15); A1 within 2" gains Bleeding and tests at ARM 12 - 4 = 8: 15 fails. L758-760: the re-roll is offered and
    # the attack stays open until the answer (2: passed).
    brittle = t.card("Captain", name="Brittle", abilities=("Shatter",))
    data = t.DATA.with_imports([brittle])
    state = t.new_state()
    t.put(state, "A1", "Captain", A, 10, 10, data=data)
    t.put(state, "B1", "Brittle", t.B, 10 + 32 / 25.4, 10, hp_lost=2, tokens=["Downed", "Floored"], data=data)
    t.activate(state, "A1", data=data)
    state.records[A].fortune = 1
    asked, events = t.attack(state, "A", [2, 15, 15], data, model="A1", weapon="Sabre", target="B1")
    assert "A1's Shatter Armor test: TN 8, rolled 15: failed." in t.rolled(events)
    assert t.pending(asked).kind == "save-reroll" and asked.attack is not None and asked.models[A1].wounds_left == 3
    after, _ = t.answer(asked, {"reroll": "fortune"}, rig=[2], data=data)
    assert after.attack is None and after.models[A1].wounds_left == 3 and "Bleeding" in after.models[A1].tokens


def test_a_fall_at_the_end_of_a_fade_vault_is_offered_its_reroll_and_the_vault_s_end_waits() -> None:
    # L1514: B1 (a Pariah, ARM 11) hits A1 with its Twin Blades on a HGT 4 ruin and vaults 2" off it, the attack over
    # (ruling fade-timing); L471-479: it falls 4, Floored, and tests at ARM 11 - 4 = 7: 15 fails; L758-760: re-rolled
    # 2, it passes, and the vault ends (its 2" counted for Hit and Run, L1223).
    state = t.new_state()
    t.lay(state, "T1", (3, 3, 4, 4), 4, ["heavy-cover"])
    t.put(state, "B1", "Pariah", t.B, 6, 5, z=4)
    t.put(state, "A1", "Captain", A, 6 - 32 / 25.4, 5, z=4)
    t.activate(state, "B1")
    state.records[t.B].fortune = 1
    hit, _ = t.attack(state, "B", [2, 3], model="B1", weapon="Twin Blades", target="A1")
    assert t.pending(hit).kind == "fade"
    asked, events = t.answer(hit, {"vault": "8,5"}, rig=[15])
    assert t.rolled(events) == ["B1's falling Armor test: TN 7, rolled 15: failed."]
    assert t.pending(asked).kind == "save-reroll" and asked.attack is None and "Floored" in asked.models[B1].tokens
    assert asked.activation is not None and asked.activation.faded == 0
    after, _ = t.answer(asked, {"reroll": "fortune"}, rig=[2])
    assert after.models[B1].wounds_left == 2 and not after.pending
    assert after.activation is not None and after.activation.faded == 2


def test_poison_fruit_pays_a_hazardous_test_s_reroll_in_its_own_activation() -> None:
    # L1465: A1 has Poison Fruit and its side no Fortune; its failed Hazardous test (11 against TN 10) may be
    # re-rolled for free, A1 gaining Blight: 4 passes.
    fruited = t.card("Captain", name="Fruited Captain", abilities=("Poison Fruit",))
    data = t.DATA.with_imports([fruited])
    state = _through_hazard(0)
    t.put(state, "A1", "Fruited Captain", A, 10, 6, data=data)
    asked, _ = t.run(state, _walk, rig=[11], data=data)
    assert [o.key for o in t.pending(asked).parts[0].options] == ["keep", "poison-fruit"]
    after, _ = t.answer(asked, {"reroll": "poison-fruit"}, rig=[4], data=data)
    assert after.models[A1].wounds_left == 3 and after.models[A1].tokens == ["Blight"] and not after.pending
