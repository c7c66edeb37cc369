"""Engagement and distances between models (Sunshard:Embren core rules v1.0, L155-159, L537, L1327).

Distances run between the closest points of two bases, flat (L159). A model engages an enemy in base contact with
it, or within 2" with a Reach profile (L537); a Downed model engages nobody, though models touching it still engage
it (L1327). A model is engaged when it engages an enemy or an enemy engages it (L155).
"""

from __future__ import annotations

from engine.geometry import TOLERANCE, distance
from engine.systems.sunshard.world import Miniature, World

__all__ = ["REACH", "engaged", "engaged_by", "engages", "engaging", "gap", "held_in_place", "in_contact", "reach"]

REACH = 2.0
"""A Reach profile makes melee attacks, and engages, up to 2" away (L537)."""


def gap(a: Miniature, b: Miniature) -> float:
    """Inches between the closest points of two bases (L159, L270)."""
    return distance(a.base(), b.base())


def in_contact(a: Miniature, b: Miniature) -> bool:
    """Whether the bases touch (within the table's tolerance)."""
    return gap(a, b) <= TOLERANCE


def reach(model: Miniature) -> float:
    """How far the model's engagement range reaches: 2" with a Reach profile, else base contact (L155, L537)."""
    return REACH if any("Reach" in p.abilities for p in model.card.weapons) else 0.0


def engages(a: Miniature, b: Miniature) -> bool:
    """Whether ``a`` engages the enemy ``b`` (L155, L537, L1327)."""
    if a.side == b.side or a.downed or not a.on_table or not b.on_table:
        return False
    return gap(a, b) <= reach(a) + TOLERANCE


def engaging(world: World, model: Miniature) -> list[Miniature]:
    """The enemies ``model`` engages."""
    ids = world.memo(("engaging", model.id), lambda: [e.id for e in world.on_table() if engages(model, e)])
    return [world.model(i) for i in ids]


def engaged_by(world: World, model: Miniature) -> list[Miniature]:
    """The enemies engaging ``model`` (Downed ones never do, L1327); kept for the state's point in the log, as
    every attack check and menu asks it of each model."""
    ids = world.memo(("engaged-by", model.id), lambda: [e.id for e in world.on_table() if engages(e, model)])
    return [world.model(i) for i in ids]


def engaged(world: World, model: Miniature) -> bool:
    """Whether ``model`` engages an enemy or is engaged by one (L155)."""
    return bool(engaging(world, model) or engaged_by(world, model))


def held_in_place(world: World, model: Miniature) -> list[Miniature]:
    """The enemies that keep ``model`` from taking a movement action (L393): with ruling downed-engagement
    ``only-standing``, those engaging it; read literally, also those it engages."""
    held = engaged_by(world, model)
    if world.rulings.downed_engagement == "literal":
        held += [e for e in engaging(world, model) if e not in held]
    return held
