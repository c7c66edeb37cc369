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
    placement_conflicts,
    resolve_move,
)
from engine.geometry.anchors import has_route_each
from engine.geometry.positions import Position
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
    other = Battlefield(field.table, (), (Base("A2", Pose(30, 6), 32), *ring))  # A1's ally, walked through
    both = [(field, "A1", walled[:2], None), (other, "A2", walled[:2], None)]
    assert has_route_each(both) == [False, False]  # the second search meets only corners the first found walled in
    assert has_route_each([(f, m, [*p, parse_position("contact B2")], d) for f, m, p, d in both]) == [True, True]


@settings(max_examples=examples(30), deadline=None)
@given(blocks, others, st.tuples(coord, coord), st.lists(st.tuples(st.integers(1, 6),
                                                                    st.sampled_from(["contact", "toward"])),
                                                          min_size=1, max_size=4))
def test_a_way_to_one_of_several_goals_exists_exactly_when_one_of_them_has_one(
        pieces: list, models: list, start: tuple[float, float], goals: list) -> None:  # type: ignore[type-arg]
    field = random_field(pieces, models, start)
    positions = [parse_position(f"{form} {field.bases[target % len(field.bases)].id}") for target, form in goals]
    assert has_route_any(field, "M0", positions) == any(has_route(field, "M0", p) for p in positions)


@settings(max_examples=examples(20), deadline=None)
@given(blocks, others, st.tuples(coord, coord), st.lists(st.tuples(coord, coord, st.sampled_from([25.0, 32.0])),
                                                          min_size=1, max_size=4),
       st.lists(st.tuples(st.integers(0, 6), st.sampled_from(["contact", "toward"])), min_size=1, max_size=3))
def test_movers_asked_together_have_a_way_exactly_when_each_move_is_made(
        pieces: list, models: list, start: tuple[float, float], movers: list,  # type: ignore[type-arg]
        goals: list) -> None:  # type: ignore[type-arg]
    """Several movers that walk through each other (one side's models) past the same obstacles, asked at once and
    sharing what each search learns (``has_route_each``), in one order and then the other: each answer is whether
    the router makes a move to one of its places."""
    field = random_field(pieces, models, start)
    walkers = [field.bases[0]]
    for i, (x, y, mm) in enumerate(movers):
        walker = Base(f"W{i}", Pose(x, y), mm)
        if not placement_conflicts(Battlefield(field.table, field.terrain, (*field.bases, *walkers[1:])), walker):
            walkers.append(walker)
    enemies = field.bases[1:]
    things = [b.id for b in enemies] + [t.id for t in field.terrain]
    if not things:
        return
    positions = [parse_position(f"{form} {things[target % len(things)]}") for target, form in goals]
    fields = [Battlefield(field.table, field.terrain, (walker, *enemies)) for walker in walkers]
    asked = [(own, walker.id, positions, None) for own, walker in zip(fields, walkers, strict=True)]
    together = has_route_each(asked)
    assert has_route_each(asked[::-1]) == together[::-1]
    for own, walker, found in zip(fields, walkers, together, strict=True):
        assert found == any(_made(own, walker.id, p) for p in positions), (walker, positions)


def _made(field: Battlefield, mover: str, position: Position) -> bool:
    try:
        resolve_move(field, mover, position)
    except GeometryError:
        return False
    return True
