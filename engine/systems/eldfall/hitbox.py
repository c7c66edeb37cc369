"""Hitboxes: a cylinder as wide as the base and as tall as the size says (Eldfall core rules v1.5, L237-251).

Crouched, Incapacitated and Dead models shrink to their flat base (L1706, L1712, L1754). The height of each size is
ruling ``hitbox-height``; elevation is the pose's ``z``.
"""

from __future__ import annotations

import math

from engine.geometry import MM_PER_INCH, Base, Pose
from engine.systems.eldfall.cards import HITBOX_HEIGHT_MM, SIZE_BASE_MM
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import Size

__all__ = ["gap", "hitbox", "vertical_gap"]


def hitbox(model: str, size: Size, pose: Pose, *, flat: bool = False, rulings: Rulings) -> Base:
    """The model's hitbox as a table base: diameter by size, height by size (0 when ``flat``).

    :raises ValueError: for a Monstrous model, whose hitbox the book leaves undefined (L241).
    """
    if size not in SIZE_BASE_MM:
        raise ValueError(f"a {size} model's hitbox is not defined by the core rules (L241); give it a base size")
    diameter = SIZE_BASE_MM[size]
    height_mm = HITBOX_HEIGHT_MM[size] if rulings.hitbox_height == "second-figure" else diameter
    return Base(model, pose, diameter, 0.0 if flat else height_mm / MM_PER_INCH)


def vertical_gap(a: Base, b: Base) -> float:
    """The vertical gap between two hitboxes' height ranges (0 when they overlap in height)."""
    return max(0.0, b.pose.z - a.top, a.pose.z - b.top)


def gap(a: Base, b: Base) -> float:
    """The distance between the closest points of two hitbox cylinders, height included (L597, L746)."""
    flat = max(0.0, math.hypot(a.pose.x - b.pose.x, a.pose.y - b.pose.y) - a.radius - b.radius)
    return math.hypot(flat, vertical_gap(a, b))
