"""A picture tells the state of the game and reads on a phone (400 px wide): its header, a key of every symbol drawn,
a roster of every model (taken-out ones marked, a marker where they fell), crop titles that say what they show, and
every word at least 9 px and every facing arc's rim at least 3 px once scaled to 400 px."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from engine.core.board import BoardView, HeaderMark, LineStyle, Overlay, OverlayKind, TerrainMark, ZoneMark
from engine.hex.view import Token, path_overlay, sight_overlay
from renderers import draw_board, render_board
from renderers.board import board_canvas, clear_cache
from renderers.canvas import LONG_SIDE
from renderers.fonts import MIN_PHONE_PX, PHONE_WIDTH
from renderers.frame import frame_of
from renderers.key import key_entries
from renderers.models import FALLEN
from tests.renderers.conftest import A, B, board, close, model, open_png
from tests.renderers.test_cells import fighter, view

HEADER = HeaderMark(round=2, phase="action phase", acting=A, deciding=(B,), scores=((A, 3), (B, 1)),
                    score_name="glory", counts=("activations left A 2, B 3",))


def inch_board() -> BoardView:
    """An inch table with everything a game draws: terrain, zones, objectives, every overlay, facing, wounds,
    tokens, a model taken out and one hidden."""
    return board(
        title="Skirmish", header=HEADER,
        terrain=(TerrainMark(id="T1", kind="ruin", polygon=((10, 10), (14, 10), (14, 14), (10, 14)), height=3),),
        zones=(ZoneMark(id="DA", kind="deployment", side=A, polygon=((0, 0), (24, 0), (24, 4), (0, 4))),
               ZoneMark(id="O1", kind="objective", polygon=((12, 18),))),
        models=(model("A1", 4, 6, radius=0.5, facing=90, wounds=2, max_wounds=3, tokens=("guard", "charge")),
                model("A2", 20, 6, radius=0.5, facing=90, wounds=1, max_wounds=2),
                model("B1", 8, 20, radius=0.5, facing=270, wounds=0, max_wounds=2, out=True),
                model("B2", 16, 20, radius=0.5, name="Shrouded token", hidden=True)),
        overlays=(Overlay(kind=OverlayKind.PATH, points=((4, 6), (6, 10)), label='4.5"'),
                  Overlay(kind=OverlayKind.SIGHT, points=((6, 10), (8, 20)), style=LineStyle.CLEAR, label="clear"),
                  Overlay(kind=OverlayKind.SIGHT, points=((6, 10), (16, 20)), style=LineStyle.BLOCKED),
                  Overlay(kind=OverlayKind.RING, center=(6, 10), radius=6.0, style=LineStyle.THREAT),
                  Overlay(kind=OverlayKind.ARC, center=(20, 6), radius=0.85, start=45, end=135)))


def hex_picture() -> BoardView:
    """A board of cells mid-game: territories, starting and lethal hexes, tokens face up and down, a move and an
    attack whose target was taken out (the line still reaches where it fell)."""
    board_view, hexes, frame = view(tokens={"C3": Token("2"), "E5": Token("?", face_up=False)})
    models = (fighter(hexes, frame, "A1", A, "B2", wounds=3, max_wounds=4, tokens=("move",)),
              fighter(hexes, frame, "B1", B, "C4", wounds=0, max_wounds=2, out=True))
    path = path_overlay(hexes, frame, [hexes.hex_of(h) for h in ("A2", "B2")])
    line = sight_overlay(frame, hexes.hex_of("B2"), hexes.hex_of("C4"), label="A1 attacks B1: 2 hammer vs -: "
                                                                              "succeeds")
    return board_view.model_copy(update={"header": HEADER, "models": models, "overlays": (path, line)})


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float, float]]]:
    """Every word and arc drawn, as (what, size in px, the width of the picture it is drawn for): words rendered
    once and pasted after (``renderers.fonts.stamp``) are drawn for a picture ``LONG_SIDE`` wide, shapes on the
    supersampled layer for one ``SS`` times wider."""
    seen: list[tuple[str, float, float]] = []
    text, arc = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.arc
    clear_cache()  # every stamp is made again, so every word is seen

    def record_text(self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kwargs: Any) -> None:
        face = kwargs.get("font")
        if words:
            seen.append((f"text {words!r}", float(getattr(face, "size", 0)), float(max(self.im.size[0], LONG_SIDE))))
        text(self, xy, words, *args, **kwargs)

    def record_arc(self: ImageDraw.ImageDraw, xy: Any, start: float, end: float, *args: Any, **kwargs: Any) -> None:
        seen.append(("arc", float(kwargs.get("width", 1)), float(self.im.size[0])))
        arc(self, xy, start, end, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record_text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "arc", record_arc)
    yield seen


@pytest.mark.parametrize("picture", [inch_board, hex_picture], ids=["inches", "cells"])
@pytest.mark.parametrize("crop", [None, (2.0, 2.0, 14.0, 14.0)])
def test_every_word_reads_at_9_px_and_every_arc_at_3_px_on_a_400_px_phone(
        drawn: list[tuple[str, float, float]], picture: Any, crop: tuple[float, float, float, float] | None) -> None:
    image = draw_board(picture(), crop=crop)
    words = [(what, size * PHONE_WIDTH / width) for what, size, width in drawn if what != "arc"]
    assert len(words) > 20 and image.width == 1024
    small = [(what, round(px, 1)) for what, px in words if px < MIN_PHONE_PX]
    assert not small, f"too small on a phone: {small[:5]}"
    arcs = [size * PHONE_WIDTH / width for what, size, width in drawn if what == "arc"]
    if picture is inch_board:
        assert arcs and min(arcs) >= 3, "a facing arc's rim is at least 3 px wide on a phone"


def test_the_header_says_round_phase_turn_decisions_score_and_counts(drawn: list[tuple[str, float, float]]) -> None:
    draw_board(inch_board())
    header = [what for what, _, _ in drawn if "Round 2" in what]
    assert header and all(part in " ".join(header) for part in (
        "action phase", "side A to act", "B deciding", "glory A 3, B 1", "activations left A 2, B 3"))
    over = HeaderMark(round=3, result="A wins", scores=((A, 5), (B, 3)), score_name="glory")
    assert over.line() == "Game over: A wins | glory A 5, B 3"


def test_the_key_names_every_symbol_drawn_and_nothing_else() -> None:
    inches = {entry.text for entry in key_entries(inch_board(), (0.0, 0.0, 24.0, 24.0))}
    assert {"side A's deployment zone", "objective (its id above it)", "the move, and how far",
            "line of sight or attack, clear", "line of sight, blocked", "range", "facing arc: the front a model sees",
            "model: its tick points the way it faces", "wounds left", "tokens: C charge, G guard",
            "taken out: where it fell", "Shrouded token: a model you cannot see yet"} <= inches
    cells = {entry.text for entry in key_entries(hex_picture(), (0.0, 0.0, 99.0, 99.0))}
    assert {"starting hex", "lethal hex", "blocked hex", "side A's territory", "side B's territory",
            "objective token (its number in a disc on it)", "objective token, face down", "tokens: M move"} <= cells
    plain = board(models=(model("A1", 5, 5),))
    assert [entry.text for entry in key_entries(plain, (0.0, 0.0, 24.0, 24.0))] == []


def test_the_roster_lists_every_model_and_a_taken_out_one_leaves_a_cross_where_it_fell() -> None:
    picture = inch_board()
    crop = (2.0, 2.0, 12.0, 12.0)  # neither B1 nor B2 is in it
    frame = frame_of(picture, crop, True)
    assert [row.model.id for row in frame.roster if row.model] == ["A1", "A2", "B1", "B2"]
    canvas = board_canvas(picture)
    image = open_png(render_board(picture))
    x, y = canvas.pt(8, 20)
    assert any(close(image.getpixel((round(x) + d, round(y) + d)), FALLEN, 30) for d in range(-3, 4))


@pytest.mark.parametrize(("crop", "title"), [
    ((2.0, 2.0, 14.0, 14.0), "Skirmish: around A1"),
    ((12.0, 16.0, 20.0, 24.0), "Skirmish: around B2"),
    ((14.0, 0.0, 24.0, 12.0), "Skirmish: around A2"),
])
def test_a_crop_title_says_what_it_shows(crop: tuple[float, float, float, float], title: str) -> None:
    picture = inch_board().model_copy(update={"overlays": ()}) if crop[0] >= 12.0 else inch_board()
    assert frame_of(picture, crop, True).title == title


def test_a_crop_about_a_move_and_a_shot_names_both_ends() -> None:
    picture = board(title="Skirmish", models=(model("A1", 4, 6), model("B1", 8, 20)),
                    overlays=(Overlay(kind=OverlayKind.SIGHT, points=((4, 6), (8, 20))),))
    assert frame_of(picture, (0.0, 0.0, 14.0, 24.0), True).title == "Skirmish: around A1 and B1"
