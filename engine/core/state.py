"""The state every game shares: sides, seats, pending decisions, the round, the end."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Self

from pydantic import BaseModel, ConfigDict

from engine.core.decisions import Decision
from engine.core.ids import SideId, UserId
from engine.core.outcome import Outcome
from engine.schema import UnitProfile

__all__ = ["CoreState", "GameSetup"]

JsonValue = str | int | float | bool | None | list[Any] | dict[str, Any]


class GameSetup(BaseModel):
    """What a game starts from, all of it public: the seed itself stays out until the end."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    system: str
    sides: tuple[SideId, ...]
    host: UserId
    practice: bool = False
    seed_commitment: str
    data_fingerprint: str = ""
    rulings: dict[str, str] = {}
    options: dict[str, JsonValue] = {}


class CoreState(BaseModel):
    """The whole truth of a game, secrets included; only the engine reads it, viewers get views.

    Systems subclass it with their own fields. It is mutated only by ``EventBody.apply``.
    """

    model_config = ConfigDict(extra="forbid")

    setup: GameSetup
    seq: int = 0
    seats: dict[SideId, UserId] = {}
    pending: dict[str, Decision] = {}
    round: int = 0
    active_side: SideId | None = None
    outcome: Outcome | None = None
    revealed_seed: str | None = None
    imported_units: dict[str, UnitProfile] = {}
    paused: bool = False
    away: tuple[SideId, ...] = ()
    settings: dict[str, str] = {}  # table settings changed after the start (the pace), over GameSetup.options
    """Sides whose optional choices pass at once; a tuple in side order so the fingerprint is stable."""

    @property
    def sides(self) -> tuple[SideId, ...]:
        return self.setup.sides

    def controller(self, side: SideId) -> UserId | None:
        """The user seated at ``side``, or ``None`` while it is empty."""
        return self.seats.get(side)

    def sides_of(self, user: UserId) -> tuple[SideId, ...]:
        """The sides a user holds (several on a practice table)."""
        return tuple(side for side in self.sides if self.seats.get(side) == user)

    def clone(self) -> Self:
        """A deep copy for what-if previews; the original is untouched."""
        return self.model_copy(deep=True)

    def fingerprint(self) -> str:
        """A sha256 of the canonical JSON of the state: equal states, equal fingerprints."""
        text = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()
