"""Shapes: one of polygon, rect or circle; polygons must be simple; bounds and outlines in inches."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.schema import DataError, TerrainSpec, crossing_edges, parse

SQUARE = [[0, 0], [4, 0], [4, 4], [0, 4]]


def terrain(**shape: object) -> TerrainSpec:
    return parse(TerrainSpec, {"id": "T1", "kind": "ruin", **shape}, source="test.yaml")


def problems(**shape: object) -> tuple[str, ...]:
    with pytest.raises(DataError) as caught:
        terrain(**shape)
    return caught.value.problems


def test_a_square_is_accepted_and_a_closed_ring_loses_its_repeated_end() -> None:
    assert terrain(polygon=SQUARE).polygon == ((0, 0), (4, 0), (4, 4), (0, 4))
    assert terrain(polygon=[*SQUARE, [0, 0]]).polygon == ((0, 0), (4, 0), (4, 4), (0, 4))


@pytest.mark.parametrize(
    ("polygon", "message"),
    [
        ([[0, 0], [2, 2], [2, 0], [0, 2]], "crosses itself: the edge from point 1 meets the edge from point 3"),
        ([[0, 0], [1, 1], [2, 2]], "has no area: its points lie on one line"),
        ([[0, 0], [4, 0], [4, 0], [0, 4]], "repeats a point"),
        ([[0, 0], [4, 0]], "must be a list of at least 3 [x, y] points"),
        ([[0, 0], [4, 0], ["a", 4]], "point 3 must be [x, y] in inches"),
        ([[0, 0], [4, 0], [4, 4], [6, 4], [2, 4]], "crosses itself"),  # doubles back along its own edge
    ],
)
def test_a_polygon_that_is_not_simple_is_refused(polygon: list[list[object]], message: str) -> None:
    (line,) = problems(polygon=polygon)
    assert line.startswith('test.yaml: field "polygon": ' + message)


def test_the_check_is_pure_python_and_names_the_edges() -> None:
    assert crossing_edges(((0, 0), (4, 0), (4, 4), (0, 4))) is None
    assert crossing_edges(((0, 0), (2, 2), (2, 0), (0, 2))) == (0, 2)


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ({"rect": [0, 0, 0, 4]}, 'field "rect": must have a positive width and height'),
        ({"rect": [0, 0, 4]}, 'field "rect": must be [x, y, width, height] in inches'),
        ({"circle": [1, 1, -1]}, 'field "circle": must have a positive radius'),
        ({"circle": [1, True, 1]}, 'field "circle": must be [x, y, radius] in inches, all numbers'),
        ({}, "needs exactly one shape: polygon, rect or circle (got none)"),
        ({"rect": [0, 0, 1, 1], "circle": [1, 1, 1]}, "needs exactly one shape: polygon, rect or circle (got rect and"),
    ],
)
def test_bad_rects_circles_and_shape_counts_are_refused(shape: dict[str, object], message: str) -> None:
    (line,) = problems(**shape)
    assert line.startswith("test.yaml: " + message)


def test_bounds_and_outline_cover_every_shape() -> None:
    assert terrain(rect=[1, 2, 3, 4]).bounds() == (1, 2, 4, 6)
    assert terrain(rect=[1, 2, 3, 4]).outline() == ((1, 2), (4, 2), (4, 6), (1, 6))
    circle = terrain(circle=[10, 10, 2])
    assert circle.bounds() == (8, 8, 12, 12)
    assert len(circle.outline(segments=12)) == 12
    assert all(math.isclose(math.dist(p, (10, 10)), 2) for p in circle.outline())
    assert terrain(polygon=[[1, 0], [3, 1], [0, 5]]).bounds() == (0, 0, 3, 5)
    assert terrain(polygon=SQUARE).shape_field == "polygon"


@given(st.lists(st.floats(0, 2 * math.pi, exclude_max=True), min_size=3, max_size=12, unique=True))
def test_any_convex_polygon_is_accepted(angles: list[float]) -> None:
    angles.sort()
    assume(all(b - a > 0.01 for a, b in itertools.pairwise(angles)))
    assume(angles[0] + 2 * math.pi - angles[-1] > 0.01)
    points = [[10 + 5 * math.cos(a), 10 + 5 * math.sin(a)] for a in angles]
    assert len(terrain(polygon=points).outline()) == len(points)
