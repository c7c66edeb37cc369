"""Whether a move has a route at all (``has_route``, what a menu asks of every model it offers) agrees with making it
(``resolve_move``): never a model offered that cannot go, never one left out that can."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import (
    Base,
    Battlefield,
    GeometryError,
    Pose,
    Table,
    has_route,
    has_route_any,
    parse_position,
    resolve_move,
)
from tests.budget import examples
from tests.engine.geometry.test_moves import R, blocks, coord, others, random_field


def test_a_surrounded_model_has_no_route_and_its_neighbour_has() -> None:
    ring = [Base(f"B{i}", Pose(20 + 2 * R * dx, 20 + 2 * R * dy), 32)
            for i, (dx, dy) in enumerate([(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)])]
    field = Battlefield(Table(36, 36), (), (Base("A1", Pose(5, 5), 32), *ring))
    assert not has_route(field, "A1", parse_position("contact B0"))
    assert not has_route(field, "A1", parse_position("toward B0"))
    assert has_route(field, "A1", parse_position("contact B1"))
    assert not has_route(field, "A1", parse_position("contact A1"))  # itself
    assert not has_route(field, "A1", parse_position("toward Z9"))  # nobody


@settings(max_examples=examples(30), deadline=None)
@given(blocks, others, st.tuples(coord, coord), st.integers(1, 6), st.sampled_from(["contact", "toward"]))
def test_a_route_exists_exactly_when_the_move_is_made(
        pieces: list, models: list, start: tuple[float, float], target: int, form: str) -> None:  # type: ignore[type-arg]
    field = random_field(pieces, models, start)
    other = field.bases[target % len(field.bases)]
    position = parse_position(f"{form} {other.id}")
    exists = has_route(field, "M0", position)
    try:
        resolve_move(field, "M0", position, max_distance=3.0)
    except GeometryError:
        assert not exists
        return
    assert exists


def test_one_search_for_several_goals_finds_what_each_search_finds() -> None:
    ring = [Base(f"B{i}", Pose(20 + 2 * R * dx, 20 + 2 * R * dy), 32)
            for i, (dx, dy) in enumerate([(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)])]
    field = Battlefield(Table(36, 36), (), (Base("A1", Pose(5, 5), 32), *ring))
    walled = [parse_position(p) for p in ("contact B0", "toward B0", "toward Z9", "contact A1")]
    assert not has_route_any(field, "A1", walled)
    assert has_route_any(field, "A1", [*walled, parse_position("toward B3")])
    assert not has_route_any(field, "A1", [])


@settings(max_examples=examples(30), deadline=None)
@given(blocks, others, st.tuples(coord, coord), st.lists(st.tuples(st.integers(1, 6),
                                                                    st.sampled_from(["contact", "toward"])),
                                                          min_size=1, max_size=4))
def test_a_way_to_one_of_several_goals_exists_exactly_when_one_of_them_has_one(
        pieces: list, models: list, start: tuple[float, float], goals: list) -> None:  # type: ignore[type-arg]
    field = random_field(pieces, models, start)
    positions = [parse_position(f"{form} {field.bases[target % len(field.bases)].id}") for target, form in goals]
    assert has_route_any(field, "M0", positions) == any(has_route(field, "M0", p) for p in positions)
