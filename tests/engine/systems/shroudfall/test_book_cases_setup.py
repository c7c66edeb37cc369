"""Preparing a game checked case by case against the rulebook itself (Shroudfall rulebook v1.4): the vetoes, the
terrain's distances to the edges, the halves, other pieces and scenario elements, the leadership declarations in
order, and deployment from each player's own edge."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, ModelId, SideId, TerrainMark
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import DEFAULT_RULINGS
from engine.systems.shroudfall.setting_up import declare_leadership
from engine.systems.shroudfall.setup import Placing, deploy_refusal, piece_outline, terrain_refusal, veto_refusal
from engine.systems.shroudfall.state import Element

from .loader import load_shroudfall
from .tables import Put, Scenery, Table, context, deploying, square

A, B = SideId("A"), SideId("B")
M = ModelId
REF = Referee(load_shroudfall(), DEFAULT_RULINGS)
ENCLAVE = load_shroudfall().terrain_card("granite-enclave")
"""A 4" round Giant Boulder as main piece, two 6" x 1" Rock Walls as side pieces."""


def _boulder(x: float, y: float, half: str | None = None) -> Placing:
    return Placing(piece_outline(ENCLAVE.main, (x, y), 0), main=True, half=half)  # type: ignore[arg-type]


def test_a_player_vetoes_one_of_the_opponents_scenarios_never_their_own() -> None:
    # L1108, L1479: each player discards one of the opponent's scenario cards.
    table = Table([])
    table.state.record(A).scenarios = ["a1", "a2", "a3"]
    table.state.record(B).scenarios = ["b1", "b2", "b3"]
    assert veto_refusal(table.state, A, "b2") is None
    assert "(L1108)" in (veto_refusal(table.state, A, "a2") or "")


def test_main_pieces_keep_four_inches_from_the_deployment_edges_and_two_from_the_others() -> None:
    # L1132-1133: a main piece stands at least 4" from both deployment edges (top and bottom) and at least 2" from
    # the other table edges.
    world = Table([]).world
    assert terrain_refusal(world, _boulder(4.05, 18)) is None
    assert "from the other table edges" in (terrain_refusal(world, _boulder(3.9, 18)) or "")
    assert terrain_refusal(world, _boulder(18, 30)) is None
    assert "from both deployment edges" in (terrain_refusal(world, _boulder(18, 30.1)) or "")
    assert "from both deployment edges" in (terrain_refusal(world, _boulder(18, 5.9)) or "")


def test_a_main_piece_placed_in_its_players_half_lies_completely_within_it() -> None:
    # L1120, L1122: the first main piece of each player goes completely within their own table half.
    world = Table([]).world
    assert terrain_refusal(world, _boulder(18, 15.9, "bottom")) is None
    assert "completely within its player's half" in (terrain_refusal(world, _boulder(18, 17, "bottom")) or "")


def _with_boulder_and_mine() -> Table:
    table = Table([])
    main = piece_outline(ENCLAVE.main, (18, 18), 0)
    table.state.terrain["T1"] = TerrainMark(id="T1", kind="Giant Boulder", polygon=tuple(main.exterior.coords)[:-1])
    table.state.elements["E1"] = Element(id="E1", name="Crystal Mine", scenario="s", x=24, y=22.6, base_mm=50,
                                         keywords=["CONTROL"])
    return table


def test_side_pieces_within_four_inches_of_their_main_two_from_other_pieces_and_elements() -> None:
    # L1134-1136: a side piece stands within 4" of its main piece; every piece keeps 2" from every other piece (its
    # own main too, ruling side-piece-gap) and from scenario elements (to the element's base, ruling element-gap).
    table = _with_boulder_and_mine()
    main = piece_outline(ENCLAVE.main, (18, 18), 0)

    def wall(x: float, y: float) -> Placing:
        return Placing(piece_outline(ENCLAVE.sides[0], (x, y), 0), main=False, main_outline=main)

    world = table.world
    assert terrain_refusal(world, wall(17.8, 22.6)) is None
    assert "within 4\" of its main piece" in (terrain_refusal(world, wall(17.8, 24.6)) or "")
    assert "keeps 2\" from the others" in (terrain_refusal(world, wall(17.8, 21.9)) or "")
    assert "from scenario elements" in (terrain_refusal(world, wall(18.2, 22.6)) or "")


def test_each_player_deploys_within_six_inches_of_their_own_edge_and_never_on_linear_terrain() -> None:
    # L1145: within 6" of the player's own table edge, the top edge for B; L1149: not overlapping a base nor
    # LINEAR TERRAIN or IMPASSABLE terrain.
    wall = Scenery("T1", "Wall", "linear", ("Linear Terrain",), square(20, 31, 6, 0.4))
    table = deploying([wall], ("B-law", "lawbringers", B))
    law = table.state.units["B-law"]
    top = {M("B-law-1"): (10, 29.4), M("B-law-2"): (12, 29.4), M("B-law-3"): (14, 29.4)}
    assert deploy_refusal(table.world, B, law, top) is None
    assert "units deploy within 6\" of their own table edge" in (
        deploy_refusal(table.world, B, law, {**top, M("B-law-3"): (14, 29.2)}) or "")
    assert "(L1149)" in (deploy_refusal(table.world, B, law, {**top, M("B-law-3"): (21, 31.2)}) or "")
    bottom = {M("B-law-1"): (10, 3), M("B-law-2"): (12, 3), M("B-law-3"): (14, 3)}
    assert "units deploy within 6\"" in (deploy_refusal(table.world, B, law, bottom) or "")


def test_leadership_is_declared_once_by_each_the_starting_player_first() -> None:
    # L480-482: before the first unit is deployed each player declares one leadership ability of their essence
    # weavers, the player with the starting player token first.
    table = Table([Put("A1", "adamant", 10, 3), Put("A2", "stormridge", 12, 3), Put("B1", "nekari", 10, 33)])
    table.state.token = A
    ctx = context(table.state)
    with pytest.raises(IllegalCommand, match=r"A declares its leadership ability first \(L480\)"):
        declare_leadership(ctx, REF, B, "B1/gathering-storm")
    with pytest.raises(IllegalCommand, match="is not a leadership ability of A's essence weavers"):
        declare_leadership(ctx, REF, A, "A2/order-aim-for-the-weak-spot")
    declare_leadership(ctx, REF, A, "A1/tactical-advisor")
    assert table.state.record(A).leadership == "A1/tactical-advisor"
    with pytest.raises(IllegalCommand, match="B declares"):
        declare_leadership(ctx, REF, A, "A1/tactical-advisor")
