"""The board picture names what it draws: an objective's id is never under its own marker, every tinted area is
in the key (what the console's --out saves, as the newcomer sees it)."""

from __future__ import annotations

from engine.core.board import Overlay, OverlayKind, ZoneMark
from engine.core.ids import SideId
from renderers.board import board_canvas
from renderers.crop import action_crop
from renderers.frame import frame_of
from renderers.key import key_entries
from renderers.legend import legend_rows
from renderers.table import objective_label_at
from tests.renderers.conftest import board, model

# A Sunshard objective: a 40 mm base drawn as its outline, wider than the point marker.
BASE = ZoneMark(id="O1", kind="objective", polygon=((11.2, 11.2), (12.8, 11.2), (12.8, 12.8), (11.2, 12.8)))
CONTESTED = ZoneMark(id="CG", kind="contested", label="Contested Ground",
                     polygon=((0, 8), (24, 8), (24, 16), (0, 16)))


def test_an_objectives_id_sits_above_its_whole_outline() -> None:
    view = board(zones=(BASE,))
    canvas = board_canvas(view)
    top = canvas.pt(12, 12.8)[1]
    assert objective_label_at(canvas, BASE)[1] < top


def test_a_tinted_zone_of_no_side_is_in_the_key_by_its_name() -> None:
    view = board(zones=(CONTESTED,))
    assert "Contested Ground" in [entry.text for entry in key_entries(view, board_canvas(view).box)]


def test_in_a_roster_too_long_for_beside_the_table_a_unit_of_alike_models_takes_one_row() -> None:
    phalanx = tuple(model(f"A{i}", i, 2, name="Phalanx") for i in range(16, 21))
    rows = legend_rows(board(models=(model("A15", 1, 1, name="Blade Wardens"), *phalanx,
                                     model("A21", 9, 9, name="Phalanx", wounds=1, max_wounds=2))), runs=True)
    assert [row.ids for row in rows] == ["", "A15", "A16-A20", "A21"]


def test_a_roster_that_fits_beside_the_table_keeps_a_row_per_model() -> None:
    view = board(models=tuple(model(f"A{i}", i, 2, name="Hound") for i in range(1, 4)))
    assert [row.ids for row in frame_of(view, board_canvas(view).box, False).roster] == ["", "A1", "A2", "A3"]
    army = board(models=tuple(model(f"A{i}", i % 20, 2, name="Phalanx") for i in range(1, 41)))
    assert [row.ids for row in frame_of(army, board_canvas(army).box, False).roster] == ["", "A1-A40"]


def test_a_picture_cropped_to_a_move_shows_the_models_of_the_side_asked_to_react() -> None:
    path = Overlay(kind=OverlayKind.PATH, points=((30, 24), (29, 17)))
    view = board(width=36.0, height=36.0, overlays=(path,),
                 models=(model("B3", 29, 17), model("A1", 6, 7), model("A3", 30, 7)))
    x0, y0, x1, y1 = action_crop(view, {SideId("A")})
    assert x0 <= 6 and y0 <= 7 and x1 >= 30 and y1 >= 24
    assert action_crop(view)[0] > 6  # the move alone: cropped to it
