"""Whether a power card can be played now: an upgrade's cost and fighter, and what a ploy lets its player pick.

An upgrade costs one unspent glory point, goes on a fighter of the player's that is on the battlefield, and may be
limited to some fighters (Underworlds core rulebook, L371, L605). A card whose pick is impossible (two adjacent
friendly fighters with one left) cannot be played (L575).
"""

from __future__ import annotations

from itertools import combinations

from engine.systems.underworlds.battle import Battle
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import Card
from engine.systems.underworlds.vocabulary import Choose

__all__ = ["choices", "upgrade_problem"]


def upgrade_problem(card: Card, battle: Battle, side: str, fighter_id: str, unspent_glory: int) -> str | None:
    """Return why ``side`` may not give ``card`` to the fighter now (with the rule), or None if it may."""
    if card.type != "upgrade":
        return f"{card.name} is a {card.type}, not an upgrade"
    if unspent_glory < 1:
        return f"an upgrade costs one unspent glory point and {side} has none ({RULE}, L605)"
    fighter = battle.fighter(fighter_id)
    if fighter.side != side:
        return f"{fighter.id} is not {side}'s fighter ({RULE}, L605)"
    if not fighter.on_battlefield:
        return f"{fighter.id} is out of action and can be given no upgrade ({RULE}, L605)"
    if card.restricted_to and fighter.profile not in card.restricted_to:
        return f"{card.name} may go only on {', '.join(card.restricted_to)} ({RULE}, L371)"
    return None


def choices(choose: Choose, battle: Battle, side: str) -> tuple[tuple[str, ...], ...]:
    """Every pick ``choose`` allows ``side`` now: fighter ids, hex ids, or objective token numbers (as text).

    An empty result means the card cannot be played (L575). ``up_to`` picks include smaller picks (even none).
    """
    if choose.hex is not None:
        taken = battle.occupied() | {t.hex for t in battle.objectives}
        return tuple((battle.board.id_of(h),) for h in sorted(battle.board.hexes, key=lambda h: (h.r, h.q))
                     if battle.board.passable(h) and h not in taken)
    if choose.objective is not None:
        return tuple((t.label,) for t in battle.objectives
                     if (holder := battle.holder(t)) is not None and holder.side == side)
    wanted = choose.fighters
    pool = [f for f in battle.standing()
            if wanted == "any" or (f.side == side) == (wanted == "friendly")]
    sizes = range(0 if choose.up_to else choose.count, choose.count + 1)
    picks = []
    for size in sizes:
        for group in combinations(pool, size):
            if choose.adjacent_to_each_other and size > 1 and not all(
                    a.hex is not None and b.hex is not None and a.hex.distance(b.hex) == 1
                    for a, b in combinations(group, 2)):
                continue
            picks.append(tuple(f.id for f in group))
    return tuple(picks)
