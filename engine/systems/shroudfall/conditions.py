"""Conditions on units (Shroudfall beta rulebook v1.4, L815-821, L1381-1423): a unit has each or not (ruling
``duplicate-conditions``), Immunity (Type) keeps one off (L1345), a Shake action removes one (L547), Stunned forces
the first action to be the Shake that removes it (L1421), and damage a condition deals goes first to the damaged
model with the least health left, its controller choosing among equals (L819; ruling ``condition-damage``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import IllegalCommand, ModelId
from engine.systems.shroudfall.catalogue import fold
from engine.systems.shroudfall.rulings import Rulings
from engine.systems.shroudfall.schema import Colour
from engine.systems.shroudfall.state import ShroudfallState, UnitRecord
from engine.systems.shroudfall.world import World

__all__ = [
    "BURNING_DICE",
    "CONDITIONS",
    "burning_pool",
    "condition_damage_candidates",
    "gained",
    "shake_refusal",
    "shaken",
    "stunned_first",
]

CONDITIONS = ("burning", "void", "crippled", "essence-starved", "frostbite", "hexed", "poisoned", "shattered",
              "shocked", "stunned")
"""The ten conditions (L1383-1421), as the state names them."""


BURNING_DICE: dict[str, tuple[Colour, ...]] = {"two-yellow": ("yellow", "yellow"),
                                               "one-yellow-one-grey": ("yellow", "grey")}
"""Burning's arcane damage roll by option of ruling ``burning-damage`` (the icon is lost, L1383)."""


def burning_pool(rulings: Rulings) -> tuple[Colour, ...]:
    """The dice of Burning's damage roll at the end of the unit's activation (L1383)."""
    return BURNING_DICE[rulings.burning_damage]


def gained(world: World, unit: UnitRecord, new: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The unit's conditions after gaining ``new``, and which of them it actually gained: one it has is not gained
    again, one it is immune to never (L1345)."""
    immune = {fold(p.split("(", 1)[1].rstrip(")")).replace(" ", "-") for p in _passives(world, unit)
              if fold(p).startswith("immunity (")}
    added = tuple(c for c in dict.fromkeys(new) if c in CONDITIONS and c not in unit.conditions and c not in immune)
    return (*unit.conditions, *added), added


def _passives(world: World, unit: UnitRecord) -> tuple[str, ...]:
    alive = world.state.alive(unit)
    return world.passives(alive[0]) if alive else world.catalogue.card(unit.card).passives


def shake_refusal(unit: UnitRecord, condition: str) -> str | None:
    """Why a Shake action may not remove ``condition`` from ``unit``, or None (L547)."""
    if condition not in CONDITIONS:
        return f"{condition!r} is not a condition; the conditions are {', '.join(CONDITIONS)}"
    if condition not in unit.conditions:
        held = ", ".join(unit.conditions) or "none"
        return f"{unit.id} does not have {condition} (its conditions: {held})"
    if "stunned" in unit.conditions and condition != "stunned":
        return f"{unit.id} is Stunned: its Shake must remove Stunned first (L1421)"
    return None


def shaken(unit: UnitRecord, condition: str) -> tuple[str, ...]:
    """The unit's conditions after a Shake removed ``condition``.

    :raises IllegalCommand: naming the rule, when the Shake may not remove it.
    """
    why = shake_refusal(unit, condition)
    if why is not None:
        raise IllegalCommand(why, verb="shake")
    return tuple(c for c in unit.conditions if c != condition)


def stunned_first(state: ShroudfallState, unit: UnitRecord) -> bool:
    """A Stunned unit that has taken no action yet this activation must Shake first (L1421)."""
    return ("stunned" in unit.conditions and state.activation is not None and state.activation.unit == unit.id
            and not state.activation.actions)


def condition_damage_candidates(state: ShroudfallState, unit: UnitRecord) -> tuple[ModelId, ...]:
    """The models a condition's damage may go to: the damaged ones with the least health left; every model when none
    is damaged (its controller chooses, ruling ``condition-damage``)."""
    alive = [state.models[m] for m in state.alive(unit)]
    hurt = [m for m in alive if m.wounds_taken > 0]
    if not hurt:
        return tuple(m.id for m in alive)
    least = min(m.wounds_left for m in hurt)
    return tuple(m.id for m in hurt if m.wounds_left == least)
