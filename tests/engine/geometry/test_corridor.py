"""Whether some straight line between two bases passes through a piece (Shroudfall's linear cover, L987), and the
1"-wide beam strip laid from a base (L776, L797)."""

from __future__ import annotations

import shapely

from engine.geometry import Base, Pose, some_line_crosses, strip_template, touched_by


def _base(id: str, x: float, y: float, mm: float = 32) -> Base:
    return Base(id, Pose(x, y), mm)


def test_a_wall_between_two_bases_is_crossed_and_one_beside_them_is_not() -> None:
    a, b = _base("A", 10, 10), _base("B", 20, 10)
    assert some_line_crosses(a, b, shapely.box(15, 9, 15.5, 11))
    assert some_line_crosses(a, b, shapely.box(15, 10.5, 15.5, 14))  # only the edge lines of the bases reach it
    assert not some_line_crosses(a, b, shapely.box(15, 10.7, 15.5, 14))


def test_the_beam_strip_touches_the_bases_it_overlaps() -> None:
    strip = strip_template((12.63, 10), 0.0, 4.0, 1.0)  # laid from a base's edge at 10.63
    bases = [_base("W1", 13, 10), _base("W2", 14, 11.1), _base("W3", 14, 11.2)]
    assert touched_by(strip, bases) == ("W1", "W2")
