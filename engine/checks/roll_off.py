"""Roll-offs on numbers: each player rolls (one die, or a pool added up), the lowest or the highest wins, and the
players tied for the win roll again until one wins.

Sunshard:Embren rolls one d20 and the lowest wins, ties re-rolled (core rules v1.0, L335, L337, L359; L153 for a
conflict with no active player); Shroudfall adds up a pool and the highest wins, ties re-rolled (beta rulebook v1.4,
L164, L1088, L1267). Pure: the rounds of results come in as numbers, and :func:`roll_off` asks a caller-given
``roll`` for each round, so the game's own roller (and its log) does the rolling.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["MAX_ROUNDS", "RollOff", "decide_roll_off", "roll_off"]

MAX_ROUNDS = 100
"""A roll-off still tied after this many rounds is refused: a rigged or broken roller, never real dice."""


@dataclass(frozen=True, slots=True)
class RollOff:
    """A roll-off so far: the ``winner`` (None while ``must_reroll`` names players still tied for the win), every
    round's results in order, and one working line per round."""

    winner: str | None
    must_reroll: tuple[str, ...]
    rounds: tuple[Mapping[str, int], ...]
    working: tuple[str, ...]


def decide_roll_off(rounds: Sequence[Mapping[str, int]], *, lowest_wins: bool) -> RollOff:
    """Decide a roll-off from its rounds: the first has every player, each later one exactly the players tied for
    the win in the round before.

    :raises ValueError: for no rounds, a round with fewer than two players in the first round, or a later round
        rolled by players other than those tied.
    """
    if not rounds:
        raise ValueError("a roll-off needs at least one round of results")
    if len(rounds[0]) < 2:
        raise ValueError(f"a roll-off needs at least two players, got {', '.join(rounds[0]) or 'none'}")
    best_word = "lowest" if lowest_wins else "highest"
    working: list[str] = []
    expected: tuple[str, ...] = tuple(rounds[0])
    tied: tuple[str, ...] = ()
    for number, results in enumerate(rounds, start=1):
        if set(results) != set(expected):
            raise ValueError(f"round {number} of the roll-off must be rolled by {', '.join(expected)}, "
                             f"got {', '.join(results) or 'nobody'}")
        best = min(results.values()) if lowest_wins else max(results.values())
        tied = tuple(player for player in expected if results[player] == best)
        shown = ", ".join(f"{player} {results[player]}" for player in expected)
        if len(tied) == 1:
            working.append(f"roll-off: {shown}; {tied[0]} rolled {best_word} and wins")
            if number != len(rounds):
                raise ValueError(f"the roll-off was won in round {number}; later rounds are not rolled")
            return RollOff(tied[0], (), tuple(rounds), tuple(working))
        working.append(f"roll-off: {shown}; {' and '.join(tied)} tie on {best}, and roll again")
        expected = tied
    return RollOff(None, tied, tuple(rounds), tuple(working))


def roll_off(players: Sequence[str], roll: Callable[[tuple[str, ...]], Mapping[str, int]], *,
             lowest_wins: bool) -> RollOff:
    """Roll off until one player wins: ``roll(players)`` rolls for those players and returns each one's result.

    :raises ValueError: when still tied after :data:`MAX_ROUNDS` rounds (a broken roller).
    """
    rounds: list[Mapping[str, int]] = []
    rolling = tuple(players)
    for _ in range(MAX_ROUNDS):
        rounds.append(dict(roll(rolling)))
        result = decide_roll_off(rounds, lowest_wins=lowest_wins)
        if result.winner is not None:
            return result
        rolling = result.must_reroll
    raise ValueError(f"the roll-off is still tied after {MAX_ROUNDS} rounds")
