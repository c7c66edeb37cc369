"""The battlefield as one viewer may see it, in generic drawing primitives.

A system's view carries a ``BoardView``; renderers draw only from it, so a new game needs no
renderer code for its own marks (arcs, rings, teardrops are ``Overlay`` shapes). Inches, origin
at the table's bottom-left corner, x to the right, y up.

A board of cells (a hex board) uses the same view: its ``cells`` are given, coordinates are the board's own
units (a hex of circumradius 1) with the same origin and axes, and the picture draws the cells with their ids
instead of an inch grid and rulers. So one renderer entry point draws both kinds of board.
"""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict

from engine.core.audience import Viewer
from engine.core.ids import ModelId, SideId

__all__ = [
    "BoardView",
    "CardMark",
    "CardsView",
    "CellMark",
    "HeaderMark",
    "LineStyle",
    "ModelMark",
    "Overlay",
    "OverlayKind",
    "Point",
    "TerrainMark",
    "ZoneMark",
]

Point = tuple[float, float]


class _Mark(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TerrainMark(_Mark):
    """A terrain piece: ``id`` like ``T3``, ``kind`` like forest or ruin, height in inches."""

    id: str
    kind: str
    polygon: tuple[Point, ...]
    height: float = 0.0
    keywords: tuple[str, ...] = ()


class ZoneMark(_Mark):
    """A deployment zone (with its side) or an objective (``id`` like ``O1``; with a ``side``, the side holding it)."""

    id: str
    kind: str  # "deployment" or "objective"
    polygon: tuple[Point, ...]
    side: SideId | None = None
    label: str | None = None
    key: str | None = None
    """What the key calls an objective where the game knows what it is (``Crystal Mine``); ``None``: an objective."""


class ModelMark(_Mark):
    """A model on its round base; ``facing`` in degrees (0 = +x, counter-clockwise) when tracked;
    ``wounds`` is what the model has left of ``max_wounds``."""

    id: ModelId
    name: str
    side: SideId
    x: float
    y: float
    radius: float
    facing: float | None = None
    wounds: int | None = None
    max_wounds: int | None = None
    tokens: tuple[str, ...] = ()
    states: tuple[str, ...] = ()
    cell: str | None = None
    """On a board of cells, the id of the cell the model stands in (``C4``)."""
    out: bool = False
    """Taken out of the game: the roster lists it as out and a marker stays where it fell (``x``, ``y``)."""
    hidden: bool = False
    """A token standing for a model its viewer may not see yet (Eldfall's Shrouded token): ``name`` says what it
    is, the key explains it."""


class CellMark(_Mark):
    """One cell of a board of cells: its ``id`` as players type it (``C4``), its outline, its kinds
    (``blocked``, ``lethal``, ``starting``, ...; a game's own words, unknown kinds are drawn plain), whose
    territory it is, and a token lying in it (``token`` is its label; a face-down token shows no number)."""

    id: str
    polygon: tuple[Point, ...]
    kinds: tuple[str, ...] = ()
    owner: SideId | None = None
    token: str | None = None
    token_face_up: bool = True


class OverlayKind(Enum):
    PATH = "path"  # a movement path through ``points``; ``label`` carries the distance
    SIGHT = "sight"  # a sight line between two points, clear or blocked
    RING = "ring"  # a range ring of ``radius`` around ``center``
    SHAPE = "shape"  # a template or area: a closed polygon through ``points`` (cones, teardrops)
    ARC = "arc"  # a facing arc: ``center``, ``radius``, from ``start`` to ``end`` degrees


class LineStyle(Enum):
    """Told apart by dash pattern as well as colour, for colour-blind players."""

    NORMAL = "normal"
    CLEAR = "clear"
    BLOCKED = "blocked"
    THREAT = "threat"


class Overlay(_Mark):
    kind: OverlayKind
    points: tuple[Point, ...] = ()
    center: Point | None = None
    radius: float | None = None
    start: float | None = None
    end: float | None = None
    style: LineStyle = LineStyle.NORMAL
    label: str | None = None
    key: str | None = None
    """What the key (and the alt text) calls this mark where the game knows better than its kind and style can say
    (``a hex A1 can move to``); ``None``: the key's generic words."""


class HeaderMark(_Mark):
    """The state of the game over a picture, from the core's flow record and the game's scores: the round, the
    phase, whose turn it is, who is deciding, the score (``score_name`` says what points are called) and the counts a
    game keeps (``activations left: A 2, B 3``); ``result`` once the game is over."""

    round: int = 0
    phase: str = ""
    step: str = ""
    acting: SideId | None = None
    deciding: tuple[SideId, ...] = ()
    scores: tuple[tuple[SideId, int], ...] = ()
    score_name: str = ""
    counts: tuple[str, ...] = ()
    result: str = ""

    def flow(self) -> list[str]:
        """Where the game stands, in the words ``/status`` uses too (so the two never disagree): ``round 2``,
        ``action phase``, ``power step``, ``side A to act``, ``B deciding``; what is not known is left out."""
        parts = [f"round {self.round}"] if self.round else []
        parts += [words for words in (self.phase, self.step) if words]
        parts += [f"side {self.acting} to act"] if self.acting else []
        parts += [f"{', '.join(self.deciding)} deciding"] if self.deciding else []
        return parts

    def line(self) -> str:
        """The header as one line: ``Round 2 | action phase | side A to act | B deciding | glory A 3, B 1``."""
        parts = [f"Game over: {self.result}"] if self.result else self.flow()
        if self.score_name and self.scores:
            parts.append(f"{self.score_name} " + ", ".join(f"{side} {points}" for side, points in self.scores))
        if not self.result:
            parts += list(self.counts)
        line = " | ".join(parts)
        return line[:1].upper() + line[1:]


class BoardView(_Mark):
    """Everything a picture of the table shows to ``viewer``; ``header`` is the state of the game over it."""

    viewer: Viewer
    title: str
    width: float
    height: float
    show_grid: bool = True
    sides: tuple[SideId, ...]
    terrain: tuple[TerrainMark, ...] = ()
    zones: tuple[ZoneMark, ...] = ()
    models: tuple[ModelMark, ...] = ()
    overlays: tuple[Overlay, ...] = ()
    cells: tuple[CellMark, ...] = ()
    """When given, this is a board of cells: drawn cell by cell with their ids, no inch grid or rulers."""
    header: HeaderMark | None = None


class CardMark(_Mark):
    """One card in a picture of cards: its name, a type line (``ploy``, ``objective, 2 glory``), its text in the
    game's own words, and a value for its corner (a cost, glory)."""

    title: str
    kind: str = ""
    text: str = ""
    corner: str = ""


class CardsView(_Mark):
    """A picture of some cards for one viewer (a hand, shown to its owner alone): any card game's, drawn by
    ``renderers.render_cards``."""

    viewer: Viewer
    title: str
    cards: tuple[CardMark, ...]
