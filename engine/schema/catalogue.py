"""One system's data in one checked, immutable object, with a fingerprint a game can pin."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from pydantic import SerializeAsAny, ValidationInfo, field_validator

from engine.schema.errors import Problem, bundle, did_you_mean
from engine.schema.fields import Ident, Spec
from engine.schema.forces import ForceEntry, ForceList, unknown_units
from engine.schema.maps import MapPreset
from engine.schema.rulings import RulingOption, choose_rulings
from engine.schema.units import UnitProfile

__all__ = ["ANY_SYSTEM", "KNOWN_UNITS", "Catalogue", "DataKinds", "entry_key", "repeated_entries"]

ANY_SYSTEM = "any"
"""The ``system`` of a map preset that suits every game."""

KNOWN_UNITS = "known_units"
"""Validation-context key: unit names defined elsewhere (a system's own units, when checking a player's import)."""

_T = TypeVar("_T")

DataKinds = Mapping[str, type[Spec]]
"""A game's own kinds of data by name (``{"spells": SpellSpec}``): ``data/<game>/<kind>.yaml`` holds a list of them."""


def _repeats(section: str, keys: Iterable[str], field: str) -> list[Problem]:
    first: dict[str, int] = {}
    problems = []
    for index, key in enumerate(keys):
        if key in first:
            problems.append(Problem((index, field), f'repeats {field} "{key}" (also {section}[{first[key]}])'))
        first.setdefault(key, index)
    return problems


def repeated_entries(sections: Iterable[tuple[str, Iterable[object], str]],
                     fold: Callable[[str], str] = str) -> list[Problem]:
    """One problem per entry whose field repeats an earlier entry's in the same section, compared after ``fold``
    (case and spacing, for names): ``sections`` lists (section, entries, field)."""
    problems = []
    for section, entries, field in sections:
        first: dict[str, int] = {}
        for index, entry in enumerate(entries):
            value = str(getattr(entry, field))
            key = fold(value)
            if key in first:
                problems.append(Problem((section, index, field), f'repeats {field} "{value}" '
                                                                 f"(also {section}[{first[key]}])"))
            first.setdefault(key, index)
    return problems


def entry_key(entry: Spec) -> str:
    """An entry's ``id``, else its ``name``: what it is looked up and told apart by."""
    key = getattr(entry, "id", None) or getattr(entry, "name", None)
    return str(key) if key is not None else ""


def _raise_any(problems: list[Problem]) -> None:
    if problems:
        raise bundle(problems)


def _find(key: str, what: str, name_of: Mapping[str, _T]) -> _T:
    try:
        return name_of[key]
    except KeyError:
        raise LookupError(f'unknown {what} "{key}"{did_you_mean(key, list(name_of))}') from None


class Catalogue(Spec):
    """A system's units, forces, maps and rulings (``data/<system>/*.yaml``).

    Names and ids are unique per section, every force entry names a known unit (or one passed in the
    validation context under ``KNOWN_UNITS``), and forces and maps belong to this system (maps may say ``any``).
    Each section is checked on its own, so a broken map never hides a broken force.
    """

    system: Ident
    units: tuple[UnitProfile, ...] = ()
    forces: tuple[ForceList, ...] = ()
    maps: tuple[MapPreset, ...] = ()
    rulings: tuple[RulingOption, ...] = ()
    extra: dict[str, tuple[SerializeAsAny[Spec], ...]] = {}
    """The game's own kinds of data (cards, weapons, spells, boards...), by kind, each validated by the model
    its system declares (``SystemSpec.data_kinds``) before it gets here."""

    @field_validator("units")
    @classmethod
    def _unique_units(cls, units: tuple[UnitProfile, ...]) -> tuple[UnitProfile, ...]:
        _raise_any(_repeats("units", (unit.name for unit in units), "name"))
        return units

    @field_validator("forces")
    @classmethod
    def _forces_fit(cls, forces: tuple[ForceList, ...], info: ValidationInfo) -> tuple[ForceList, ...]:
        problems = _repeats("forces", (force.name for force in forces), "name")
        system = info.data.get("system")
        problems += [
            Problem((index, "system"), f'must be "{system}", the system of this data')
            for index, force in enumerate(forces)
            if system is not None and force.system != system
        ]
        if "units" in info.data:  # when the units are broken, their own errors say so; guessing here would mislead
            context = info.context if isinstance(info.context, Mapping) else {}
            known = {unit.name for unit in info.data["units"]} | set(context.get(KNOWN_UNITS, ()))
            problems += unknown_units(forces, known)
        _raise_any(problems)
        return forces

    @field_validator("maps")
    @classmethod
    def _maps_fit(cls, maps: tuple[MapPreset, ...], info: ValidationInfo) -> tuple[MapPreset, ...]:
        system = info.data.get("system")
        problems = _repeats("maps", (preset.id for preset in maps), "id")
        problems += [
            Problem((index, "system"), f'must be "{system}" or "{ANY_SYSTEM}"')
            for index, preset in enumerate(maps)
            if system is not None and preset.system not in (system, ANY_SYSTEM)
        ]
        _raise_any(problems)
        return maps

    @field_validator("rulings")
    @classmethod
    def _unique_rulings(cls, rulings: tuple[RulingOption, ...]) -> tuple[RulingOption, ...]:
        _raise_any(_repeats("rulings", (ruling.id for ruling in rulings), "id"))
        return rulings

    def fingerprint(self) -> str:
        """Return the sha256 (hex) of a canonical JSON dump: equal data gives equal prints on any machine."""
        canonical = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    def kind(self, kind: str) -> tuple[Spec, ...]:
        """Every entry of one of the game's own kinds of data (empty when the game ships none)."""
        return self.extra.get(kind, ())

    def entry(self, kind: str, key: str) -> Spec:
        """The entry of ``kind`` whose ``id`` (or ``name``) is ``key``; :raises LookupError: naming close matches."""
        return _find(key, kind.rstrip("s") or kind, {entry_key(entry): entry for entry in self.kind(kind)})

    def unit(self, name: str) -> UnitProfile:
        """Return the unit profile of that name; :raises LookupError: naming close matches."""
        return _find(name, "unit", {unit.name: unit for unit in self.units})

    def force(self, name: str) -> ForceList:
        """Return the force of that name; :raises LookupError: naming close matches."""
        return _find(name, "force", {force.name: force for force in self.forces})

    def map_preset(self, map_id: str) -> MapPreset:
        """Return the map preset with that id; :raises LookupError: naming close matches."""
        return _find(map_id, "map", {preset.id: preset for preset in self.maps})

    def force_units(self, force: ForceList) -> tuple[tuple[ForceEntry, UnitProfile], ...]:
        """Pair each entry of a force with its unit profile; :raises LookupError: for a unit not in this catalogue."""
        return tuple((entry, self.unit(entry.unit)) for entry in force.units)

    def ruling_choices(self, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """Return each ruling's chosen option: the default unless the table switched it.

        :raises ValueError: for an unknown ruling, an option that ruling does not offer, or one it marks by hand.
        """
        return choose_rulings(self.rulings, overrides)
