"""``LineOfSight.matrix`` settles a pair by its centre line before any survey: its answer is the survey's, exactly,
on knife edges too (lines along an edge, through a vertex, bases touching or a hair apart, a model inside a piece)."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.geometry import Base, LineOfSight, Pose, Terrain
from tests.budget import examples


def _box(ident: str, x0: float, y0: float, x1: float, y1: float, height: float) -> Terrain:
    return Terrain.from_points(ident, "ruin", [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], height, {"blocking"})


def _same(terrain: list[Terrain], bases: list[Base]) -> None:
    sight = LineOfSight(terrain, bases)
    assert np.array_equal(sight.matrix(bases, bases), sight.survey(bases, bases)[0])
    for a in bases:  # one pair at a time, as ``can_see`` asks
        for b in bases:
            assert sight.can_see(a, b) == bool(sight.survey([a], [b])[0][0, 0])


# Coordinates on a coarse grid (whole and half inches) put centre lines along edges and through corners.
grid = st.integers(0, 40).map(lambda v: v / 2)
fine = st.floats(1, 20, allow_nan=False).map(lambda v: round(v, 3))
coord = st.one_of(grid, fine)
models = st.lists(st.tuples(coord, coord, st.sampled_from([1.0, 1.5, 3.0]), st.sampled_from([25.4, 32.0, 50.8])),
                  min_size=2, max_size=6)
pieces = st.lists(st.tuples(coord, coord, st.one_of(grid, fine).filter(lambda v: v > 0), st.sampled_from([1, 2, 4]),
                            st.sampled_from([0.5, 1.5, 4.0]), st.booleans()), max_size=5)


@settings(max_examples=examples(40), deadline=None)
@given(models, pieces)
@example([(2.0, 2.0, 1.0, 25.4), (10.0, 2.0, 1.0, 25.4)], [(4.0, 2.0, 2.0, 1, 4.0, False)])  # along an edge
@example([(2.0, 2.0, 1.0, 25.4), (10.0, 10.0, 1.0, 25.4)], [(4.0, 4.0, 2.0, 1, 4.0, False)])  # through a corner
@example([(2.0, 2.0, 1.0, 25.4), (3.0, 2.0, 1.0, 25.4), (4.0, 2.0, 1.0, 25.4)], [])  # touching in a file
@example([(3.0, 3.0, 1.0, 25.4), (12.0, 3.0, 1.0, 25.4)], [(2.0, 2.0, 2.0, 1, 4.0, False)])  # one stands inside
@example([(2.0, 2.0, 1.0, 25.4), (10.0, 2.0, 1.0, 25.4)], [(5.0, 1.0, 2.0, 2, 4.0, True)])  # across a round piece
def test_the_matrix_is_the_survey_exactly(ms: list, ps: list) -> None:  # type: ignore[type-arg]
    bases = [Base(f"M{i}", Pose(x, y), mm, h) for i, (x, y, h, mm) in enumerate(ms)]
    terrain = []
    for i, (x, y, w, deep, height, round_) in enumerate(ps):
        if round_:
            disc = shapely.Point(x, y).buffer(w / 2, quad_segs=8)
            terrain.append(Terrain.from_points(f"T{i}", "rock", list(disc.exterior.coords)[:-1], height, {"blocking"}))
        else:
            terrain.append(_box(f"T{i}", x, y, x + w, y + deep, height))
    _same(terrain, bases)


def test_bases_a_hair_either_side_of_touching_are_settled_as_the_survey_settles_them() -> None:
    a = Base("A1", Pose(5.0, 5.0), 25.4, 1.0)
    for gap in (-1e-7, 0.0, 1e-7, 1e-3):
        b = Base("B1", Pose(5.0 + 1.0 + 0.01 + gap, 5.0), 25.4, 1.0)
        wall = _box("T1", 5.9, 4.0, 6.1, 6.0, 4.0)  # between them, only where they do not touch
        _same([wall], [a, b])
