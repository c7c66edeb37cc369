"""Roll-offs: each player rolls four dice; most criticals wins, then the tie-break symbols, then tied players
re-roll (Underworlds core rulebook, L131, L865). The text lost the tie-break symbols, so their order is a ruling
(``roll-off-tie-breaks``), as is the symbol added in round 1 (``round-one-bonus-symbol``, L391, L561), which also
counts in every re-roll of that roll-off.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core.errors import InvalidCommand
from engine.systems.underworlds.attack import ATTACK_FACES, DEFENCE_FACES
from engine.systems.underworlds.rules import RULE, Rules

__all__ = ["ROLL_OFF_DICE", "RollOff", "Tally", "rank", "roll_off"]

ROLL_OFF_DICE = 4
"""Each player rolls any four dice, attack or defence (L131)."""

_FACES = ATTACK_FACES | DEFENCE_FACES


@dataclass(frozen=True, slots=True)
class Tally:
    """One player's roll in one round: the faces and the counts compared, bonus included."""

    side: str
    faces: tuple[str, ...]
    counts: tuple[int, ...]
    """Criticals, then each tie-break symbol in order."""


@dataclass(frozen=True, slots=True)
class RollOff:
    """The result: the winner (None while players are still tied and must re-roll), every round's tallies, and
    the final ranking from first to last (players tied with each other share a group)."""

    winner: str | None
    must_reroll: tuple[str, ...]
    rounds: tuple[tuple[Tally, ...], ...]
    ranking: tuple[tuple[str, ...], ...]
    working: tuple[str, ...]
    said: str = ""
    """What each side rolled and what it means, in a player's words, for the public line (never ``3 = 3``)."""


def _tally(side: str, faces: Sequence[str], symbols: Sequence[str], bonus: str | None) -> Tally:
    bad = [f for f in faces if f not in _FACES]
    if bad:
        raise InvalidCommand(f"{side}'s roll-off shows {', '.join(map(repr, bad))}, which no die has "
                             f"(faces: {', '.join(sorted(_FACES))})", verb="roll-off")
    if len(faces) != ROLL_OFF_DICE:
        raise InvalidCommand(f"{side} rolled {len(faces)} dice; a roll-off takes any four dice ({RULE}, L131)",
                             verb="roll-off")
    counted = [*faces, *([bonus] if bonus else [])]
    return Tally(side, tuple(faces), tuple(counted.count(s) for s in symbols))


_NAMES = {"crit": ("critical", "criticals"), "double support": ("double support", "double supports"),
          "support": ("single support", "single supports")}


def _counted(count: int, symbol: str) -> str:
    one, many = _NAMES[symbol]
    return f"{count} {one if count == 1 else many}"


def _rolled(tally: Tally, symbols: Sequence[str], bonus: str) -> str:
    """``A 1 critical and 2 double supports`` (``A nothing that counts``): what decided this player's place, its
    bonus symbol said beside it."""
    shown = [_counted(c, s) for c, s in zip(tally.counts, symbols, strict=True) if c]
    return f"{tally.side} {' and '.join(shown) if shown else 'nothing that counts'}{bonus}"


def _meaning(tallies: Sequence[Tally], groups: Sequence[Sequence[str]], symbols: Sequence[str]) -> str:
    """Why the first group is first: the first count it beats the next on (``most criticals``, or ``tied on
    criticals, more double supports``), or that it is tied on every count and re-rolls."""
    by_side = {t.side: t.counts for t in tallies}
    if len(groups[0]) > 1:
        return f"{' and '.join(groups[0])} tie on every count and re-roll"
    best, runner = by_side[groups[0][0]], by_side[groups[1][0]]
    index = next(i for i, (a, b) in enumerate(zip(best, runner, strict=True)) if a != b)
    tied = f"tied on {', '.join(_NAMES[s][1] for s in symbols[:index])}, " if index else ""
    return f"{tied}{groups[0][0]} has more {_NAMES[symbols[index]][1]}"


def rank(tallies: Sequence[Tally]) -> tuple[tuple[str, ...], ...]:
    """Group sides from best to worst roll; sides in one group tied on every count."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for tally in tallies:
        groups.setdefault(tally.counts, []).append(tally.side)
    return tuple(tuple(groups[counts]) for counts in sorted(groups, reverse=True))


def roll_off(rounds: Sequence[Mapping[str, Sequence[str]]], *, bonus_to: str | None = None,
             rules: Rules) -> RollOff:
    """Decide a roll-off from its rounds of faces: the first round has every player, each later round only the
    players still tied for first. ``bonus_to`` adds the round 1 bonus symbol to that player's every round.

    :raises InvalidCommand: for a roll that is not four faces of these dice, or a later round rolled by the wrong
        players.
    """
    symbols = ("crit", *rules.tie_breaks)
    working: list[str] = []
    said: list[str] = []
    done: list[tuple[Tally, ...]] = []
    expected: tuple[str, ...] | None = None
    ranking: tuple[tuple[str, ...], ...] = ()
    for number, faces_by_side in enumerate(rounds, start=1):
        sides = tuple(faces_by_side)
        if expected is not None and set(sides) != set(expected):
            raise InvalidCommand(f"round {number} of the roll-off must be rolled by {', '.join(expected)} "
                                 f"(still tied), not {', '.join(sides)}", verb="roll-off")
        bonus = rules.bonus_face
        tallies = tuple(_tally(side, faces_by_side[side], symbols, bonus if side == bonus_to else None)
                        for side in sides)
        done.append(tallies)
        groups = rank(tallies)
        ranking = groups + ranking[1:] if ranking else groups
        shown = "; ".join(f"{t.side} " + ", ".join(_counted(c, s) for c, s in zip(t.counts, symbols, strict=True))
                          for t in tallies)
        with_bonus = f" (with {bonus_to}'s bonus {bonus})" if bonus_to in sides else ""
        working.append(f"Roll {number}: {shown}{with_bonus} ({RULE}, L131, L561)")
        rolled = ", ".join(_rolled(t, symbols, f" (bonus {bonus} included)" if t.side == bonus_to else "")
                           for t in tallies)
        said.append(f"{rolled}: {_meaning(tallies, groups, symbols)}")
        if len(groups[0]) == 1:
            working.append(f"{groups[0][0]} wins the roll-off")
            return RollOff(groups[0][0], (), tuple(done), ranking, tuple(working), "; then ".join(said))
        expected = groups[0]
        working.append(f"{', '.join(expected)} tie on every count and re-roll ({RULE}, L131)")
    return RollOff(None, expected or (), tuple(done), ranking, tuple(working), "; then ".join(said))
