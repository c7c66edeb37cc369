"""What one viewer may see of a game. Renderers and formatters take views, never states."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core.audience import Viewer, ViewerKind
from engine.core.decisions import Decision, DecisionPart
from engine.core.events import Event
from engine.core.ids import SideId, UserId
from engine.core.outcome import Outcome
from engine.core.state import CoreState

__all__ = ["LogLine", "LogView", "PendingView", "View", "core_view_fields", "log_view", "may_know_of", "pending_view"]


class PendingView(BaseModel):
    """A pending decision as a viewer sees it: its options only for its owner when it is secret."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    owner: SideId
    kind: str
    optional: bool
    secret: bool
    owner_only: bool = False
    """Nobody else is told of it: its owner's prompt carries the way to answer (no public notice does)."""
    prompt: str | None
    parts: tuple[DecisionPart, ...]


def pending_view(decision: Decision, viewer: Viewer) -> PendingView:
    """Show the whole decision to its owner, or when it is not secret; otherwise only who owes it."""
    shown = not decision.secret or (viewer.kind is ViewerKind.SIDE and viewer.side == decision.owner)
    return PendingView(
        id=decision.id,
        owner=decision.owner,
        kind=decision.kind,
        optional=decision.optional,
        secret=decision.secret,
        owner_only=decision.owner_only,
        prompt=decision.prompt if shown else None,
        parts=decision.parts if shown else (),
    )


def may_know_of(decision: Decision, viewer: Viewer) -> bool:
    """An owner-only decision is no one else's to know of; the host, as administrator, sees every one."""
    return (not decision.owner_only or viewer.kind is ViewerKind.HOST
            or (viewer.kind is ViewerKind.SIDE and viewer.side == decision.owner))


class View(BaseModel):
    """The part of a game one viewer may see; systems subclass it with their own fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    viewer: Viewer
    seq: int
    system: str
    sides: tuple[SideId, ...]
    seats: dict[SideId, UserId]
    teammates: dict[SideId, tuple[UserId, ...]] = {}
    conceded: tuple[SideId, ...] = ()
    host: UserId
    practice: bool
    round: int
    active_side: SideId | None
    pending: tuple[PendingView, ...]
    outcome: Outcome | None
    seed_commitment: str
    revealed_seed: str | None

    def public_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (what ``/game state`` prints)."""
        data = self.model_dump(mode="json")
        data["viewer"] = str(self.viewer)
        return data


def core_view_fields(state: CoreState, viewer: Viewer) -> dict[str, Any]:
    """The shared fields of every view, for a system's ``View`` subclass."""
    return {
        "viewer": viewer,
        "seq": state.seq,
        "system": state.setup.system,
        "sides": state.sides,
        "seats": dict(state.seats),
        "teammates": {side: tuple(users) for side, users in state.teammates.items()},
        "conceded": state.conceded,
        "host": state.setup.host,
        "practice": state.setup.practice,
        "round": state.round,
        "active_side": state.active_side,
        "pending": tuple(pending_view(decision, viewer) for decision in state.pending.values()
                         if may_know_of(decision, viewer)),
        "outcome": state.outcome,
        "seed_commitment": state.setup.seed_commitment,
        "revealed_seed": state.revealed_seed,
    }


class LogLine(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int
    text: str
    private: bool  # shown to some sides only


class LogView(BaseModel):
    """The log lines one viewer may read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    viewer: Viewer
    lines: tuple[LogLine, ...]


def log_view(events: tuple[Event, ...], viewer: Viewer, *, full: bool = False) -> LogView:
    """Filter events by audience and describe each for the viewer; events that say nothing (a reaction window
    offered, a game's resolution stack) give no line. The default log says what happened in a player's words;
    ``full`` adds the bookkeeping (card counts, decks listed, the turns of a path: ``EventBody.full``)."""
    return LogView(
        viewer=viewer,
        lines=tuple(
            LogLine(seq=event.seq, text=text, private=not event.audience.is_public)
            for event in events
            if event.audience.includes(viewer) and (text := event.body.full() if full else event.body.describe())
        ),
    )
