"""Overlays: sight lines told apart by dash pattern, templates see-through, rings and arcs where they belong."""

from __future__ import annotations

import itertools

from engine.core.board import LineStyle, Overlay, OverlayKind
from renderers import render_board
from renderers.board import board_canvas
from renderers.palette import STYLE_COLOURS, TABLE
from tests.renderers.conftest import board, close, open_png


def _runs_along(style: LineStyle) -> list[bool]:
    """Sample a horizontal sight line pixel by pixel: True where the line's colour shows."""
    sight = Overlay(kind=OverlayKind.SIGHT, points=((2, 12), (22, 12)), style=style)
    view = board(overlays=(sight,), show_grid=False)
    image = open_png(render_board(view))
    canvas = board_canvas(view)
    (x0, y), (x1, _) = canvas.pt(3, 12), canvas.pt(21, 12)
    return [close(image.getpixel((x, round(y))), STYLE_COLOURS[style], 40) for x in range(round(x0), round(x1))]


def _switches(samples: list[bool]) -> int:
    return sum(a != b for a, b in itertools.pairwise(samples))


def test_blocked_sight_line_is_dashed() -> None:
    samples = _runs_along(LineStyle.BLOCKED)
    assert samples.count(True) > len(samples) * 0.35
    assert samples.count(False) > len(samples) * 0.25
    assert _switches(samples) >= 20  # on, off, on, off... all along the line


def test_clear_sight_line_is_solid() -> None:
    samples = _runs_along(LineStyle.CLEAR)
    assert all(samples)


def test_clear_and_blocked_differ_in_colour_too() -> None:
    assert STYLE_COLOURS[LineStyle.CLEAR] != STYLE_COLOURS[LineStyle.BLOCKED]


def test_template_is_semi_transparent() -> None:
    shape = Overlay(kind=OverlayKind.SHAPE, points=((4, 4), (16, 4), (16, 16), (4, 16)), style=LineStyle.THREAT)
    view = board(overlays=(shape,), show_grid=False)
    image = open_png(render_board(view))
    x, y = board_canvas(view).pt(7, 7)
    pixel = image.getpixel((round(x), round(y)))
    colour = STYLE_COLOURS[LineStyle.THREAT]
    for channel in range(3):  # strictly between the table and the template's colour
        low, high = sorted((TABLE[channel], colour[channel]))
        assert low < pixel[channel] < high


def test_range_ring_is_drawn_at_its_radius() -> None:
    ring = Overlay(kind=OverlayKind.RING, center=(12, 12), radius=6.0)
    view = board(overlays=(ring,), show_grid=False)
    image = open_png(render_board(view))
    canvas = board_canvas(view)
    x, y = canvas.pt(18, 12)
    assert any(close(image.getpixel((round(x) + dx, round(y))), STYLE_COLOURS[LineStyle.NORMAL], 60)
               for dx in range(-2, 3))
    inside = canvas.pt(15, 12)
    assert close(image.getpixel((round(inside[0]), round(inside[1]))), TABLE, 3)


def test_arc_is_a_wedge_counter_clockwise_from_x() -> None:
    arc = Overlay(kind=OverlayKind.ARC, center=(12, 12), radius=6.0, start=45.0, end=135.0)
    view = board(overlays=(arc,), show_grid=False)
    image = open_png(render_board(view))
    canvas = board_canvas(view)
    up = canvas.pt(12, 15)  # straight up (90°) is inside the wedge
    down = canvas.pt(12, 9)
    assert not close(image.getpixel((round(up[0]), round(up[1]))), TABLE, 3)
    assert close(image.getpixel((round(down[0]), round(down[1]))), TABLE, 3)


def test_path_and_its_label_render() -> None:
    path = Overlay(kind=OverlayKind.PATH, points=((2, 2), (6, 8), (10, 10)), label='7.2"')
    view = board(overlays=(path,), show_grid=False)
    canvas = board_canvas(view)
    image = open_png(render_board(view))
    x, y = canvas.pt(4, 5)  # halfway along the first leg
    assert any(close(image.getpixel((round(x) + dx, round(y))), STYLE_COLOURS[LineStyle.NORMAL], 60)
               for dx in range(-2, 3))
