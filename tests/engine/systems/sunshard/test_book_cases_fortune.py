"""Fortune and the Fortune abilities checked against the rulebook itself: who may spend it, at which moment, on what,
and what each ability does (Sunshard:Embren core rules v1.0, L749-803)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.sunshard.activation import apply_end
from engine.systems.sunshard.attack_flow import fade_reach
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.fortune import fortune_options, use_fortune
from engine.systems.sunshard.play_specials import activation_fortunes
from engine.systems.sunshard.state import Party, SunshardState
from engine.systems.sunshard.terrain import piece
from tests.engine.systems.sunshard.tables import (
    DATA,
    A,
    B,
    activate,
    answer,
    at_step,
    attack,
    card,
    objective,
    pending,
    put,
    quest_state,
    run,
    world,
)

A1, A2, B1, B2 = ModelId("A1"), ModelId("A2"), ModelId("B1"), ModelId("B2")


def offered(state: SunshardState) -> list[str]:
    return [o.key for o in pending(state).parts[0].options]


def test_no_fortune_no_fortune_ability() -> None:
    # L751: a player with no Fortune is offered nothing.
    state = quest_state("chance-encounter")
    put(state, "A1", "Captain", A, 10, 10, tokens=["Jammed"])
    w = world(state)
    assert fortune_options(w, A, "end-beginning") == []
    state.records[A].fortune = 1
    assert [o.key for o in fortune_options(world(state), A, "end-beginning")] == ["free-rally:A1/Jammed"]


def test_the_free_rally_is_offered_at_the_beginning_of_the_end_phase_for_one_fortune() -> None:
    # L753, L762.
    state = quest_state("chance-encounter")
    state.round = 1
    state.records[A].fortune = 2
    put(state, "A1", "Captain", A, 10, 2, tokens=["Wavering"])
    put(state, "B1", "Pariah", B, 10, 22)
    waiting, _ = at_step(state, "end", "beginning")
    assert offered(waiting) == ["none", "free-rally:A1/Wavering"]
    assert pending(waiting).prompt == ("Side A has 2 Fortune: spend 1 on a Fortune ability at the beginning of the "
                                       "End Phase?")
    after, _ = answer(waiting, {"use": "free-rally:A1/Wavering"})
    assert after.models[A1].tokens == [] and after.records[A].fortune == 1


def test_field_dressing_heals_a_downed_model_near_a_friend_and_lifts_downed() -> None:
    # L768, L622: a Downed Delver model within 6" of another friendly model heals 1 HP in the Start Phase.
    state = quest_state("chance-encounter")
    state.round = 1
    state.records[A].fortune = 1
    put(state, "A1", "Captain", A, 10, 2, hp_lost=2, tokens=["Downed", "Floored"])
    put(state, "A2", "Conscripted", A, 14, 2)
    put(state, "B1", "Pariah", B, 10, 22)
    waiting, _ = at_step(state, "start", "during")
    assert "delver-field-dressing:A1" in offered(waiting)
    after, _ = answer(waiting, {"use": "delver-field-dressing:A1"})
    assert after.models[A1].wounds_left == 2 and "Downed" not in after.models[A1].tokens


def test_field_dressing_needs_a_friend_within_six_inches() -> None:
    # L768.
    state = quest_state("chance-encounter")
    state.records[A].fortune = 1
    put(state, "A1", "Captain", A, 4, 2, hp_lost=2, tokens=["Downed", "Floored"])
    put(state, "A2", "Conscripted", A, 20, 2)
    assert "delver-field-dressing:A1" not in [o.key for o in fortune_options(world(state), A, "start-during")]


def test_the_remnant_mark_reaches_enemies_within_eight_inches() -> None:
    # L777: at the start of a model's activation, an enemy within 8" of it gains Hunter's Mark.
    state = quest_state("chance-encounter")
    state.records[B].fortune = 1
    put(state, "B1", "Pariah", B, 10, 12)
    put(state, "A1", "Captain", A, 10, 12 - 32 / 25.4 - 7.5)
    put(state, "A2", "Captain", A, 10, 12 + 32 / 25.4 + 8.5)
    w = world(state)
    keys = [o.key for o in fortune_options(w, B, "activation-start", w.model("B1"))]
    assert "remnant-mark:A1" in keys and "remnant-mark:A2" not in keys


def test_dread_makes_enemies_within_three_inches_test_rsl_or_waver() -> None:
    # L796-800: at the beginning of the Start Phase, enemies within 3" of the chosen Ruin model test RSL.
    state = quest_state("chance-encounter")
    state.records[B].alignment = "Ruin"
    state.records[B].fortune = 1
    put(state, "B1", "Pariah", B, 10, 10)
    put(state, "A1", "Conscripted", A, 10 + 32 / 25.4 + 2.5, 10)
    put(state, "A2", "Conscripted", A, 10 - 32 / 25.4 - 3.5, 10)
    after, _ = run(state, lambda ctx: use_fortune(ctx, B, "ruin-dread:B1"), rig=[9])
    assert after.models[A1].tokens == ["Wavering"] and after.models[A2].tokens == []


def test_the_shroud_gives_light_cover_to_the_leader_and_friends_within_eight_inches() -> None:
    # L795: until the next End Phase, against ranged attacks; the pistol's TN at a shrouded Pariah is 6 + 5 - 2.
    state = quest_state("stake-a-claim")
    state.records[B].alignment = "Ruin"
    state.records[B].fortune = 1
    put(state, "B1", "Pariah", B, 10, 12, leader=True)
    put(state, "B2", "Pariah", B, 16, 12)
    put(state, "B3", "Pariah", B, 22, 12)
    put(state, "A1", "Captain", A, 19, 4)
    shrouded, _ = run(state, lambda ctx: use_fortune(ctx, B, "ruin-shroud:B1"))
    activate(shrouded, "A1")
    for target, tn in (("B2", 9), ("B3", 11)):
        _, events = attack(shrouded, "A", [20], model="A1", weapon="Officer's Pistol", target=target)
        assert [e.body.tn for e in events if isinstance(e.body, TestMade)] == [tn]
    # Ruling shroud-reach: who was within 8" when it was spent; B3 coming closer later gains nothing.
    shrouded.models[ModelId("B3")].x = 17.5
    _, events = attack(shrouded, "A", [20], model="A1", weapon="Officer's Pistol", target="B3")
    assert [e.body.tn for e in events if isinstance(e.body, TestMade)] == [11]


def test_blood_price_heals_a_friend_and_blights_it() -> None:
    # L802: at the start of the Leader's activation, another model of its warband within 8" heals 1 HP and gains
    # 1 Blight.
    state = quest_state("chance-encounter")
    state.records[B].alignment = "Ruin"
    state.records[B].fortune = 1
    put(state, "B1", "Pariah", B, 10, 20, leader=True)
    put(state, "B2", "Pariah", B, 14, 20, hp_lost=1)
    after, _ = run(state, lambda ctx: use_fortune(ctx, B, "ruin-blood-price:B2"))
    assert after.models[B2].wounds_left == 2 and after.models[B2].tokens == ["Blight"]


def test_the_seeded_objective_lasts_until_the_next_end_phase() -> None:
    # L784 (ruling until-next-end-phase): an Objective within 6" of the Shardborn Leader gains Seeded.
    state = quest_state("chance-encounter")
    state.records[A].alignment = "Shardborn"
    state.records[A].fortune = 1
    objective(state, "O1", (12, 12))
    put(state, "A1", "Captain", A, 12, 8, leader=True)
    w = world(state)
    assert [o.key for o in fortune_options(w, A, "start-during")] == ["shardborn-seed:O1"]
    after, _ = run(state, lambda ctx: use_fortune(ctx, A, "shardborn-seed:O1"))
    w = world(after)
    assert piece(w, after.terrain["O1"]).has("seeded")


FRUITED = card("Conscripted", name="Fruited", abilities=("Poison Fruit",))


def _fruit_table(**rulings: str) -> SunshardState:
    """Side A with no Fortune: A1 (Poison Fruit) and A2, both Wavering, in a party A2 activates in."""
    state = quest_state("chance-encounter", rulings=rulings)
    data = DATA.with_imports([FRUITED])
    put(state, "A1", "Fruited", A, 10, 10, tokens=["Wavering"], data=data)
    put(state, "A2", "Conscripted", A, 12, 10, tokens=["Wavering"])
    state.party = Party(selector=A1, members=[A1, A2])
    activate(state, "A2")
    return state


def test_poison_fruit_triggers_a_fortune_ability_without_fortune_once_a_round() -> None:
    # L1465: in its own activation or a party member's, once a round, a Fortune ability without spending Fortune; the
    # model using it gains a Blight token (ruling poison-fruit-blight: the Poison Fruit model).
    state = _fruit_table()
    offered = [c.value for c in activation_fortunes(world(state, FRUITED), A, "A2")]
    assert offered == ["delver-incendiary:A2|poison-fruit", "free-rally:A2/Wavering|poison-fruit"]
    after, _ = run(state, lambda ctx: use_fortune(ctx, A, offered[1]), data=DATA.with_imports([FRUITED]))
    assert after.models[A2].tokens == [] and after.models[A1].tokens == ["Wavering", "Blight"]
    assert after.records[A].fortune == 0 and after.figures[A1].used == ["Poison Fruit"]
    assert activation_fortunes(world(after, FRUITED), A, "A2") == []


def test_poison_fruit_blights_the_activating_model_under_the_other_reading() -> None:
    state = _fruit_table(**{"poison-fruit-blight": "activating"})
    after, _ = run(state, lambda ctx: use_fortune(ctx, A, "free-rally:A2/Wavering|poison-fruit"),
                   data=DATA.with_imports([FRUITED]))
    assert after.models[A2].tokens == ["Blight"] and after.models[A1].tokens == ["Wavering"]


def test_poison_fruit_is_not_offered_outside_its_party_activation() -> None:
    state = _fruit_table()
    state.party = None
    assert activation_fortunes(world(state, FRUITED), A, "A2") == []


def test_poison_fruit_pays_a_missed_attack_test_s_reroll_in_its_party_s_activation() -> None:
    # L757, L1465: A2 (in A1's party, side A holding no Fortune) misses B1 with its Bayonet (20); the re-roll is
    # offered through Poison Fruit, and taking it blights A1 (ruling poison-fruit-blight) and spends nothing.
    state = _fruit_table()
    put(state, "B1", "Pariah", B, 12 + 32 / 25.4, 10)
    data = DATA.with_imports([FRUITED])
    asked, _ = attack(state, "A", [20], data, model="A2", weapon="Bayonet", target="B1")
    assert offered(asked) == ["keep", "poison-fruit"]
    after, _ = answer(asked, {"reroll": "poison-fruit"}, rig=[20], data=data)
    assert after.models[A1].tokens == ["Wavering", "Blight"] and after.figures[A1].used == ["Poison Fruit"]
    assert after.records[A].fortune == 0 and after.attack is None


def test_poison_fruit_pays_an_armor_test_s_reroll_in_its_party_s_activation() -> None:
    # L758-760, L1465: during A2's activation B1's Held Strike hits it (2) and its Armor test (ARM 11 - ST 4 = 7)
    # fails on 15; side A has no Fortune, yet Poison Fruit re-rolls it: 3 passes, A2 keeps its HP, A1 gains Blight.
    state = _fruit_table()
    put(state, "B1", "Pariah", B, 12 + 32 / 25.4, 10)
    data = DATA.with_imports([FRUITED])
    asked, _ = attack(state, "B", [2, 15], data, model="B1", weapon="Twin Blades", target="A2", kind="held-strike")
    assert pending(asked).kind == "armor-reroll" and offered(asked) == ["keep", "poison-fruit"]
    after, _ = answer(asked, {"reroll": "poison-fruit"}, rig=[3], data=data)
    assert after.models[A2].wounds_left == 2 and after.models[A1].tokens == ["Wavering", "Blight"]
    assert after.records[A].fortune == 0 and after.figures[A1].used == ["Poison Fruit"]


def test_poison_fruit_is_once_a_round_for_rerolls_too() -> None:
    # L1465: once used, the failed Armor test of the same activation is offered no free re-roll (nor any: no
    # Fortune), and A2 is wounded.
    state = _fruit_table()
    state.figures[A1].used = ["Poison Fruit"]
    put(state, "B1", "Pariah", B, 12 + 32 / 25.4, 10)
    data = DATA.with_imports([FRUITED])
    after, _ = attack(state, "B", [2, 15], data, model="B1", weapon="Twin Blades", target="A2", kind="held-strike")
    assert after.models[A2].wounds_left == 1 and all(d.kind != "armor-reroll" for d in after.pending.values())


def test_delver_spoils_give_two_loot_to_a_model_not_solitary_in_the_start_phase() -> None:
    # L769: during the Start Phase, 2 Loot tokens to a model without Solitary.
    loner = card("Conscripted", name="Loner", abilities=("Solitary",))
    data = DATA.with_imports([loner])
    state = quest_state("chance-encounter")
    state.records[A].fortune = 1
    put(state, "A1", "Captain", A, 10, 2)
    put(state, "A2", "Loner", A, 14, 2, data=data)
    w = world(state, loner)
    keys = [o.key for o in fortune_options(w, A, "start-during")]
    assert "delver-loot:A1" in keys and "delver-loot:A2" not in keys
    after, _ = run(state, lambda ctx: use_fortune(ctx, A, "delver-loot:A1"), data=data)
    assert after.models[A1].tokens == ["Loot", "Loot"] and after.records[A].fortune == 0


def test_incendiary_rounds_set_the_target_burning_and_jam_the_shooter_at_the_end() -> None:
    # L770 (ruling jammable): chosen at the start of its activation, the Musket (Jammable) gains Burning; at the
    # activation's end the Conscripted gains a Jammed counter.
    state = quest_state("stake-a-claim")
    state.records[A].fortune = 1
    put(state, "A1", "Conscripted", A, 10, 10)
    put(state, "B1", "Captain", B, 18, 10)
    activate(state, "A1")
    w = world(state)
    assert [o.key for o in fortune_options(w, A, "activation-start", w.model("A1"))] == ["delver-incendiary:A1"]
    lit, _ = run(state, lambda ctx: use_fortune(ctx, A, "delver-incendiary:A1"))
    shot, _ = attack(lit, "A", [2, 1], model="A1", weapon="Musket", target="B1")
    assert "Burning" in shot.models[B1].tokens
    ended, _ = run(shot, lambda ctx: apply_end(ctx, A1))
    assert "Jammed" in ended.models[A1].tokens


def test_the_long_fade_adds_an_inch_to_fade_vaults_this_activation() -> None:
    # L778, L1514: a Pariah's Fade vault reaches 3" in the activation the Remnant Fortune was spent in.
    state = quest_state("stake-a-claim")
    state.records[B].fortune = 1
    put(state, "B1", "Pariah", B, 12, 12)
    put(state, "A1", "Captain", A, 12 + 32 / 25.4, 12)
    activate(state, "B1")
    faded, _ = run(state, lambda ctx: use_fortune(ctx, B, "remnant-fade:B1"))
    hit, _ = attack(faded, "B", [2, 3], model="B1", weapon="Twin Blades", target="A1")
    assert pending(hit).kind == "fade" and hit.attack is not None and fade_reach(world(hit), hit.attack) == 3
    after, _ = answer(hit, {"vault": "9,12"})
    assert (after.models[B1].x, after.models[B1].y) == (9, 12)


def test_nucleus_goes_to_a_leader_at_the_end_of_the_start_phase_until_the_end_phase() -> None:
    # L785-787 (ruling until-next-end-phase).
    state = quest_state("chance-encounter")
    state.records[A].alignment = "Shardborn"
    state.records[A].fortune = 1
    put(state, "A1", "Captain", A, 12, 2, leader=True)
    put(state, "A2", "Captain", A, 16, 2)
    assert [o.key for o in fortune_options(world(state), A, "start-end")] == ["shardborn-nucleus:A1"]
    after, _ = run(state, lambda ctx: use_fortune(ctx, A, "shardborn-nucleus:A1"))
    assert world(after).model("A1").has("Nucleus") and after.figures[A1].gained["Nucleus"] == "end-phase"
