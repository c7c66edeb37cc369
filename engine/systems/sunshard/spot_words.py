"""Where a spot on the table lies, in the words a menu of spots shows a player: how far a base there stands from a
model (between the bases' nearest points, Sunshard:Embren core rules v1.0, L159, L270), whether it is still in
engagement (L155), and which terrain piece holds it or stands beside it (L694-700). Menus of spots (Fade's vault,
the deploy spots) say where each lies with these, so they read alike and a player need not read coordinates.
"""

from __future__ import annotations

import shapely

from engine.geometry import Base, distance
from engine.systems.sunshard.engagement import reach
from engine.systems.sunshard.terrain import pieces, relation
from engine.systems.sunshard.world import Miniature, World

__all__ = ["NEAR_PIECE", "engagement_words", "inches", "terrain_words"]

NEAR_PIECE = 3.0
"""Inches: a spot this near a terrain piece is said to be beside it."""


def inches(length: float) -> str:
    """A length as a menu says it: ``2.5"``, to a tenth."""
    return f"{round(length, 1):g}\""


def terrain_words(world: World, base: Base) -> str | None:
    """The piece a base there would stand within (``in T2 ruin``), else the nearest within 3" (``by T2 ruin``);
    None in the open."""
    within = [t for t in pieces(world) if relation(base, t) in ("within", "completely")]
    if within:
        return f"in {within[0].id} {within[0].kind}"
    spot = shapely.Point(base.xy)
    near = min(((float(t.polygon.distance(spot)) - base.radius, t.id, t.kind) for t in pieces(world)), default=None)
    return f"by {near[1]} {near[2]}" if near is not None and near[0] <= NEAR_PIECE else None


def engagement_words(world: World, model: Miniature, base: Base) -> str:
    """How far ``model``'s base moved to ``base`` stands from the nearest enemy, and whether it is out of
    engagement there (no enemy engages it, and it engages none: L155, L537)."""
    enemies = [e for e in world.on_table() if e.side != model.side and not e.downed]
    if not enemies:
        return "no enemy on the table"
    gaps = sorted((distance(base, e.base()), e.id, e) for e in enemies)
    gap, nearest, _ = gaps[0]
    engaged = [i for g, i, e in gaps if g <= max(reach(e), reach(model)) + 1e-6]
    state = f"engaged with {', '.join(engaged)}" if engaged else "out of engagement"
    return f"{inches(gap)} from {nearest}, {state}"
