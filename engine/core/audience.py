"""Who may see an event or an output, and who is looking."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pydantic import BaseModel, ConfigDict

from engine.core.ids import SideId

__all__ = ["EVERYONE", "HOST", "HOST_ONLY", "NOBODY", "SPECTATOR", "Audience", "Viewer", "ViewerKind", "side_only"]


class ViewerKind(Enum):
    """The three kinds of onlooker: a player's side, a spectator, the host acting as administrator."""

    SIDE = "side"
    SPECTATOR = "spectator"
    HOST = "host"


@dataclass(frozen=True, slots=True)
class Viewer:
    """The one looking at the game; a host who plays looks as their side, never as HOST."""

    kind: ViewerKind
    side: SideId | None = None

    @classmethod
    def of_side(cls, side: SideId) -> Viewer:
        return cls(ViewerKind.SIDE, side)

    def __str__(self) -> str:
        return f"side {self.side}" if self.kind is ViewerKind.SIDE else self.kind.value


SPECTATOR = Viewer(ViewerKind.SPECTATOR)
HOST = Viewer(ViewerKind.HOST)


class Audience(BaseModel):
    """Who an event is for: everyone, some sides, or the host for administration only.

    The host audience never includes a side's secrets: secret events name their sides only.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    everyone: bool = False
    sides: tuple[SideId, ...] = ()
    host: bool = False

    @property
    def is_public(self) -> bool:
        return self.everyone

    def includes(self, viewer: Viewer) -> bool:
        if self.everyone:
            return True
        if viewer.kind is ViewerKind.SIDE:
            return viewer.side in self.sides
        if viewer.kind is ViewerKind.HOST:
            return self.host
        return False


EVERYONE = Audience(everyone=True)
HOST_ONLY = Audience(host=True)
NOBODY = Audience()
"""For what the engine must remember and no player may learn (a shuffled deck's order)."""


def side_only(*sides: SideId) -> Audience:
    """An audience of the given sides alone (their secrets)."""
    return Audience(sides=tuple(sides))
