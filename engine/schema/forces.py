"""Force lists (warbands): named units drawn from a system's unit catalogue."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Annotated

from pydantic import Field

from engine.schema.errors import Problem, did_you_mean
from engine.schema.fields import Count, Spec, Text

__all__ = ["ForceEntry", "ForceList", "unknown_units"]


class ForceEntry(Spec):
    """One line of a force: which unit profile, how many, and an optional name of the player's own."""

    unit: Text
    count: Count = 1
    name: Text | None = None


class ForceList(Spec):
    """A force for one system; entries name unit profiles by ``UnitProfile.name``."""

    name: Text
    system: Text
    units: Annotated[tuple[ForceEntry, ...], Field(min_length=1)]

    @property
    def model_count(self) -> int:
        """Return how many models the force fields."""
        return sum(entry.count for entry in self.units)


def unknown_units(forces: Sequence[ForceList], unit_names: Collection[str]) -> list[Problem]:
    """Return a problem for each force entry that names no known unit, with close matches as a hint.

    Locations are relative to ``forces``: ``(force index, "units", entry index, "unit")``.
    """
    return [
        Problem((f, "units", e, "unit"), f'unknown unit "{entry.unit}"{did_you_mean(entry.unit, unit_names)}')
        for f, force in enumerate(forces)
        for e, entry in enumerate(force.units)
        if entry.unit not in unit_names
    ]
