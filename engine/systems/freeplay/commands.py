"""Freeplay commands, and how a front-end's options become one."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import Command, InvalidCommand, ModelId, OptionValue, SideId, parse_point
from engine.schema import MapPreset
from engine.systems.freeplay.state import Point

__all__ = [
    "FREEPLAY_COMMANDS",
    "AddCard",
    "AddModel",
    "AddNote",
    "AddTerrain",
    "Ask",
    "ChangeToken",
    "DeployAuto",
    "ImportMap",
    "LoadForce",
    "MoveModel",
    "NextRound",
    "PassTurn",
    "PlaceModel",
    "PlayCard",
    "RemoveModel",
    "RemoveTerrain",
    "WoundModel",
    "parse_freeplay",
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
    height: float = 0.0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveTerrain(Command):
    verb = "terrain remove"
    terrain: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NextRound(Command):
    verb = "round next"


@dataclass(frozen=True, slots=True, kw_only=True)
class PassTurn(Command):
    verb = "round turn"
    side: SideId


@dataclass(frozen=True, slots=True, kw_only=True)
class AddNote(Command):
    verb = "note"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCard(Command):
    verb = "hand add"
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayCard(Command):
    verb = "hand play"
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Ask(Command):
    """Pose a choice to another side: freeplay knows no rules, so the opponent picks what rules leave to them
    (which model takes the hit, whether each model holds or flees). One part per model, or one in all."""

    verb = "ask"
    side: SideId
    question: str
    options: tuple[str, ...]
    models: tuple[ModelId, ...] = ()
    optional: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportMap(Command):
    """Lay a player's map (already checked by the loader) on the table, in place of the current one."""

    verb = "map import"
    preset: MapPreset


FREEPLAY_COMMANDS: tuple[type[Command], ...] = (
    AddModel, LoadForce, PlaceModel, MoveModel, WoundModel, ChangeToken, RemoveModel, AddTerrain, RemoveTerrain,
    NextRound, PassTurn, AddNote, AddCard, PlayCard, Ask, ImportMap, DeployAuto,
)

_MAX_TEXT = 200
_SHAPES = "rect:x,y,w,h or circle:x,y,r or poly:x,y;x,y;x,y"


def _text(options: Mapping[str, OptionValue], key: str) -> str:
    value = " ".join(str(options[key]).split())
    if len(value) > _MAX_TEXT:
        raise InvalidCommand(f"{key} is {len(value)} characters long; at most {_MAX_TEXT} are kept")
    return value


def _numbers(text: str, count: int, form: str) -> list[float]:
    try:
        values = [float(v) for v in text.split(",")]
    except ValueError:
        values = []
    if len(values) != count:
        raise InvalidCommand(f"{text!r} is not {form}; shapes are {_SHAPES}")
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


def _unquoted(text: str) -> str:
    """Drop one pair of quotes around a typed value (``question:"Hold or flee?"``)."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1].strip()
    return text


def _listed(options: Mapping[str, OptionValue], key: str) -> tuple[str, ...]:
    """A comma list, each item tidied and unquoted; empty items are dropped."""
    items = (_unquoted(" ".join(item.split())) for item in _unquoted(str(options.get(key, ""))).split(","))
    return tuple(item for item in items if item)


def _model(options: Mapping[str, OptionValue]) -> ModelId:
    return ModelId(str(options["model"]).upper())


def _given(value: OptionValue | None) -> bool:
    """Whether an optional option was really given (an empty typed value counts as left out)."""
    return value is not None and str(value).strip() != ""


def _facing(options: Mapping[str, OptionValue]) -> float | None:
    value = options.get("facing")
    return None if value is None else float(value) % 360


def parse_freeplay(path: tuple[str, ...], options: Mapping[str, OptionValue]) -> Command | None:
    """The freeplay command for an invocation, or ``None`` when freeplay has no such command."""
    match path:
        case ("model", "add"):
            side, at = options.get("side"), options.get("at")
            return AddModel(unit=_text(options, "unit"), at=parse_point(str(at)) if _given(at) else None,
                            side=SideId(str(side).upper()) if side else None, facing=_facing(options))
        case ("deploy", "auto"):
            side = options.get("side")
            return DeployAuto(side=SideId(str(side).upper()) if side else None)
        case ("force", "load"):
            side = options.get("side")
            return LoadForce(name=_text(options, "name"), side=SideId(str(side).upper()) if side else None)
        case ("model", "place"):
            return PlaceModel(model=_model(options), at=parse_point(str(options["at"])), facing=_facing(options))
        case ("move",):
            if not _given(options.get("to")):
                # The query answers /move without to: with suggestions; a move itself always needs a place.
                raise InvalidCommand("give to: to move (x,y or toward/contact/behind/away <id>); "
                                     "/move model:<id> alone lists suggested moves", verb="move")
            limit = options.get("max")
            return MoveModel(model=_model(options), to=str(options["to"]),
                             max_distance=None if limit is None else float(limit))
        case ("model", "wound"):
            return WoundModel(model=_model(options), amount=int(options.get("amount", 1)))
        case ("model", "token"):
            return ChangeToken(model=_model(options), token=_text(options, "name"),
                               remove=bool(options.get("remove", False)))
        case ("model", "remove"):
            return RemoveModel(model=_model(options))
        case ("terrain", "add"):
            keywords = tuple(k.strip().lower() for k in str(options.get("keywords", "")).split(",") if k.strip())
            return AddTerrain(kind=_text(options, "kind").lower(), polygon=parse_shape(str(options["shape"])),
                              height=float(options.get("height", 0.0)), keywords=keywords)
        case ("terrain", "remove"):
            return RemoveTerrain(terrain=str(options["terrain"]).upper())
        case ("round", "next"):
            return NextRound()
        case ("round", "turn"):
            return PassTurn(side=SideId(str(options["side"]).upper()))
        case ("note",):
            return AddNote(text=_text(options, "text"))
        case ("hand", "add"):
            return AddCard(card=_text(options, "card"))
        case ("hand", "play"):
            return PlayCard(card=_text(options, "card"))
        case ("ask",):
            return Ask(side=SideId(str(options["side"]).upper()), question=_unquoted(_text(options, "question")),
                       options=_listed(options, "options"),
                       models=tuple(ModelId(model.upper()) for model in _listed(options, "models")),
                       optional=bool(options.get("optional", False)))
    return None
