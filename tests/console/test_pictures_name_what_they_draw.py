"""The board picture names what it draws: an objective's id is never under its own marker, every tinted area is
in the key (what the console's --out saves, as the newcomer sees it)."""

from __future__ import annotations

from engine.core.board import ZoneMark
from renderers.board import board_canvas
from renderers.key import key_entries
from renderers.table import objective_label_at
from tests.renderers.conftest import board

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
