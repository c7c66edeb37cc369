"""The battlefield PNG, checked by its pixels: size, side colours, terrain, grid, facing, crops."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.core.board import TerrainMark, ZoneMark
from renderers import draw_board, render_board
from renderers.board import board_canvas
from renderers.canvas import LONG_SIDE
from renderers.palette import GRID, INK, SIDE_COLOURS, TABLE, TERRAIN_KINDS, terrain_fill
from tests.renderers.conftest import board, close, model, open_png

FOREST = TerrainMark(id="T1", kind="forest", polygon=((2, 14), (10, 14), (10, 20), (2, 20)), height=3.0)
WATER = TerrainMark(id="T2", kind="water", polygon=((14, 2), (20, 2), (20, 8), (14, 8)))


def test_png_is_about_1024_px_on_its_long_side() -> None:
    image = open_png(render_board(board(models=(model("A1", 5, 5),))))
    assert max(image.size) == LONG_SIDE
    assert min(image.size) >= 600


def test_wide_table_keeps_the_long_side() -> None:
    image = open_png(render_board(board(width=48.0, height=24.0, models=(model("A1", 5, 5),))))
    assert image.width == LONG_SIDE
    assert image.height < image.width


def test_base_is_drawn_in_its_sides_colour() -> None:
    view = board(models=(model("A1", 6, 6), model("B1", 18, 18)))
    image = open_png(render_board(view))
    canvas = board_canvas(view)
    for mark, colour in ((view.models[0], SIDE_COLOURS[0]), (view.models[1], SIDE_COLOURS[1])):
        # Just below the id written on the base's centre.
        x, y = canvas.pt(mark.x, mark.y - 0.6 * mark.radius)
        assert close(image.getpixel((round(x), round(y))), colour)


def test_sides_follow_the_order_of_board_sides() -> None:
    view = board(sides=(board().sides[1], board().sides[0]), models=(model("A1", 6, 6),))
    image = open_png(render_board(view))
    x, y = board_canvas(view).pt(6, 6 - 0.6)
    assert close(image.getpixel((round(x), round(y))), SIDE_COLOURS[1])


def test_terrain_is_filled_by_kind() -> None:
    view = board(terrain=(FOREST, WATER), show_grid=False)
    image = open_png(render_board(view))
    canvas = board_canvas(view)
    for point, piece in (((3, 15), FOREST), ((15, 3), WATER)):
        x, y = canvas.pt(*point)
        assert close(image.getpixel((round(x), round(y))), terrain_fill(piece.kind)[0])
    assert terrain_fill("forest") != terrain_fill("water")


def test_distinct_fills_for_every_kind() -> None:
    fills = {terrain_fill(kind)[0] for kind in TERRAIN_KINDS}
    assert len(fills) == 7
    assert terrain_fill("impassable") == terrain_fill("building")
    assert terrain_fill("lava-moat") == terrain_fill("other")


def _darkest_near(image: Image.Image, x: float, y: float, reach: int = 2) -> int:
    """The lowest red value in a short horizontal strip, where a 1 px grid line would show."""
    return min(image.getpixel((round(x) + dx, round(y)))[0] for dx in range(-reach, reach + 1))


@pytest.mark.parametrize("show_grid", [True, False])
def test_grid_follows_show_grid(show_grid: bool) -> None:
    view = board(show_grid=show_grid)
    image = open_png(render_board(view))
    x, y = board_canvas(view).pt(5, 9.5)  # on the 5" line, between the 9" and 10" lines
    darkest = _darkest_near(image, x, y)
    if show_grid:
        assert darkest <= (TABLE[0] + GRID[0]) // 2 + 2
    else:
        assert close((darkest,), (TABLE[0],), 3)


def test_facing_tick_points_counter_clockwise_from_x() -> None:
    view = board(models=(model("A1", 12, 12, facing=90.0),))
    image = open_png(render_board(view))
    canvas = board_canvas(view)
    above = canvas.pt(12, 12 + 1.0)  # the tick crosses the rim straight up the picture (facing +y)
    below = canvas.pt(12, 12 - 1.0)
    assert close(image.getpixel((round(above[0]), round(above[1]) - 2)), INK, 40)
    assert not close(image.getpixel((round(below[0]), round(below[1]) + 3)), INK, 40)


def test_objective_and_deployment_are_drawn() -> None:
    zone = ZoneMark(id="DA", kind="deployment", side=board().sides[0], polygon=((0, 0), (24, 0), (24, 4), (0, 4)))
    objective = ZoneMark(id="O1", kind="objective", polygon=((12, 12),))
    view = board(zones=(zone, objective), show_grid=False)
    image = open_png(render_board(view))
    canvas = board_canvas(view)
    tint = image.getpixel(tuple(round(v) for v in canvas.pt(20, 2)))
    plain = image.getpixel(tuple(round(v) for v in canvas.pt(20, 10)))
    assert close(plain, TABLE, 3)
    assert tint != plain and tint[2] > tint[0]  # blue side A shows through
    assert close(image.getpixel(tuple(round(v) for v in canvas.pt(12, 12))), (250, 250, 250), 8)


def test_crop_draws_only_that_region() -> None:
    view = board(terrain=(FOREST, WATER), models=(model("A1", 12, 12), model("B1", 22, 22)), show_grid=False)
    crop = (6.0, 6.0, 18.0, 18.0)
    canvas = board_canvas(view, crop=crop)
    assert canvas.box == crop
    image = open_png(render_board(view, crop=crop))
    assert max(image.size) == LONG_SIDE
    left, top, right, bottom = canvas.table_rect
    assert right - left == bottom - top  # a square crop stays square
    middle = canvas.pt(12, 12 - 0.6)
    assert close(image.getpixel((round(middle[0]), round(middle[1]))), SIDE_COLOURS[0])
    # The forest's lower-right corner (10", 14") sits in the crop's top-left quarter.
    x, y = canvas.pt(8, 15)
    assert close(image.getpixel((round(x), round(y))), terrain_fill("forest")[0])
    assert (right - left) / 12 > board_canvas(view).scale * 1.5  # zoomed in


def test_crop_partly_off_the_table_is_cut_to_it() -> None:
    assert board_canvas(board(), crop=(-4.0, 20.0, 8.0, 32.0)).box == (0.0, 20.0, 8.0, 24.0)


def test_empty_or_off_table_crop_is_refused() -> None:
    with pytest.raises(ValueError, match="x0 < x1"):
        render_board(board(), crop=(6.0, 6.0, 6.0, 10.0))
    with pytest.raises(ValueError, match="off the"):
        render_board(board(), crop=(30.0, 6.0, 40.0, 10.0))


def test_same_view_gives_the_same_bytes() -> None:
    view = board(terrain=(FOREST,), models=(model("A1", 6, 6, wounds=2, max_wounds=4, tokens=("guard",)),))
    assert render_board(view) == render_board(view)


def test_draw_board_returns_the_picture_render_board_encodes() -> None:
    view = board(models=(model("A1", 6, 6),))
    assert draw_board(view).size == open_png(render_board(view)).size
