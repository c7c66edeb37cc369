"""Terrain on the inch table: a blocking piece always has a height (and says when the table chose it), unknown
kinds are refused, and measuring a model to an area says how much of its base lies in it."""

from __future__ import annotations

from bot.core.data_loader import load_system_data
from engine.core import SPECTATOR, ActionCommand, Actor, Game, GameSetup, InvalidCommand, SideId, UserId
from engine.dice import commitment
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.state import FreeplayState
from engine.table import TerrainAdded, parse_shape
from tests.refusals import refusing
from tests.table_commands import add_model, add_terrain

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")
SEED = "7a" * 32
FREEPLAY = Freeplay(load_system_data("freeplay"))


def empty_table() -> Game[FreeplayState]:
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(SEED))
    return Game.start(FREEPLAY, setup, SEED, seats={A: ALICE, B: BOB})


def _terrain(kind: str, keywords: tuple[str, ...] = (), height: float | None = None) -> ActionCommand:
    return add_terrain(kind=kind, polygon=parse_shape("rect:10,10,4,4"), height=height, keywords=keywords)


def test_a_blocking_piece_without_a_height_gets_its_kinds_usual_height_and_says_so() -> None:
    game = empty_table()
    (event,) = game.apply(_terrain("ruin", ("blocking",)), Actor(user=ALICE, side=A))
    assert isinstance(event.body, TerrainAdded)
    assert event.body.terrain.height == 3.0
    assert event.body.describe() == ('Terrain T1: ruin, 3" high (blocking). (height 3", the usual height of a ruin; '
                                     "give height: to set another)")


def test_a_blocking_piece_zero_inches_high_is_refused_and_changes_nothing() -> None:
    game = empty_table()
    with refusing(game, r'a blocking piece 0" high blocks nothing; give its height in inches', error=InvalidCommand):
        game.apply(_terrain("ruin", ("blocking",), 0.0), Actor(user=ALICE, side=A))
    with refusing(game, r"unknown terrain kind 'lava'.*Kinds: forest, ruin, building", error=InvalidCommand):
        game.apply(_terrain("lava"), Actor(user=ALICE, side=A))


def test_measuring_a_model_to_a_zone_says_how_much_of_it_is_inside() -> None:
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(SEED),
                      options={"map": "crossroads"})
    game = Game.start(FREEPLAY, setup, SEED, seats={A: ALICE, B: BOB})
    game.apply(add_model(unit="Knight", at=(18.0, 5.0)), Actor(user=ALICE, side=A))  # 32 mm base, 0.63" radius
    answer = FREEPLAY.ask(game.state, SPECTATOR, ("measure",), {"from": "A1", "to": "DA"})
    assert answer.text.endswith("A1 is completely within DA.")
    game.apply(add_model(unit="Knight", at=(18.0, 6.3)), Actor(user=ALICE, side=A))  # across the zone's edge (y=6)
    answer = FREEPLAY.ask(game.state, SPECTATOR, ("measure",), {"from": "DA", "to": "A2"})
    assert answer.text.endswith("A2 is partly within DA.")
    assert FREEPLAY.ask(game.state, SPECTATOR, ("measure",), {"from": "A1", "to": "DB"}).text.endswith(
        "A1 is outside DB.")
