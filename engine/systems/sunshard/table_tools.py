"""The table's own tools in a Sunshard game: which of the shared table's actions it keeps (measuring, sight, templates
and the fixes by hand), and ``/los`` answered by Sunshard's sight and cover rules (L266-321)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.sunshard.sight import cover, has_sight
from engine.systems.sunshard.world import RULE, World
from engine.table import Perception

__all__ = ["TABLE_VERBS", "perceive"]

TABLE_VERBS = frozenset({("model", "place"), ("model", "wound"), ("model", "token"), ("model", "remove"),
                         ("measure",), ("los",), ("template",)})
"""The shared table's actions a Sunshard table offers: measuring is free at any time (L159), and the players fix the
table by hand where the referee does not (every fix logged)."""


def perceive(world: World, a: ModelId, b: ModelId) -> Perception | None:
    """Whether ``a`` sees ``b`` by Sunshard's rules, with the cover ``b`` would have against a ranged attack."""
    if a not in world.state.figures or b not in world.state.figures:
        return None
    seer, seen = world.model(a), world.model(b)
    if not (seer.on_table and seen.on_table):
        return None
    if not has_sight(world, seer, seen):
        return Perception(False, f"something at least as tall as the taller model blocks every line ({RULE}, L282)")
    found = cover(world, seer, seen)
    notes = (f"{seen.id} has {found.kind} cover from {seer.id} ({', '.join(found.pieces)})."
             if found.kind != "none" else f"{seen.id} has no cover from {seer.id}.",)
    return Perception(True, f"a line of sight is clear ({RULE}, L282)", notes)
