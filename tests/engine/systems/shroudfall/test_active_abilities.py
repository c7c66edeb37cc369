"""Active abilities and Orders played at the table (Shroudfall beta rulebook v1.4, L348-354, L511-517, L523-525,
L881-909): each used from ``/act action:ability`` in its unit's activation, paid in essence or with an action, its
effect lasting as the card says and read where it counts; each Order given from ``/act action:order``."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, IllegalCommand, ModelId, RulesError
from engine.geometry import heading_of
from engine.systems.shroudfall.events import ActivationBegan
from engine.systems.shroudfall.movement import push_model
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS

from .loader import load_shroudfall
from .staged import A, B, act, choose, rig, staged
from .tables import Put

REF = Referee(load_shroudfall(), DEFAULT_RULINGS)
M = ModelId


def _hit_dice(game: Game[Any]) -> list[str]:
    """The dice of the last hit roll."""
    rolled = [e.body for e in game.log if "hit roll" in getattr(e.body, "purpose", "")]
    return [r.die for r in rolled[-1].rolls]  # type: ignore[attr-defined]


def test_hold_the_line_keeps_enemy_effects_from_pushing_the_chosen_unit_for_the_round() -> None:
    # L511-513: choose a unit within 8" (sight disregarded, L907-909); enemy effects cannot push it this round. Paid
    # with a grey crystal, or with an action instead ("A /", L899-901).
    game = staged(Put("AW", "adamant", 10, 10, unit="W"), Put("A2", "riflemen", 10, 16), Put("A3", "riflemen", 10, 30),
                  Put("B1", "razhu", 30, 30))
    game.state.record(A).reserve = ["grey"]
    act(game, A, "activate", model="W")
    with pytest.raises(RulesError):
        act(game, A, "ability", model="W", choice="hold-the-line", target="A3")  # 20" away
    act(game, A, "ability", model="W", choice="hold-the-line", target="A2")
    assert game.state.units["A2"].effects["hold-the-line"] == "round"
    assert game.state.record(A).reserve == [] and game.state.activation is not None
    assert game.state.activation.actions == []
    world = REF.world_of(game.state)
    with pytest.raises(IllegalCommand, match=r"Hold the Line! \(L513\)"):
        push_model(world, M("A2"), heading_of("directly-away", (10, 16), (10, 10)) or 0.0, 1.0, by=B)
    act(game, A, "ability", model="W", choice="hold-the-line/action", target="W")
    assert game.state.activation.actions == ["sacrifice"] and "hold-the-line" in game.state.units["W"].effects


def test_inspiring_presence_infuses_melee_hit_rolls_of_friends_within_eight_inches_with_a_grey_die() -> None:
    # L523-525: until the unit's next activation, friendly models within 8" infuse their melee hit rolls (a grey die,
    # ruling inspiring-presence-die): Adamant's Heirloom Blade rolls 4Y+1G and the grey infusion.
    game = staged(Put("AW", "adamant", 10, 10, unit="W"), Put("B1", "riflemen", 10, 11.4), Put("B9", "razhu", 30, 30))
    game.state.record(A).reserve = ["yellow"]
    act(game, A, "activate", model="W")
    act(game, A, "ability", model="W", choice="inspiring-presence")
    assert game.state.units["W"].effects["inspiring-presence"] == "next-activation"
    rig(game, 3, 3, 3, 3, 2, 2, 3, 3, 3, 2)
    act(game, A, "attack", model="W", target="B1")
    assert _hit_dice(game).count("essence-grey") == 2
    ActivationBegan(unit="W", side=A).apply(game.state)
    assert "inspiring-presence" not in game.state.units["W"].effects


def test_whirlwind_dance_makes_another_melee_attack_at_a_model_not_yet_targeted() -> None:
    # L352-354: in the next attack action, a model that damages an enemy in melee "may" attack again, at a model no
    # melee attack of that action targeted: its player picks one (the nearest first) or none.
    puts = (Put("A1", "stormridge", 10, 10), Put("B1", "riflemen", 10, 11.8, unit="B"),
            Put("B2", "riflemen", 11.8, 10, unit="B"), Put("B9", "razhu", 30, 30))

    def attack_b1(*, dancing: bool) -> Game[Any]:
        game = staged(*puts)
        if dancing:
            game.state.record(A).reserve = ["yellow"]
        act(game, A, "activate", model="A1")
        if dancing:
            act(game, A, "ability", model="A1", choice="whirlwind-dance")
        rig(game, *([3, 3, 3, 4] * 4))
        act(game, A, "attack", model="A1", target="B1")
        return game

    plain = attack_b1(dancing=False)
    assert M("B1") not in plain.state.models and M("B2") in plain.state.models
    game = attack_b1(dancing=True)
    assert choose(game, A) == ["Gale's Edge@B2", "none"]
    assert M("B1") not in game.state.models and M("B2") not in game.state.models
    declined = attack_b1(dancing=True)
    choose(declined, A, "none")
    assert M("B2") in declined.state.models and not declined.pending


def test_an_order_is_given_before_the_players_first_activation_once_per_commander() -> None:
    # L348-350 (Stormridge: +1 melee damage), L515-517 (Adamant: Claim Ground (2)); rulings silver-line-orders and
    # order-timing: at no cost, to a friendly unit, before the player's first activation of the round.
    game = staged(Put("A1", "stormridge", 10, 10), Put("A2", "riflemen", 12, 10), Put("B9", "razhu", 30, 30))
    act(game, A, "order", choice="A1/order-aim-for-the-weak-spot", target="A2")
    assert game.state.units["A2"].effects["melee-damage+1"] == "round"
    with pytest.raises(RulesError, match="no COMMANDER of yours has an Order left"):
        act(game, A, "order", choice="A1/order-aim-for-the-weak-spot", target="A1")
    act(game, A, "activate", model="A2")
    act(game, A, "end", model="A2")
    game.state.units["A1"].effects.pop("order-given")
    game.state.turn = game.state.active_side = A
    with pytest.raises(RulesError, match="before its player's first activation"):
        act(game, A, "order", choice="A1/order-aim-for-the-weak-spot", target="A1")


def test_an_active_ability_may_follow_the_second_action_when_its_essence_is_held() -> None:
    # Shroudfall rules, L555 and L1519 (the digest's T16): after its last action a unit may still use essence
    # abilities; its activation ends when it cannot or will not. The Stormcallers attack twice holding the
    # Thunderstorm's yellow and grey (L947): their activation stays open and the storm is placed; holding the yellow
    # alone it ends. Before, it ended after the second action whatever the reserve (only an essence weaver waited).
    for reserve, open_after in ((["yellow", "grey"], True), (["yellow"], False)):
        game = staged(Put("A1", "stormcallers", 18, 10), Put("B1", "razhu", 18, 11.6), Put("B2", "razhu", 30, 30))
        game.state.record(A).reserve = list(reserve)
        act(game, A, "activate", model="A1")
        rig(game, *([0] * 8))
        act(game, A, "attack", model="A1", target="B1", **{"with": "melee"})
        choose(game, A, "never", kind="essence-reroll")  # the misses' essence re-roll declined for the activation
        act(game, A, "attack", model="A1", target="B1", **{"with": "melee"})
        assert (game.state.activation is not None) == open_after, reserve
        if open_after:
            act(game, A, "ability", model="A1", choice="thunderstorm", at="21,10")
            assert game.state.manifestations and game.state.activation is None  # nothing left to pay: it ends
            assert game.state.record(A).reserve == ["yellow"]  # the storm paid, then the unit's essence value


def test_a_ranged_attack_leaves_its_target_open_to_whirlwind_dance() -> None:
    # Shroudfall rules, L354: the extra attack goes at a model not yet targeted "with a melee attack" in the same attack
    # action, so a model only shot at in that action may still be its target; a model struck in melee may not.
    shot = staged(Put("A1", "riflemen", 10, 10, unit="R"), Put("B1", "adamant", 10, 20), Put("B9", "razhu", 30, 30))
    act(shot, A, "activate", model="R")
    rig(shot, *([2] * 8))
    act(shot, A, "attack", model="R", target="B1")
    assert shot.state.activation is not None and shot.state.activation.targeted == []
    struck = staged(Put("A1", "stormridge", 10, 10), Put("B1", "riflemen", 10, 11.8), Put("B9", "razhu", 30, 30))
    act(struck, A, "activate", model="A1")
    rig(struck, *([2] * 8))
    act(struck, A, "attack", model="A1", target="B1")
    assert struck.state.activation is not None and struck.state.activation.targeted == ["B1"]
