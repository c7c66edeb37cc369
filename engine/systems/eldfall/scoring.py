"""Quest and scheme lookups: how many schemes a Leader draws, the faction tables, rewards by cost, the Sigil table.

A Leader with INT 13 or less draws 1 scheme, 14-15 draws 2 and keeps 1, 16 or more draws 3 and keeps 1 (Eldfall
core rules v1.5, L2363-2367); a second scheme of a name already drawn is discarded and drawn again (L2501).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.systems.eldfall.quest_schema import QuestSpec, SchemeTable

__all__ = ["SchemeDraw", "draw_schemes", "reward_vp", "scheme_draws", "scheme_for_roll", "sigil_spell"]


def scheme_draws(leader_int: int) -> tuple[int, int]:
    """(schemes drawn, schemes kept) for a Leader's INT."""
    if leader_int <= 13:
        return 1, 1
    if leader_int <= 15:
        return 2, 1
    return 3, 1


def scheme_for_roll(table: SchemeTable, face: int) -> str:
    """The scheme id a d20 face draws from a faction's table."""
    for row in table.rows:
        if row.rolls[0] <= face <= row.rolls[1]:
            return row.scheme
    raise ValueError(f"a d20 shows 1 to 20, got {face}")


@dataclass(frozen=True, slots=True)
class SchemeDraw:
    """Schemes drawn (distinct ids, in order), and how many faces were used to get them."""

    schemes: tuple[str, ...]
    faces_used: int


def draw_schemes(table: SchemeTable, faces: Iterable[int], count: int) -> SchemeDraw:
    """Draw ``count`` distinct schemes with the given d20 faces, redrawing repeats (L2501).

    :raises ValueError: when the faces run out first (the caller rolls more).
    """
    drawn: list[str] = []
    used = 0
    for face in faces:
        if len(drawn) == count:
            break
        used += 1
        scheme = scheme_for_roll(table, face)
        if scheme not in drawn:
            drawn.append(scheme)
    if len(drawn) < count:
        raise ValueError(f"{count} distinct schemes needed, only {len(drawn)} drawn from {used} faces")
    return SchemeDraw(tuple(drawn), used)


def reward_vp(quest: QuestSpec, event: str, *, cost: int | None = None, tier: int | None = None) -> int:
    """The VP one event scores in ``quest``: every reward or penalty for the event whose filters match."""
    total = 0
    for reward in (*quest.rewards, *quest.penalties):
        if reward.event != event:
            continue
        if reward.cost_min is not None and (cost is None or cost < reward.cost_min):
            continue
        if reward.cost_max is not None and (cost is None or cost > reward.cost_max):
            continue
        if reward.tier is not None and tier != reward.tier:
            continue
        total += reward.vp
    return total


def sigil_spell(quest: QuestSpec, face: int) -> str:
    """The spell a Treasure Hunt Sigil casts on a d20 face (L2420-2427)."""
    for row in quest.sigils:
        if row.rolls[0] <= face <= row.rolls[1]:
            return row.spell
    raise ValueError(f"quest {quest.name} has no Sigil table row for {face}")
