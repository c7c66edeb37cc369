"""The hinged movement tool: reach is the tool's length plus the base's diameter, a gap narrower than the base is
passed when the tool fits, the tool overlaps no base or impassable terrain, and the model ends touching it
(Shroudfall beta rulebook v1.4, L583-600, L628-634)."""

from __future__ import annotations

import math

import pytest
import shapely

from engine.geometry import Base, Pose, Table
from engine.geometry.tool import MovementTool, ToolPath, ToolRefused, ToolWorld, check_tool_move, lay_tool

M = MovementTool(5.0, name="M")
TABLE = Table(36, 36)


def _base(id: str, x: float, y: float, mm: float = 32) -> Base:
    return Base(id, Pose(x, y), mm)


def test_reach_is_the_tool_plus_the_base_diameter() -> None:
    mover = _base("A1", 10, 10)
    reach = 5.0 + 2 * mover.radius
    path = lay_tool(mover, (10 + reach, 10), M, ToolWorld(TABLE))
    assert math.isclose(path.length, 5.0, abs_tol=1e-6)
    with pytest.raises(ToolRefused, match=r'needs 5\.10" of tool, the M tool is 5" long'):
        lay_tool(mover, (10 + reach + 0.1, 10), M, ToolWorld(TABLE))


def test_a_gap_narrower_than_the_base_is_passed_when_the_tool_fits() -> None:
    # L588: the Bruiser's base is wider than the gap between two impassable boulders, the 1" tool is not.
    bruiser = _base("B1", 10, 10, mm=40)
    boulders = (("T1", shapely.box(12, 10.6, 14, 13)), ("T2", shapely.box(12, 7, 14, 9.4)))
    world = ToolWorld(TABLE, tool_blockers=boulders, end_blockers=boulders)
    assert 1.0 < 1.2 < 2 * bruiser.radius  # the gap is 1.2"
    path = lay_tool(bruiser, (16, 10), M, world)
    assert path.start[1] == path.end[1] == 10
    with pytest.raises(ToolRefused, match="may not end on T1"):
        lay_tool(bruiser, (13, 10), M, world)


def test_a_gap_narrower_than_the_tool_is_not_passed() -> None:
    mover = _base("A1", 10, 10)
    walls = (("T1", shapely.box(12, 10.4, 14, 20)), ("T2", shapely.box(12, 0, 14, 9.6)))
    with pytest.raises(ToolRefused, match="impassable terrain: it overlaps T1, T2"):
        lay_tool(mover, (15.5, 10), M, ToolWorld(TABLE, tool_blockers=walls, end_blockers=walls))


def test_the_tool_bends_around_a_base_it_may_not_cross_unless_it_hovers() -> None:
    mover, other = _base("A1", 10, 10), _base("B1", 12.5, 10)
    world = ToolWorld(TABLE, bases=(other,))
    with pytest.raises(ToolRefused, match="overlaps B1"):
        check_tool_move(mover, ToolPath((10.63, 10), (13.74, 10), (13.74, 10)), (14.37, 10), M, world)
    bent = lay_tool(mover, (15, 10), M, world)
    assert bent.joint[1] != 10 and bent.length <= 5.0
    straight = lay_tool(mover, (15, 10), M, ToolWorld(TABLE, bases=(other,), hover=True))
    assert straight.joint[1] == 10


def test_the_model_ends_touching_the_tool_and_on_no_base() -> None:
    mover = _base("A1", 10, 10)
    path = ToolPath((10.63, 10), (13, 10), (13, 10))
    check_tool_move(mover, path, (13, 11.1), M, ToolWorld(TABLE))
    with pytest.raises(ToolRefused, match="must end touching the tool"):
        check_tool_move(mover, path, (13, 11.3), M, ToolWorld(TABLE))
    with pytest.raises(ToolRefused, match="may not end overlapping B1"):
        check_tool_move(mover, path, (13.6, 10), M, ToolWorld(TABLE, bases=(_base("B1", 14.5, 10),)))


def test_a_joint_at_the_middle_limits_each_leg_to_half() -> None:
    mover = _base("A1", 10, 10)
    path = ToolPath((10.63, 10), (13.5, 10), (13.5, 11.5))
    check_tool_move(mover, path, (13.5, 12.13), M, ToolWorld(TABLE))
    with pytest.raises(ToolRefused, match="bends at its middle"):
        check_tool_move(mover, path, (13.5, 12.13), MovementTool(5.0, joint="middle"), ToolWorld(TABLE))


def test_the_table_edge_is_impassable() -> None:
    mover = _base("A1", 1, 1)
    with pytest.raises(ToolRefused, match="off the table"):
        lay_tool(mover, (-2, 1), M, ToolWorld(TABLE))
