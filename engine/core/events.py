"""Events: outcomes appended to a game's log, each folded into the state without running rules.

An event records what happened (end positions, dice, options chosen), never what was intended, so
a rules fix or a library upgrade never changes what a stored game replays to.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from engine.core.audience import Audience

__all__ = ["SCHEMA_VERSION", "Event", "EventBody", "EventCodec"]

SCHEMA_VERSION = 1
"""Bumped when a stored event's shape changes; old logs then need a migration."""


class EventBody(BaseModel):
    """What happened, as plain data; ``apply`` folds it into a state and runs no rules."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: ClassVar[str]
    former_kinds: ClassVar[tuple[str, ...]] = ()
    """Kinds this body was stored under before a rename: old logs still read."""
    reveals_secret: ClassVar[bool] = False
    """True for events that show a secret to everyone: undo may not cross them."""
    lasting: ClassVar[bool] = False
    """True for a secret its audience needs for the rest of the game (a kept scheme): a front-end delivers it
    somewhere it stays (a DM), even beside a private reply that may vanish."""

    def apply(self, state: Any) -> None:
        """Fold this outcome into ``state``; most bodies override it."""

    def describe(self) -> str:
        """One line for the log, read only by this event's audience: what happened, in words a player uses. The
        channel and the default log say it; an empty line says nothing there (bookkeeping, see ``full``)."""
        return self.kind

    def full(self) -> str:
        """The line the full log (``/log all:yes``) gives: ``describe`` by default. Bookkeeping the channel and the
        default log leave out (card counts, a whole deck listed, the turns of a move's path) says itself here."""
        return self.describe()

    def working(self) -> tuple[str, ...]:
        """How this outcome came about (distances, paths, modifiers with their rule lines, cover), one line
        each, for a player who asks to see the working; nothing by default."""
        return ()


class Event(BaseModel):
    """An event body with its place in the log and its audience."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int
    body: EventBody
    audience: Audience
    version: int = SCHEMA_VERSION

    @property
    def kind(self) -> str:
        return self.body.kind

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready dict for storage."""
        return {
            "seq": self.seq,
            "kind": self.body.kind,
            "version": self.version,
            "audience": self.audience.model_dump(mode="json"),
            "data": self.body.model_dump(mode="json"),
        }


class EventCodec:
    """Turns stored records back into events, from an explicit list of event kinds."""

    def __init__(self, bodies: Iterable[type[EventBody]]) -> None:
        self._by_kind: dict[str, type[EventBody]] = {}
        for body in bodies:
            for kind in (body.kind, *body.former_kinds):
                if kind in self._by_kind:
                    raise ValueError(f"two event bodies share the kind {kind!r}")
                self._by_kind[kind] = body

    def from_record(self, record: Mapping[str, Any]) -> Event:
        kind = record["kind"]
        if record.get("version") != SCHEMA_VERSION:
            raise ValueError(f"event {record.get('seq')} has schema version {record.get('version')}, "
                             f"this engine reads version {SCHEMA_VERSION}")
        try:
            body_type = self._by_kind[kind]
        except KeyError:
            raise ValueError(f"unknown event kind {kind!r} at seq {record.get('seq')}") from None
        return Event(
            seq=record["seq"],
            body=body_type.model_validate(record["data"]),
            audience=Audience.model_validate(record["audience"]),
            version=record["version"],
        )
