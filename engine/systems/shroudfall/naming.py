"""How a player reads a Shroudfall unit: its name and its models on the table, ``Serene Sentinels (B6-B9)``, the
labels the picture draws. Its id (``B-sentinels-1``) is what a typed command names; menus and lines say the name."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Choice
from engine.systems.shroudfall.state import ShroudfallState, UnitRecord

__all__ = ["models_shown", "unit_choice", "unit_shown"]


def models_shown(models: Sequence[str]) -> str:
    """`` (B10-B13)`` for a run of models numbered one after the other, else each named: `` (B3, B5)``."""
    if not models:
        return ""
    numbers = [m[1:] for m in models]
    letter = models[0][0]
    if len(models) > 2 and all(m[0] == letter for m in models) and all(n.isdigit() for n in numbers) and \
            [int(n) for n in numbers] == list(range(int(numbers[0]), int(numbers[0]) + len(models))):
        return f" ({models[0]}-{models[-1]})"
    return f" ({', '.join(models)})"


def unit_shown(state: ShroudfallState, unit: UnitRecord) -> str:
    """``Serene Sentinels (B6-B9)``: the unit's name and its models still on the table."""
    return unit.name + models_shown(state.alive(unit))


def unit_choice(state: ShroudfallState, unit: UnitRecord) -> Choice:
    """A menu's entry for a unit: its id to type, its name and models to read."""
    return Choice(unit.id, unit_shown(state, unit))
