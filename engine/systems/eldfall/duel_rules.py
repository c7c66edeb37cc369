"""Issue a Duel and its end, and the Victory Point cap.

Only a model of the player's original party may issue a duel, as a Special Action (after Idle, Active role); the
game ends with the duel: the winner scores 6 VP, a draw 3 VP each (Eldfall core rules v1.5, L1554-1585). Battle
Royale forbids duels (L2479). A player scores at most 10 VP in a quest (L1304).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.systems.eldfall.rulings import Rulings

__all__ = ["INTERFERED", "DuelResult", "capped_vp", "duel_refusal", "duel_result", "takes_part"]


INTERFERED = "duel-interference"
"""The side fact of a side one of whose models outside the duel interfered (Protector stepping in): it loses the duel
(L1575)."""


def takes_part(duel: tuple[str, str] | None, model: str, summoner: str | None) -> bool:
    """Whether a model may activate and react now: no duel is on, or it is a duellist, or a creature or familiar a
    duellist summoned, which may fight alongside it (L1574-1576, ruling duel-turns)."""
    return duel is None or model in duel or (summoner is not None and summoner in duel)


def duel_refusal(*, original_member: bool, declared_idle: bool, active: bool, quest_allows: bool) -> str | None:
    """Why a model may not Issue a Duel now, or None when it may."""
    if not quest_allows:
        return "this quest forbids duels (L2479)"
    if not active:
        return "a duel is a Special Action, which only an activated model may declare (L714)"
    if not declared_idle:
        return "a Special Action needs Idle in the Movement step (L1556)"
    if not original_member:
        return "only a member of the original party may issue a duel, not a summoned creature or familiar (L1571)"
    return None


@dataclass(frozen=True, slots=True)
class DuelResult:
    """How a duel ended: the winning side (None for a draw) and the VP each side scores for it."""

    winner: str | None
    vp: dict[str, int]
    working: tuple[str, ...]


def duel_result(challenger: str, challenger_down: bool, defender: str, defender_down: bool) -> DuelResult:
    """Score a duel once one or both duellists are Incapacitated or Dead (the same sequence: a draw).

    :raises ValueError: while neither duellist is down, since the duel goes on.
    """
    if not challenger_down and not defender_down:
        raise ValueError("the duel goes on until a duellist is Incapacitated or Dead (L1577)")
    if challenger_down and defender_down:
        return DuelResult(None, {challenger: 3, defender: 3}, ("both duellists fell in the same sequence: a draw, "
                                                               "3 VP each (L1579-1581)",))
    winner = defender if challenger_down else challenger
    loser = challenger if challenger_down else defender
    return DuelResult(winner, {winner: 6, loser: 0}, (f"{winner} wins the duel: 6 VP (L1578-1580)",))


def capped_vp(total: int, *, cap: int = 10, rulings: Rulings) -> int:
    """A player's VP after the quest cap (10 unless the quest says otherwise) and ruling ``negative-vp``."""
    floor = None if rulings.negative_vp == "negative" else 0
    value = min(total, cap)
    return value if floor is None else max(value, floor)
