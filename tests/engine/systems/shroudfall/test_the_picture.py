"""What the Shroudfall picture tells: a title that repeats nothing of the header under it, which carries the round,
whose turn, the VP and both essence reserves (L1165), and the scenario elements drawn as what they are, in the colour
of the side holding one (CONTROL within 1", L1223)."""

from __future__ import annotations

from functools import cache

from bot.core.data_loader import load_system_data
from engine.core import SPECTATOR, SideId
from engine.core.header import board_with_header
from engine.systems.shroudfall import Shroudfall
from engine.systems.shroudfall.state import Element
from renderers.board import board_canvas
from renderers.key import key_entries

from .tables import Put, playing

A, B = SideId("A"), SideId("B")
MINE = "captivating-crystal-creations"


@cache
def _system() -> Shroudfall:
    return Shroudfall(load_system_data("shroudfall"))


def test_the_title_names_the_game_and_the_header_says_the_round_the_vp_and_both_reserves() -> None:
    table = playing(Put("A1", "riflemen", 18, 4), Put("B1", "sentinels", 18, 30))
    table.state.phase, table.state.active_side = "rounds", A
    table.state.record(A).vp, table.state.record(B).reserve = 2, ["grey"]
    board = board_with_header(_system(), table.state, SPECTATOR)
    assert board is not None and board.header is not None
    assert board.title == "Shroudfall"
    assert board.header.line() == "Round 1 | rounds phase | side A to act | VP A 2, B 0 | essence A -, B 1G"


def test_each_scenario_element_is_keyed_by_what_it_is_and_a_held_one_by_who_holds_it() -> None:
    table = playing(Put("A1", "riflemen", 18, 4), Put("B1", "sentinels", 18, 30))
    table.state.scenarios = [MINE]
    for ident, x, control in (("E1", 6.0, A), ("E2", 18.0, None), ("E3", 30.0, None)):
        table.state.elements[ident] = Element(id=ident, name="Crystal Mine", scenario=MINE, x=x, y=18, base_mm=50,
                                              keywords=["CONTROL"], control=control)
    board = board_with_header(_system(), table.state, SPECTATOR)
    assert board is not None
    texts = [entry.text for entry in key_entries(board, board_canvas(board).box) if entry.glyph == "objective"]
    assert texts == ['E1: Crystal Mine (held from within 1"), held by side A',
                     'E2, E3: Crystal Mine (held from within 1")']
