"""Terrain names stay readable: never written over an objective's marker or id ("T3 ruiO4" on the Ruined Village map,
a newcomer finding), nor over another piece's name, and the model labels keep clear of them all."""

from __future__ import annotations

from engine.core.board import TerrainMark, ZoneMark
from renderers.board import board_canvas
from renderers.labels import place_labels
from renderers.terrain_labels import objective_boxes, terrain_labels
from tests.renderers.conftest import board, model

RUIN = TerrainMark(id="T3", kind="ruin", height=3.0, polygon=((4.0, 21.0), (6.0, 21.0), (6.0, 25.0), (10.0, 25.0),
                                                              (10.0, 27.0), (4.0, 27.0)))
FENCES = tuple(TerrainMark(id=f"T{n}", kind="fence", height=1.0, polygon=((x - 2, 18.0), (x + 2, 18.0)))
               for n, x in ((7, 15.0), (8, 21.0)))
OBJECTIVES = (ZoneMark(id="O4", kind="objective", polygon=((7.0, 23.0),)),
              ZoneMark(id="O1", kind="objective", polygon=((18.0, 18.0),)))


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def test_a_terrain_name_moves_off_the_objective_at_its_centre_and_off_other_names() -> None:
    view = board(width=36.0, height=36.0, terrain=(RUIN, *FENCES), zones=OBJECTIVES)
    canvas = board_canvas(view)
    labels = terrain_labels(view, canvas)
    assert [label.text for label in labels] == ['T3 ruin 3"', 'T7 fence 1"', 'T8 fence 1"']
    for label in labels:
        assert not [box for box in objective_boxes(view, canvas) if _overlaps(label.box, box)], label.text
    assert not _overlaps(labels[1].box, labels[2].box)


def test_a_model_label_keeps_clear_of_terrain_names_and_objective_ids() -> None:
    view = board(width=36.0, height=36.0, terrain=(RUIN,), zones=OBJECTIVES, models=(model("A1", 7.0, 25.6,
                                                                                           radius=0.5, wounds=3),))
    canvas = board_canvas(view)
    avoid = [label.box for label in terrain_labels(view, canvas)] + objective_boxes(view, canvas)
    (placed,) = place_labels(view, canvas, avoid)
    assert placed.tag is not None and not [box for box in avoid if _overlaps(placed.tag, box)]


def test_a_piece_a_crop_cuts_keeps_its_whole_name_and_one_it_leaves_out_has_none() -> None:
    view = board(width=36.0, height=36.0, terrain=(RUIN, *FENCES), zones=OBJECTIVES)
    canvas = board_canvas(view, crop=(8.0, 12.0, 20.0, 24.0))  # half the ruin, the fences, none of T8's end
    labels = {label.text: label.box for label in terrain_labels(view, canvas)}
    left, top, right, bottom = canvas.table_rect
    assert set(labels) == {'T3 ruin 3"', 'T7 fence 1"', 'T8 fence 1"'}
    assert all(left - 0.01 <= box[0] and box[2] <= right + 0.01 and top - 0.01 <= box[1] and box[3] <= bottom + 0.01
               for box in labels.values())
    far = board_canvas(view, crop=(24.0, 0.0, 36.0, 12.0))
    assert not terrain_labels(view, far), "no piece lies in that corner"
