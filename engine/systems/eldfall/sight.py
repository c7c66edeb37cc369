"""Facing, the front arc, Awareness and line of sight between hitboxes.

A model sees only from its 180-degree front arc (Eldfall core rules v1.5, L655-657), all round while it moves (L636,
L670) or with Vigilance (L2200); it always sees itself (L674), sees nothing else when Blinded (L1688), and an Engaged
model always sees the enemies engaging it (L1461). Sight itself is an unblocked straight line between the two
hitboxes, other models included (L662-664), worked out by ``engine.geometry.LineOfSight``. Awareness is a ring of AG
inches around the base (L683-685), +3 with Acute Senses (L2001); measured by ruling ``awareness-measure``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.geometry import TOLERANCE, Base, LineOfSight, distance, in_arc
from engine.systems.eldfall.hitbox import gap
from engine.systems.eldfall.rulings import Rulings

__all__ = ["SightCheck", "in_awareness", "in_front_arc", "line_of_sight"]


def in_front_arc(viewer: Base, target: Base, *, arc: float = 180.0) -> bool:
    """Whether any part of ``target``'s base lies in ``viewer``'s front arc (its half-plane, for 180 degrees)."""
    return in_arc(viewer.pose, target, arc)


def in_awareness(owner: Base, agility: int, other: Base, *, acute_senses: bool = False,
                 rulings: Rulings) -> bool:
    """Whether ``other``'s hitbox is in or touching ``owner``'s Awareness of ``agility`` inches (pass the modified
    or the printed AG as ruling ``awareness-measure`` says)."""
    radius = agility + (3 if acute_senses else 0)
    measured = gap(owner, other) if rulings.awareness_measure == "modified-3d" else distance(owner, other)
    return measured <= radius + TOLERANCE


@dataclass(frozen=True, slots=True)
class SightCheck:
    """Whether the viewer sees the target, why, and the share of the target hidden from it."""

    visible: bool
    reason: str
    hidden_share: float = 0.0
    blocked_by: tuple[str, ...] = ()


def line_of_sight(viewer: Base, target: Base, sight: LineOfSight, *, front_arc: float = 180.0, moving: bool = False,
                  blinded: bool = False, engaged_by_target: bool = False) -> SightCheck:
    """Line of sight from ``viewer`` to ``target`` across the blockers ``sight`` holds."""
    if viewer.id == target.id:
        return SightCheck(True, "a model always sees itself (L674)")
    if blinded:
        return SightCheck(False, "Blinded: it sees nothing but itself (L1688)", 1.0)
    if engaged_by_target:
        return SightCheck(True, "Engaged: it always sees the enemies engaging it (L1461)")
    if not moving and not in_front_arc(viewer, target, arc=front_arc):
        return SightCheck(False, "outside its front arc (L655-657)", 1.0)
    seen = sight.check(viewer, target)
    if not seen.visible:
        return SightCheck(False, "every sight line is blocked (L662-664)", 1.0, seen.blocked_by)
    reason = "seen while moving, all round (L670)" if moving else "in its front arc and unblocked (L655-662)"
    return SightCheck(True, reason, seen.hidden_share, seen.blocked_by)
