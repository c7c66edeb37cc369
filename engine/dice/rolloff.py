"""Roll-offs: each player rolls the same pool, the best score wins, and the players tied for best roll again.

Games differ in the pool, in whether the highest or the lowest score wins, and in what a score is; those are
parameters. Shroudfall sums essence dice and the higher total wins (Shroudfall beta rulebook v1.4, L164, L1088,
L1267; ties are re-rolled by ruling ``roll-off-ties``); Sunshard:Embren rolls a d20 and the lowest wins, ties
re-rolled (Sunshard:Embren core rules v1.0, L153, L335). Pure: the caller passes the function that rolls one
player's pool (in a game, through its ``Context`` so every die is logged).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine.dice.pool import total
from engine.dice.roller import DieRoll

__all__ = ["MAX_ROUNDS", "RollOffResult", "RollOffRound", "roll_off"]

MAX_ROUNDS = 100
"""A roll-off still tied after this many rounds is refused, rather than looping on a rigged queue of ties."""


@dataclass(frozen=True, slots=True)
class RollOffRound:
    """One round: each rolling player's dice and score."""

    rolls: Mapping[str, tuple[DieRoll, ...]]
    scores: Mapping[str, int]

    def line(self) -> str:
        """The round for the working: ``A 5 (3, 2, 0), B 4 (2, 2)``."""
        return ", ".join(f"{player} {score} ({', '.join(r.label for r in self.rolls[player])})"
                         for player, score in self.scores.items())


@dataclass(frozen=True, slots=True)
class RollOffResult:
    """Who won, and every round rolled (the later rounds only by the players who were tied)."""

    winner: str
    rounds: tuple[RollOffRound, ...]
    lowest_wins: bool = False

    def working(self) -> tuple[str, ...]:
        """One line per round, then the winner."""
        best = "lowest" if self.lowest_wins else "highest"
        lines = [f"round {n}: {r.line()}" + ("" if n == len(self.rounds) else " - tied, the tied roll again")
                 for n, r in enumerate(self.rounds, start=1)]
        return (*lines, f"{self.winner} wins the roll-off ({best} score)")


def roll_off(players: Sequence[str], roll: Callable[[str], Sequence[DieRoll]], *, lowest_wins: bool = False,
             score: Callable[[Sequence[DieRoll]], int] = total) -> RollOffResult:
    """Roll off among ``players``: ``roll(player)`` rolls one player's pool; ``score`` reads it (the sum by
    default); the highest score wins, or the lowest with ``lowest_wins``; the players tied for best roll again.

    :raises ValueError: for fewer than two distinct players, or a tie that lasts :data:`MAX_ROUNDS` rounds.
    """
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError(f"a roll-off needs two or more distinct players, got {list(players)}")
    rolling = list(players)
    rounds: list[RollOffRound] = []
    while len(rounds) < MAX_ROUNDS:
        rolls = {player: tuple(roll(player)) for player in rolling}
        scores = {player: score(rolls[player]) for player in rolling}
        rounds.append(RollOffRound(rolls, scores))
        best = (min if lowest_wins else max)(scores.values())
        rolling = [player for player in rolling if scores[player] == best]
        if len(rolling) == 1:
            return RollOffResult(rolling[0], tuple(rounds), lowest_wins)
    raise ValueError(f"the roll-off is still tied after {MAX_ROUNDS} rounds")

