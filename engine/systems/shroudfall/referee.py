"""What every Shroudfall handler works with: the game's data and rulings (a World per question), and the command's
working table, which the core's ``Context`` is (emit events, roll dice)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.core import Audience, Decision, Event, EventBody, SideId
from engine.dice import Die, DieRoll
from engine.systems.shroudfall.catalogue import ShroudfallCatalogue
from engine.systems.shroudfall.rulings import Rulings
from engine.systems.shroudfall.state import ShroudfallState
from engine.systems.shroudfall.world import Measured, World

__all__ = ["Referee", "Table"]


class Table(Protocol):
    """The parts of the core ``Context`` a handler uses: its working state, emitting events and rolling dice."""

    @property
    def state(self) -> ShroudfallState: ...

    def emit(self, body: EventBody, audience: Audience = ...) -> Event: ...

    def roll(self, dice: Sequence[Die], purpose: str, *, roller_side: SideId | None = None, stream: str = ...,
             audience: Audience = ...) -> tuple[DieRoll, ...]: ...

    def reroll(self, previous: DieRoll, die: Die, purpose: str, *, roller_side: SideId | None,
               limit: int | None = 1) -> DieRoll: ...

    def open_decision(self, decision: Decision) -> None: ...


@dataclass(frozen=True, slots=True)
class Referee:
    """The game's data and the table's rulings."""

    catalogue: ShroudfallCatalogue
    rulings: Rulings
    measured: Measured = field(default_factory=Measured, compare=False, repr=False)
    """Terrain shapes and sight measured once per layout, shared by the Worlds of these rulings."""

    _last: list[tuple[int, World]] = field(default_factory=list, compare=False, repr=False)

    def world(self, ctx: Table) -> World:
        """The table as it stands now: the same World while the command's state has not moved (every change is an
        event, which moves the seq; a World does not follow the state)."""
        state = ctx.state
        if self._last and self._last[0][1].state is state and self._last[0][0] == state.seq:
            return self._last[0][1]
        found = World(state, self.catalogue, self.rulings, self.measured)
        self._last[:] = [(state.seq, found)]
        return found

    def world_of(self, state: ShroudfallState) -> World:
        """The table of a state, for a question that changes nothing (a menu, a view)."""
        return World(state, self.catalogue, self.rulings, self.measured)
