"""The turn events the toy games share, written once: each toy names its own subclass (its own ``kind``, so a stored
game replays unchanged) and folds the same record into the core's flow record (``active_side``, ``round``)."""

from __future__ import annotations

from engine.core import CoreState, EventBody, SideId

__all__ = ["TurnGiven", "TurnInRound"]


class TurnGiven(EventBody):
    """Side ``side`` plays next; the first turn opens round 1."""

    side: SideId

    def apply(self, state: CoreState) -> None:
        state.active_side = self.side
        state.round = max(state.round, 1)

    def describe(self) -> str:
        return f"Side {self.side} to play."


class TurnInRound(EventBody):
    """Side ``side`` plays next, in round ``round`` (the toy says when a round turns over)."""

    side: SideId
    round: int

    def apply(self, state: CoreState) -> None:
        state.active_side, state.round = self.side, self.round

    def describe(self) -> str:
        return f"Round {self.round}: side {self.side} to play."
