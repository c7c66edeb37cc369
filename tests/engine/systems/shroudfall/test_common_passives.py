"""Common passive abilities played at the table (Shroudfall beta rulebook v1.4, L1319, L1347, L1359): Backswing,
Infiltrator and Regeneration. No demo card has them, so each is given to a unit as the effect a card's passive would
be (``passive:<name>``, read as the card's own)."""

from __future__ import annotations

from engine.core import ModelId

from .staged import A, act, rig, staged
from .tables import Put

M = ModelId
GAME = "game"


def test_backswing_makes_one_more_melee_attack_after_damaging_and_no_further_one() -> None:
    # L1319: after damaging an enemy with a melee attack, one more melee attack (at the same enemy while it stands,
    # ruling backswing-target); that attack makes no further attacks.
    game = staged(Put("A1", "razhu", 18, 10), Put("B1", "adamant", 18, 11.8), Put("B9", "razhu", 30, 30))
    game.state.units["A1"].effects = {"passive:Backswing": GAME}
    act(game, A, "activate", model="A1")
    rig(game, *([3, 3, 3, 4] * 5))
    act(game, A, "attack", model="A1", target="B1")
    assert game.state.models[M("B1")].wounds_taken == 4  # 13 // ARM 6 = 2, twice; no third attack
    assert game.rigged() == (3, 3, 3, 4)


def test_regeneration_removes_one_damage_a_damage_roll_dealt_unless_burning() -> None:
    # L1359: after damage from a damage roll that does not destroy it, the model removes 1 damage; not while Burning.
    for conditions, taken in (([], 1), (["burning"], 2)):
        game = staged(Put("A1", "razhu", 18, 10), Put("B1", "adamant", 18, 11.8), Put("B9", "razhu", 30, 30))
        game.state.units["B1"].effects = {"passive:Regeneration": GAME}
        game.state.units["B1"].conditions = list(conditions)
        act(game, A, "activate", model="A1")
        rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
        act(game, A, "attack", model="A1", target="B1")
        assert game.state.models[M("B1")].wounds_taken == taken, conditions


def test_infiltrator_interacts_with_a_scenario_element_for_no_action() -> None:
    # L1347 against L1229: an ACTION INTERACT element costs a unit an action, an Infiltrator unit none.
    from engine.systems.shroudfall.state import Element

    for effects, actions in (({}, ["interact"]), ({"passive:Infiltrator": GAME}, [])):
        game = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 30, 30))
        game.state.scenarios = ["captivating-crystal-creations"]
        game.state.elements["E1"] = Element(id="E1", name="Beacon", scenario="captivating-crystal-creations", x=18,
                                            y=12, base_mm=40, keywords=["ACTION INTERACT"])
        game.state.units["A1"].effects = dict(effects)
        act(game, A, "activate", model="A1")
        act(game, A, "interact", model="A1", at="E1")
        assert game.state.elements["E1"].control == A
        assert game.state.activation is not None and game.state.activation.actions == actions
