"""The parts of the rules digest's cases (section 13) that their first tests left unasserted, each with the digest's
own numbers (Sunshard:Embren core rules v1.0; docs/sunshard.md's case table names every case's tests)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.quests import end_of_game_scoring
from engine.systems.sunshard.round_events import RoundBegan
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard.tables import DATA, A, B, activate, card, put, quest_state, run, world

A1 = ModelId("A1")
PISTOL = "Officer's Pistol"


def test_d41_to_the_end_sums_the_standing_models_and_caps_at_twenty() -> None:
    # D-41, L1134: survivors of 8, 7 and 6 points and a Downed one of 5: 21 counted, 20 scored.
    made = [card("Captain", name=f"Cost {cost}", points=cost) for cost in (8, 7, 6, 5)]
    data = DATA.with_imports(made)
    state = quest_state("to-the-end")
    for n, model in enumerate(made):
        put(state, f"A{n + 1}", model.name, A, 4 + 4 * n, 2, data=data,
            tokens=["Downed"] if model.points == 5 else [])
    after, _ = run(state, end_of_game_scoring, data=data)
    assert after.records[A].quest_vp == 20


def test_d41_a_downed_model_scores_nothing_at_the_end() -> None:
    # D-41, L1134: 8 + 7 standing and 6 Downed: 15.
    made = [card("Captain", name=f"Cost {cost}", points=cost) for cost in (8, 7, 6)]
    data = DATA.with_imports(made)
    state = quest_state("to-the-end")
    for n, model in enumerate(made):
        put(state, f"A{n + 1}", model.name, A, 4 + 4 * n, 2, data=data,
            tokens=["Downed"] if model.points == 6 else [])
    after, _ = run(state, end_of_game_scoring, data=data)
    assert after.records[A].quest_vp == 15


def shooter(tokens: list[str]) -> SunshardState:
    """The Captain (A1) activating with 3 AP, a Pariah (B1) 6" away in the open."""
    state = quest_state("on-the-hunt")
    put(state, "A1", "Captain", A, 6, 12, tokens=tokens)
    put(state, "B1", "Pariah", B, 12, 12)
    activate(state, "A1", ap=3)
    return state


def test_d30_a_wavering_model_may_not_aim() -> None:
    # D-30, L612: Aiming is refused to a Wavering model; the same shot unaimed is allowed.
    w = world(shooter(["Wavering"]))
    with pytest.raises(RulesError, match="Wavering and cannot take the Aiming bonus"):
        check_attack(w, A, {"model": "A1", "weapon": PISTOL, "target": "B1", "aim": "yes"})
    assert not check_attack(w, A, {"model": "A1", "weapon": PISTOL, "target": "B1"}).aimed
    assert check_attack(world(shooter([])), A, {"model": "A1", "weapon": PISTOL, "target": "B1", "aim": "yes"}).aimed


def test_d31_reload_allows_the_profile_again_next_round() -> None:
    # D-31, L1522: Reload(1) spent this round is refused; the next round begins and the attack is allowed.
    gun = card("Captain", name="Gunner", weapons=(DATA.card("Captain").weapons[0].model_copy(
        update={"abilities": ("Reload(1)",)}),))
    data = DATA.with_imports([gun])
    state = quest_state("on-the-hunt")
    state.round = 1
    put(state, "A1", "Gunner", A, 6, 12, data=data)
    put(state, "B1", "Pariah", B, 12, 12)
    activate(state, "A1", ap=3, data=data)
    state.figures[A1].reloads[PISTOL] = 1
    with pytest.raises(RulesError, match="Reload limit"):
        check_attack(world(state, gun), A, {"model": "A1", "weapon": PISTOL, "target": "B1"})

    def next_round(ctx: Context[SunshardState]) -> None:
        ctx.emit(RoundBegan(round=2))
    after, _ = run(state, next_round, data=data)
    activate(after, "A1", ap=3, data=data)
    assert check_attack(world(after, gun), A, {"model": "A1", "weapon": PISTOL, "target": "B1"}).ap == 1
