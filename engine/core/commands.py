"""Commands: a player's intent as a small value; the system turns it into events or refuses it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from engine.core.ids import SideId, UserId
from engine.schema import UnitProfile

__all__ = [
    "CORE_COMMANDS",
    "Actor",
    "Answer",
    "AssignSeat",
    "Command",
    "Concede",
    "EndGame",
    "ExpireDecision",
    "ExtendDecision",
    "ForceDecision",
    "ImportUnits",
    "JoinSide",
    "LeaveSide",
    "PassAhead",
    "PauseGame",
    "RequestUndo",
    "ResumeGame",
    "RigDice",
    "RollDice",
    "SetAway",
    "SetTableSetting",
]


@dataclass(frozen=True, slots=True)
class Actor:
    """Who issues a command: a user, the side they act for, and whether they act as host.

    ``host`` is granted by the table service (the game's creator, or a server manager); it lets
    the user administer the table, never see another side's secrets.
    """

    user: UserId
    side: SideId | None = None
    host: bool = False
    fallback_side: SideId | None = None  # acts for it when the command does not say and the user holds several


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """Base of every command. ``built_at_seq`` is set when it was built from a view (a button,
    a decision answer, a preview's Confirm) and makes it stale once the game moves on.

    ``allowed_while_paused`` marks the few commands the host needs to run a paused table (resume,
    end, swap a player, force a decision); everything else, system commands included, waits.
    """

    verb: ClassVar[str]
    allowed_while_pending: ClassVar[bool] = False
    allowed_while_paused: ClassVar[bool] = False
    built_at_seq: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class JoinSide(Command):
    verb = "join"
    allowed_while_pending = True
    side: SideId


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaveSide(Command):
    verb = "leave"
    allowed_while_pending = True
    side: SideId


@dataclass(frozen=True, slots=True, kw_only=True)
class AssignSeat(Command):
    """The host seats a user at a side (substituting its player), or adds them to its players as a teammate."""

    verb = "seat"
    allowed_while_pending = True
    allowed_while_paused = True
    side: SideId
    user: UserId
    teammate: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer(Command):
    """Answer a pending decision: ``choice`` for a one-part decision, or ``answers`` per part
    (parts left out take their defaults)."""

    verb = "decide"
    allowed_while_pending = True
    decision_id: str
    answers: Mapping[str, str] = field(default_factory=dict)
    choice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpireDecision(Command):
    """The deadline of a decision passed: an optional one takes its default."""

    verb = "expire"
    allowed_while_pending = True
    decision_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceDecision(Command):
    """The host answers for an absent player (defaults where no answer is given)."""

    verb = "force"
    allowed_while_pending = True
    allowed_while_paused = True
    decision_id: str
    answers: Mapping[str, str] = field(default_factory=dict)
    choice: str | None = None  # the answer to a one-part decision


@dataclass(frozen=True, slots=True, kw_only=True)
class RequestUndo(Command):
    """Ask the other sides to return the game to event ``to_seq``."""

    verb = "undo"
    to_seq: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RollDice(Command):
    """Roll any dice expression in the open, e.g. ``3d6+2``."""

    verb = "roll"
    allowed_while_pending = True
    expression: str
    purpose: str = "a free roll"


@dataclass(frozen=True, slots=True, kw_only=True)
class RigDice(Command):
    """Queue the next public results on a practice table; each such roll is marked rigged."""

    verb = "rig"
    allowed_while_pending = True
    values: tuple[str | int, ...]
    clear: bool = False
    """Drop the results still queued (then queue ``values``, if any)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportUnits(Command):
    """Add a player's own unit profiles (already validated by the loader) to this game."""

    verb = "force import"
    units: tuple[UnitProfile, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Concede(Command):
    verb = "concede"
    allowed_while_pending = True
    allowed_while_paused = True


@dataclass(frozen=True, slots=True, kw_only=True)
class EndGame(Command):
    """The host ends the game now; scores stand as they are."""

    verb = "end"
    allowed_while_pending = True
    allowed_while_paused = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTableSetting(Command):
    """The host changes a table setting the front-end keeps (the pace); the front-end checks the value."""

    verb = "setting"
    allowed_while_pending = True
    allowed_while_paused = True
    key: str
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PauseGame(Command):
    """The host stops the table (a break, a dispute, a lost connection); nothing moves until resumed.

    It passes the pause gate only so that pausing twice gets its own, clearer refusal.
    """

    verb = "pause"
    allowed_while_pending = True
    allowed_while_paused = True
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResumeGame(Command):
    """The host lets a paused table play on."""

    verb = "resume"
    allowed_while_pending = True
    allowed_while_paused = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SetAway(Command):
    """Mark a side away (or back): while away, its optional choices take their defaults at once,
    so an absent player holds up nobody; its required choices still wait for it or the host."""

    verb = "away"
    allowed_while_pending = True
    side: SideId
    away: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtendDecision(Command):
    """The host gives a pending decision more time; the front-end moves its deadline by ``minutes``."""

    verb = "extend"
    allowed_while_pending = True
    decision_id: str
    minutes: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PassAhead(Command):
    """Pass ahead of time, privately, on reactions: to one kind of trigger, for the rest of the phase
    (``phase``), or ``off`` to be asked again every time."""

    verb = "pass"
    allowed_while_pending = True
    until: str


CORE_COMMANDS: tuple[type[Command], ...] = (
    JoinSide,
    LeaveSide,
    AssignSeat,
    Answer,
    ExpireDecision,
    ForceDecision,
    RequestUndo,
    RollDice,
    RigDice,
    ImportUnits,
    Concede,
    EndGame,
    PauseGame,
    ResumeGame,
    SetAway,
    ExtendDecision,
    SetTableSetting,
    PassAhead,
)
