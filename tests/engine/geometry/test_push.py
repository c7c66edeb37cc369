"""Straight pushes stop on touching a base, a wall or the table edge, never jumping over one (Shroudfall beta rulebook
v1.4, L604, L667); directly away or toward runs through both centres, away or toward never closes or opens the gap
(L636-645, L669-673)."""

from __future__ import annotations

import math

import pytest
import shapely

from engine.geometry import Base, Pose, Table, direction_refusal, heading_of, push_base

TABLE = Table(36, 36)


def _base(id: str, x: float, y: float, mm: float = 32) -> Base:
    return Base(id, Pose(x, y), mm)


def test_a_clear_push_goes_its_whole_distance() -> None:
    push = push_base(_base("A1", 10, 10), 0.0, 1.0, table=TABLE)
    assert push.end == (11.0, 10.0) and push.complete and push.travelled == 1.0


def test_a_push_stops_touching_the_first_base_in_its_way() -> None:
    mover, other = _base("A1", 10, 10), _base("B1", 12, 10)
    push = push_base(mover, 0.0, 3.0, table=TABLE, bases=(other,))
    gap = 2 - 2 * mover.radius
    assert push.stopped_by == ("B1",) and math.isclose(push.travelled, gap, abs_tol=1e-9)
    assert push.end == (round(10 + gap, 2), 10.0)


def test_a_push_stops_at_a_wall_rather_than_jumping_it() -> None:
    wall = ("T1", shapely.box(11.5, 5, 11.8, 15))  # thin: the end spot alone would clear it
    push = push_base(_base("A1", 10, 10), 0.0, 4.0, table=TABLE, walls=(wall,))
    assert push.stopped_by == ("T1",) and math.isclose(push.travelled, 1.5 - _base("A", 0, 0).radius, abs_tol=0.01)


def test_the_table_edge_stops_a_push() -> None:
    push = push_base(_base("A1", 34, 10), 0.0, 3.0, table=TABLE)
    assert push.stopped_by == ("the table edge",)
    assert math.isclose(push.end[0], 36 - _base("A", 0, 0).radius, abs_tol=0.01)


def test_directions_of_pushes_and_moves() -> None:
    # L645: directly away runs along the line through both centres; away allows any line not closing in.
    assert heading_of("directly-away", (12, 10), (10, 10)) == 0.0
    assert direction_refusal("directly-away", (12, 10), (10, 10), 90.0) == "it must go directly away, along 0 degrees"
    assert direction_refusal("away", (12, 10), (10, 10), 90.0) is None
    assert direction_refusal("away", (12, 10), (10, 10), 135.0) == "it may never come nearer to what it moves away from"
    assert direction_refusal("any", (12, 10), (10, 10), 180.0) is None


def test_a_negative_push_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        push_base(_base("A1", 10, 10), 0.0, -1.0, table=TABLE)
