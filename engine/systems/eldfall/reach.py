"""Reach: melee reach between hitboxes and the bands of ranged weapons (Eldfall core rules v1.5, L738-762).

Reach is measured from anywhere on the user's hitbox to the target's, height included (L740, L746); reach 0 means
base contact. A ranged weapon's bands give the ACC modifier at each distance, and past the last band the attack
fails (L760); lengthening the reach shifts every band (L762). Which band holds a distance between two printed bands
is ruling ``reach-bands``; Archery I lengthens the first band only by ruling ``archery-overdraw`` (L2243, L2730).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.geometry import TOLERANCE, Base
from engine.systems.eldfall.hitbox import gap
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import Band

__all__ = ["BandResult", "band_modifier", "format_bands", "in_reach", "overdraw", "shift_bands"]


def in_reach(user: Base, target: Base, reach: float) -> bool:
    """Whether ``target`` is within ``reach`` inches of ``user`` (0: base contact), hitbox to hitbox."""
    if reach < 0:
        raise ValueError(f"a reach cannot be negative, got {reach}")
    return gap(user, target) <= reach + TOLERANCE


def shift_bands(bands: Sequence[Band], inches: float) -> tuple[Band, ...]:
    """Every band lengthened by ``inches``: 0-20/21-40 with +2 becomes 0-22/23-42 (L762)."""
    return tuple(Band(upto=b.upto + inches, modifier=b.modifier) for b in bands)


def overdraw(bands: Sequence[Band], inches: float, rulings: Rulings) -> tuple[Band, ...]:
    """Archery I: the first band ``inches`` longer; the furthest reach unchanged unless ruling ``archery-overdraw``
    shifts them all."""
    if rulings.archery_overdraw == "shift-all":
        return shift_bands(bands, inches)
    first = bands[0].upto + inches
    last = bands[-1].upto
    rest = [b for b in bands[1:] if b.upto > first]
    return (Band(upto=min(first, last), modifier=bands[0].modifier), *rest)


def format_bands(bands: Sequence[Band]) -> str:
    """Print bands as the book does: ``0-22": 0; 23-42": -6``."""
    parts = []
    start = 0.0
    for band in bands:
        modifier = "0" if band.modifier == 0 else f"{band.modifier:+d}"
        parts.append(f'{start:g}-{band.upto:g}": {modifier}')
        start = band.upto + 1
    return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class BandResult:
    """The band a distance falls in (its position) and its ACC modifier; ``modifier`` None: out of reach."""

    band: int | None
    modifier: int | None
    working: str


def band_modifier(bands: Sequence[Band], distance: float, rulings: Rulings) -> BandResult:
    """Find the band holding ``distance`` inches; beyond the last band the attack fails automatically (L760)."""
    measured = math.floor(distance + TOLERANCE) if rulings.reach_bands == "round-down" else distance
    printed = format_bands(bands).split("; ")
    for index, band in enumerate(bands):
        if measured <= band.upto + TOLERANCE:
            return BandResult(index, band.modifier, f'{distance:g}" is in band {printed[index]}')
    return BandResult(None, None, f'{distance:g}" is beyond the furthest band ({bands[-1].upto:g}"): the attack fails '
                                  "(L760)")
