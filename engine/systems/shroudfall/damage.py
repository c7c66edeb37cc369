"""Marking damage (Shroudfall beta rulebook v1.4, L378-382, L762, L1560): each model of a unit has its own HP; a model
whose damage reaches its HP is destroyed and removed. A unit whose last model goes is destroyed (its essence value
comes back each later round, L849, and its points count for the tie-breaker, L1263); an enemy ESSENCE WEAVER destroyed
scores 3 VP at once (L1248); the last enemy model destroyed ends the game (L1256)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import ModelId, SideId
from engine.systems.shroudfall.world import World

__all__ = ["WEAVER_VP", "Marked", "mark_damage"]

WEAVER_VP = 3
"""Destroying an enemy ESSENCE WEAVER scores 3 VP at once (L1248)."""


@dataclass(frozen=True, slots=True)
class Marked:
    """What damage does to a model: its damage taken after, whether it is destroyed, whether its unit goes with it,
    and the VP its destruction scores and for whom."""

    model: ModelId
    taken: int
    destroyed: bool
    unit_destroyed: bool
    points: int
    weaver: bool
    vp_to: SideId | None

    def lines(self) -> tuple[str, ...]:
        found = [f"{self.model} has taken {self.taken} damage"]
        if self.destroyed:
            found.append(f"{self.model} is destroyed: its damage reached its HP (L382)")
        if self.unit_destroyed:
            found.append(f"its unit is destroyed ({self.points} points; its essence value returns each round, L849)")
        if self.vp_to is not None:
            found.append(f"{self.vp_to} scores {WEAVER_VP} VP for an enemy ESSENCE WEAVER (L1248)")
        return tuple(found)


def mark_damage(world: World, model: ModelId, damage: int) -> Marked:
    """Mark ``damage`` on ``model`` (never past its HP) and find what follows."""
    placed = world.state.models[model]
    taken = min(placed.wounds, placed.wounds_taken + max(0, damage))
    destroyed = taken >= placed.wounds
    unit = world.unit(model)
    others = [m for m in world.state.alive(unit) if m != model]
    unit_destroyed = destroyed and not others
    card = world.card(model)
    weaver = destroyed and card.essence_weaver
    vp_to = world.state.opponent(placed.side) if weaver else None
    return Marked(model, taken, destroyed, unit_destroyed, card.points if unit_destroyed else 0, weaver, vp_to)
