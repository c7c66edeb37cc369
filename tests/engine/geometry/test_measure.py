"""Shapes, the tolerance, distances and "within"."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import (
    TOLERANCE,
    Base,
    Battlefield,
    Circle,
    Pose,
    Table,
    Terrain,
    UnknownId,
    Within,
    Zone,
    bearing,
    distance,
    how_within,
    is_completely_within,
    is_touching,
    is_within,
    overlaps,
    round_pos,
)
from tests.budget import examples

R32 = 32 / 25.4 / 2
WALL = Terrain.from_points("T1", "wall", [(10, 0), (11, 0), (11, 6), (10, 6)], 2.0, {"Impassable"})


def base(ident: str, x: float, y: float, mm: float = 32.0) -> Base:
    return Base(ident, Pose(x, y), mm)


def test_round_pos_rounds_to_hundredths_and_drops_negative_zero() -> None:
    assert round_pos(10.456) == 10.46
    assert round_pos(-0.001) == 0.0 and math.copysign(1, round_pos(-0.001)) == 1.0
    assert TOLERANCE == 0.01


def test_base_radius_is_millimetres_over_50_8() -> None:
    assert base("A1", 0, 0, 25.4).radius == pytest.approx(0.5)
    assert base("A1", 0, 0).radius == pytest.approx(R32)


def test_pose_normalises_facing_and_refuses_nan() -> None:
    assert Pose(1, 2, facing=-90).facing == 270.0
    with pytest.raises(ValueError):
        Pose(math.nan, 0)


def test_terrain_keywords_are_lower_case_and_polygon_must_have_area() -> None:
    assert WALL.has("impassable") and WALL.keywords == frozenset({"impassable"})
    with pytest.raises(ValueError):
        Terrain.from_points("T9", "line", [(0, 0), (1, 1), (2, 2)], 1.0)


def test_distance_between_bases_is_edge_to_edge() -> None:
    assert distance(base("A1", 0, 0), base("B1", 10, 0)) == pytest.approx(10 - 2 * R32)
    assert distance(base("A1", 0, 0), base("B1", 1, 0)) == 0.0


def test_distance_to_terrain_point_zone_and_edge() -> None:
    a = base("A1", 5, 3)
    assert distance(a, WALL) == pytest.approx(5 - R32)
    assert distance(a, (5, 10)) == pytest.approx(7 - R32)
    assert distance(a, Zone.circle("O1", "objective", 5, 8, 1)) == pytest.approx(4 - R32)
    assert distance(a, Table(36, 36).edge("bottom")) == pytest.approx(3 - R32)
    assert distance(WALL, (12, 3)) == pytest.approx(1.0)


def test_touching_counts_gaps_up_to_the_tolerance() -> None:
    a = base("A1", 0, 0)
    assert is_touching(a, base("B1", 2 * R32 + 0.0099, 0))
    assert not is_touching(a, base("B1", 2 * R32 + 0.0101, 0))
    assert not overlaps(a, base("B1", 2 * R32 - 0.0099, 0))
    assert overlaps(a, base("B1", 2 * R32 - 0.0101, 0))


def test_within_is_any_part_and_completely_within_is_every_part() -> None:
    a, b = base("A1", 0, 0), base("B1", 6, 0)
    gap = 6 - 2 * R32
    assert is_within(a, b, gap) and not is_within(a, b, gap - 0.02)
    assert is_completely_within(a, b, 6 + R32 - R32) and not is_completely_within(a, b, 5.9)
    zone = Zone.from_points("D1", "deployment", [(0, 0), (36, 0), (36, 6), (0, 6)])
    assert is_completely_within(base("A2", 5, 6 - R32), zone)
    assert not is_completely_within(base("A2", 5, 6 - R32 + 0.02), zone)
    assert is_within(base("A2", 5, 6 + R32), zone, 0.0)
    assert is_completely_within(base("A3", 5, 5), Circle(5, 5, R32))


def test_bearing_is_counter_clockwise_from_plus_x() -> None:
    assert bearing((0, 0), (0, 1)) == 90.0
    assert bearing((0, 0), (-1, 0)) == 180.0
    assert bearing((0, 0), (0, -1)) == 270.0


def test_battlefield_finds_ids_ignoring_case_and_names_the_unknown() -> None:
    field = Battlefield(Table(36, 36), (WALL,), (base("A1", 5, 5),))
    assert field.find("a1").id == "A1"
    assert field.terrain_piece("T1") is WALL
    with pytest.raises(UnknownId, match=r"'Z9'.*ids here: A1"):
        field.base("Z9")
    with pytest.raises(ValueError, match="unique"):
        Battlefield(Table(36, 36), (WALL,), (base("T1", 5, 5),))


coord = st.floats(0, 36, allow_nan=False)
sizes = st.sampled_from([25.0, 32.0, 40.0, 60.0])
bases = st.builds(lambda x, y, mm: base("X", x, y, mm), coord, coord, sizes)
squares = st.builds(
    lambda x, y, s: Terrain.from_points("T", "k", [(x, y), (x + s, y), (x + s, y + s), (x, y + s)], 1),
    coord, coord, st.floats(0.5, 6))
things = st.one_of(bases, squares, st.tuples(coord, coord))


@settings(max_examples=examples(150), deadline=None)
@given(things, things)
def test_distance_is_symmetric_and_never_negative(a: object, b: object) -> None:
    d = distance(a, b)  # type: ignore[arg-type]
    assert d >= 0.0
    assert d == pytest.approx(distance(b, a), abs=1e-9)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("x", "within"),
    [
        (3.0, Within.COMPLETELY),  # centre 3" in from the edge, radius 0.63": all of it inside
        (6.0 - R32, Within.COMPLETELY),  # its rim on the zone's edge still counts as inside
        (6.0, Within.PARTLY),  # half of the base across the edge
        (6.0 + R32, Within.PARTLY),  # touching the edge from outside counts as partly within
        (6.0 + R32 + 0.02, Within.OUTSIDE),  # 0.02" clear, more than the 0.01" tolerance
    ],
)
def test_a_base_is_completely_partly_or_not_within_an_area(x: float, within: Within) -> None:
    zone = Zone.from_points("DA", "deployment", [(0, 0), (6, 0), (6, 12), (0, 12)])
    base = Base("A1", Pose(x, 6.0), 32)
    assert how_within(base, zone) is within
    hill = Terrain.from_points("T1", "hill", [(0, 0), (6, 0), (6, 12), (0, 12)], 2.0)
    assert how_within(base, hill) is within, "terrain pieces are areas too"
