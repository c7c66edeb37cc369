"""Morale: panic rolls, Friendly Fire, Broken Morale and the Initiative's cousin, the Morale roll.

A Panicked model rolls M at each activation or reaction: failing in the Active role it runs its full Run toward the
nearest open edge, failing in the Reactive role it may only Dodge toward the edge or stay Idle (Eldfall core rules
v1.5, L1764). A Hit that could hurt an ally makes the ally roll M or be Panicked until its next Strategic phase
(L1286). When a party falls to half its models or fewer, the rest are Panicked for the game (L1280-1282, ruling
``broken-morale``). Fearless and Construct models never panic (L2077, L2035).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.checks import CheckResult, Die, Target
from engine.systems.eldfall.attack import Role
from engine.systems.eldfall.rolls import attribute_roll
from engine.systems.eldfall.rulings import Rulings

__all__ = ["MoraleRoll", "friendly_fire_roll", "morale_broken", "panic_roll"]


@dataclass(frozen=True, slots=True)
class MoraleRoll:
    """An M roll and what follows: ``outcome`` is steady, flees, dodge-or-idle, panicked or immune."""

    model: str
    roll: CheckResult | None
    outcome: Literal["steady", "flees", "dodge-or-idle", "panicked", "immune"]
    working: tuple[str, ...]


def panic_roll(model: str, goal: Target, face: int | Die, role: Role, *,
               rulings: Rulings) -> MoraleRoll:
    """A Panicked model's M roll as it activates (``active``) or reacts (``reactive``)."""
    roll = attribute_roll(goal, face, rulings=rulings)
    lines = [f"{model} is Panicked and rolls M", *roll.working]
    if roll.passed:
        return MoraleRoll(model, roll, "steady", (*lines, "it keeps its nerve"))
    if role == "active":
        return MoraleRoll(model, roll, "flees", (*lines, "it must Run its full distance toward the nearest open "
                                                         "edge (L1764)"))
    return MoraleRoll(model, roll, "dodge-or-idle", (*lines, "it may only Dodge toward the edge or stay Idle (L1764)"))


def friendly_fire_roll(model: str, goal: Target, face: int | Die, *, immune_by: str | None = None,
                       rulings: Rulings) -> MoraleRoll:
    """The M roll of an ally hit by its own side (L1286); ``immune_by`` names Fearless or Construct (no roll)."""
    if immune_by is not None:
        return MoraleRoll(model, None, "immune", (f"{model} is hit by friendly fire but {immune_by} keeps it from "
                                                  "panicking",))
    roll = attribute_roll(goal, face, rulings=rulings)
    lines = [f"{model} is hit by friendly fire and rolls M (L1286)", *roll.working]
    if roll.passed:
        return MoraleRoll(model, roll, "steady", (*lines, "it keeps its nerve"))
    return MoraleRoll(model, roll, "panicked", (*lines, "Panicked until its next Strategic phase (L1286)"))


def morale_broken(original: int, standing: int, rulings: Rulings) -> bool:
    """Whether a party that deployed ``original`` models (summons excluded) is broken with ``standing`` left.

    Default ruling: half or fewer, rounded down (three -> one left, four -> two, five -> two: L1282).
    """
    if original < 1 or standing < 0:
        raise ValueError(f"a party has at least 1 model and never fewer than 0 standing, got {original} and {standing}")
    if rulings.broken_morale == "below-half":
        return standing * 2 < original
    return standing <= original // 2
