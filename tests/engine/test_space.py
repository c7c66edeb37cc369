"""The board interface both kinds of battlefield implement: positions as players type them, and distances."""

from __future__ import annotations

import pytest

from bot.core.data_loader import load_system_data
from engine.core import Actor, Game, GameSetup, InvalidCommand, SideId, Space, UserId
from engine.dice import commitment
from engine.hex import HexBoard
from engine.hex.space import HexSpace
from engine.systems.freeplay import Freeplay
from engine.table.space import TableSpace
from tests.table_commands import add_model


def _table() -> TableSpace:
    setup = GameSetup(system="freeplay", sides=(SideId("A"), SideId("B")), host=UserId("a"),
                      seed_commitment=commitment("1" * 64), options={"map": "crossroads"})
    game = Game.start(Freeplay(load_system_data("freeplay")), setup, "1" * 64, seats={SideId("A"): UserId("a")})
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), Actor(user=UserId("a"), side=SideId("A")))
    return TableSpace(game.state)


def test_an_inch_table_and_a_hex_board_answer_the_same_questions() -> None:
    spaces: list[Space] = [_table(), HexSpace(HexBoard.from_offsets([(c, r) for r in range(3) for c in range(3)]))]
    table, hexes = spaces
    assert (table.unit, hexes.unit) == ("inch", "hex")
    assert table.locate("a1") == "A1" and table.locate("18.0,10") == "18,10"
    assert table.between("A1", "18,10") == pytest.approx(10 - 3 - 32 / 25.4 / 2, abs=0.01), "from the base's edge"
    assert hexes.locate("b2") == "B2" and hexes.between("A1", "C3") == 3.0
    with pytest.raises(InvalidCommand, match="there is no hex D1 on this board"):
        hexes.locate("D1")
    with pytest.raises(InvalidCommand, match="off the 36\" x 36\" table"):
        table.locate("40,3")
