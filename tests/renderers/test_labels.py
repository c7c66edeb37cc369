"""Model labels read on a phone: the ~1024 px picture shown 400 px wide. Ids and wound badges are big enough there,
beside a base too small to hold them, never over another model or another label, and inside the map."""

from __future__ import annotations

import math

import pytest

from engine.core.board import BoardView
from renderers import draw_board
from renderers.board import board_canvas
from renderers.canvas import Canvas
from renderers.fonts import font
from renderers.labels import MIN_PHONE_CAP, PHONE_WIDTH, TAG, PlacedLabel, place_labels
from tests.renderers.conftest import board, model

SMALL = 0.4921  # inches: the radius of a 25 mm base


def crowded(width: float = 36.0) -> BoardView:
    """Two warbands of ten on 25 mm bases in 2" coherency, face to face 3" apart, every one wounded and some
    with tokens, on a 36" table."""
    models = []
    for side, y in (("A", 16.0), ("B", 19.0)):
        for index in range(10):
            x, row = 9.0 + 2.0 * (index % 5), y + (1.5 if index >= 5 else 0.0) * (1 if side == "B" else -1)
            models.append(model(f"{side}{index + 1}", x + (0.5 if index >= 5 else 0.0), row, radius=SMALL,
                                wounds=index % 4 + 1, tokens=("stunned",) if index % 3 == 0 else ()))
    return board(width=width, height=width, models=tuple(models))


def _rect_hits_circle(rect: tuple[float, float, float, float], cx: float, cy: float, r: float) -> bool:
    nx, ny = min(max(cx, rect[0]), rect[2]), min(max(cy, rect[1]), rect[3])
    return math.hypot(nx - cx, ny - cy) < r


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def _check(view: BoardView, canvas: Canvas, labels: list[PlacedLabel]) -> None:
    phone = PHONE_WIDTH / canvas.size[0]
    cap = font(TAG).getbbox("A1", anchor="ls")
    assert (cap[3] - cap[1]) * phone >= MIN_PHONE_CAP, "a capital is too short to read on a phone"
    bases = {m.id: (*canvas.pt(m.x, m.y), max(canvas.length(m.radius), 9)) for m in view.models}
    left, top, right, bottom = canvas.table_rect
    boxes = [(label.model_id, chip.box) for label in labels for chip in label.chips
             if not (label.on_base and chip.kind == "id")]
    for model_id, box in boxes:
        assert left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom, f"{model_id} off the map"
        for other, (cx, cy, r) in bases.items():
            assert not _rect_hits_circle(box, cx, cy, r), f"the label of {model_id} covers {other}"
    for index, (first, a) in enumerate(boxes):
        for second, b in boxes[index + 1:]:
            assert first == second or not _overlaps(a, b), f"the labels of {first} and {second} overlap"


def test_a_crowded_board_of_small_bases_is_labelled_legibly_and_without_overlaps() -> None:
    view = crowded()
    canvas = board_canvas(view)
    labels = place_labels(view, canvas)
    assert {label.model_id for label in labels} == {m.id for m in view.models}
    assert not any(label.on_base for label in labels), "a 25 mm base cannot hold a legible id: it goes beside"
    assert all({chip.kind for chip in label.chips} >= {"id", "wounds"} for label in labels)
    _check(view, canvas, labels)


def test_a_zoomed_base_holds_its_own_id_and_its_badges_go_beside() -> None:
    view = crowded()
    canvas = board_canvas(view, crop=(8.0, 14.0, 14.0, 20.0))
    labels = place_labels(view, canvas)
    assert any(label.on_base for label in labels)
    _check(view, canvas, labels)


@pytest.mark.parametrize("crop", [(10.0, 15.0, 16.0, 21.0), (0.0, 0.0, 11.6, 36.0), (8.8, 12.0, 30.0, 17.0)])
def test_labels_of_models_cut_by_a_crop_stay_inside_the_map(crop: tuple[float, float, float, float]) -> None:
    view = crowded()
    canvas = board_canvas(view, crop=crop)
    labels = place_labels(view, canvas)
    assert labels
    _check(view, canvas, labels)
    draw_board(view, crop=crop)  # and the picture is drawn with them
