"""Newcomer finding 29: on a crop whose top edge runs by an objective, its id went above the table drawn, over the
picture's title: it goes below its marker there. The key showed Contested Ground and the Centerline as the same grey
swatch: a thin band across the table is keyed as the line it is drawn as."""

from __future__ import annotations

from engine.core.board import ZoneMark
from renderers.canvas import plan
from renderers.key import key_entries
from renderers.table import objective_label_at
from tests.renderers.conftest import board

_OBJECTIVE = ZoneMark(id="O1", kind="objective", polygon=((12.0, 12.0),))


def test_an_objective_id_stays_on_the_table_drawn_at_a_crops_top_edge() -> None:
    low = plan((6.0, 0.0, 18.0, 12.2), 0, 20)  # the objective 0.2" under the crop's top edge
    _, bottom = objective_label_at(low, _OBJECTIVE)
    marker_y = low.pt(12.0, 12.0)[1]
    assert bottom > marker_y and bottom - 20 >= low.table_rect[1]
    roomy = plan((6.0, 0.0, 18.0, 18.0), 0, 20)
    assert objective_label_at(roomy, _OBJECTIVE)[1] < roomy.pt(12.0, 12.0)[1], "above its marker where there is room"


def test_a_thin_band_is_keyed_as_a_line_and_an_area_as_a_swatch() -> None:
    band = ZoneMark(id="CL", kind="centerline", label="Centerline",
                    polygon=((0.0, 11.96), (24.0, 11.96), (24.0, 12.04), (0.0, 12.04)))
    ground = ZoneMark(id="CG", kind="contested", label="Contested Ground",
                      polygon=((0.0, 8.0), (24.0, 8.0), (24.0, 16.0), (0.0, 16.0)))
    glyphs = {entry.text: entry.glyph for entry in key_entries(board(zones=(ground, band)), (0.0, 0.0, 24.0, 24.0))}
    assert glyphs["Centerline"] == "band" and glyphs["Contested Ground"] == "territory"
