"""Walking, routing and resolving positions into moves."""

from __future__ import annotations

import itertools
import math

import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.geometry import (
    TOLERANCE,
    Base,
    Battlefield,
    MoveBlocked,
    NoCoverSpot,
    NoRoute,
    PlacementError,
    Pose,
    Table,
    Terrain,
    UnknownId,
    cut_path,
    parse_position,
    path_length,
    placement_conflicts,
    resolve_move,
    walk,
)
from tests.budget import examples

R = 32 / 25.4 / 2  # 32 mm base: 0.6299"


def square(ident: str, x0: float, y0: float, x1: float, y1: float, *keywords: str) -> Terrain:
    return Terrain.from_points(ident, "ruin", [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], 4.0, keywords)


T1 = square("T1", 10, 10, 14, 14, "impassable", "blocking")
T2 = Terrain.from_points("T2", "wall", [(26, 0), (27, 0), (27, 9), (36, 9), (36, 10), (26, 10)], 3.0,
                         {"impassable"})
T3 = square("T3", 20, 24, 24, 28, "obscuring")
T4 = square("T4", 30, 30, 30.5, 30.5, "obscuring")
FIELD = Battlefield(
    Table(36, 36), (T1, T2, T3, T4),
    (Base("A1", Pose(5, 20), 32), Base("B1", Pose(20, 20), 32), Base("A2", Pose(5, 12), 32),
     Base("B2", Pose(20, 12), 32)),
)


def move(mover: str, text: str, allowance: float | None = None):  # type: ignore[no-untyped-def]
    return resolve_move(FIELD, mover, parse_position(text), max_distance=allowance)


def test_toward_with_a_distance_goes_that_far() -> None:
    m = move("A1", "toward B1 3")
    assert (m.end, m.distance, m.facing, m.complete) == ((8.0, 20.0), 3.0, 0.0, True)


def test_toward_stops_just_short_of_contact_or_at_the_allowance() -> None:
    m = move("A1", "toward B1")
    assert m.end == (18.72, 20.0) and m.distance == pytest.approx(13.72) and m.bases == ()
    m = move("A1", "toward B1 max", allowance=6)
    assert (m.end, m.complete) == ((11.0, 20.0), True)
    m = move("A1", "toward B1 8", allowance=6)
    assert (m.end, m.complete) == ((11.0, 20.0), False)


def test_a_kept_route_is_the_route_of_that_layout_only() -> None:
    """``toward`` and ``contact`` keep the route to a thing by the exact layout: asked again it is the same move, and
    a base moved by a hair or terrain of another shape routes anew."""
    first = move("A2", "toward B2 max", allowance=30)
    assert move("A2", "toward B2 max", allowance=30) == first
    assert move("A2", "toward B2 4").distance == pytest.approx(4.0, abs=0.01)
    nudged = Battlefield(FIELD.table, FIELD.terrain, (*FIELD.bases[:3], Base("B2", Pose(20, 12.5), 32)))
    assert resolve_move(nudged, "A2", parse_position("toward B2 max"), max_distance=30).end != first.end
    walled = square("T1", 6, 8, 14, 16, "impassable", "blocking")
    blocked = Battlefield(FIELD.table, (walled, *FIELD.terrain[1:]), FIELD.bases)
    around = resolve_move(blocked, "A2", parse_position("toward B2 max"), max_distance=30)
    assert around.distance > first.distance + 0.5, "the larger T1 is gone around"


def test_contact_ends_touching_and_is_incomplete_when_out_of_reach() -> None:
    m = move("A1", "contact B1")
    assert m.end == (18.74, 20.0) and m.bases == ("B1",) and m.facing == 0.0 and m.complete
    short = move("A1", "contact B1", allowance=6)
    assert (short.end, short.complete) == ((11.0, 20.0), False)


def test_behind_goes_to_the_nearest_spot_the_terrain_hides() -> None:
    m = move("A2", "behind T1 from B2")
    assert m.end == (9.37, 12.0) and m.distance == pytest.approx(4.37) and m.terrain == ("T1",)


