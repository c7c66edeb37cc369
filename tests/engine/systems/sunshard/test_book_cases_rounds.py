"""The round's phases and their order, checked against the rulebook itself: what happens in the Start Phase and the
End Phase and when, and when the game ends (Sunshard:Embren core rules v1.0, L343-375, L706-710, L743, L1415,
L1433, L1437)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.sunshard.round_events import GameFinished
from engine.systems.sunshard.rounds import finish_activation
from tests.engine.systems.sunshard.tables import DATA, A, B, activate, at_step, card, lay, put, quest_state, run

A1, A2, B1 = ModelId("A1"), ModelId("A2"), ModelId("B1")


def finished(events: list) -> bool:  # type: ignore[type-arg]
    return any(isinstance(e.body, GameFinished) for e in events)


def test_blighted_terrain_blights_models_in_the_start_phase_but_not_fine_forged_armor() -> None:
    # L706, L1433: within or in contact with Blighted terrain, a model gains Blight in the Start Phase.
    data = DATA.with_imports([card("Pariah", name="Knight", abilities=("Fine-Forged Armor",))])
    state = quest_state("on-the-hunt")
    state.round = 1
    lay(state, "T1", (8, 8, 4, 4), 0, ["blighted", "clear"])
    put(state, "A1", "Captain", A, 10, 10, data=data)
    put(state, "B1", "Knight", B, 11, 10, data=data)
    put(state, "A2", "Conscripted", A, 2, 2, data=data)
    after, _ = at_step(state, "start", "during", data=data)
    assert after.models[A1].tokens == ["Blight"] and after.models[B1].tokens == []
    assert after.models[A2].tokens == []


def test_illuminated_terrain_takes_a_blight_off_in_the_start_phase() -> None:
    # L710 (ruling optional-blight-removal): the model "may" remove one; it goes at once.
    state = quest_state("on-the-hunt")
    state.round = 1
    lay(state, "T1", (8, 8, 4, 4), 0, ["illuminated", "clear"])
    put(state, "A1", "Captain", A, 10, 10, tokens=["Blight", "Blight"])
    put(state, "B1", "Pariah", B, 10, 22)
    after, _ = at_step(state, "start", "during")
    assert after.models[A1].tokens == ["Blight"]


def test_roiling_blightstorm_starts_on_round_five() -> None:
    # L743, L1093: every model gains Blight in the End Phase of round 5 and later, none in round 4.
    for round_, blight in ((4, 0), (5, 1)):
        state = quest_state("calm-before-the-storm")
        state.round = round_
        put(state, "A1", "Captain", A, 10, 2)
        put(state, "B1", "Pariah", B, 10, 34)
        after, _ = at_step(state, "end", "during")
        assert after.models[A1].tokens.count("Blight") == blight
        assert after.models[B1].tokens.count("Blight") == blight


def test_font_of_blight_blights_every_model_within_one_inch_but_itself() -> None:
    # L1437: at the beginning of the End Phase, friend and foe within 1" alike.
    data = DATA.with_imports([card("Pariah", name="Font", abilities=("Font of Blight",))])
    state = quest_state("on-the-hunt")
    state.round = 1
    put(state, "B1", "Font", B, 12, 12, data=data)
    put(state, "B2", "Pariah", B, 12, 12 + 32 / 25.4 + 0.9, data=data)
    put(state, "A1", "Captain", A, 12 + 32 / 25.4 + 0.5, 12, data=data)
    put(state, "A2", "Captain", A, 12 - 32 / 25.4 - 1.2, 12, data=data)
    after, _ = at_step(state, "end", "beginning", data=data)
    assert after.models[B1].tokens == [] and after.models[ModelId("B2")].tokens == ["Blight"]
    assert after.models[A1].tokens == ["Blight"] and after.models[A2].tokens == []


def test_blightghast_trades_a_blight_for_a_hp_at_the_start_of_the_round() -> None:
    # L1415.
    data = DATA.with_imports([card("Pariah", name="Ghast", abilities=("Blightghast",))])
    state = quest_state("on-the-hunt")
    state.round = 1
    put(state, "B1", "Ghast", B, 12, 22, hp_lost=1, tokens=["Blight", "Blight", "Blight"], data=data)
    put(state, "A1", "Captain", A, 12, 2, data=data)
    after, _ = at_step(state, "start", "beginning", data=data)
    assert after.models[B1].tokens == ["Blight", "Blight"] and after.models[B1].wounds_left == 2


def test_the_game_ends_when_every_model_of_a_player_is_killed() -> None:
    # L345: round 2 of 4, side A has no model left on the battlefield, all Killed: the game is over.
    state = quest_state("on-the-hunt")
    state.round = 2
    put(state, "A1", "Captain", A, 10, 2)
    put(state, "B1", "Pariah", B, 10, 22)
    state.figures[A1].status = "killed"
    del state.models[A1]
    _, events = at_step(state, "end", "end-of-round")
    assert finished(events)


def test_the_game_goes_on_when_a_player_s_models_left_the_battlefield_rather_than_died() -> None:
    # L345, L1089: Calm Before the Storm's departures are not kills; with side A's every model gone that way, the
    # game carries on to its sixth round (side B may still leave with Supplies).
    state = quest_state("calm-before-the-storm")
    state.round = 4
    put(state, "A1", "Captain", A, 10, 2)
    put(state, "B1", "Pariah", B, 10, 34)
    state.figures[A1].status = "left"
    del state.models[A1]
    after, events = at_step(state, "end", "end-of-round", rig=[4, 9])
    assert not finished(events) and after.round == 5


def test_the_game_ends_with_the_activation_that_killed_a_player_s_last_model() -> None:
    # Sunshard:Embren core rules, L345: the game is played until all of a player's models are Killed. Side B's last
    # model died during A1's activation: when it ends the game is over, A2 does not activate and no End Phase comes.
    state = quest_state("on-the-hunt")
    state.round, state.phase, state.step, state.active_side = 2, "activation", "activation", A
    put(state, "A1", "Captain", A, 10, 2)
    put(state, "A2", "Captain", A, 14, 2)
    put(state, "B1", "Pariah", B, 10, 22)
    state.figures[B1].status = "killed"
    del state.models[B1]
    activate(state, "A1", 0)
    after, events = run(state, lambda ctx: finish_activation(ctx, A1))
    assert finished(events) and after.phase == "over" and after.activation is None
