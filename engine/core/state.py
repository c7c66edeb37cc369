"""The state every game shares: sides, seats, pending decisions, the round, the end."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Self

from pydantic import BaseModel, ConfigDict

from engine.core.decisions import Decision
from engine.core.decks import Deck
from engine.core.ids import SideId, UserId
from engine.core.outcome import Outcome
from engine.core.reactions import PrePass, Window
from engine.core.together import Together
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
    teams: dict[str, tuple[SideId, ...]] = {}
    """Sides that win together, by team name (empty: every side for itself)."""


class CoreState(BaseModel):
    """The whole truth of a game, secrets included; only the engine reads it, viewers get views.

    Systems subclass it with their own fields. It is mutated only by ``EventBody.apply``.
    """

    model_config = ConfigDict(extra="forbid")

    setup: GameSetup
    seq: int = 0
    seats: dict[SideId, UserId] = {}
    teammates: dict[SideId, list[UserId]] = {}
    """Further users who play a side beside its seat holder: any of them may act for it and sees its secrets."""
    pending: dict[str, Decision] = {}
    round: int = 0
    active_side: SideId | None = None
    outcome: Outcome | None = None
    revealed_seed: str | None = None
    imported_units: dict[str, UnitProfile] = {}
    paused: bool = False
    away: tuple[SideId, ...] = ()
    settings: dict[str, str] = {}  # table settings changed after the start (the pace), over GameSetup.options
    windows: list[Window] = []
    """Open reaction windows, the newest last (see ``engine.core.reactions``)."""
    prepass: dict[SideId, list[PrePass]] = {}
    """Each side's standing passes on reactions: a secret of that side."""
    together: dict[str, Together] = {}
    """Simultaneous secret choices waiting for answers (see ``engine.core.together``)."""
    decks: dict[str, Deck] = {}
    """Every deck of cards or hidden tokens, by id (see ``engine.core.decks``)."""
    conceded: tuple[SideId, ...] = ()
    """Sides that conceded while the others played on; they act no more."""
    phase: str = ""
    """The game's current phase, as its system names it."""
    phases_begun: int = 0
    """How many phases have begun, so a phase that comes round again under the same name (each side's Tactical
    phase) is still another one: a pre-pass "for the rest of the phase" lasts while this stays the same."""
    step: str = ""
    """The step within the phase, as its system names it. With ``round``, ``phase``, ``active_side`` and
    ``outcome`` it is the game's one flow record: status, pictures, the bot and the declarations' ``When`` read
    it (``PhaseChanged`` sets it)."""

    @property
    def sides(self) -> tuple[SideId, ...]:
        return self.setup.sides

    @property
    def in_play(self) -> tuple[SideId, ...]:
        """The sides still playing: every side but those that conceded."""
        return tuple(side for side in self.sides if side not in self.conceded)

    def next_in_play(self, side: SideId) -> SideId:
        """The side after ``side`` in seating order, skipping those that conceded (``side`` itself if alone)."""
        order = self.sides
        start = order.index(side)
        for step in range(1, len(order) + 1):
            candidate = order[(start + step) % len(order)]
            if candidate not in self.conceded:
                return candidate
        return side

    def controller(self, side: SideId) -> UserId | None:
        """The user seated at ``side`` (the first of its players), or ``None`` while it is empty."""
        return self.seats.get(side)

    def members(self, side: SideId) -> tuple[UserId, ...]:
        """Every user who plays ``side``: its seat holder first, then its teammates."""
        holder = self.seats.get(side)
        return ((holder,) if holder is not None else ()) + tuple(self.teammates.get(side, ()))

    def holds(self, user: UserId, side: SideId) -> bool:
        """Whether ``user`` plays ``side`` (as its seat holder or a teammate)."""
        return user in self.members(side)

    def sides_of(self, user: UserId) -> tuple[SideId, ...]:
        """The sides a user plays (several on a practice table)."""
        return tuple(side for side in self.sides if self.holds(user, side))

    def team_of(self, side: SideId) -> str | None:
        """The name of the team ``side`` plays in, if sides play in teams."""
        return next((name for name, sides in self.setup.teams.items() if side in sides), None)

    def clone(self) -> Self:
        """A deep copy for a command's working state and what-if previews; the original is untouched. Built from
        a dump of the fields, several times faster than ``model_copy(deep=True)`` for a table full of models."""
        return self.model_validate(self.model_dump(round_trip=True))

    def fingerprint(self) -> str:
        """A sha256 of the canonical JSON of the state: equal states, equal fingerprints."""
        text = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()
