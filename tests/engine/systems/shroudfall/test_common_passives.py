"""Common passive abilities played at the table (Shroudfall beta rulebook v1.4, L1319-1363): Backswing, Combined
Shot, Ethereal, Infiltrator, Regeneration and Reposition. No demo card has them, so each is given to a unit as
the effect a card's passive would be (``passive:<name>``, read as the card's own)."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RulesError

from .staged import A, B, act, choose, rig, staged
from .tables import Put, Scenery, Table, square

M = ModelId
GAME = "game"


def test_backswing_makes_one_more_melee_attack_after_damaging_and_no_further_one() -> None:
    # L1319: after damaging an enemy with a melee attack, the model "may" make one more melee attack with one of its
    # weapons (its player asked: the same enemy first, or none); that attack makes no further attacks.
    for answer, taken in ((None, 4), ("none", 2)):
        game = staged(Put("A1", "razhu", 18, 10), Put("B1", "adamant", 18, 11.8), Put("B9", "razhu", 30, 30))
        game.state.units["A1"].effects = {"passive:Backswing": GAME}
        act(game, A, "activate", model="A1")
        rig(game, *([3, 3, 3, 4] * 5))
        act(game, A, "attack", model="A1", target="B1")
        assert choose(game, A, answer) == ["Dragonclaw@B1", "none"]
        assert not game.pending
        assert game.state.models[M("B1")].wounds_taken == taken  # 13 // ARM 6 = 2, twice; no third attack
        assert game.rigged() == (3, 3, 3, 4) * (1 if answer is None else 3)


def test_regeneration_removes_one_damage_a_damage_roll_dealt_unless_burning() -> None:
    # L1359: after damage from a damage roll that does not destroy it, the model "may" remove 1 damage (its player
    # asked, removing first); not while Burning (nothing asked).
    for conditions, answer, taken in (([], "remove", 1), ([], "keep", 2), (["burning"], None, 2)):
        game = staged(Put("A1", "razhu", 18, 10), Put("B1", "adamant", 18, 11.8), Put("B9", "razhu", 30, 30))
        game.state.units["B1"].effects = {"passive:Regeneration": GAME}
        game.state.units["B1"].conditions = list(conditions)
        act(game, A, "activate", model="A1")
        rig(game, 3, 3, 3, 4, 3, 3, 3, 4)
        act(game, A, "attack", model="A1", target="B1")
        if answer is not None:
            assert choose(game, B, answer) == ["remove", "keep"]
        assert not game.pending and game.state.models[M("B1")].wounds_taken == taken, conditions


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


def test_a_simple_minded_unit_cannot_interact_with_a_scenario_element() -> None:
    # Shroudfall rules, L1369: a Simple Minded unit cannot interact with scenario elements (here the ACTION INTERACT
    # of L1229 a unit beside the element could otherwise take); refused, nothing changed.
    from engine.systems.shroudfall.state import Element

    game = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 30, 30))
    game.state.scenarios = ["captivating-crystal-creations"]
    game.state.elements["E1"] = Element(id="E1", name="Beacon", scenario="captivating-crystal-creations", x=18,
                                        y=12, base_mm=40, keywords=["ACTION INTERACT"])
    game.state.units["A1"].effects = {"passive:Simple Minded": GAME}
    act(game, A, "activate", model="A1")
    with pytest.raises(RulesError, match="Simple Minded"):
        act(game, A, "interact", model="A1", at="E1")
    assert game.state.elements["E1"].control is None
    assert game.state.activation is not None and game.state.activation.actions == []


def test_ethereal_places_each_model_within_x_inches_as_its_move_action_whatever_lies_between() -> None:
    # L1333 (a move action placing each model within X" of itself instead) and L656-663 (a place ignores what lies
    # between: here an IMPASSABLE wall a move could not cross); a spot beyond X" is refused.
    wall = Scenery("W1", "Wall", "linear", ("Linear Terrain", "Impassable"), square(10, 13, 16, 1))
    game = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 18, 30), scenery=(wall,))
    game.state.units["A1"].effects = {'passive:Ethereal (5")': GAME}
    act(game, A, "activate", model="A1")
    with pytest.raises(RulesError, match="not within 5"):
        act(game, A, "ethereal", model="A1", to="A1@18,17.5")
    act(game, A, "ethereal", model="A1", to="A1@18,16")
    placed = game.state.models[M("A1")]
    assert (placed.x, placed.y) == (18, 16)
    assert game.state.activation is not None and game.state.activation.actions == ["move"]


def test_an_ethereal_move_ends_the_activation_when_a_model_lands_out_of_coherency_of_the_first() -> None:
    # Shroudfall rules, L1333: every model placed after the first must be within coherency (2" for three models,
    # L612) of the first model placed, else the activation ends at once. A1 is placed first; A3 ends 1.24" from A2
    # but 3.35" from A1: the unit is in one formation (L610) yet its activation ends. Before, only the formation
    # counted.
    for spots, ends in (("A1@10,10.5;A2@11.5,11;A3@10,12.5", False), ("A1@10,10.5;A2@11.5,12;A3@13,14", True)):
        game = staged(Put("A1", "riflemen", 10, 10, unit="R"), Put("A2", "riflemen", 11.5, 10, unit="R"),
                      Put("A3", "riflemen", 13, 10, unit="R"), Put("B9", "razhu", 30, 30))
        game.state.units["R"].effects = {'passive:Ethereal (3")': GAME}
        act(game, A, "activate", model="R")
        act(game, A, "ethereal", model="R", to=spots)
        assert (game.state.models[M("A3")].x, game.state.models[M("A3")].y) == ((13, 14) if ends else (10, 12.5))
        assert (game.state.activation is None) == ends, spots


def test_a_model_placed_into_blazing_terrain_gains_burning() -> None:
    # L1431 and ruling place-triggers: being placed into BLAZING terrain gives Burning, as moving into it does.
    pit = Scenery("T1", "Pit", "area", ("Area Terrain", "Blazing"), square(16, 14, 4, 4))
    game = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 2, 34), scenery=(pit,))
    game.state.units["A1"].effects = {'passive:Ethereal (5")': GAME}
    act(game, A, "activate", model="A1")
    act(game, A, "ethereal", model="A1", to="toward B9")
    act(game, A, "ethereal", model="A1", to="A1@18,15")
    assert game.state.units["A1"].conditions == ["burning"]
    assert any(e.body.describe() == "A1 is placed into Blazing (T1, L1431)." for e in game.log)


def test_reposition_places_the_models_within_x_inches_as_the_activation_ends() -> None:
    # L1363: at the end of its activation each model may be placed within X" of itself.
    game = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 18, 30))
    game.state.units["A1"].effects = {'passive:Reposition (2")': GAME}
    act(game, A, "activate", model="A1")
    act(game, A, "reposition", model="A1", to="toward B9")
    placed = game.state.models[M("A1")]
    assert placed.y > 10 and game.state.activation is None and game.state.units["A1"].activated
    assert not game.pending  # placed already: not asked again as the activation ends


def test_reposition_is_offered_when_a_second_move_ends_the_activation() -> None:
    # L1363 "at the end of this unit's activation, you may place": also when its second move ends it (L543); its
    # player is asked (staying first), and the activation ends once they answer.
    game = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 18, 30))
    game.state.units["A1"].effects = {'passive:Reposition (2")': GAME}
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="A1@14,10")
    act(game, A, "move", model="A1", to="A1@10,10")
    assert game.state.activation is not None
    assert choose(game, A, "toward B9")[:2] == ["stay", "toward B9"]
    placed = game.state.models[M("A1")]
    assert placed.y > 10 and game.state.activation is None and game.state.units["A1"].activated
    ended = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 18, 30))
    ended.state.units["A1"].effects = {'passive:Reposition (2")': GAME}
    act(ended, A, "activate", model="A1")
    act(ended, A, "end", model="A1")  # ended by its player: offered too, and staying leaves it where it stands
    choose(ended, A, "stay")
    assert ended.state.activation is None and ended.state.models[M("A1")].y == 10


def test_a_model_in_melee_neither_shoots_nor_adds_to_a_combined_shot_unless_relentless() -> None:
    # Shroudfall rules, L1325: the +1 is for each remaining model "currently not in melee" (the shooter among them,
    # ruling combined-count); L716: a model in melee may not use a ranged profile, so it cannot be the one shooting
    # either; L1361: a Relentless model takes part in melee. A3 stands in melee with Razhu (B2); the target B1 is in
    # every Rifle's range and sight.
    from engine.systems.shroudfall.abilities import combined

    puts = [Put("A1", "riflemen", 10, 10, unit="R"), Put("A2", "riflemen", 11.5, 10, unit="R"),
            Put("A3", "riflemen", 13, 10, unit="R"), Put("B2", "razhu", 15.5, 10), Put("B1", "adamant", 10, 20)]
    table = Table(puts, effects={"R": {"passive:Combined Shot": GAME}})
    assert table.world.in_melee(M("A3"))
    assert combined(table.world, table.state.units["R"], "ranged", "B1") == ("A1", 2)
    first = Table([Put("A3", "riflemen", 10, 10, unit="R"), *puts[:2], *puts[3:]],
                  effects={"R": {"passive:Combined Shot": GAME}})
    first.state.models[M("A3")].x, first.state.models[M("A3")].y = 13, 10
    assert combined(first.world, first.state.units["R"], "ranged", "B1") == ("A1", 2)  # A3 listed first: not it
    relentless = Table(puts, effects={"R": {"passive:Combined Shot": GAME, "passive:Relentless": GAME}})
    assert combined(relentless.world, relentless.state.units["R"], "ranged", "B1") == ("A1", 3)


def test_a_combined_shot_is_one_models_attack_with_one_more_for_each_remaining_model_that_could_shoot() -> None:
    # Shroudfall rules, L1323-1325: with 2 or more models remaining, one model attacks instead, +1 to hit and damage
    # for each remaining model not in melee with sight of the target and it in range; "remaining" names the models
    # still on the table (L1323), the attacker among them (ruling combined-count). Four Riflemen, one 20" away
    # (beyond the Rifle's 14"): +3, not +2.
    game = staged(Put("A1", "riflemen", 10, 10, unit="R"), Put("A2", "riflemen", 11, 10, unit="R"),
                  Put("A3", "riflemen", 12, 10, unit="R"), Put("A4", "riflemen", 12, 1, unit="R"),
                  Put("B1", "adamant", 11, 22))
    game.state.units["R"].effects = {"passive:Combined Shot": GAME}
    act(game, A, "activate", model="R")
    rig(game, 3, 3, 3, 2, 3, 2, 2, 2)
    act(game, A, "attack", model="R", target="B1+combined")
    rolls = [e.body for e in game.log if "hit roll" in getattr(e.body, "purpose", "")]
    assert len(rolls) == 1  # one model's attack, not four
    # damage 2Y+2G = 3+2+2+2 = 9, +3 = 12, / ARM 6 = 2 (with +2 only 11, 1 damage)
    assert game.state.models[M("B1")].wounds_taken == 2
    assert "combined+3" not in game.state.units["R"].effects


def test_nimble_moves_through_other_models_but_never_ends_on_one() -> None:
    # Shroudfall rules, L1349 (and L630-634): a Nimble model's tool may pass over other bases; it still may not end
    # on one (L585). A Goblin Scout crosses the Lawbringer in its way; a Sentinel, not Nimble, finds no MOV M tool.
    from engine.core import IllegalCommand
    from engine.systems.shroudfall.movement import plan_model_move

    nimble = Table([Put("A1", "goblin-scouts", 10, 10), Put("B1", "lawbringers", 10, 13)]).world
    assert plan_model_move(nimble, M("A1"), (10, 16)).end == (10, 16)
    with pytest.raises(IllegalCommand, match="may not end overlapping B1"):
        plan_model_move(nimble, M("A1"), (10, 13.2))
    plain = Table([Put("A1", "sentinels", 10, 10), Put("B1", "lawbringers", 10, 13)]).world
    with pytest.raises(IllegalCommand, match="overlaps B1"):
        plan_model_move(plain, M("A1"), (10, 16))


def test_giant_slayer_adds_two_damage_against_a_base_of_fifty_millimetres_only() -> None:
    # Shroudfall rules, L1339: +2 on damage rolls against models on 50 mm bases or larger: the Dragon (50 mm), not
    # Razhu (40 mm).
    from engine.systems.shroudfall.attack import damage_bonuses

    world = Table([Put("A1", "beastbane-slayer", 10, 10), Put("B1", "dragons", 10, 12),
                   Put("B2", "razhu", 12, 10)]).world
    axe = world.card(M("A1")).weapons[0]
    assert [b.amount for b in damage_bonuses(world, M("A1"), M("B1"), axe)] == [2]
    assert damage_bonuses(world, M("A1"), M("B2"), axe) == []


def test_silver_line_training_re_rolls_once_an_activation_for_free() -> None:
    # Silver Line Training (L366 names it; S3 gives its text): one essence re-roll in each of the unit's activations
    # without paying. With an empty reserve, the Lawbringers' first missed shot is re-rolled for free, the second
    # model's miss is not (the free one is spent: nothing can pay, nothing is asked) and nothing is paid.
    game = staged(Put("A1", "lawbringers", 10, 10, unit="L"), Put("A2", "lawbringers", 11.5, 10, unit="L"),
                  Put("B1", "adamant", 10, 16))
    act(game, A, "activate", model="L")
    rig(game, *([0] * 12))
    act(game, A, "attack", model="L", target="B1")
    assert choose(game, A, kind="essence-reroll") == ["always", "free", "keep", "never"]
    hits = [e.body for e in game.log if "hit roll" in getattr(e.body, "purpose", "")]
    rerolled = [e.body for e in game.log if type(e.body).__name__ == "FreeRerollUsed"]
    assert len(rerolled) == 1 and game.state.record(A).reserve == []
    assert game.state.activation is not None and game.state.activation.free_reroll_used
    again = [e.body for e in game.log if getattr(e.body, "purpose", "") == "a re-roll"]
    assert len(hits) == 2 and len(again) == 4  # A1's whole roll of four dice re-rolled once, A2's not
    # L935, L1565: the first answer ("always") stands for the activation: with a grey held too, A2's miss is
    # re-rolled paying it, asked nothing more.
    game = staged(Put("A1", "lawbringers", 10, 10, unit="L"), Put("A2", "lawbringers", 11.5, 10, unit="L"),
                  Put("B1", "adamant", 10, 16))
    game.state.record(A).reserve = ["grey"]
    act(game, A, "activate", model="L")
    rig(game, *([0] * 16))
    act(game, A, "attack", model="L", target="B1")
    choose(game, A, kind="essence-reroll")
    assert not game.pending and game.state.record(A).reserve == []
    assert sum(getattr(e.body, "purpose", "") == "a re-roll" for e in game.log) == 8


def test_a_frostbitten_unit_takes_neither_its_ethereal_move_nor_its_reposition() -> None:
    # Shroudfall rules, L1401: a Frostbitten unit cannot be placed during its activation nor by friendly abilities,
    # so its own Ethereal (L1333) and Reposition (L1363) are refused, nothing changed (it still moves with a tool).
    # Before, both were accepted and placed nothing: the Ethereal move spent an action, Reposition ended the
    # activation.
    for passive, action in (('passive:Ethereal (5")', "ethereal"), ('passive:Reposition (2")', "reposition")):
        game = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 18, 30))
        game.state.units["A1"].effects = {passive: GAME}
        game.state.units["A1"].conditions = ["frostbite"]
        act(game, A, "activate", model="A1")
        with pytest.raises(RulesError, match="Frostbite"):
            act(game, A, action, model="A1", to="toward B9")
        assert game.state.activation is not None and game.state.activation.actions == []
        assert game.state.models[M("A1")].y == 10


def test_an_ethereal_move_is_a_move_action_so_the_melee_lock_holds_without_parry() -> None:
    # Shroudfall rules, L1333: Ethereal places the models instead of using the tool, but it is still a move action;
    # L654: without Parry a model may not leave an enemy's melee range during a move action; a Disengage action first
    # gives Parry (L546). Before, the place took A1 out of melee with B1.
    game = staged(Put("A1", "razhu", 18, 10), Put("B1", "razhu", 18, 11.8), Put("B9", "razhu", 30, 30))
    game.state.units["A1"].effects = {'passive:Ethereal (5")': GAME}
    act(game, A, "activate", model="A1")
    with pytest.raises(RulesError, match="may not leave it without Parry"):
        act(game, A, "ethereal", model="A1", to="A1@14,8")
    assert game.state.activation is not None and game.state.activation.actions == []
    act(game, A, "disengage", model="A1")
    act(game, A, "ethereal", model="A1", to="A1@14,8")
    assert (game.state.models[M("A1")].x, game.state.models[M("A1")].y) == (14, 8)
