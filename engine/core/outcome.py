"""The end of a game as a value, in the manner of python-chess's ``Outcome``."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict

from engine.core.ids import SideId

__all__ = ["EndReason", "Outcome"]


class EndReason(Enum):
    """Why a game ended."""

    SCORE = "score"  # the last round was played; the higher score wins
    ELIMINATION = "elimination"  # a side has nothing left on the table
    CONCEDED = "conceded"
    HOST_ENDED = "host-ended"


class Outcome(BaseModel):
    """Scores per side and the winner, or ``None`` for a draw."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reason: EndReason
    scores: dict[SideId, int]
    winner: SideId | None

    @classmethod
    def from_scores(cls, reason: EndReason, scores: dict[SideId, int]) -> Outcome:
        """Build the outcome where the single highest score wins and a tie is a draw."""
        best = max(scores.values(), default=0)
        leaders = [side for side, score in scores.items() if score == best]
        return cls(reason=reason, scores=dict(scores), winner=leaders[0] if len(leaders) == 1 else None)

    def describe(self) -> str:
        score_text = ", ".join(f"{side}: {score}" for side, score in self.scores.items())
        result = f"{self.winner} wins" if self.winner else "a draw"
        return f"Game over ({self.reason.value}): {result}. Scores {score_text}."
