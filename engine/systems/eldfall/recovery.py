"""Hastened Recovery's one choice (Eldfall core rules v1.5, L2299): the caster ends Crippled, Bleeding, Weakened or
Poisoned on its target, or the target regains 1 HP, whichever the caster names.

The choice rides on the Assist's ``choice:`` (``choice:bleeding``, ``choice:hp``), as Dispel Magic's does: a menu
asks it only when the target has more than one of them to gain from (a state it bears, HP it lost and may regain);
with one, that one is taken unasked; one it gains nothing from is refused. With several targets (its STK is the
caster's STA) the one choice goes to each of them (ruling of ours: the spell names one effect per cast); a target it
does nothing for gains nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import IllegalCommand, ModelId
from engine.systems.eldfall.effects import heals_from
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.world import World

__all__ = ["HASTENED_RECOVERY", "RECOVERIES", "recovered", "recovery_asked", "recovery_choice", "recovery_options"]

HASTENED_RECOVERY = "hastened-recovery"
RECOVERIES = ("crippled", "bleeding", "weakened", "poisoned", "hp")
"""What Hastened Recovery may do, in the book's order: end one of four states, or restore 1 HP (L2299)."""


def recovery_options(targets: Sequence[Fighter]) -> list[str]:
    """What the spell would do something for on ``targets``, in the book's order: a state one of them bears, HP one
    of them lost and may regain from an Elder spell (a Construct regains none, L2039)."""
    def useful(option: str, t: Fighter) -> bool:
        if option == "hp":
            return t.model.wounds_taken > 0 and heals_from(t, "Elder")
        return t.is_(option)
    return [o for o in RECOVERIES if any(useful(o, t) for t in targets)]


def recovery_choice(targets: Sequence[Fighter], typed: str | None) -> str | None:
    """The choice to record: the one typed, else the only useful one, else None (nothing to gain: no effect).

    :raises ValueError: saying what is accepted, for a word that is none of them or a choice left out among several.
    """
    options = recovery_options(targets)
    if typed is not None:
        word = typed.strip().casefold()
        if word not in options:
            what = "none of what Hastened Recovery does" if word not in RECOVERIES else "nothing its target gains from"
            raise ValueError(f"choice:{typed[:30]} is {what}: choose {', '.join(options) or 'nothing (leave it out)'}"
                             " (L2299)")
        return word
    if len(options) > 1:
        raise ValueError(f"say what Hastened Recovery does: choice:{' or choice:'.join(options)} (L2299)")
    return options[0] if options else None


def recovery_asked(targets: Sequence[Fighter]) -> list[str]:
    """What a menu offers for the choice: every useful option where there are several, else nothing (the only one
    is taken unasked)."""
    options = recovery_options(targets)
    return options if len(options) > 1 else []


def recovered(world: World, targets: Sequence[tuple[ModelId, int]], typed: str | None, verb: str) -> str | None:
    """The Assist's check of the choice (``recovery_choice``) on its targets. :raises IllegalCommand: saying why."""
    try:
        return recovery_choice([world.fighter(t) for t, _n in targets], typed)
    except ValueError as error:
        raise IllegalCommand(str(error), verb=verb) from None
