"""The Underworlds battlefield picture: two core boards, fighters with wounds and tokens, tokens up and down."""

from __future__ import annotations

from engine.core.audience import Viewer
from engine.core.ids import SideId
from engine.systems.underworlds.battle import Battle, FighterState, ObjectiveToken
from engine.systems.underworlds.boards import battlefield, parse_layout
from engine.systems.underworlds.picture import FighterLabel, battle_view
from renderers import describe_board, render_board
from renderers.board import board_canvas
from renderers.cells import TOKEN_DOWN
from renderers.palette import SIDE_COLOURS
from tests.engine.systems.underworlds.loader import shipped
from tests.renderers.conftest import close, open_png

DATA = shipped()
LABELS = {"garrek": FighterLabel("G", "Garrek Gorebeard", 4), "severin": FighterLabel("S", "Severin Steelheart", 4)}


def scene(face_up: bool = True, number: int = 3) -> Battle:
    board = battlefield(DATA.board("mirror-well"), DATA.board("shyishian-stardial"), parse_layout("long+0"),
                        ("A", "B")).board
    return Battle(board=board, sides=("A", "B"), fighters=(
        FighterState("garrek", "garrek-gorebeard", "A", board.hex_of("C5"), leader=True, wounds=2, moved=True),
        FighterState("severin", "severin-steelheart", "B", board.hex_of("C6"), leader=True, guard=True,
                     inspired=True),
    ), objectives=(ObjectiveToken(number, board.hex_of("F6"), face_up),))


def test_the_view_shows_fighters_tokens_path_and_attack() -> None:
    battle = scene()
    path = [battle.board.hex_of(c) for c in ("B2", "B3", "C4", "C5")]
    view = battle_view(battle, Viewer.of_side(SideId("A")), LABELS, title="Round 1", path=path,
                       attack=("garrek", "severin"))
    text = describe_board(view)
    assert "- G Garrek Gorebeard, in C5, wounds 2/4, move" in text
    assert "- S Severin Steelheart, in C6, wounds 4/4, inspired, guard" in text
    assert "Tokens: 3 in F6." in text
    assert "movement path B2 > B3 > C4 > C5: 3 hexes to C5" in text and "G attacks S" in text
    image = open_png(render_board(view))
    canvas = board_canvas(view)
    for model, colour in zip(view.models, SIDE_COLOURS[:2], strict=False):
        x, y = canvas.pt(model.x, model.y - 0.35)
        assert close(image.getpixel((round(x), round(y))), colour)


def test_a_face_down_token_looks_the_same_whatever_its_number() -> None:
    views = [battle_view(scene(face_up=False, number=n), Viewer.of_side(SideId("B")), LABELS, title="Placing")
             for n in (1, 4)]
    assert render_board(views[0]) == render_board(views[1])
    assert "face down in F6" in describe_board(views[0])
    image = open_png(render_board(views[0]))
    cell = next(c for c in views[0].cells if c.id == "F6")
    centre = board_canvas(views[0]).pt(sum(p[0] for p in cell.polygon) / 6, sum(p[1] for p in cell.polygon) / 6)
    assert close(image.getpixel((round(centre[0]), round(centre[1]))), TOKEN_DOWN)
