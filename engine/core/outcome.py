"""The end of a game as a value, in the manner of python-chess's ``Outcome``.

A game may end with one winner, several (a winning team), or a draw among the tied leaders (the others
lose). ``winner`` names the single winner, so two-player code reads naturally; ``winners`` always holds
every side that did not lose.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, model_validator

from engine.core.ids import SideId

__all__ = ["EndReason", "Outcome"]


class EndReason(Enum):
    """Why a game ended."""

    SCORE = "score"  # the last round was played; the higher score wins
    SCENARIO = "scenario"  # a scenario's victory condition was met before the last round (a lead in VP, a quest)
    ELIMINATION = "elimination"  # a side has nothing left on the table
    CONCEDED = "conceded"
    HOST_ENDED = "host-ended"


class Outcome(BaseModel):
    """Scores per side and who did not lose: one winner, a winning team, or the sides that share a draw.

    ``draw`` is true when the ``winners`` tied (two or more sides level at the top, or every side level);
    a team's sides win together without drawing. ``winner`` is the single winner, else ``None``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    reason: EndReason
    scores: dict[SideId, int]
    winner: SideId | None = None
    winners: tuple[SideId, ...] = ()
    draw: bool = False
    team: str | None = None  # the winning team's name, when sides played in teams

    @model_validator(mode="before")
    @classmethod
    def _winners_from_winner(cls, data: Any) -> Any:
        """A single winner is also the whole of ``winners`` (games stored before teams and draws name only it)."""
        if isinstance(data, dict) and data.get("winner") is not None and not data.get("winners"):
            return {**data, "winners": (data["winner"],)}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.winner is not None and tuple(self.winners) != (self.winner,):
            raise ValueError(f"winner {self.winner} disagrees with winners {self.winners}")
        return self

    @classmethod
    def from_scores(cls, reason: EndReason, scores: dict[SideId, int],
                    teams: Mapping[str, tuple[SideId, ...]] | None = None) -> Outcome:
        """The highest score wins; leaders level at the top draw. With ``teams``, a team scores the sum of its
        sides and its sides win together."""
        if teams:
            totals = {name: sum(scores.get(side, 0) for side in sides) for name, sides in teams.items()}
            best = max(totals.values(), default=0)
            best_teams = [name for name, total in totals.items() if total == best]
            if len(best_teams) == 1:
                return cls.of_team(reason, scores, best_teams[0], teams[best_teams[0]])
            tied = tuple(side for name in best_teams for side in teams[name])
            return cls(reason=reason, scores=dict(scores), winners=tied, draw=True)
        best = max(scores.values(), default=0)
        leaders = tuple(side for side, score in scores.items() if score == best)
        if len(leaders) == 1:
            return cls(reason=reason, scores=dict(scores), winner=leaders[0])
        return cls(reason=reason, scores=dict(scores), winners=leaders, draw=True)

    @classmethod
    def of_team(cls, reason: EndReason, scores: dict[SideId, int], team: str, sides: tuple[SideId, ...]) -> Outcome:
        """A team's sides win together."""
        if len(sides) == 1:
            return cls(reason=reason, scores=dict(scores), winner=sides[0], team=team)
        return cls(reason=reason, scores=dict(scores), winners=tuple(sides), team=team)

    def won(self, side: SideId) -> bool:
        """Whether ``side`` won (alone, with its team, or sharing a draw)."""
        return side in self.winners

    def result(self) -> str:
        """The result in a few words: "A wins", "team red (A, C) wins", "A and B draw", "a draw"."""
        if self.team is not None and len(self.winners) > 1:
            return f"team {self.team} ({', '.join(self.winners)}) wins"
        if self.winner is not None:
            return f"{self.winner} wins"
        if self.draw and len(self.winners) < len(self.scores):
            return f"{' and '.join(self.winners)} draw"
        if self.draw or not self.winners:
            return "a draw"
        return f"{' and '.join(self.winners)} win"

    def describe(self) -> str:
        score_text = ", ".join(f"{side}: {score}" for side, score in self.scores.items())
        return f"Game over ({self.reason.value}): {self.result()}. Scores {score_text}."
