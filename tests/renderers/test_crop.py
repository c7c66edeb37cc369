"""Which part of the table a cropped picture shows."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.board import Overlay, OverlayKind
from renderers import action_crop, zoom_box
from tests.renderers.conftest import board, model


def test_no_overlay_means_no_crop() -> None:
    assert action_crop(board()) is None


def test_action_plus_three_inches_at_least_twelve_square() -> None:
    sight = Overlay(kind=OverlayKind.SIGHT, points=((10, 10), (12, 11)))
    assert action_crop(board(width=36.0, height=36.0, overlays=(sight,))) == (5.0, 4.5, 17.0, 16.5)


def test_long_action_keeps_its_margin() -> None:
    path = Overlay(kind=OverlayKind.PATH, points=((4, 10), (30, 12)))
    assert action_crop(board(width=36.0, height=36.0, overlays=(path,))) == (1.0, 5.0, 33.0, 17.0)


def test_ring_counts_by_its_radius_and_is_clamped_to_the_table() -> None:
    ring = Overlay(kind=OverlayKind.RING, center=(2, 2), radius=8.0)
    assert action_crop(board(width=36.0, height=36.0, overlays=(ring,))) == (0.0, 0.0, 13.0, 13.0)


def test_zoom_box_centres_on_the_model_and_stays_on_the_table() -> None:
    view = board(models=(model("A1", 12, 12), model("B1", 1, 23)))
    assert zoom_box(view, "A1") == (6.0, 6.0, 18.0, 18.0)
    assert zoom_box(view, "B1") == (0.0, 12.0, 12.0, 24.0)
    assert zoom_box(view, "A1", radius=3.0) == (9.0, 9.0, 15.0, 15.0)


def test_zoom_on_an_unknown_model_raises() -> None:
    with pytest.raises(KeyError, match="Z9"):
        zoom_box(board(), "Z9")


@given(st.lists(st.tuples(st.floats(0, 36), st.floats(0, 24)), min_size=1, max_size=6))
def test_action_crop_lies_on_the_table_and_covers_the_action(points: list[tuple[float, float]]) -> None:
    view = board(width=36.0, height=24.0, overlays=(Overlay(kind=OverlayKind.SHAPE, points=tuple(points)),))
    box = action_crop(view)
    assert box is not None
    x0, y0, x1, y1 = box
    assert 0 <= x0 < x1 <= 36 and 0 <= y0 < y1 <= 24
    assert x1 - x0 >= 12 - 1e-9 and y1 - y0 >= 12 - 1e-9
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)