def test_behind_without_any_hidden_spot_says_so() -> None:
    with pytest.raises(NoCoverSpot, match="no free spot next to T4 is hidden from B1"):
        move("A2", "behind T4 from B1")  # the post is narrower than either base


def test_away_moves_straight_away_and_stops_short_of_the_edge() -> None:
    m = move("A1", "away B1 4")
    assert (m.end, m.facing, m.complete) == ((1.0, 20.0), 180.0, True)
    m = move("A1", "away B1", allowance=6)
    assert m.end[0] == pytest.approx(R, abs=TOLERANCE) and m.end[1] == 20.0
    assert m.stopped_by == ("the table edge",) and not m.complete


def test_a_point_is_reached_around_impassable_terrain_by_the_shortest_route() -> None:
    m = move("A2", "17,12")
    assert m.end == (17.0, 12.0)
    # Exact shortest route: a tangent to a corner circle of radius R, an arc, the 4" face, an arc, a tangent.
    def wrap(dx: float, dy: float) -> float:  # from a point dx out and dy up from a bottom corner
        d = math.hypot(dx, dy)
        return math.sqrt(d * d - R * R) + R * (math.pi - math.acos(dy / d) - math.acos(R / d))

    exact = wrap(5, 2) + 4 + wrap(3, 2)
    assert exact <= m.distance <= exact + 0.06
    assert shapely.LineString(m.waypoints).distance(T1.polygon) >= R - TOLERANCE


def test_waypoints_are_followed_in_turn_and_facing_can_be_set() -> None:
    m = move("A1", "via:3,24;6,27;8,20 face:90")
    assert m.waypoints == ((5.0, 20.0), (3.0, 24.0), (6.0, 27.0), (8.0, 20.0))
    assert m.distance == pytest.approx(math.hypot(2, 4) + math.hypot(3, 3) + math.hypot(2, 7))
    assert m.facing == 90.0
    assert move("A1", "5,25 face:B1").facing == pytest.approx(round(360 - math.degrees(math.atan(5 / 15)), 2))
    assert move("A1", "5,25").facing == 90.0


def test_moving_over_passable_terrain_reports_it() -> None:
    m = move("A1", "22,26")
    assert m.end == (22.0, 26.0) and m.terrain == ("T3",)


def test_no_route_names_what_walls_the_destination_off() -> None:
    with pytest.raises(NoRoute, match=r"no route to 30,5: blocked by T2 \(impassable\) and the table edge"):
        move("A1", "30,5")


def test_contact_with_a_surrounded_model_names_the_ring() -> None:
    ring = [Base(f"B{i}", Pose(20 + 2 * R * dx, 20 + 2 * R * dy), 32)
            for i, (dx, dy) in enumerate([(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)])]
    field = Battlefield(Table(36, 36), (), (Base("A1", Pose(5, 5), 32), *ring))
    with pytest.raises(NoRoute, match="no route to B0: blocked by B1, B2, B3 and B4"):
        resolve_move(field, "A1", parse_position("contact B0"))


def test_a_destination_that_overlaps_is_refused_with_what_it_overlaps() -> None:
    with pytest.raises(PlacementError, match=r"12,12: it would overlap or cross T1 \(impassable\)"):
        move("A1", "12,12")
    with pytest.raises(PlacementError, match="B1"):
        move("A1", "20.5,20")
    with pytest.raises(UnknownId, match="'Z9'"):
        move("A1", "toward Z9")


def test_walk_checks_every_leg_and_cuts_at_the_allowance() -> None:
    with pytest.raises(MoveBlocked, match=r"leg 2 of the path runs into T1 \(impassable\)"):
        walk(FIELD, "A2", [(5, 10), (20, 10)])
    m = walk(FIELD, "A1", [(5, 30), (10, 30)], max_distance=12)
    assert m.waypoints == ((5.0, 20.0), (5.0, 30.0), (7.0, 30.0)) and not m.complete
    assert m.facing == 0.0


def test_cut_path_and_path_length() -> None:
    assert path_length([(0, 0), (3, 4), (3, 10)]) == 11.0
    assert cut_path([(0, 0), (3, 4), (3, 10)], 7.0) == (((0, 0), (3, 4), (3.0, 6.0)), True)
    assert cut_path([(0, 0), (3, 4)], 7.0) == (((0, 0), (3, 4)), False)


