"""The table's commands: models added, placed, moved, wounded, tokened and removed; terrain and maps.

Every game on inches offers them (the moves and the manual overrides a referee never blocks); a game's own
commands stand beside them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core import Command, InvalidCommand, ModelId, SideId, parse_point
from engine.schema import MapPreset
from engine.table.state import Point

__all__ = [
    "TABLE_COMMANDS",
    "AddModel",
    "AddTerrain",
    "ChangeToken",
    "DeployAuto",
    "ImportMap",
    "LoadForce",
    "MoveModel",
    "PlaceModel",
    "RemoveModel",
    "RemoveTerrain",
    "WoundModel",
    "parse_shape",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class AddModel(Command):
    """Add a model; with no ``at`` it takes the next free spot of its side's deployment zone."""

    verb = "model add"
    unit: str
    at: Point | None = None
    side: SideId | None = None
    facing: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LoadForce(Command):
    verb = "force load"
    name: str
    side: SideId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeployAuto(Command):
    """Spread a side's models evenly over its deployment zone, so nobody places ten bases by hand."""

    verb = "deploy auto"
    side: SideId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceModel(Command):
    verb = "model place"
    model: ModelId
    at: Point
    facing: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveModel(Command):
    verb = "move"
    model: ModelId
    to: str
    max_distance: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class WoundModel(Command):
    verb = "model wound"
    model: ModelId
    amount: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeToken(Command):
    verb = "model token"
    model: ModelId
    token: str
    remove: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveModel(Command):
    verb = "model remove"
    model: ModelId


@dataclass(frozen=True, slots=True, kw_only=True)
class AddTerrain(Command):
    verb = "terrain add"
    kind: str
    polygon: tuple[Point, ...]
    height: float | None = None  # a blocking piece left without a height gets its kind's usual height
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveTerrain(Command):
    verb = "terrain remove"
    terrain: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportMap(Command):
    """Lay a map (a preset, or a player's upload already checked by the loader) in place of the current one."""

    verb = "map import"
    preset: MapPreset


TABLE_COMMANDS: tuple[type[Command], ...] = (
    AddModel, LoadForce, DeployAuto, PlaceModel, MoveModel, WoundModel, ChangeToken, RemoveModel, AddTerrain,
    RemoveTerrain, ImportMap,
)


_SHAPES = "rect:x,y,w,h or circle:x,y,r or poly:x,y;x,y;x,y"


def _numbers(text: str, count: int, form: str) -> list[float]:
    try:
        values = [float(v) for v in text.split(",")]
    except ValueError:
        values = []
    if len(values) != count or not all(math.isfinite(v) for v in values):
        raise InvalidCommand(f"{text!r} is not {form} (finite numbers in inches); shapes are {_SHAPES}")
    return values


def parse_shape(text: str) -> tuple[Point, ...]:
    """Turn ``rect:``, ``circle:`` or ``poly:`` into a polygon's corners (a circle as 24 of them)."""
    form, _, rest = text.strip().partition(":")
    if form == "rect":
        x, y, w, h = _numbers(rest, 4, "rect:x,y,w,h")
        if w <= 0 or h <= 0:
            raise InvalidCommand("a rect needs a positive width and height, e.g. rect:10,10,6,4")
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    if form == "circle":
        x, y, r = _numbers(rest, 3, "circle:x,y,r")
        if r <= 0:
            raise InvalidCommand("a circle needs a positive radius, e.g. circle:18,18,3")
        return tuple((round(x + r * math.cos(a * math.pi / 12), 2), round(y + r * math.sin(a * math.pi / 12), 2))
                     for a in range(24))
    if form == "poly":
        corners = tuple(parse_point(corner) for corner in rest.split(";") if corner.strip())
        if len(corners) < 3:
            raise InvalidCommand("a poly needs at least 3 corners, e.g. poly:10,10;14,10;12,14")
        return corners
    raise InvalidCommand(f"{text!r} is not a shape; shapes are {_SHAPES}")
