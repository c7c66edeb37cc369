"""A hex board as drawing primitives for ``BoardView``: cells, centres, a move path, an attack line.

``HexFrame`` places a board in view units (hex circumradius 1, origin at the bottom-left of the hexes' outline,
y up, as every ``BoardView`` has it), so a game builds its marks with the same transform the cells use.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine.core.board import CellMark, LineStyle, Overlay, OverlayKind, Point
from engine.core.ids import SideId
from engine.hex.board import HexBoard
from engine.hex.coords import Hex
from engine.hex.shapes import board_centre, board_corners

__all__ = ["MARGIN", "HexFrame", "Token", "cell_marks", "path_overlay", "sight_overlay"]

MARGIN = 0.25
"""View units of empty table kept around the outermost hex outlines."""


@dataclass(frozen=True, slots=True)
class Token:
    """A token lying in a hex: its label (an objective's number) and whether it lies face up."""

    label: str
    face_up: bool = True


@dataclass(frozen=True, slots=True)
class HexFrame:
    """The transform from a board's hexes to view units, and the view's width and height."""

    left: float
    top: float
    width: float
    height: float

    @classmethod
    def of(cls, board: HexBoard) -> HexFrame:
        """Fit a frame round every hex of ``board``, with ``MARGIN`` to spare.

        :raises ValueError: for a board without hexes.
        """
        return _frame_of(board)

    def point(self, x: float, y: float) -> Point:
        """Return a board-unit point (y down the rows) in view units (y up)."""
        return (round(x - self.left, 4), round(self.height - (y - self.top), 4))

    def centre(self, h: Hex) -> Point:
        """Return the centre of ``h`` in view units."""
        return self.point(*board_centre(h))

    def outline(self, h: Hex) -> tuple[Point, ...]:
        """Return the corners of ``h`` in view units (worked out once per frame and hex: every picture of a
        board draws the same outlines, a token placed or a fighter moved changes none)."""
        return _outline(self, h)


@functools.lru_cache(maxsize=64)
def _frame_of(board: HexBoard) -> HexFrame:
    """The frame of a board, worked out once per board (every picture of a game asks it again)."""
    corners = [p for h in board.hexes for p in board_corners(h)]
    if not corners:
        raise ValueError("cannot frame a board with no hexes")
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    return HexFrame(left, top, max(xs) + MARGIN - left, max(ys) + MARGIN - top)


@functools.lru_cache(maxsize=8192)
def _outline(frame: HexFrame, h: Hex) -> tuple[Point, ...]:
    return tuple(frame.point(x, y) for x, y in board_corners(h))


def cell_marks(board: HexBoard, frame: HexFrame, *, owner: Callable[[str | None], SideId | None] = lambda _: None,
               tokens: Mapping[Hex, Token] | None = None) -> tuple[CellMark, ...]:
    """Return one mark per hex: id, outline, kinds (sorted), owner (from the hex's region), token.

    ``owner`` maps a region to the side whose territory it is (``None``: nobody's). A face-down token is passed
    on with the label ``?`` whatever its ``label`` says, so a view can never leak the hidden number.
    """
    owners = frozenset((region, owner(region)) for region in _regions(board))
    return _cell_marks(board, frame, owners, frozenset((tokens or {}).items()))


@functools.lru_cache(maxsize=64)
def _regions(board: HexBoard) -> frozenset[str | None]:
    return frozenset(cell.region for cell in board.cells)


@functools.lru_cache(maxsize=256)
def _cell_marks(board: HexBoard, frame: HexFrame, owners: frozenset[tuple[str | None, SideId | None]],
                tokens: frozenset[tuple[Hex, Token]]) -> tuple[CellMark, ...]:
    """The marks for one board, frame, owner of each region and tokens, built once (marks are frozen): every
    picture of a game, and every step of the history an end card reads, draws the same cells."""
    owner_of, token_at = dict(owners), dict(tokens)
    marks = []
    for cell in board.cells:
        token = token_at.get(cell.hex)
        marks.append(CellMark(
            id=board.id_of(cell.hex), polygon=frame.outline(cell.hex), kinds=tuple(sorted(cell.kinds)),
            owner=owner_of[cell.region],
            token=None if token is None else (token.label if token.face_up else "?"),
            token_face_up=True if token is None else token.face_up,
        ))
    return tuple(marks)


def path_overlay(board: HexBoard, frame: HexFrame, path: Sequence[Hex]) -> Overlay:
    """Return a move path through the centres of ``path`` labelled with its steps (``3 hexes``)."""
    steps = len(path) - 1
    return Overlay(kind=OverlayKind.PATH, points=tuple(frame.centre(h) for h in path),
                   label=f"{steps} hex{'es' if steps != 1 else ''} to {board.id_of(path[-1])}")


def sight_overlay(frame: HexFrame, viewer: Hex, target: Hex, *, clear: bool = True,
                  label: str | None = None) -> Overlay:
    """Return an attack or sight line between two hex centres, drawn clear or blocked."""
    return Overlay(kind=OverlayKind.SIGHT, points=(frame.centre(viewer), frame.centre(target)),
                   style=LineStyle.CLEAR if clear else LineStyle.BLOCKED, label=label)