def test_placement_conflicts_name_bases_terrain_and_the_edge() -> None:
    assert placement_conflicts(FIELD, Base("X1", Pose(5.5, 20.5), 32)) == ("A1",)
    assert placement_conflicts(FIELD, Base("X1", Pose(0.3, 30), 32)) == ("the table edge",)
    assert placement_conflicts(FIELD, Base("X1", Pose(9.5, 12), 32)) == ("T1 (impassable)",)
    assert placement_conflicts(FIELD, Base("X1", Pose(30, 30), 32)) == ()


coord = st.floats(1, 35).map(lambda v: round(v, 2))
blocks = st.lists(st.tuples(coord, coord, st.floats(1, 7), st.floats(1, 7)), max_size=4)
others = st.lists(st.tuples(coord, coord, st.sampled_from([25.0, 32.0, 50.0])), max_size=6)


def random_field(pieces: list, models: list, start: tuple[float, float]) -> Battlefield:  # type: ignore[type-arg]
    terrain = tuple(square(f"T{i}", x, y, min(x + w, 36), min(y + h, 36), "impassable")
                    for i, (x, y, w, h) in enumerate(pieces))
    field = Battlefield(Table(36, 36), terrain, ())
    placed: list[Base] = []
    for i, (x, y, mm) in enumerate([(*start, 32.0), *models]):
        b = Base(f"M{i}", Pose(x, y), mm)
        if not placement_conflicts(Battlefield(field.table, terrain, tuple(placed)), b):
            placed.append(b)
    assume(placed and placed[0].id == "M0")
    return Battlefield(field.table, terrain, tuple(placed))


def assert_legal(field: Battlefield, mover: Base, waypoints: tuple[tuple[float, float], ...]) -> None:
    r = mover.radius
    path = shapely.LineString(waypoints) if len(waypoints) > 1 else shapely.Point(waypoints[0])
    for t in field.terrain:
        assert path.distance(t.polygon) >= r - TOLERANCE
    for a, b in itertools.pairwise(waypoints):
        leg = shapely.LineString([a, b])
        for other in field.others(mover.id):
            assert leg.distance(shapely.Point(other.xy)) >= r + other.radius - TOLERANCE
    end = mover.at(*waypoints[-1])
    assert placement_conflicts(field, end) == ()


@settings(max_examples=examples(40), deadline=None)
@given(blocks, others, st.tuples(coord, coord), st.tuples(coord, coord))
def test_a_routed_path_never_crosses_anything_and_its_length_is_real(
        pieces: list, models: list, start: tuple[float, float], goal: tuple[float, float]) -> None:  # type: ignore[type-arg]
    field = random_field(pieces, models, start)
    mover = field.base("M0")
    assume(not placement_conflicts(field, mover.at(*goal)))
    try:
        m = resolve_move(field, "M0", parse_position(f"{goal[0]},{goal[1]}"))
    except NoRoute:
        return
    assert m.end == goal
    assert m.distance == pytest.approx(path_length(m.waypoints), abs=1e-9)
    assert m.distance >= math.dist(start, goal) - 1e-9
    assert_legal(field, mover, m.waypoints)


@settings(max_examples=examples(40), deadline=None)
@given(blocks, others, st.tuples(coord, coord), st.integers(1, 6),
       st.sampled_from(["contact", "toward", "away"]), st.floats(1, 12))
def test_no_base_ends_overlapping_another_after_a_legal_move(
        pieces: list, models: list, start: tuple[float, float], target: int, form: str,  # type: ignore[type-arg]
        allowance: float) -> None:
    field = random_field(pieces, models, start)
    assume(len(field.bases) > 1)
    mover, other = field.bases[0], field.bases[1 + target % (len(field.bases) - 1)]
    try:
        m = resolve_move(field, "M0", parse_position(f"{form} {other.id}"), max_distance=allowance)
    except NoRoute:
        return
    assert m.distance <= allowance + TOLERANCE
    assert m.distance == pytest.approx(path_length(m.waypoints), abs=1e-9)
    assert_legal(field, mover, m.waypoints)
