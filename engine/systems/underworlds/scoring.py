"""Glory for taking fighters out of action, the winner of a game, and the winner of a best-of-three match.

Two players: whenever a fighter is taken out of action the other player gains a glory point (Underworlds core
rulebook, L559; the ruling ``self-take-out-glory`` decides a fighter taken out by its own side's effect). Three or
four players: only the warband that took it out gains the point, never for its own fighters (L809). Glory spent on
upgrades still counts (L713, L861).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.systems.underworlds.rules import RULE, Rules

__all__ = ["GameResult", "MatchResult", "game_result", "match_result", "take_out_glory"]


def take_out_glory(victim_side: str, by_side: str | None, sides: Sequence[str],
                   rules: Rules) -> tuple[tuple[str, int], ...]:
    """Who gains a glory point when a fighter of ``victim_side`` goes out of action, taken out by ``by_side``
    (``None``: by no warband, such as a lethal hex)."""
    if len(sides) == 2:
        if by_side == victim_side and rules.self_take_out_glory == "nobody-gains":
            return ()
        return tuple((side, 1) for side in sides if side != victim_side)
    if by_side is None or by_side == victim_side:
        return ()
    return ((by_side, 1),)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The winners (one, or the players drawing), and whether the game is a draw."""

    winners: tuple[str, ...]
    draw: bool
    working: tuple[str, ...]


def game_result(glory: Mapping[str, int], fighters_left: Mapping[str, int],
                tokens_held: Mapping[str, int]) -> GameResult:
    """The winner after the third end phase: most glory; then a player with fighters left over one without; then
    most objective tokens held (a reading of "controlling", ruling ``controlling-objectives``); else a draw
    among the tied players, the rest losing (L713, L833)."""
    best = max(glory.values())
    tied = [side for side, points in glory.items() if points == best]
    working = [f"Glory: {', '.join(f'{side} {points}' for side, points in glory.items())} ({RULE}, L713)"]
    if len(tied) == 1:
        return GameResult((tied[0],), False, (*working, f"{tied[0]} has the most glory"))
    standing = [side for side in tied if fighters_left.get(side, 0) > 0]
    if 0 < len(standing) < len(tied):
        tied = standing
        working.append(f"Tied; only {', '.join(standing)} still {'has' if len(standing) == 1 else 'have'} fighters "
                       f"({RULE}, L713, L833)")
        if len(tied) == 1:
            return GameResult((tied[0],), False, tuple(working))
    if all(fighters_left.get(side, 0) > 0 for side in tied):
        most = max(tokens_held.get(side, 0) for side in tied)
        holding = [side for side in tied if tokens_held.get(side, 0) == most]
        working.append("Objective tokens held: " + ", ".join(f"{s} {tokens_held.get(s, 0)}" for s in tied)
                       + f" ({RULE}, L713)")
        if len(holding) == 1:
            return GameResult((holding[0],), False, tuple(working))
        tied = holding
    working.append(f"A draw between {', '.join(tied)}" + (", the others lose" if len(tied) < len(glory) else ""))
    return GameResult(tuple(tied), True, tuple(working))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The match so far: finished (and its winner, or a draw), or a third game needed."""

    finished: bool
    winner: str | None
    wins: tuple[tuple[str, int], ...]
    working: tuple[str, ...]


def match_result(players: tuple[str, str], winners: Sequence[str | None]) -> MatchResult:
    """A best-of-three match from each game's winner (``None`` for a draw): two wins after two games end it;
    otherwise after three games the most wins take it, and equal wins are a match draw (L735)."""
    if len(winners) > 3:
        raise ValueError(f"a match is at most three games, got {len(winners)}")
    wins = {p: sum(1 for w in winners if w == p) for p in players}
    tally = tuple(wins.items())
    text = f"Wins: {', '.join(f'{p} {n}' for p, n in tally)} after {len(winners)} games ({RULE}, L735)"
    if len(winners) == 2 and max(wins.values()) == 2:
        winner = max(wins, key=lambda p: wins[p])
        return MatchResult(True, winner, tally, (text, f"{winner} has won two games: the match is over"))
    if len(winners) < 3:
        return MatchResult(False, None, tally, (text, "the match goes on"))
    a, b = players
    if wins[a] == wins[b]:
        return MatchResult(True, None, tally, (text, "equal wins: the match is a draw"))
    winner = a if wins[a] > wins[b] else b
    return MatchResult(True, winner, tally, (text, f"{winner} wins the match"))
