"""Templates and the bases they touch or cover."""

from __future__ import annotations

import pytest

from engine.geometry import (
    Base,
    Pose,
    circle_template,
    cone_template,
    covered_by,
    overlapped_by,
    polygon_template,
    strip_template,
    teardrop_template,
    touched_by,
    trapezoid_template,
)

R = 25.4 / 25.4 / 2  # 25.4 mm bases: radius 0.5"


def base(ident: str, x: float, y: float) -> Base:
    return Base(ident, Pose(x, y), 25.4)


def test_circle_template_touches_and_covers_exactly() -> None:
    blast = circle_template((10, 10), 3.0)
    bases = [base("A1", 10, 10), base("A2", 12.5, 10), base("A3", 13.5, 10), base("A4", 13.52, 10)]
    assert touched_by(blast, bases) == ("A1", "A2", "A3")
    assert covered_by(blast, bases) == ("A1", "A2")


def test_cone_widens_from_its_point() -> None:
    cone = cone_template((0, 10), 0.0, 8.0, 4.0)
    near_tip, far_side = base("A1", 1.0, 10), base("A2", 7.0, 11.0)
    outside = base("A3", 4.0, 12.5)
    assert touched_by(cone, [near_tip, far_side, outside]) == ("A1", "A2")
    assert covered_by(cone, [near_tip, far_side]) == ("A2",)


def test_teardrop_has_a_round_end_and_its_length() -> None:
    drop = teardrop_template((0, 0), 90.0, 8.0, 3.0)
    minx, miny, maxx, maxy = drop.area.bounds
    assert (miny, maxy) == pytest.approx((0.0, 8.0), abs=1e-6)
    assert (minx, maxx) == pytest.approx((-1.5, 1.5), abs=1e-3)
    assert covered_by(drop, [base("A1", 0, 6.5)]) == ("A1",)


def test_polygon_template_and_bad_shapes() -> None:
    square = polygon_template([(0, 0), (4, 0), (4, 4), (0, 4)])
    assert touched_by(square, [base("A1", 4.5, 2), base("A2", 4.52, 2)]) == ("A1",)
    with pytest.raises(ValueError):
        cone_template((0, 0), 0, -1, 2)
    with pytest.raises(ValueError):
        teardrop_template((0, 0), 0, 1, 4)


def test_a_trapezoid_is_narrow_at_its_origin_and_wide_at_its_end() -> None:
    # Sunshard:Embren's Cone: the narrow edge (the white line) against the attacker (core rules v1.0, L553).
    cone = trapezoid_template((0, 0), 0, 8, 1, 3)
    assert cone.area.bounds == pytest.approx((0, -1.5, 8, 1.5))
    assert cone.area.area == pytest.approx(8 * (1 + 3) / 2)


def test_a_strip_is_centred_and_turned() -> None:
    # Sunshard:Embren's Wall template (core rules v1.0, L559).
    wall = strip_template((10, 10), 90, 5, 1)
    assert wall.area.bounds == pytest.approx((9.5, 7.5, 10.5, 12.5))


def test_overlapped_by_needs_more_than_a_touch() -> None:
    wall = strip_template((10, 10), 0, 5, 1)
    touching = Base("A1", Pose(10, 11.0), 25.4)  # radius 0.5: its rim meets the strip's edge
    under = Base("B1", Pose(10, 10.9), 25.4)
    assert touched_by(wall, [touching, under]) == ("A1", "B1")
    assert overlapped_by(wall, [touching, under]) == ("B1",)
