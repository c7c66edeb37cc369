"""Confrontations: two models that attack each other roll against each other (Eldfall core rules v1.5, L845-864).

Each successful roll cancels every opposing success with an equal or lower face, so a die lands only if it beats
every opposing success; only the side with surviving dice wins and deals its Hits (L855-858). A critical beats every
opposing roll (L833); when both sides roll criticals both take them (L835), the rest by ruling
``confrontation-criticals``. Unstoppable against a smaller target means no confrontation at all (L2196); Backstab's
automatic Hit stays out of it, and a Backstab model that loses still scores its Hits (L1896).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.systems.eldfall.attack import AttackRoll, Hit
from engine.systems.eldfall.rulings import Rulings

__all__ = ["Cancellation", "Confrontation", "Side", "confront", "unopposed"]

Side = Literal["a", "b"]


@dataclass(frozen=True, slots=True)
class Cancellation:
    """Die ``die`` (a position) of side ``side`` was cancelled by die ``by`` of the other side."""

    side: Side
    die: int
    face: int
    by: int
    by_face: int
    by_critical: bool


@dataclass(frozen=True, slots=True)
class Confrontation:
    """The outcome: which dice of each side land, what cancelled what, the winner (None: nobody) and the working."""

    a: AttackRoll
    b: AttackRoll
    a_lands: tuple[int, ...]
    b_lands: tuple[int, ...]
    cancelled: tuple[Cancellation, ...]
    winner: Side | None
    working: tuple[str, ...]

    @property
    def hits(self) -> tuple[Hit, ...]:
        """Every Hit that lands, side a's first."""
        return self.a.hits(self.a_lands) + self.b.hits(self.b_lands)


def unopposed(attack: AttackRoll, automatic: int = 0) -> tuple[Hit, ...]:
    """The Hits of an attack nobody attacks back: every success, plus ``automatic`` Hits (Backstab) (L817, L1896)."""
    auto = tuple(Hit(attack.attacker, attack.defender, -1 - n, 0, False) for n in range(automatic))
    return attack.hits() + auto


def _cancel(loser: AttackRoll, side: Side, dice: tuple[int, ...], winner: AttackRoll,
            winner_dice: tuple[int, ...]) -> list[Cancellation]:
    """Record, for each cancelled die, the lowest opposing die that beats it (a critical beats anything)."""
    records = []
    for i in dice:
        face = loser.verdicts[i].face
        beaters = [j for j in winner_dice if winner.verdicts[j].critical or winner.verdicts[j].face >= face]
        crits = [j for j in beaters if winner.verdicts[j].critical]
        if loser.verdicts[i].critical:
            beaters = crits
        if not beaters:
            continue
        by = min(crits) if crits else min(beaters, key=lambda j: (winner.verdicts[j].face, j))
        records.append(Cancellation(side, i, face, by, winner.verdicts[by].face, winner.verdicts[by].critical))
    return records


def _compare(a: AttackRoll, b: AttackRoll, a_dice: tuple[int, ...],
             b_dice: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Plain comparison: a die survives only if it is higher than every opposing success."""
    best_a = max((a.verdicts[i].face for i in a_dice), default=0)
    best_b = max((b.verdicts[i].face for i in b_dice), default=0)
    return (tuple(i for i in a_dice if a.verdicts[i].face > best_b),
            tuple(i for i in b_dice if b.verdicts[i].face > best_a))


def confront(a: AttackRoll, b: AttackRoll, *, unstoppable: bool = False, backstab: Side | None = None,
             rulings: Rulings) -> Confrontation:
    """Resolve two attacks aimed at each other (``a`` is usually the activated model).

    ``unstoppable``: one side is Unstoppable against a smaller target, so both sides' successes land.
    ``backstab``: that side's Backstab took one strike out as an automatic Hit (add it with :func:`unopposed`);
    if that side loses, both sides still land their successes.
    """
    lines = [f"confrontation: {a.attacker} against {b.attacker} (L845-858)"]
    if unstoppable:
        lines.append("Unstoppable against a smaller target: no confrontation, both sides' successes land (L2196)")
        return Confrontation(a, b, a.successes, b.successes, (), None, tuple(lines))
    a_crit = tuple(i for i in a.successes if a.verdicts[i].critical)
    b_crit = tuple(i for i in b.successes if b.verdicts[i].critical)
    a_plain = tuple(i for i in a.successes if i not in a_crit)
    b_plain = tuple(i for i in b.successes if i not in b_crit)
    if a_crit and b_crit:
        lines.append("both sides rolled criticals: both take them (L835)")
        if rulings.confrontation_criticals == "both-compare":
            a_more, b_more = _compare(a, b, a_plain, b_plain)
            a_lands, b_lands = a_crit + a_more, b_crit + b_more
        else:
            lines.append("only the criticals land (ruling confrontation-criticals)")
            a_lands, b_lands = a_crit, b_crit
    elif a_crit or b_crit:
        critical_side = a.attacker if a_crit else b.attacker
        lines.append(f"{critical_side} rolled a critical, which beats every opposing roll (L833)")
        a_lands, b_lands = (a.successes, ()) if a_crit else ((), b.successes)
    else:
        a_lands, b_lands = _compare(a, b, a_plain, b_plain)
    cancelled = _cancel(a, "a", tuple(i for i in a.successes if i not in a_lands), b, b.successes)
    cancelled += _cancel(b, "b", tuple(i for i in b.successes if i not in b_lands), a, a.successes)
    winner: Side | None = "a" if a_lands and not b_lands else "b" if b_lands and not a_lands else None
    if backstab is not None and winner not in (None, backstab):
        lines.append("the Backstab model lost, so both models score their successes (L1896)")
        a_lands, b_lands, cancelled, winner = a.successes, b.successes, [], None
    for c in cancelled:
        loser, other = (a, b) if c.side == "a" else (b, a)
        lines.append(f"{other.attacker}'s {'critical ' if c.by_critical else ''}{c.by_face} cancels "
                     f"{loser.attacker}'s {c.face}")
    for roll, lands in ((a, a_lands), (b, b_lands)):
        faces = ", ".join(str(roll.verdicts[i].face) for i in lands)
        lines.append(f"{roll.attacker} lands {len(lands)} {'Hit' if len(lands) == 1 else 'Hits'}"
                     + (f" ({faces})" if faces else ""))
    if winner is not None:
        lines.append(f"{(a if winner == 'a' else b).attacker} wins the confrontation")
    elif a_lands and b_lands:
        lines.append("both models score Hits")
    else:
        lines.append("nobody wins the confrontation")
    return Confrontation(a, b, tuple(a_lands), tuple(b_lands), tuple(cancelled), winner, tuple(lines))
