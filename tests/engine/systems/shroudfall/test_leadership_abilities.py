"""Leadership abilities the referee plays (Shroudfall beta rulebook v1.4, L474-482, L507-509): Adamant's Tactical
Advisor adds a crystal when a friendly unit ends its activation within 1" of a scenario element in the opponent's
table half, and only while Adamant is on the table."""

from __future__ import annotations

from engine.core import SideId
from engine.systems.shroudfall import play
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.state import Element

from .loader import load_shroudfall
from .tables import Put, Table, context, ended, playing

A, B = SideId("A"), SideId("B")
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)
MINES = "captivating-crystal-creations"


def _advised(y: float, *, leadership: str = "W/tactical-advisor", weaver_alive: bool = True) -> Table:
    """A's weaver Adamant far back, a Riflemen model at (18, y), one element at (18, 27) in B's half (A holds the
    bottom edge), its mine crystal already taken this round so only Tactical Advisor may add one."""
    puts = [Put("A1", "riflemen", 18, y), Put("B9", "razhu", 2, 34)]
    if weaver_alive:
        puts.append(Put("AW", "adamant", 4, 3, unit="W"))
    table = playing(*puts)
    table.state.scenarios = [MINES]
    table.state.elements["E1"] = Element(id="E1", name="Crystal Mine", scenario=MINES, x=18, y=27, base_mm=50,
                                         used_this_round=True)
    table.state.record(A).leadership = leadership
    return table


def _end(table: Table) -> list[str]:
    ctx = context(table.state)
    play.activate(ctx, A, "A1")
    ended(ctx, REF, A)
    return list(table.state.record(A).reserve)


def test_a_unit_ending_within_an_inch_of_an_element_in_the_opponents_half_adds_a_crystal() -> None:
    # L509: within 1" of a scenario element in the opponent's half: a crystal (yellow, ruling tactical-advisor-crystal),
    # beside the Riflemen's own essence value (yellow, L845).
    mine_edge = 27 - 25 / 25.4  # the mine's base reaches down to here
    assert _end(_advised(mine_edge - 1.0 - 0.63 + 0.5)) == ["yellow", "yellow"]  # the 32 mm base 0.5" inside


def test_no_crystal_beyond_an_inch_nor_without_the_leadership_nor_once_adamant_is_gone() -> None:
    # L509 (1"), L480-482: only the declared leadership ability, and only while its essence weaver is on the table.
    assert _end(_advised(20)) == ["yellow"]
    near = 27 - 25 / 25.4 - 1.0 - 0.63 + 0.5
    assert _end(_advised(near, leadership="W/hold-the-line")) == ["yellow"]
    assert _end(_advised(near, weaver_alive=False)) == ["yellow"]


def test_an_element_in_the_units_own_half_gives_nothing_one_across_the_middle_line_does() -> None:
    # L509 and L264 (within: part of the base is enough): an element whose base crosses the middle line lies within
    # the opponent's half; one wholly in the player's own half does not.
    table = _advised(8)
    table.state.elements["E1"] = table.state.elements["E1"].model_copy(update={"y": 9.5})
    assert _end(table) == ["yellow"]
    table = _advised(15.5)
    table.state.elements["E1"] = table.state.elements["E1"].model_copy(update={"y": 18})
    assert _end(table) == ["yellow", "yellow"]


def test_a_void_unit_generates_no_essence_at_the_end_of_its_activation_by_any_way() -> None:
    # Shroudfall rules, L1389: a Void unit generates no essence for its player at the end of its activation; the ways
    # of generating essence are the essence value, abilities, and scenario and terrain effects (L837-841). So neither
    # its value, nor Tactical Advisor's crystal (L509), nor a Crystal Mine's (L1289) is added, and the mine is left
    # for a later unit this round (ruling void-essence).
    near = 27 - 25 / 25.4 - 1.0 - 0.63 + 0.5
    table = _advised(near)
    table.state.elements["E1"].used_this_round = False
    table.state.units["A1"].conditions = ["void"]
    assert _end(table) == []
    assert not table.state.elements["E1"].used_this_round
    plain = _advised(near)
    plain.state.elements["E1"].used_this_round = False
    assert sorted(_end(plain)) == ["red", "yellow", "yellow"]  # the mine in B's half gives red (L1294)
