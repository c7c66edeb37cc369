"""Shooting into melee: a ranged attack without an AoE at an enemy touching the shooter's allies gets -4 for each
such ally, and every die showing 17 to 20 hits one of those allies instead (Eldfall core rules v1.5, L1516-1522); the
opponent chooses which ally. Chain Attack and Redirect Damage ignore the rule (L1900, L2298). What a successful
17-20 does to the target is ruling ``friendly-fire-roll``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.checks import Modifier
from engine.systems.eldfall.attack import AttackRoll
from engine.systems.eldfall.rulings import Rulings

__all__ = ["STRAY_FACES", "StrayShots", "shooting_into_melee", "stray_shots"]

STRAY_FACES = frozenset({17, 18, 19, 20})
"""Faces that hit an ally in contact with the target (L1522)."""


def shooting_into_melee(allies_in_contact: int) -> Modifier | None:
    """The shooter's penalty: -4 for each of its allies in base contact with the target (None when there are none)."""
    if allies_in_contact < 0:
        raise ValueError(f"a count of allies cannot be negative, got {allies_in_contact}")
    if allies_in_contact == 0:
        return None
    return Modifier.add(f"shooting into melee ({allies_in_contact} {'ally' if allies_in_contact == 1 else 'allies'})",
                        -4 * allies_in_contact, "L1522")


@dataclass(frozen=True, slots=True)
class StrayShots:
    """Which dice of a ranged attack hit an ally instead (positions), which still count against the target."""

    to_allies: tuple[int, ...]
    to_target: tuple[int, ...]
    working: tuple[str, ...]


def stray_shots(attack: AttackRoll, allies_in_contact: int, *, area: bool = False, exempt_by: str | None = None,
                rulings: Rulings) -> StrayShots:
    """Split a ranged attack's dice between the target and the allies touching it."""
    if allies_in_contact == 0 or area or exempt_by is not None:
        reason = ("no ally touches the target" if allies_in_contact == 0 else "an AoE attack is not shooting into "
                  "melee (L1520)" if area else f"{exempt_by} ignores the friendly-fire rule")
        return StrayShots((), attack.successes, (reason,))
    strays = tuple(i for i, v in enumerate(attack.verdicts) if v.face in STRAY_FACES)
    if rulings.friendly_fire_roll == "both":
        kept = attack.successes
    else:
        kept = tuple(i for i in attack.successes if i not in strays)
    lines = [f"{attack.verdicts[i].face} hits an ally touching the target; the opponent picks which (L1522)"
             for i in strays]
    return StrayShots(strays, kept, tuple(lines) or ("no die shows 17 to 20",))
