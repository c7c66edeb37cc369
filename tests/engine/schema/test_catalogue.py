"""The catalogue: cross-section checks, lookups, ruling choices and the fingerprint a game pins."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.schema import KNOWN_UNITS, Catalogue, DataError, ForceEntry, ForceList, parse, unknown_units

SOURCES = {section: f"data/freeplay/{section}.yaml" for section in ("units", "forces", "maps", "rulings")}


def catalogue(data: dict[str, Any], **context: object) -> Catalogue:
    return parse(Catalogue, data, source=SOURCES, context=context or None)


def refusal(data: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(DataError) as caught:
        catalogue(data)
    return caught.value.problems


def test_lookups_return_entries_and_suggest_close_names(catalogue_data: dict[str, Any]) -> None:
    data = catalogue(catalogue_data)
    assert data.unit("Knight").wounds == 3
    assert data.map_preset("yard").table == (36, 36)
    assert [(entry.count, profile.name) for entry, profile in data.force_units(data.force("Duo"))] == [
        (1, "Knight"),
        (2, "Archer"),
    ]
    assert data.force("Duo").model_count == 3
    with pytest.raises(LookupError, match=re.escape('unknown unit "Knigt"; did you mean "Knight"?')):
        data.unit("Knigt")


def test_unknown_units_in_a_force_list_close_matches(catalogue_data: dict[str, Any]) -> None:
    catalogue_data["forces"][0]["units"][1]["unit"] = "Archr"
    assert refusal(catalogue_data) == (
        'data/freeplay/forces.yaml: entry "Duo" (forces[0].units[1]): field "unit": '
        'unknown unit "Archr"; did you mean "Archer"?',
    )


def test_the_helper_works_on_parsed_forces_too() -> None:
    force = ForceList(name="F", system="freeplay", units=(ForceEntry(unit="Ogre"),))
    (problem,) = unknown_units([force], {"Knight"})
    assert problem.loc == (0, "units", 0, "unit")
    assert problem.message == 'unknown unit "Ogre"'


def test_units_known_elsewhere_come_from_the_context(catalogue_data: dict[str, Any]) -> None:
    catalogue_data["forces"][0]["units"].append({"unit": "Ogre"})
    assert catalogue(catalogue_data, **{KNOWN_UNITS: ("Ogre",)}).forces[0].model_count == 4


@pytest.mark.parametrize(
    ("section", "field"),
    [("units", "name"), ("forces", "name"), ("maps", "id"), ("rulings", "id")],
)
def test_names_and_ids_are_unique_per_section(catalogue_data: dict[str, Any], section: str, field: str) -> None:
    catalogue_data[section].append(catalogue_data[section][0])
    key = catalogue_data[section][0][field]
    (line,) = refusal(catalogue_data)
    assert line.startswith(f"data/freeplay/{section}.yaml: entry ")
    assert line.endswith(f'field "{field}": repeats {field} "{key}" (also {section}[0])')


def test_forces_and_maps_belong_to_the_system(catalogue_data: dict[str, Any]) -> None:
    catalogue_data["forces"][0]["system"] = "shroudfall"
    catalogue_data["maps"][0]["system"] = "shroudfall"
    assert refusal(catalogue_data) == (
        'data/freeplay/forces.yaml: entry "Duo" (forces[0]): field "system": '
        'must be "freeplay", the system of this data',
        'data/freeplay/maps.yaml: entry "yard" (maps[0]): field "system": must be "freeplay" or "any"',
    )


def test_a_broken_section_does_not_hide_another(catalogue_data: dict[str, Any]) -> None:
    catalogue_data["maps"][0]["table"] = [36, "wide"]
    catalogue_data["rulings"][0]["default"] = "never"
    assert [line.split(":")[0] for line in refusal(catalogue_data)] == [SOURCES["maps"], SOURCES["rulings"]]


def test_ruling_choices_apply_house_rules(catalogue_data: dict[str, Any]) -> None:
    data = catalogue(catalogue_data)
    assert data.ruling_choices() == {"measuring": "free"}
    assert data.ruling_choices({"measuring": "declare-first"}) == {"measuring": "declare-first"}
    with pytest.raises(ValueError, match='has no option "sometimes"'):
        data.ruling_choices({"measuring": "sometimes"})
    with pytest.raises(ValueError, match=re.escape('unknown ruling "measure"; did you mean "measuring"?')):
        data.ruling_choices({"measure": "free"})


def test_an_option_marked_by_hand_is_refused_naming_what_the_referee_plays(catalogue_data: dict[str, Any]) -> None:
    catalogue_data["rulings"][0]["by_hand"] = ["declare-first"]
    data = catalogue(catalogue_data)
    with pytest.raises(ValueError, match=r"ruling measuring's option declare-first is not refereed yet .* the referee "
                                          r"plays free$"):
        data.ruling_choices({"measuring": "declare-first"})
    catalogue_data["rulings"][0]["by_hand"] = ["free"]
    assert "by_hand lists free: each must be an option other than the default" in refusal(catalogue_data)[0]


def test_the_fingerprint_is_stable_and_follows_the_data(catalogue_data: dict[str, Any]) -> None:
    first = catalogue(catalogue_data)
    again = catalogue(catalogue_data)
    assert first.fingerprint() == again.fingerprint()
    assert len(first.fingerprint()) == 64
    tougher = first.model_copy(update={"units": (first.units[0].model_copy(update={"wounds": 4}), first.units[1])})
    assert tougher.fingerprint() != first.fingerprint()
    catalogue_data["rulings"][0]["default"] = "declare-first"
    assert catalogue(catalogue_data).fingerprint() != first.fingerprint()
