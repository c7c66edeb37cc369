"""Engagement: at the end of each Resolution step and each phase, a model inside an enemy's melee weapon reach is
Engaged (Eldfall core rules v1.5, L1447-1461). Crouched, Flying, Incapacitated, Petrified and Dead models engage
nobody, and a Flying model is never Engaged (L1459, L1706, L1736). Which weapon counts is ruling
``engagement-weapon``: the caller passes that reach, or None for an enemy with no melee weapon (unarmed, reach 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.geometry import Base
from engine.systems.eldfall.reach import in_reach

__all__ = ["NO_ENGAGING_STATES", "Threat", "engaged_by"]

NO_ENGAGING_STATES = frozenset({"crouched", "flying", "incapacitated", "petrified", "dead"})
"""States in which a model engages nobody (L1459, L1706, L1736)."""


@dataclass(frozen=True, slots=True)
class Threat:
    """An enemy that might engage: its hitbox, its melee reach (None: unarmed, 0) and its states (lower case)."""

    base: Base
    melee_reach: float | None
    states: frozenset[str] = frozenset()


def engaged_by(model: Base, enemies: Sequence[Threat], *, flying: bool = False) -> tuple[str, ...]:
    """The enemies engaging ``model`` now (empty when it is Flying)."""
    if flying:
        return ()
    return tuple(t.base.id for t in enemies
                 if not (t.states & NO_ENGAGING_STATES) and in_reach(t.base, model, t.melee_reach or 0.0))
