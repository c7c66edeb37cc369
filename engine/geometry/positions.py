"""Positions players can say, parsed from text into value objects; :mod:`.anchors` turns them into moves.

Grammar (keywords are case-insensitive, distances are inches and may end in ``"`` or ``in``)::

    position  := place [" face:" facing]
    place     := x,y                          10.5,12
               | via:x,y;x,y;...              via:3,4;6,7;10,12
               | toward <id> [inches|max]     toward A2 / toward A2 3 / toward A2 max
               | contact <id>                 contact A2
               | behind <terrain-id> from <id>  behind T3 from B1
               | away <id> [inches]           away B1 2
    facing    := <id> | path | <degrees>      face:B1 / face:path / face:90
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import PositionSyntaxError
from .shapes import XY

__all__ = [
    "Away",
    "Behind",
    "Contact",
    "FaceAlongPath",
    "FaceDegrees",
    "FaceThing",
    "Facing",
    "GoTo",
    "Position",
    "Toward",
    "Via",
    "format_position",
    "parse_position",
]


@dataclass(frozen=True, slots=True)
class FaceThing:
    """Face the centre of a base, terrain piece or zone."""

    id: str


@dataclass(frozen=True, slots=True)
class FaceAlongPath:
    """Face the way the last leg of the move went."""


@dataclass(frozen=True, slots=True)
class FaceDegrees:
    """Face a fixed direction: degrees counter-clockwise from +x, normalised to [0, 360)."""

    degrees: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "degrees", self.degrees % 360.0)


Facing = FaceThing | FaceAlongPath | FaceDegrees


@dataclass(frozen=True, slots=True)
class GoTo:
    """Go to a point, routed around whatever is in the way."""

    point: XY
    face: Facing | None = None


@dataclass(frozen=True, slots=True)
class Via:
    """Go through each waypoint in turn, each leg routed; the last one is the destination."""

    points: tuple[XY, ...]
    face: Facing | None = None


@dataclass(frozen=True, slots=True)
class Toward:
    """Move toward something, ``distance`` inches or (``None``) as far as allowed, short of contact."""

    target: str
    distance: float | None = None
    face: Facing | None = None


@dataclass(frozen=True, slots=True)
class Contact:
    """Move into base contact with something, by the shortest route."""

    target: str
    face: Facing | None = None


@dataclass(frozen=True, slots=True)
class Behind:
    """Move to the nearest free spot next to a terrain piece that the piece hides from a viewer."""

    cover: str
    viewer: str
    face: Facing | None = None


@dataclass(frozen=True, slots=True)
class Away:
    """Move straight away from something, ``distance`` inches or (``None``) as far as allowed."""

    source: str
    distance: float | None = None
    face: Facing | None = None


Position = GoTo | Via | Toward | Contact | Behind | Away

_NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)"
_XY = re.compile(rf"^({_NUM})\s*(?:\"|in)?\s*,\s*({_NUM})\s*(?:\"|in)?$", re.IGNORECASE)
_INCHES = re.compile(rf"^({_NUM})\s*(?:\"|in|inch|inches)?$", re.IGNORECASE)
_DEGREES = re.compile(rf"^({_NUM})\s*(?:°|deg|degrees)?$", re.IGNORECASE)
_ID = re.compile(r"^[A-Za-z][\w-]*$")
_FACE = re.compile(r"\s+face:\s*(\S*)\s*$", re.IGNORECASE)


def parse_position(text: str) -> Position:
    """Read a position a player typed; raise :class:`PositionSyntaxError` saying what is wrong."""
    raw = " ".join(text.split())
    if not raw:
        raise PositionSyntaxError(text, "nothing was given")
    face: Facing | None = None
    m = _FACE.search(" " + raw)
    if m:
        face = _facing(text, m.group(1))
        raw = (" " + raw)[: m.start()].strip()
        if not raw:
            raise PositionSyntaxError(text, "face: must follow a place to go")
    words = raw.split(" ")
    head = words[0].lower()
    if head.startswith("via:"):
        body = raw[4:].strip()
        points = tuple(_point(text, part) for part in body.split(";")) if body else ()
        if not points:
            raise PositionSyntaxError(text, "via: needs at least one x,y waypoint")
        return Via(points, face)
    if head == "toward":
        _arity(text, words, 2, 3, "toward <id> [inches|max]")
        far = None if len(words) == 2 or words[2].lower() == "max" else _distance(text, words[2])
        return Toward(_ident(text, words[1]), far, face)
    if head == "contact":
        _arity(text, words, 2, 2, "contact <id>")
        return Contact(_ident(text, words[1]), face)
    if head == "behind":
        if len(words) != 4 or words[2].lower() != "from":
            raise PositionSyntaxError(text, "behind needs the form: behind <terrain-id> from <id>")
        return Behind(_ident(text, words[1]), _ident(text, words[3]), face)
    if head == "away":
        _arity(text, words, 2, 3, "away <id> [inches]")
        return Away(_ident(text, words[1]), _distance(text, words[2]) if len(words) == 3 else None, face)
    if head.startswith("face:"):
        raise PositionSyntaxError(text, "face: must follow a place to go")
    if _XY.match(raw):
        return GoTo(_point(text, raw), face)
    if "," in raw:
        raise PositionSyntaxError(text, f"{raw!r} is not a point: write x,y with two numbers in inches")
    raise PositionSyntaxError(text, f"{words[0]!r} does not start any position form")


def format_position(position: Position) -> str:
    """Write a position back as text that :func:`parse_position` reads to an equal value."""
    match position:
        case GoTo(point):
            text = _xy(point)
        case Via(points):
            text = "via:" + ";".join(_xy(p) for p in points)
        case Toward(target, distance):
            text = f"toward {target} " + ("max" if distance is None else f"{distance:g}")
        case Contact(target):
            text = f"contact {target}"
        case Behind(cover, viewer):
            text = f"behind {cover} from {viewer}"
        case Away(source, distance):
            text = f"away {source}" + ("" if distance is None else f" {distance:g}")
    match position.face:
        case None:
            return text
        case FaceThing(ident):
            return f"{text} face:{ident}"
        case FaceAlongPath():
            return f"{text} face:path"
        case FaceDegrees(degrees):
            return f"{text} face:{degrees:g}"


def _xy(p: XY) -> str:
    return f"{p[0]:g},{p[1]:g}"


def _arity(text: str, words: list[str], low: int, high: int, form: str) -> None:
    if not low <= len(words) <= high:
        raise PositionSyntaxError(text, f"{words[0]} needs the form: {form}")


def _ident(text: str, word: str) -> str:
    if not _ID.match(word):
        raise PositionSyntaxError(text, f"{word!r} is not an id like A2 or T3")
    return word


def _number(text: str, word: str, pattern: re.Pattern[str], what: str) -> float:
    m = pattern.match(word)
    if not m:
        raise PositionSyntaxError(text, f"{word!r} is not {what}")
    return float(m.group(1))


def _distance(text: str, word: str) -> float:
    value = _number(text, word, _INCHES, "a distance in inches")
    if value <= 0:
        raise PositionSyntaxError(text, f"a distance must be more than 0 inches, got {word}")
    return value


def _point(text: str, part: str) -> XY:
    m = _XY.match(part.strip())
    if not m:
        raise PositionSyntaxError(text, f"{part.strip()!r} is not a point: write x,y in inches")
    return (float(m.group(1)), float(m.group(2)))


def _facing(text: str, word: str) -> Facing:
    if not word:
        raise PositionSyntaxError(text, "face: needs an id, path or degrees after it")
    if word.lower() == "path":
        return FaceAlongPath()
    if _DEGREES.match(word):
        return FaceDegrees(_number(text, word, _DEGREES, "a number of degrees"))
    return FaceThing(_ident(text, word))
