"""Events of the power cards and objectives: upgrades, ploys, scoring, lingering effects and the power step."""

from __future__ import annotations

from engine.core import EventBody, SideId
from engine.systems.underworlds.game_state import (
    Frame,
    Lingering,
    PowerStep,
    UnderworldsState,
)

__all__ = [
    "CheckpointPassed",
    "FramesSet",
    "HexesBlocked",
    "LingeringSet",
    "ObjectiveScored",
    "PloyPlayed",
    "PowerStepSet",
    "UnscorableSet",
    "UpgradeGiven",
]


class UpgradeGiven(EventBody):
    """An upgrade goes on a fighter for the rest of the game; one glory point is spent (L605)."""

    kind = "uw.upgrade"
    side: SideId
    fighter: str
    card: str
    name: str

    def apply(self, state: UnderworldsState) -> None:
        state.fighters[self.fighter].upgrades.append(self.card)
        state.players[self.side].spent += 1

    def describe(self) -> str:
        return f"Side {self.side} spends a glory point: {self.fighter} gains the upgrade {self.name}."


class PloyPlayed(EventBody):
    kind = "uw.ploy"
    side: SideId
    card: str
    name: str
    detail: str = ""

    def describe(self) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"Side {self.side} plays {self.name}{detail}."


class ObjectiveScored(EventBody):
    kind = "uw.scored"
    side: SideId
    card: str
    name: str
    glory: int
    lines: list[str] = []

    def apply(self, state: UnderworldsState) -> None:
        record = state.players[self.side]
        record.glory += self.glory
        record.sources["objectives"] = record.sources.get("objectives", 0) + self.glory

    def describe(self) -> str:
        return f"Side {self.side} scores {self.name} for {self.glory} glory."

    def working(self) -> tuple[str, ...]:
        return tuple(self.lines)


class LingeringSet(EventBody):
    """The ploys waiting for (or lasting through) the next activation."""

    kind = "uw.lingering"
    lingering: list[Lingering]
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.lingering = [item.model_copy() for item in self.lingering]

    def describe(self) -> str:
        return self.shown


class PowerStepSet(EventBody):
    """The power step's turn and passes in a row (``None``: no power step)."""

    kind = "uw.power"
    power: PowerStep | None
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.power = self.power.model_copy() if self.power else None
        if self.power is not None:
            state.active_side = self.power.turn
            state.step = "power"

    def describe(self) -> str:
        return self.shown


class FramesSet(EventBody):
    """The resolution in progress (attacks, card effects, reactions), newest last."""

    kind = "uw.frames"
    frames: list[Frame]

    def apply(self, state: UnderworldsState) -> None:
        state.frames = [frame.model_copy(deep=True) for frame in self.frames]

    def describe(self) -> str:
        return ""


class CheckpointPassed(EventBody):
    kind = "uw.checkpoint"

    def apply(self, state: UnderworldsState) -> None:
        state.checkpoint += 1

    def describe(self) -> str:
        return ""


class UnscorableSet(EventBody):
    """Objective cards that may not score yet (``side:card`` -> the checkpoint after which they may): they name
    cards in hands, so the event is logged for nobody (the referee alone reads it)."""

    kind = "uw.unscorable"
    unscorable: dict[str, int]

    def apply(self, state: UnderworldsState) -> None:
        state.unscorable = dict(self.unscorable)

    def describe(self) -> str:
        return ""


class HexesBlocked(EventBody):
    kind = "uw.blocked"
    hexes: list[str]
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.shardfall = list(self.hexes)

    def describe(self) -> str:
        return self.shown
