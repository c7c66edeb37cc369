"""What a freeplay table holds beyond the shared table: the secret hands and the notes."""

from __future__ import annotations

from pydantic import ConfigDict

from engine.core import SideId
from engine.table import TableState

__all__ = ["FreeplayState"]


class FreeplayState(TableState):
    model_config = ConfigDict(extra="forbid")

    hands: dict[SideId, list[str]] = {}
    notes: list[str] = []
