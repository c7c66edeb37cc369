"""On Guard checked against the rulebook itself: what the token costs, when it goes, and which reaction is offered
to whom (Sunshard:Embren core rules v1.0, L419-435, L612, L776, L1494)."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RulesError
from engine.systems.sunshard.activation import apply_end, start_activation
from engine.systems.sunshard.attack_flow import begin_attack
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.guard import held_shooters
from engine.systems.sunshard.rounds import finish_activation
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import (
    DATA,
    A,
    B,
    activate,
    answer,
    card,
    new_state,
    pending,
    put,
    rolled,
    run,
    walk,
    world,
)

A1, A2, B1, B2 = ModelId("A1"), ModelId("A2"), ModelId("B1"), ModelId("B2")
R32 = 32 / 25.4 / 2


def test_the_token_goes_when_its_model_starts_its_own_activation() -> None:
    # L435.
    state = new_state()
    put(state, "B1", "Pariah", B, 10, 10, tokens=["On Guard"])
    after, _ = run(state, lambda ctx: start_activation(ctx, B1))
    assert after.models[B1].tokens == []


def test_an_engaged_model_takes_no_held_shot_nor_does_one_without_a_ranged_profile() -> None:
    # L427: a Held Shot needs the model not engaged and a ranged or curse profile.
    data = DATA.with_imports([card("Pariah", name="Brawler", weapons=(DATA.card("Pariah").weapons[0],))])
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4, data=data)
    put(state, "A2", "Conscripted", A, 20, 10, data=data)
    put(state, "B1", "Pariah", B, 20 + 2 * R32, 10, tokens=["On Guard"], data=data)
    put(state, "B2", "Brawler", B, 14, 14, tokens=["On Guard"], data=data)
    w = world(state, data.card("Brawler"))
    assert held_shooters(w, w.model("A1")) == []


def test_held_shot_and_held_strike_are_only_made_in_an_enemy_activation() -> None:
    # L421: "during an enemy model's activation".
    state = new_state()
    put(state, "B1", "Pariah", B, 10, 10, tokens=["On Guard"])
    put(state, "A1", "Captain", A, 14, 10)
    activate(state, "B1")
    with pytest.raises(RulesError, match="enemy model's activation"):
        check_attack(world(state), B, {"model": "B1", "weapon": "Throwing Knives", "target": "A1",
                                       "kind": "held-shot"})


def test_a_wavering_model_engaged_with_a_token_loses_it_without_a_choice() -> None:
    # L435, L612: Wavering, it can take neither Held Strike nor Anticipate Attack, so it loses the token.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Conscripted", B, 4, 9, tokens=["On Guard", "Wavering"])
    activate(state, "A1")
    after, _ = walk(state, "contact B1", ap=2)
    assert not after.pending and after.models[B1].tokens == ["Wavering"]


def test_letting_the_token_go_when_engaged_loses_it() -> None:
    # L435: engaged, choosing neither reaction, the model loses the token at once.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Conscripted", B, 4, 9, tokens=["On Guard"])
    activate(state, "A1")
    waiting, _ = walk(state, "contact B1", ap=2)
    if pending(waiting).kind == "held-shot":
        waiting, _ = answer(waiting, {"shooter": "none"})
    assert pending(waiting).kind == "guard-engaged"
    after, _ = answer(waiting, {"do": "drop"})
    assert after.models[B1].tokens == []


def test_no_held_strike_is_offered_when_the_melee_profile_cannot_reach_the_activating_model() -> None:
    # L429-433: engaged by a Reach model 1" away, a model with only RN 0 melee cannot strike back; it may keep the
    # token for Anticipate Attack or let it go.
    pike = DATA.card("Captain").weapons[1].model_copy(update={"name": "Pike", "RN": 2, "abilities": ("Reach",)})
    data = DATA.with_imports([card("Captain", name="Pikeman", weapons=(pike,))])
    state = new_state()
    put(state, "A1", "Pikeman", A, 10, 4, data=data)
    put(state, "B1", "Conscripted", B, 10, 10, tokens=["On Guard"], data=data)
    activate(state, "A1", data=data)
    waiting, _ = walk(state, "10,7.5", data=data)
    if pending(waiting).kind == "held-shot":
        waiting, _ = answer(waiting, {"shooter": "none"}, data=data)
    decision = pending(waiting)
    assert decision.kind == "guard-engaged" and [o.key for o in decision.parts[0].options] == ["keep", "drop"]


def test_a_held_strike_targets_only_the_activating_model() -> None:
    # L433.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "A2", "Conscripted", A, 10, 10 - 2 * R32)
    put(state, "B1", "Pariah", B, 10 + 2 * R32, 10, tokens=["On Guard"])
    put(state, "B2", "Pariah", B, 10 - 2 * R32, 10 - 2 * R32)
    activate(state, "A1")
    with pytest.raises(RulesError, match="targets the model now activating"):
        check_attack(world(state), B, {"model": "B2", "weapon": "Twin Blades", "target": "A2",
                                       "kind": "held-strike"})


def test_vigilant_gains_no_token_when_its_activation_ends_engaged() -> None:
    # L1494: only an unengaged Vigilant model gains On Guard at the end of its activation.
    state = new_state()
    state.step, state.active_side = "activation", B
    put(state, "B1", "Pariah", B, 10, 10)
    put(state, "A1", "Captain", A, 10 + 2 * R32, 10)
    activate(state, "B1")
    after, _ = run(state, lambda ctx: apply_end(ctx, B1))
    assert after.models[B1].tokens == []


def test_the_remnant_vigil_gives_on_guard_for_a_fortune_at_the_end_of_an_activation() -> None:
    # L776: at the end of its activation, an unengaged model gains an On Guard token for 1 Fortune.
    data = DATA.with_imports([card("Pariah", name="Scout", abilities=())])
    state = new_state()
    state.step, state.active_side = "activation", B
    state.records[B].fortune = 1
    put(state, "B1", "Scout", B, 10, 10, data=data)
    put(state, "A1", "Captain", A, 18, 10, data=data)
    activate(state, "B1", data=data)
    waiting, _ = run(state, lambda ctx: finish_activation(ctx, B1), data=data)
    decision = pending(waiting)
    assert decision.kind == "fortune" and "remnant-vigil:B1" in [o.key for o in decision.parts[0].options]
    assert decision.prompt == "Side B has 1 Fortune: spend 1 on a Fortune ability at the end of B1's activation?"
    after, _ = answer(waiting, {"use": "remnant-vigil:B1"}, data=data)
    assert after.models[B1].tokens == ["On Guard"] and after.records[B].fortune == 0


def test_the_remnant_vigil_is_not_offered_to_a_vigilant_model_which_gains_the_token_anyway() -> None:
    # L776, L1494: a Vigilant model gains On Guard as its activation ends unengaged, so spending a Fortune on the
    # Vigil for it buys nothing, and the player is not asked.
    state = new_state()
    state.step, state.active_side = "activation", B
    state.records[B].fortune = 1
    put(state, "B1", "Pariah", B, 10, 10)
    put(state, "A1", "Captain", A, 18, 10)
    activate(state, "B1")
    after, events = run(state, lambda ctx: finish_activation(ctx, B1))
    assert not after.pending and after.models[B1].tokens == ["On Guard"] and after.records[B].fortune == 1
    assert "B1 gains On Guard (Vigilant, Sunshard:Embren core rules v1.0, L1494)." in [e.body.describe()
                                                                                      for e in events]


def test_every_enemy_under_a_cone_may_anticipate_before_any_die_and_a_friend_under_it_may_not() -> None:
    # L421-423, L553: every model under the Cone is attacked, so each enemy of the activating model with an On Guard
    # token may Anticipate as the attack is declared, before the first attack test; B2, a friend of the activating
    # B1, keeps its token (On Guard reactions come only in an enemy model's activation).
    state = new_state()
    put(state, "B1", "Aberration", B, 4, 12)
    put(state, "A1", "Captain", A, 8, 12, tokens=["On Guard"])
    put(state, "A2", "Conscripted", A, 7, 12.6, tokens=["On Guard"])
    put(state, "B2", "Pariah", B, 10, 12, tokens=["On Guard"])
    activate(state, "B1")
    first, events = run(state, lambda ctx: begin_attack(ctx, check_attack(
        world_of(ctx), B, {"model": "B1", "weapon": "Blight Spit", "target": "A1"})))
    assert first.attack is not None and first.attack.targets == ["A1", "A2", "B2"]
    assert pending(first).context["target"] == "A1" and not rolled(events)
    second, events = answer(first, {"anticipate": "no"})
    assert pending(second).context["target"] == "A2" and not rolled(events)
    after, events = answer(second, {"anticipate": "yes"}, rig=[19, 19, 19])
    assert not after.pending and len(rolled(events)) == 3
    assert after.models[A2].tokens == [] and after.models[B2].tokens == ["On Guard"]
    assert after.models[A1].tokens == ["On Guard"]
