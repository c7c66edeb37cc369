"""Pending decisions owed by a side: what is asked, the legal answers, the default.

A decision is optional (its default applies on timeout and the log says so) or required (it
waits for its owner or the host). It may be compound (several parts, e.g. one per model) and a
part may be geometric (a point on a path, a direction, a position within a radius).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Mapping
from enum import Enum

from pydantic import BaseModel, ConfigDict, JsonValue, model_validator

from engine.core.errors import InvalidCommand
from engine.core.ids import SideId
from engine.schema import did_you_mean

__all__ = ["Decision", "DecisionPart", "Option", "PartKind", "parse_point"]

_POINT_TOLERANCE = 0.01  # inches; the rounding of stored positions


class Option(BaseModel):
    """One legal answer to a choice: a stable key and the text a player reads."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    label: str


class PartKind(Enum):
    """What sort of answer a part takes."""

    CHOICE = "choice"  # one of the options
    POINT_ON_PATH = "point-on-path"  # "x,y" lying on ``path``
    DIRECTION = "direction"  # degrees, 0 = +x, counter-clockwise
    POSITION = "position"  # "x,y" within ``radius`` of ``center``


def parse_point(text: str) -> tuple[float, float]:
    """Read ``"x,y"`` in inches, or explain what is accepted."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise InvalidCommand(f"{text!r} is not a point; write x,y in inches, e.g. 10.5,12") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise InvalidCommand(f"{text!r} is not a finite point; write x,y in inches, e.g. 10.5,12")
    return round(x, 2), round(y, 2)


def _along(path: tuple[tuple[float, float], ...], count: int) -> list[tuple[float, tuple[float, float]]]:
    """``count`` points evenly spaced along a path (rounded to 0.01"), each with its distance from the start."""
    legs = list(itertools.pairwise(path))
    total = sum(math.dist(a, b) for a, b in legs)
    if not legs or total == 0 or count < 2:
        return [(0.0, path[0])] if path else []
    points: list[tuple[float, tuple[float, float]]] = []
    for step in range(count):
        wanted, walked = total * step / (count - 1), 0.0
        for a, b in legs:
            length = math.dist(a, b)
            if walked + length >= wanted - 1e-9 or (a, b) == legs[-1]:
                t = 0.0 if length == 0 else min(1.0, (wanted - walked) / length)
                point = (round(a[0] + (b[0] - a[0]) * t, 2), round(a[1] + (b[1] - a[1]) * t, 2))
                if not points or points[-1][1] != point:
                    points.append((wanted, point))
                break
            walked += length
    return points


def _distance_to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length_sq = dx * dx + dy * dy
    t = 0.0 if length_sq == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length_sq))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


