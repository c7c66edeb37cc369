"""Hazards played at the table (Shroudfall beta rulebook v1.4, L919-923, L945-949, L1335, L1431-1435, L1465): the
Thunderstorm manifestation (the digest's worked example T17) and the BLAZING, DANGEROUS TERRAIN, ELECTRIFIED and
TOXIC keywords, each striking a model that moves into it, completes an action in it or ends its activation in it."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RulesError

from .staged import A, B, act, choose, rig, staged
from .tables import Put, Scenery, Table, square

M = ModelId


def _pit(*keywords: str) -> Scenery:
    return Scenery("T1", "Pit", "area", ("Area Terrain", *keywords), square(16, 14, 4, 4))


def test_t17_thunderstorm_strikes_a_model_ending_its_move_within_two_inches_not_one_leaving() -> None:
    # T17, L945-949: a Thunderstorm within 8" of a Stormcaller; Bruiser A moves out of 2" (nothing), Bruiser B ends
    # its move still within 2": it completes an action there, suffers the damage roll (two yellow dice, ruling
    # thunderstorm-damage: 3 + 3 = 6 / ARM 6 = 1 damage, Tough Hide keeps it 1) and the unit gains Shocked.
    game = staged(Put("A1", "stormcallers", 18, 8, unit="S"), Put("B1", "brawlers", 17, 18, unit="U"),
                  Put("B2", "brawlers", 19, 18, unit="U"))
    game.state.record(A).reserve = ["yellow", "grey"]
    act(game, A, "activate", model="S")
    with pytest.raises(RulesError, match="within 8"):
        act(game, A, "ability", model="S", choice="thunderstorm", at="18,28")
    # L947 places the storm at a spot on the table: a typed spot is read as every "x,y" is (engine/core's
    # parse_point), so one that is no finite point is refused saying what is accepted.
    for typed, said in (("nan,15", "'nan,15' is not a finite point"), ("18;15", "'18;15' is not a point; write x,y")):
        with pytest.raises(RulesError, match=said):
            act(game, A, "ability", model="S", choice="thunderstorm", at=typed)
    act(game, A, "ability", model="S", choice="thunderstorm", at="18,15.5")
    assert game.state.models[M("B1")].wounds_taken == 0  # placed near them: nobody entered
    act(game, A, "end", model="S")
    act(game, B, "activate", model="U")
    with pytest.raises(RulesError, match="overlapping S-storm"):  # a model for movement (L921)
        act(game, B, "move", model="U", to="B1@18,15.2;B2@21,18")
    rig(game, 3, 3)
    act(game, B, "move", model="U", to="B1@14,22;B2@19.5,18.5")
    assert game.state.models[M("B1")].wounds_taken == 0
    assert game.state.models[M("B2")].wounds_taken == 1
    assert game.state.units["U"].conditions == ["shocked"]


def test_the_thunderstorm_is_removed_at_the_end_of_the_round() -> None:
    # L921: manifestations usually last until the end of the game round.
    from engine.systems.shroudfall.events import RoundEnded

    game = staged(Put("A1", "stormcallers", 18, 8, unit="S"), Put("B1", "brawlers", 17, 18, unit="U"))
    game.state.record(A).reserve = ["yellow", "grey"]
    act(game, A, "activate", model="S")
    act(game, A, "ability", model="S", choice="thunderstorm", at="18,15.5")
    assert game.state.manifestations
    RoundEnded(round=1, token=B).apply(game.state)
    assert not game.state.manifestations


def test_the_thunderstorm_is_placed_once_an_activation_however_much_essence_is_held() -> None:
    # Shroudfall rules, L947: the Thunderstorm "can only be used once per activation"; with its cost held twice over
    # a second one is refused, nothing paid for it.
    game = staged(Put("A1", "stormcallers", 18, 8, unit="S"), Put("B1", "brawlers", 17, 18, unit="U"))
    game.state.record(A).reserve = ["yellow", "grey", "yellow", "grey"]
    act(game, A, "activate", model="S")
    act(game, A, "ability", model="S", choice="thunderstorm", at="18,15.5")
    with pytest.raises(RulesError):
        act(game, A, "ability", model="S", choice="thunderstorm", at="14,12")
    assert len(game.state.manifestations) == 1 and game.state.record(A).reserve == ["yellow", "grey"]


def test_moving_into_blazing_terrain_gives_burning_but_not_to_a_flying_model() -> None:
    # L1431: moving into BLAZING terrain gives Burning; L1335: Flying takes no conditions from terrain.
    for card, wanted in (("riflemen", ["burning"]), ("dragons", [])):
        game = staged(Put("A1", card, 18, 10, unit="U"), Put("B9", "razhu", 2, 34), scenery=(_pit("Blazing"),))
        act(game, A, "activate", model="U")
        act(game, A, "move", model="U", to="18,15")
        assert game.state.units["U"].conditions == wanted, card


def test_dangerous_terrain_deals_one_damage_entering_and_again_ending_the_activation_in_it() -> None:
    # L1433: moving into DANGEROUS TERRAIN deals 1 damage at once; the move action completed in it deals none (a
    # move); ending the activation in it deals 1 more (ruling hazard-once: each occasion once).
    game = staged(Put("A1", "razhu", 18, 10), Put("B9", "razhu", 2, 34), scenery=(_pit("Dangerous Terrain"),))
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="18,15")
    assert game.state.models[M("A1")].wounds_taken == 1
    act(game, A, "end", model="A1")
    assert game.state.models[M("A1")].wounds_taken == 2


def test_an_action_taken_in_toxic_or_electrified_terrain_gives_its_condition() -> None:
    # L1465 (Toxic: Poisoned), L1435 (Electrified: Shocked): taking an action in it, here a Shake.
    for keyword, condition in (("Toxic", "poisoned"), ("Electrified", "shocked")):
        game = staged(Put("A1", "razhu", 18, 16), Put("B9", "razhu", 2, 34), scenery=(_pit(keyword),))
        game.state.units["A1"].conditions = ["hexed"]
        act(game, A, "activate", model="A1")
        act(game, A, "shake", model="A1", choice="hexed")
        assert game.state.units["A1"].conditions == [condition], keyword


def test_a_unit_destroyed_in_its_own_activation_ends_it_and_the_turn_passes() -> None:
    # Shroudfall rules, L1433: moving into DANGEROUS TERRAIN deals 1 damage at once; a Rifleman with 1 HP left dies
    # of it. Its unit can take no further action, so its activation ends (L555) and B is on turn (L1158). Before, the
    # activation of a unit with no model stayed open until its player ended it.
    pit = Scenery("T1", "Pit", "area", ("Area Terrain", "Dangerous Terrain"), square(16, 14, 4, 4))
    game = staged(Put("A1", "riflemen", 18, 10), Put("A2", "riflemen", 30, 10), Put("B2", "razhu", 30, 30),
                  scenery=(pit,))
    game.state.models[ModelId("A1")].wounds_taken = 1
    act(game, A, "activate", model="A1")
    act(game, A, "move", model="A1", to="A1@18,15")
    assert ModelId("A1") not in game.state.models
    assert game.state.activation is None and game.state.units["A1"].activated and game.state.turn == "B"


def test_regeneration_after_a_hazards_damage_roll_is_its_players_choice() -> None:
    # Shroudfall beta rules, L1359 (and L947): Regeneration follows any damage roll that leaves the model standing,
    # the storm's as an attack's, and it is a "may": the player is asked (remove first, or keep), as after an attack.
    from engine.systems.shroudfall.state import Manifestation

    for answer, taken in (("remove", 0), ("keep", 1)):
        game = staged(Put("A1", "razhu", 18, 8), Put("B9", "razhu", 30, 30))
        game.state.manifestations["S-storm"] = Manifestation(id="S-storm", name="Thunderstorm", effect="thunderstorm",
                                                             x=18, y=15.5, base_mm=32, by=B)
        game.state.units["A1"].effects = {"passive:Regeneration": "game"}
        act(game, A, "activate", model="A1")
        rig(game, 3, 3)  # the storm's two yellow dice: 6 / ARM 5 = 1 damage
        act(game, A, "move", model="A1", to="18,12.5")
        assert choose(game, A, answer) == ["remove", "keep"]
        assert game.state.models[M("A1")].wounds_taken == taken and not game.pending


def test_the_thunderstorm_menu_offers_a_spot_with_no_enemy_near() -> None:
    # L947: the storm goes anywhere within 8" of a model of the unit; with every enemy far off, the menu still offers
    # a legal spot (beside the unit) rather than an entry that leads nowhere. Before, it offered only spots beside
    # enemies, none here.
    from engine.systems.shroudfall.actives import storm_refusal, storm_spots

    table = Table([Put("A1", "stormcallers", 18, 8, unit="S"), Put("B1", "brawlers", 30, 30)])
    unit = table.state.units["S"]
    (spot,) = storm_spots(table.world, unit)
    assert storm_refusal(table.world, unit, spot) is None
