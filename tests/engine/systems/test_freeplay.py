"""Freeplay: a table that keeps itself sane (on the table, off each other, own models) and secret hands."""

from __future__ import annotations

import re

import pytest

from bot.core.data_loader import load_system_data
from engine.core import (
    SPECTATOR,
    Actor,
    Game,
    GameSetup,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    SideId,
    UserId,
)
from engine.dice import commitment
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.state import FreeplayState
from engine.table import parse_shape
from tests.freeplay_commands import add_card, pass_turn, play_card
from tests.refusals import refused, refusing
from tests.table_commands import add_model, change_token, move_model, wound_model

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")


def new_table(map_id: str | None = "crossroads", seed: str = "ab" * 32) -> Game[FreeplayState]:
    options = {"map": map_id} if map_id else {}
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(seed), options=options)
    return Game.start(Freeplay(load_system_data("freeplay")), setup, seed, seats={A: ALICE, B: BOB})


def alice() -> Actor:
    return Actor(user=ALICE, side=A)


def bob() -> Actor:
    return Actor(user=BOB, side=B)


def test_a_map_lays_out_its_terrain_and_zones() -> None:
    game = new_table()
    assert (game.state.width, game.state.height) == (36.0, 36.0)
    assert set(game.state.terrain) == {f"T{n}" for n in range(1, 9)}
    assert {z.kind for z in game.state.zones.values()} == {"deployment", "objective"}
    assert game.state.round == 1


def test_an_unknown_map_names_the_maps() -> None:
    with pytest.raises(InvalidCommand, match="maps: crossroads, ruined-village, forest-edge"):
        new_table("crossroad")


def test_models_stay_on_the_table_and_off_each_other() -> None:
    game = new_table()
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), alice())
    assert game.state.models["A1"].radius == pytest.approx(32 / 25.4 / 2), "a Knight stands on a 32 mm base"
    with refusing(game, r"A2 cannot stand there: .*A1", error=IllegalCommand):
        game.apply(add_model(unit="Knight", at=(18.5, 3.0)), alice())
    refused(game, add_model(unit="Knight", at=(0.2, 3.0)), alice(), "table edge", error=IllegalCommand)
    refused(game, add_model(unit="Knight", at=(9.5, 24.0)), alice(), "T1", error=IllegalCommand)
    refused(game, add_model(unit="Nite", at=(5.0, 3.0)), alice(), r'unknown unit "Nite".*units: ', error=InvalidCommand)


def test_a_move_is_routed_measured_and_limited() -> None:
    game = new_table()
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), alice())
    (moved,) = game.apply(move_model(model="A1", to="18,9"), alice())  # type: ignore[arg-type]
    assert moved.body.path[-1] == (18.0, 9.0) and moved.body.distance == 6.0  # type: ignore[attr-defined]
    with refusing(game, re.escape('that move is 9.00", more than the 6" allowed'), error=IllegalCommand):
        game.apply(move_model(model="A1", to="18,18", max_distance=6.0), alice())  # type: ignore[arg-type]
    (toward,) = game.apply(move_model(model="A1", to="toward O1 max", max_distance=3.0), alice())  # type: ignore[arg-type]
    assert toward.body.distance == 3.0  # type: ignore[attr-defined]
    assert game.state.models["A1"].y == 12.0


def test_a_move_through_a_building_goes_round_it() -> None:
    game = new_table()
    game.apply(add_model(unit="Scout", at=(9.5, 7.0)), alice())
    (moved,) = game.apply(move_model(model="A1", to="9.5,17"), alice())  # type: ignore[arg-type]
    path = moved.body.path  # type: ignore[attr-defined]
    assert len(path) > 2, "the straight line crosses T3, so the path bends"
    assert moved.body.distance > 10.0  # type: ignore[attr-defined]


def test_players_move_only_their_own_models_but_mark_wounds_on_any() -> None:
    game = new_table()
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), alice())
    with refusing(game, "A1 belongs to side A \\(alice\\)", error=NotYourTurn):
        game.apply(move_model(model="A1", to="18,5"), bob())  # type: ignore[arg-type]
    game.apply(wound_model(model="A1", amount=5), bob())  # type: ignore[arg-type]
    assert game.state.models["A1"].wounds_taken == 3, "wounds taken never exceed the profile's wounds"
    with refusing(game, "A1 has no stunned token; its tokens: none", error=InvalidCommand):
        game.apply(change_token(model="A1", token="stunned", remove=True), alice())  # type: ignore[arg-type]


def test_a_hand_is_secret_until_a_card_is_played() -> None:
    game = new_table()
    events = game.apply(add_card(card="Ambush"), alice())
    assert [e.audience.sides for e in events] == [(A,), ()]
    assert game.view(SPECTATOR).hand_sizes == {A: 1}  # type: ignore[attr-defined]
    assert "Ambush" not in str(game.view(SPECTATOR).public_json())
    refused(game, play_card(card="Rally"), alice(), "'Rally' is not in your hand", error=InvalidCommand)
    (played,) = game.apply(play_card(card="ambush"), alice())
    assert played.audience.everyone and played.body.reveals_secret


@pytest.mark.parametrize(
    ("text", "message"),
    [("rect:1,2,3", "is not rect:x,y,w,h"), ("circle:1,1,0", "positive radius"), ("poly:1,1;2,2", "at least 3"),
     ("hex:1,2", "is not a shape")],
)
def test_bad_shapes_say_what_is_accepted(text: str, message: str) -> None:
    with pytest.raises(InvalidCommand, match=message):
        parse_shape(text)


def test_options_become_commands() -> None:
    game = new_table()
    command = game.system.command(("model", "add"), {"unit": "knight", "at": "3,4", "side": "b", "facing": 450.0})
    game.apply(command, Actor(user=ALICE, host=True))
    knight = game.state.models[ModelId("B1")]
    assert (knight.unit, knight.side, knight.x, knight.y, knight.facing) == ("Knight", B, 3.0, 4.0, 90.0)
    with pytest.raises(InvalidCommand, match="/nothing is not a command of Freeplay"):
        game.system.command(("nothing",), {})


def test_once_a_turn_is_set_only_that_side_moves() -> None:
    game = new_table()
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), alice())
    game.apply(pass_turn(side=A), alice())
    with refusing(game, "it is side A's turn; side A hands it over with /round turn side:B", error=NotYourTurn):
        game.apply(add_model(unit="Hound", at=(18.0, 33.0)), bob())
    refused(game, pass_turn(side=B), bob(), "it is side A's turn", error=NotYourTurn)
    game.apply(pass_turn(side=B), alice())
    game.apply(add_model(unit="Hound", at=(18.0, 33.0)), bob())
    assert "B1" in game.state.models


def test_a_table_of_a_chosen_size() -> None:
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment("cd" * 32),
                      options={"size": "48x30"})
    game = Game.start(Freeplay(load_system_data("freeplay")), setup, "cd" * 32)
    assert (game.state.width, game.state.height) == (48.0, 30.0)
    bad = setup.model_copy(update={"options": {"size": "huge"}})
    with pytest.raises(InvalidCommand, match=r"write width x height in inches, e\.g\. 36x36"):
        Game.start(Freeplay(load_system_data("freeplay")), bad, "cd" * 32)