class DecisionPart(BaseModel):
    """One question inside a decision, with its legal answers and its default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    prompt: str
    kind: PartKind = PartKind.CHOICE
    options: tuple[Option, ...] = ()
    default: str | None = None
    path: tuple[tuple[float, float], ...] = ()
    center: tuple[float, float] | None = None
    radius: float | None = None
    asked_when: tuple[str, tuple[str, ...]] | None = None
    """A follow-up question: it matters only when the part keyed first is answered with one of the second (where
    a Dodge moves matters only if the model dodges), so the public record of the answer leaves it out otherwise."""

    @property
    def single_answer(self) -> str | None:
        """The only legal answer, when a choice has exactly one option."""
        if self.kind is PartKind.CHOICE and len(self.options) == 1:
            return self.options[0].key
        return None

    def option_keys(self) -> tuple[str, ...]:
        return tuple(option.key for option in self.options)

    def label_of(self, key: str) -> str | None:
        """The words a player reads for the option ``key`` (None where no option carries it: a typed point)."""
        return next((option.label for option in self.options if option.key == key), None)

    def offered(self, limit: int = 25) -> tuple[Option, ...]:
        """Ready answers to pick from, at most ``limit``: the options of a choice; points along a path (evenly
        spaced, both ends included, or the points a game's live part lists in ``options``: those its rules accept);
        the sixteen compass directions; the centre and points around it within the radius (or the spots a position
        part suggests, its ``options``). Any other valid answer may still be typed."""
        if self.kind is PartKind.CHOICE or (self.kind is PartKind.POINT_ON_PATH and self.options):
            return self.options[:limit]
        if self.kind is PartKind.DIRECTION:
            names = ("east", "east-north-east", "north-east", "north-north-east", "north", "north-north-west",
                     "north-west", "west-north-west", "west", "west-south-west", "south-west", "south-south-west",
                     "south", "south-south-east", "south-east", "east-south-east")
            return tuple(Option(key=f"{i * 22.5:.2f}", label=f"{name} ({i * 22.5:g}°)")
                         for i, name in enumerate(names))[:limit]
        if self.kind is PartKind.POINT_ON_PATH:
            return tuple(Option(key=f"{x:g},{y:g}", label=f"{along:.1f}\" along the path, at {x:g},{y:g}")
                         for along, (x, y) in _along(self.path, limit))
        if self.options:  # a position's suggested spots (any other point within reach may be typed)
            return self.options[:limit]
        if self.center is None or self.radius is None:
            return ()
        cx, cy, r = self.center[0], self.center[1], self.radius
        ring = ((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 45))
        spots = [(cx, cy), *((round(cx + r * dx, 2), round(cy + r * dy, 2)) for dx, dy in ring)]
        return tuple(Option(key=f"{x:g},{y:g}", label=f"{x:g},{y:g}") for x, y in spots)[:limit]

    def check(self, answer: str) -> str:
        """Return the answer in its stored form, or raise ``InvalidCommand`` naming what is accepted."""
        if self.kind is PartKind.CHOICE:
            keys = self.option_keys()
            if answer in keys:
                return answer
            by_label = {option.label.casefold(): option.key for option in self.options}
            if answer.casefold() in by_label:
                return by_label[answer.casefold()]
            raise InvalidCommand(f"{answer!r} is not an option for {self.key}; choose one of {', '.join(keys)} "
                                 f"({self.prompt}){did_you_mean(answer, keys)}")
        if self.kind is PartKind.DIRECTION:
            try:
                degrees = float(answer)
            except ValueError:
                raise InvalidCommand(f"{answer!r} is not a direction; give degrees, e.g. 90") from None
            return f"{degrees % 360:.2f}"
        point = parse_point(answer)
        if self.kind is PartKind.POINT_ON_PATH:
            segments = zip(self.path, self.path[1:], strict=False)
            if not any(_distance_to_segment(point, a, b) <= _POINT_TOLERANCE for a, b in segments):
                raise InvalidCommand(f"{answer} is not on the path for {self.key}")
        elif self.center is not None and self.radius is not None:
            gap = math.dist(point, self.center)
            if gap > self.radius + _POINT_TOLERANCE:
                raise InvalidCommand(
                    f"{answer} is {gap:.2f}\" from {self.center[0]},{self.center[1]}; "
                    f"{self.key} must be within {self.radius}\""
                )
        return f"{point[0]},{point[1]}"


class Decision(BaseModel):
    """A choice the rules need from one side before anything else moves."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    owner: SideId
    kind: str  # e.g. "reaction", "reroll", "undo"; a table's pace gives each kind a timeout
    prompt: str
    parts: tuple[DecisionPart, ...]
    optional: bool
    secret: bool = False
    owner_only: bool = False
    """Only its owner knows it exists: nobody else is told of it, shown it, or held up by it. For a choice inside
    a side's own secret list (a Summoner's starting creature), whose very asking would tell the others something.
    Always also ``secret``."""
    context: dict[str, JsonValue] = {}
    """What the game needs to carry on once this is answered (any JSON: lists and mappings included)."""
    core: str | None = None
    """The core mechanism that carries on once this is answered ("together", "reaction"); ``None`` for the
    game's own decisions (its ``on_answer``)."""
    always_ask: bool = False
    """Ask even when only one answer is legal: a reaction offer or a secret choice must look the same whatever
    its owner holds."""
    count_public: bool = False
    """How many answers a secret decision has is public knowledge (the cards left in a hand whose size everyone
    sees), so a single legal answer may apply at once. Otherwise a secret decision is asked even with one answer:
    answering it at once would tell the others that its owner had no other choice."""
    reaction_to: str | None = None
    """A game's own decision that is a reaction offer (a compound Reaction step, not a core window): the kind of
    trigger it answers, one of ``System.reaction_triggers``. A side's pre-pass covers it as it covers a window's
    offer, and answers it with its defaults, which must play no reaction."""
    extensions_minutes: int = 0
    """Extra time the host granted, summed; the front-end adds it to the deadline it keeps."""

    @model_validator(mode="after")
    def _owner_only_is_secret(self) -> Decision:
        if self.owner_only and not self.secret:
            raise ValueError("an owner-only decision is secret too: give secret=True")
        return self

    def holds_up(self, sides: Collection[SideId]) -> bool:
        """Whether it stops a player holding ``sides`` (an owner-only decision stops its owner alone)."""
        return not self.owner_only or self.owner in sides

    def part(self, key: str) -> DecisionPart:
        for part in self.parts:
            if part.key == key:
                return part
        raise InvalidCommand(f"decision {self.id} has no part {key!r}; its parts are {self.part_keys()}")

    def part_keys(self) -> str:
        return ", ".join(part.key for part in self.parts)

    def forced_answers(self) -> dict[str, str] | None:
        """The answers when every part has a single legal option (applied without a prompt), or ``None`` when
        it must be asked all the same (``always_ask``; a secret one whose count of answers others do not know)."""
        if self.always_ask or (self.secret and not self.owner_only and not self.count_public):
            return None
        answers = {part.key: part.single_answer for part in self.parts}
        if any(answer is None for answer in answers.values()):
            return None
        return {key: answer for key, answer in answers.items() if answer is not None}

    def default_answers(self) -> dict[str, str] | None:
        """The answers applied on timeout or when forced, or ``None`` if some part has no default."""
        answers = {part.key: part.default for part in self.parts}
        if any(answer is None for answer in answers.values()):
            return None
        return {key: answer for key, answer in answers.items() if answer is not None}

    def answers_that_matter(self, answers: Mapping[str, str]) -> dict[str, str]:
        """The answers without the follow-ups their leading answer made moot (see ``DecisionPart.asked_when``)."""
        moot = {part.key for part in self.parts
                if part.asked_when is not None and answers.get(part.asked_when[0]) not in part.asked_when[1]}
        return {key: value for key, value in answers.items() if key not in moot}

    def check_answers(self, answers: Mapping[str, str]) -> dict[str, str]:
        """Validate a full set of answers; missing parts take their defaults where they have one."""
        unknown = set(answers) - {part.key for part in self.parts}
        if unknown:
            raise InvalidCommand(
                f"decision {self.id} has no part {sorted(unknown)[0]!r}; its parts are {self.part_keys()}"
            )
        checked: dict[str, str] = {}
        for part in self.parts:
            if part.key in answers:
                checked[part.key] = part.check(answers[part.key])
            elif part.default is not None:
                checked[part.key] = part.default
            else:
                raise InvalidCommand(f"decision {self.id} needs an answer for {part.key}: {part.prompt}")
        return checked
