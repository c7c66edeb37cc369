"""Words: label sizes that survive Discord's shrinking, the legend, and the plain-text description."""

from __future__ import annotations

from engine.core.board import LineStyle, Overlay, OverlayKind, TerrainMark, ZoneMark
from renderers import describe_board, render_board
from renderers.fonts import LABEL, LEGEND, TITLE, text_height
from renderers.labels import TAG
from renderers.legend import legend_rows, model_summary, wounds_text
from tests.renderers.conftest import board, model, open_png


def test_every_label_size_is_at_least_14_px_tall() -> None:
    for size in (LABEL, TAG, LEGEND, TITLE):
        assert text_height(size) >= 14, size


def test_the_roster_lists_every_model_by_side_whatever_the_crop() -> None:
    view = board(models=(model("B1", 20, 20), model("A1", 2, 2), model("A2", 4, 4)))
    rows = legend_rows(view)
    assert [(r.side, r.model.id if r.model else None) for r in rows] == [
        ("A", None), ("A", "A1"), ("A", "A2"), ("B", None), ("B", "B1")]


def test_wounds_and_states_read_plainly() -> None:
    mark = model("A1", 2, 2, wounds=2, max_wounds=5, states=("engaged",), tokens=("guard",))
    assert wounds_text(mark) == "2/5"
    assert wounds_text(model("A2", 2, 2)) == ""
    assert model_summary(mark) == "Model A1 (engaged, guard)"


def test_many_models_still_render() -> None:
    models = tuple(model(f"{side}{i}", 1 + i % 20, 2 + i // 20 + (12 if side == "B" else 0), radius=0.5)
                   for side in "AB" for i in range(40))
    image = open_png(render_board(board(models=models)))
    assert max(image.size) == 1024


def test_describe_board_mentions_everything() -> None:
    terrain = (TerrainMark(id="T1", kind="forest", polygon=((2, 2), (6, 2), (6, 6)), height=3.0),
               TerrainMark(id="T2", kind="wall", polygon=((10, 10), (14, 10), (14, 10.5), (10, 10.5))),
               TerrainMark(id="T3", kind="rocks", polygon=((16, 2), (18, 2), (18, 4))))
    zones = (ZoneMark(id="O1", kind="objective", polygon=((12, 12),)),
             ZoneMark(id="DA", kind="deployment", side=board().sides[0], polygon=((0, 0), (24, 0), (24, 4))))
    overlays = (Overlay(kind=OverlayKind.SIGHT, points=((2, 2), (20, 20)), style=LineStyle.BLOCKED),
                Overlay(kind=OverlayKind.RING, center=(2, 2), radius=12.0, label='12"'))
    models = (model("A1", 2.5, 3.25, wounds=3, max_wounds=4, facing=90.0), model("B1", 20, 20, tokens=("stagger",)))
    text = describe_board(board(terrain=terrain, zones=zones, overlays=overlays, models=models))
    # A kind the renderer has no fill of its own for is still named as the game names it.
    for expected in ("T1 forest", "T2 wall", "T3 rocks", '3" high', "O1", "A1", "B1", "(2.5, 3.2)", "wounds 3/4",
                     "stagger", "facing 90°", "sight line (blocked)", 'range ring of 12"', 'Table 24" by 24"'):
        assert expected in text, expected
