"""Shroudfall's terrain cards and scenario cards as data.

A terrain card holds one main piece and its side pieces (L973, L993-1027); each piece has a footprint drawn around
its own origin (it is placed by its centre and a turn), a type (AREA or LINEAR TERRAIN), keywords and the DEF/ARM it
grants. A scenario card names its type, its VP value, its scenario elements (with where they are set up: centres in
inches, the first player's deployment edge along y = 0) and the engine rule that plays it. The book prints one
scenario (L1273-1297); the public list names eight more (S7) whose rules were not found (``known: false``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from engine.schema import Ident, NonNegativeInt, NonNegativeNumber, Point, PositiveNumber, Shaped, Spec, Text
from engine.systems.shroudfall.schema import Colour

__all__ = ["CrystalPlace", "ScenarioCard", "ScenarioElement", "TerrainCard", "TerrainPiece", "TerrainType"]

TerrainType = Literal["area", "linear"]


class TerrainPiece(Shaped):
    """One terrain piece: its footprint around its own origin (inches), type, keywords and DEF/ARM benefit."""

    name: Text
    type: TerrainType
    keywords: tuple[Text, ...] = ()
    defence: int = 0
    armour: int = 0
    height: NonNegativeNumber = 2.0
    """Drawn height only: Shroudfall's sight ignores heights (L679-701)."""

    def has(self, keyword: str) -> bool:
        """Whether the piece carries ``keyword`` (case and a trailing ``(Type)`` ignored)."""
        wanted = keyword.casefold()
        return any(k.casefold().split(" (")[0] == wanted for k in self.keywords)


class TerrainCard(Spec):
    """A terrain card: its name, points (0 for standard terrain, L1003, L1076), the main piece and side pieces."""

    id: Ident
    name: Text
    points: NonNegativeInt = 0
    main: TerrainPiece
    sides: tuple[TerrainPiece, ...] = ()
    version: Text
    source: Text
    assumed: dict[Text, Text] = Field(default_factory=dict)

    @property
    def standard(self) -> bool:
        """Standard terrain costs no points; a card that costs points is special terrain (L1003, L1074-1076)."""
        return self.points == 0

    @property
    def obscuring_main(self) -> bool:
        return self.main.has("OBSCURING")


CrystalPlace = Literal["own-half", "middle", "opponent-half"]


class ScenarioElement(Spec):
    """A kind of scenario element on a card: its base, keywords and where each one is set up (centres, L1112)."""

    name: Text
    base_mm: PositiveNumber
    keywords: tuple[Text, ...] = ()
    at: tuple[Point, ...] = ()
    defence: int | None = None
    armour: int | None = None
    hp: int | None = None


class ScenarioCard(Spec):
    """A scenario card: type, VP value, elements, the engine rule that plays it, crystal colours where it grants
    crystals; ``known: false`` for a scenario known by name only, which a table scores by hand."""

    id: Ident
    name: Text
    known: bool = True
    type: Text | None = None
    vp: NonNegativeInt | None = None
    elements: tuple[ScenarioElement, ...] = ()
    rule: Ident | None = None
    crystals: dict[CrystalPlace, Colour] = Field(default_factory=dict)
    summary: Text
    version: Text
    source: Text
    assumed: dict[Text, Text] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known_has_rules(self) -> ScenarioCard:
        if self.known and (self.vp is None or not self.elements):
            raise PydanticCustomError("scenario", "a known scenario needs its vp and elements (or set known: false)")
        return self
