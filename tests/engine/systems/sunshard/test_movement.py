"""Movement actions, Rugged and Hazardous terrain, height limits, falls, vaults and the Charge that follows a move
(Sunshard:Embren core rules v1.0, L387-393, L405, L449-481, L714-729; digest examples EX-3 to EX-5, D-21, D-22,
D-25)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.systems.sunshard.acting import activating
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.play_moves import _menu, moves_for, offered_move
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.vaults import vault
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import DATA, A, B, activate, card, lay, new_state, put, rolled, run, world

A1 = ModelId("A1")
SLOW = card("Conscripted", name="Plodder", SPD=3)
DATA3 = DATA.with_imports([SLOW])


def plodder(x: float = 4, y: float = 4) -> SunshardState:
    state = new_state()
    put(state, "A1", "Plodder", A, x, y, data=DATA3)
    activate(state, "A1", ap=2)
    return state


def move(state: SunshardState, ap: int, to: str, rig: list[int] | None = None):  # type: ignore[no-untyped-def]
    def work(ctx: Context[SunshardState]) -> None:
        apply_move(ctx, A, check_move(world_of(ctx), A, {"model": "A1", "ap": str(ap), "to": to}))
    return run(state, work, rig=rig or [], data=DATA3)


def test_two_ap_at_spd_three_move_six_inches() -> None:
    # EX-3, L387; EX-5, L459: a straight 6" move translates the centre by 6".
    after, _ = move(plodder(), 2, "4,10")
    assert (after.models[A1].x, after.models[A1].y) == (4, 10) and after.activation.ap == 0  # type: ignore[union-attr]
    with pytest.raises(RulesError, match=r"cannot reach|more than"):
        check_move(world(plodder(), SLOW), A, {"model": "A1", "ap": "2", "to": "4,10.5"})


def test_rugged_takes_two_inches_off_the_move() -> None:
    # EX-4, L389-391: SPD 3, 2 AP, a move within Rugged terrain goes 4".
    state = plodder()
    lay(state, "T1", (2, 6, 4, 2), 0, ["rugged", "clear"])
    with pytest.raises(RulesError, match=r"may move 4\"") as refusal:
        check_move(world(state, SLOW), A, {"model": "A1", "ap": "2", "to": "4,10"})
    assert "L389-391" in str(refusal.value)
    plan = check_move(world(state, SLOW), A, {"model": "A1", "ap": "2", "to": "4,8"})
    assert plan.rugged and plan.allowance == 4


def test_all_terrain_ignores_rugged() -> None:
    # L1407.
    strider = card("Conscripted", name="Strider", SPD=3, abilities=("All Terrain",))
    state = new_state()
    put(state, "A1", "Strider", A, 4, 4, data=DATA.with_imports([strider]))
    activate(state, "A1", ap=2)
    lay(state, "T1", (2, 6, 4, 2), 0, ["rugged", "clear"])
    assert check_move(world(state, strider), A, {"model": "A1", "ap": "2", "to": "4,10"}).allowance == 6


def test_no_move_while_engaged() -> None:
    # L393.
    state = plodder()
    put(state, "B1", "Pariah", B, 4 + 32 / 25.4, 4)
    with pytest.raises(RulesError, match="engaged by B1 and may not move"):
        check_move(world(state, SLOW), A, {"model": "A1", "ap": "1", "to": "4,6"})


def test_a_move_cannot_enter_terrain_taller_than_the_model() -> None:
    # L467: a HGT 2 model cannot move within HGT 3 terrain; it must go round.
    state = plodder()
    lay(state, "T1", (0, 6, 8, 1), 3, ["heavy-cover"])
    with pytest.raises(RulesError):
        check_move(world(state, SLOW), A, {"model": "A1", "ap": "2", "to": "4,9"})
    low = new_state()
    put(low, "A1", "Plodder", A, 4, 4, data=DATA3)
    activate(low, "A1", ap=2)
    lay(low, "T1", (0, 6, 8, 1), 1, ["light-cover"])
    assert check_move(world(low, SLOW), A, {"model": "A1", "ap": "2", "to": "4,9"}).distance == 5


def test_hazardous_terrain_calls_an_armor_test_at_arm_minus_two() -> None:
    # D-25, L716-721: ARM 9 tests at TN 7; failing costs 1 HP.
    frail = card("Conscripted", name="Frail", ARM=9)
    data = DATA.with_imports([frail])
    state = new_state()
    put(state, "A1", "Frail", A, 4, 4, data=data)
    activate(state, "A1", ap=2)
    lay(state, "T1", (2, 6, 4, 2), 0, ["hazardous", "clear"])

    def work(ctx: Context[SunshardState]) -> None:
        apply_move(ctx, A, check_move(world_of(ctx), A, {"model": "A1", "ap": "2", "to": "4,10"}))
    after, events = run(state, work, rig=[8], data=data)
    assert rolled(events) == [
        "A1's Hazardous test in T1: TN 7, rolled 8: failed."]
    assert after.models[A1].wounds_left == 1


def test_falling_four_hgt_floors_and_tests_at_arm_minus_four() -> None:
    # D-21, L471-479 (ruling falling-drop): from HGT 4 terrain down to the battlefield.
    state = new_state()
    put(state, "A1", "Captain", A, 5, 5, z=4)
    lay(state, "T1", (3, 3, 4, 4), 4, ["heavy-cover"])
    activate(state, "A1")
    after, events = run(state, lambda ctx: vault(ctx, A1, (9, 5), 4.1, why="test"), rig=[9])
    assert "Floored" in after.models[A1].tokens and after.models[A1].z == 0
    assert rolled(events) == [
        "A1's falling Armor test: TN 8, rolled 9: failed."]
    assert after.models[A1].wounds_left == 2


def test_a_drop_of_two_is_no_fall() -> None:
    # D-22 (ruling falling-drop).
    state = new_state()
    put(state, "A1", "Captain", A, 5, 5, z=2)
    lay(state, "T1", (3, 3, 4, 4), 2, ["heavy-cover"])
    activate(state, "A1")
    after, events = run(state, lambda ctx: vault(ctx, A1, (9, 5), 4.1, why="test"))
    assert "Floored" not in after.models[A1].tokens and not any(isinstance(e.body, TestMade) for e in events)


def test_a_move_into_contact_readies_a_charge() -> None:
    # L405: a movement action ending in base contact with an enemy lets the model Charge it.
    state = plodder()
    put(state, "B1", "Pariah", B, 4, 9)
    after, _ = move(state, 2, "contact B1")
    assert after.activation is not None and after.activation.moved_into == [ModelId("B1")]


@pytest.mark.parametrize("enemy_y", [11.0, 20.0])
def test_a_move_asked_alone_is_offered_exactly_when_the_whole_menu_lists_it(enemy_y: float) -> None:
    # The suggested move is asked alone (offered_move) without routing each move listed before it; a move whose end
    # an earlier move reaches is not listed. Near (4" apart) a step toward B1 ends in base contact, the menu's
    # first place; far (13" apart) none can, and base contact (out of reach) is never routed for them.
    state = new_state()
    state.phase, state.step, state.active_side = "activation", "activation", A
    put(state, "A1", "Conscripted", A, 12, 6)
    put(state, "B1", "Conscripted", B, 12, enemy_y)
    activate(state, "A1", ap=2)
    seen, _ = activating(world(state), A, "A1")
    texts = _menu(seen, A, "A1").texts
    alone = {text: offered_move(seen, A, "A1", text) for text in texts}
    whole = dict(moves_for(seen, A, "A1"))
    assert {t for t, plan in alone.items() if plan is not None} == set(whole)
    assert all(alone[t] == plan for t, plan in whole.items())
    assert (alone["toward B1 4"] is None) == (enemy_y == 11.0)  # a Conscripted's one-AP step (SPD 4)
