"""The loader: shipped data validates, broken YAML is reported by file/entry/field, uploads stay within limits."""

from __future__ import annotations

import importlib.resources
import textwrap
from pathlib import Path

import pytest

from bot.core.data_loader import (
    IMPORT_LIMIT_BYTES,
    MAX_ALIASES,
    MAX_DEPTH,
    catalogue_from_yaml,
    load_player_import,
    load_system_data,
)
from engine.schema import Catalogue, DataError

UNITS = """
units:
  - {name: Knight, base_mm: 32, wounds: 3}
  - {name: Archer, base_mm: 25, wounds: 1}
"""
MAP = """
maps:
  - id: yard
    name: Yard
    system: any
    table: [36, 36]
    description: A test table.
    terrain:
      - {id: T1, kind: wall, rect: [10, 10, 4, 0.5]}
      - {id: T2, kind: hill, height: 2, circle: [20, 20, 3]}
    zones:
      - {id: DA, kind: deployment, side: A, rect: [0, 0, 36, 6]}
"""
RULING = """
rulings:
  - id: facing
    question: Does facing matter?
    default: ignored
    options: {ignored: No facing., tracked: Facing is kept.}
    citation: seeds/000 L1
"""


@pytest.fixture(scope="module")
def freeplay() -> Catalogue:
    return load_system_data("freeplay")


def reload(**files: str) -> Catalogue:
    texts = {"units.yaml": UNITS, "maps.yaml": MAP, "rulings.yaml": RULING}
    texts.update({f"{name}.yaml": textwrap.dedent(text) for name, text in files.items()})
    return catalogue_from_yaml("freeplay", texts, folder="data/freeplay")


# --- the shipped freeplay data ---------------------------------------------------------------------------------


GAME_DATA_FOLDERS = sorted(p.name for p in (Path(__file__).parents[2] / "data").iterdir() if list(p.glob("*.yaml")))


@pytest.mark.parametrize("game", GAME_DATA_FOLDERS)
def test_each_game_data_folder_ships_in_the_package(game: str) -> None:
    """setuptools' package finder takes only folders with an ``__init__.py``: without one a wheel (not an editable
    install) would ship the code and lose the game's YAML."""
    folder = importlib.resources.files("data") / game
    assert (folder / "__init__.py").is_file(), f"data/{game} lacks __init__.py"
    assert (folder / "rulings.yaml").is_file()


def test_freeplay_units_cover_every_base_size(freeplay: Catalogue) -> None:
    assert len(freeplay.units) == 8
    assert {unit.base_mm for unit in freeplay.units} == {25, 32, 40, 50}
    assert all({"move", "melee", "ranged", "defence"} <= unit.stats.keys() for unit in freeplay.units)


def test_freeplay_forces_field_five_models_each_from_known_units(freeplay: Catalogue) -> None:
    assert [(force.name, force.model_count) for force in freeplay.forces] == [("Red Company", 5), ("Wild Hunt", 5)]
    for force in freeplay.forces:
        assert len(freeplay.force_units(force)) == len(force.units)


@pytest.mark.parametrize("map_id", ["crossroads", "ruined-village", "forest-edge"])
def test_freeplay_maps_are_playable(freeplay: Catalogue, map_id: str) -> None:
    preset = freeplay.map_preset(map_id)
    assert preset.table == (36, 36)
    assert 5 <= len(preset.terrain) <= 10
    assert sorted(zone.side or "" for zone in preset.zones if zone.kind == "deployment") == ["A", "B"]
    assert 3 <= sum(zone.kind == "objective" for zone in preset.zones) <= 5


def test_freeplay_terrain_mixes_blocking_obscuring_cover_and_hills(freeplay: Catalogue) -> None:
    pieces = [piece for preset in freeplay.maps for piece in preset.terrain]
    keywords = {keyword for piece in pieces for keyword in piece.keywords}
    assert {"impassable", "blocking", "obscuring", "cover", "difficult"} <= keywords
    assert any(piece.kind == "hill" and piece.height > 0 for piece in pieces)


def test_freeplay_rulings_offer_table_options(freeplay: Catalogue) -> None:
    assert freeplay.ruling_choices() == {"measuring": "free", "facing": "ignored", "contact": "touching"}


def test_system_data_is_cached_and_pinned_by_a_stable_fingerprint(freeplay: Catalogue) -> None:
    assert load_system_data("freeplay") is freeplay
    load_system_data.cache_clear()
    reread = load_system_data("freeplay")
    assert reread is not freeplay
    assert reread.fingerprint() == freeplay.fingerprint()


def test_the_fingerprint_changes_with_the_yaml() -> None:
    base = reload()
    assert reload().fingerprint() == base.fingerprint()
    assert reload(units=UNITS.replace("wounds: 3", "wounds: 4")).fingerprint() != base.fingerprint()


@pytest.mark.parametrize(
    ("system", "message"),
    [
        ("nowhere", "data/nowhere: no data folder for this system"),
        ("../bot", 'data/../bot: "../bot" is not a system name'),
    ],
)
def test_an_unknown_system_is_refused(system: str, message: str) -> None:
    with pytest.raises(DataError, match=message.replace(".", r"\.")):
        load_system_data(system)


# --- each kind of problem names the file, the entry and the field ----------------------------------------------


@pytest.mark.parametrize(
    ("files", "line"),
    [
        pytest.param(
            {"units": "units:\n  - {name: Knight, base_mm: 32}\n"},
            'data/freeplay/units.yaml: entry "Knight" (units[0]): field "wounds": is required',
            id="missing field",
        ),
        pytest.param(
            {"units": UNITS.replace("Archer, base_mm: 25", "Archer, base_mm: big")},
            'data/freeplay/units.yaml: entry "Archer" (units[1]): field "base_mm": '
            'must be a positive number, got "big"',
            id="wrong type",
        ),
        pytest.param(
            {"units": UNITS.replace("wounds: 1}", "wounds: 1, ponts: 5}")},
            'data/freeplay/units.yaml: entry "Archer" (units[1]): field "ponts": is not a known field; '
            'did you mean "points"?',
            id="unknown field",
        ),
        pytest.param(
            {"maps": MAP.replace("id: T2", "id: T1")},
            'data/freeplay/maps.yaml: entry "yard/T1" (maps[0].terrain[1]): field "id": repeats id "T1" '
            "(also terrain[0])",
            id="duplicate id",
        ),
        pytest.param(
            {"maps": MAP.replace("circle: [20, 20, 3]", "circle: [20, 34, 3]")},
            'data/freeplay/maps.yaml: entry "yard/T2" (maps[0].terrain[1]): field "circle": lies off the '
            "36 x 36 inch table (spans x 17 to 23, y 31 to 37)",
            id="shape off the table",
        ),
        pytest.param(
            {"rulings": RULING.replace("default: ignored", "default: never")},
            'data/freeplay/rulings.yaml: entry "facing" (rulings[0]): field "default": must be one of the options '
            '("ignored", "tracked"), got "never"',
            id="default not an option",
        ),
        pytest.param(
            {"forces": "forces:\n  - {name: Duo, system: freeplay, units: [{unit: Knigt}]}\n"},
            'data/freeplay/forces.yaml: entry "Duo" (forces[0].units[0]): field "unit": unknown unit "Knigt"; '
            'did you mean "Knight"?',
            id="unknown unit",
        ),
        pytest.param(
            {"units": "units:\n  - {name: Knight, base_mm: 32\n"},
            "data/freeplay/units.yaml: line 3, column 1: not valid YAML: expected ',' or '}', but got '<stream end>'",
            id="bad yaml",
        ),
        pytest.param(
            {"units": "unit: []\n"},
            'data/freeplay/units.yaml: field "unit": is not a known key; this file holds "units"',
            id="wrong top-level key",
        ),
    ],
)
def test_each_problem_names_file_entry_and_field(files: dict[str, str], line: str) -> None:
    with pytest.raises(DataError) as caught:
        reload(**files)
    assert caught.value.problems == (line,)
    assert str(caught.value) == line


def test_problems_in_several_files_are_all_listed() -> None:
    with pytest.raises(DataError) as caught:
        reload(units="units: {}\n", rulings=RULING.replace("citation: seeds/000 L1", ""))
    assert caught.value.problems == (
        'data/freeplay/units.yaml: field "units": must be a list, got a mapping',
        'data/freeplay/rulings.yaml: entry "facing" (rulings[0]): field "citation": is required',
    )


# --- player imports --------------------------------------------------------------------------------------------


def test_a_player_imports_unit_cards_as_a_list_or_under_their_key(freeplay: Catalogue) -> None:
    card = b"- {name: Ogre, base_mm: 50, wounds: 4, assumed: true, assumed_reason: my own card}\n"
    (ogre,) = load_player_import("ogre.yaml", card, "units", catalogue=freeplay)
    assert (ogre.name, ogre.base_mm, ogre.assumed) == ("Ogre", 50, True)
    assert load_player_import("ogre.yaml", b"units:\n" + card, "units", catalogue=freeplay) == (ogre,)


def test_an_imported_force_draws_on_the_system_units(freeplay: Catalogue) -> None:
    payload = "forces:\n  - {name: Mine, system: freeplay, units: [{unit: Knight, count: 2}, {unit: Mage}]}\n"
    (force,) = load_player_import("mine.yaml", payload, "forces", catalogue=freeplay)
    assert force.model_count == 3


def test_an_imported_force_names_the_upload_in_its_errors(freeplay: Catalogue) -> None:
    payload = b"- {name: Mine, system: freeplay, units: [{unit: Mgae}]}\n"
    with pytest.raises(DataError) as caught:
        load_player_import("mine.yaml", payload, "forces", catalogue=freeplay)
    assert caught.value.problems == (
        'mine.yaml: entry "Mine" (forces[0].units[0]): field "unit": unknown unit "Mgae"; did you mean "Mage"?',
    )


def test_an_imported_map_is_checked_like_a_shipped_one(freeplay: Catalogue) -> None:
    payload = MAP.replace("[10, 10, 4, 0.5]", "[-3, 10, 4, 0.5]")
    with pytest.raises(DataError, match=r'^board\.yaml: entry "yard/T1" \(maps\[0\]\.terrain\[0\]\): field "rect"'):
        load_player_import("board.yaml", payload, "maps", catalogue=freeplay)


def nested(depth: int) -> bytes:
    return b"[" * depth + b"1" + b"]" * depth


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        pytest.param(
            b"#" * (IMPORT_LIMIT_BYTES + 1), "big.yaml: the file is 256 KB; imports may be at most 256 KB", id="size"
        ),
        pytest.param(
            b"a: &a [1]\nb: [" + b", ".join([b"*a"] * (MAX_ALIASES + 1)) + b"]\n",
            "big.yaml: the file uses more than 50 YAML aliases (*name)",
            id="aliases",
        ),
        pytest.param(nested(MAX_DEPTH + 1), "big.yaml: the data nests deeper than 20 levels", id="depth"),
        pytest.param(
            b"a: &a " + nested(12) + b"\nb: " + nested(12).replace(b"1", b"*a") + b"\n",
            "big.yaml: the data nests deeper than 20 levels once its aliases are followed",
            id="depth through aliases",
        ),
        pytest.param(b"a: &a [*a]\n", "big.yaml: the data nests deeper than 20 levels once", id="self reference"),
        pytest.param(b"\xff\xfe", "big.yaml: the file is not UTF-8 text", id="not text"),
        pytest.param(b"!!python/object/apply:os.system [ls]", "big.yaml: line 1, column 1: not valid YAML", id="tags"),
    ],
)
def test_uploads_beyond_the_limits_are_refused(freeplay: Catalogue, payload: bytes, message: str) -> None:
    with pytest.raises(DataError) as caught:
        load_player_import("big.yaml", payload, "units", catalogue=freeplay)
    (line,) = caught.value.problems
    assert line.startswith(message)


def test_uploads_at_the_limits_pass_the_checks(freeplay: Catalogue) -> None:
    # 20 levels deep and 50 aliases are allowed; the schema then judges the content.
    aliases = b"a: &a [1]\nb: [" + b", ".join([b"*a"] * MAX_ALIASES) + b"]\n"
    for payload in (nested(MAX_DEPTH), aliases):
        with pytest.raises(DataError) as caught:
            load_player_import("edge.yaml", payload, "units", catalogue=freeplay)
        assert (
            "limit" not in str(caught.value)
            and "deeper" not in str(caught.value)
            and "aliases" not in str(caught.value)
        )


# --- one map to play on (/map import) ---------------------------------------------------------------------------

ONE_MAP = textwrap.dedent(MAP).replace("maps:\n  - ", "").replace("\n    ", "\n")


def test_one_map_is_read_bare_under_map_or_as_the_only_entry_of_maps(freeplay: Catalogue) -> None:
    preset = load_player_import("yard.yaml", ONE_MAP, "map", catalogue=freeplay)
    assert (preset.id, preset.table, [piece.id for piece in preset.terrain]) == ("yard", (36, 36), ["T1", "T2"])
    under_map = "map:\n" + textwrap.indent(ONE_MAP, "  ")
    assert load_player_import("yard.yaml", under_map, "map", catalogue=freeplay) == preset
    assert load_player_import("yard.yaml", MAP, "map", catalogue=freeplay) == preset


@pytest.mark.parametrize(
    ("payload", "line"),
    [
        pytest.param(
            ONE_MAP.replace("[10, 10, 4, 0.5]", "[-3, 10, 4, 0.5]"),
            'yard.yaml: entry "T1" (terrain[0]): field "rect": lies off the 36 x 36 inch table '
            "(spans x -3 to 1, y 10 to 10.5)",
            id="off the table",
        ),
        pytest.param(
            ONE_MAP.replace("kind: hill", "knd: hill"),
            'yard.yaml: entry "T2" (terrain[1]): field "knd": is not a known field; did you mean "kind"?',
            id="misspelt field",
        ),
        pytest.param(
            ONE_MAP.replace("system: any", "system: chess"),
            'yard.yaml: field "system": must be "freeplay" or "any", got "chess"',
            id="another system",
        ),
        pytest.param(MAP + MAP.replace("maps:\n", ""), "yard.yaml: holds 2 maps; import one map at a time",
                     id="two maps"),
        pytest.param("- 1\n", "yard.yaml: must be one map: a mapping with id, name", id="not a map"),
    ],
)
def test_a_bad_map_upload_names_file_entry_and_field(freeplay: Catalogue, payload: str, line: str) -> None:
    with pytest.raises(DataError) as caught:
        load_player_import("yard.yaml", payload, "map", catalogue=freeplay)
    assert any(problem.startswith(line) for problem in caught.value.problems), caught.value.problems
    assert all(problem.startswith("yard.yaml: ") for problem in caught.value.problems)


def test_a_map_upload_keeps_the_upload_limits(freeplay: Catalogue) -> None:
    with pytest.raises(DataError, match=r"yard\.yaml: the file is 256 KB; imports may be at most 256 KB"):
        load_player_import("yard.yaml", ONE_MAP + "#" * IMPORT_LIMIT_BYTES, "map", catalogue=freeplay)
    with pytest.raises(DataError, match="more than 50 YAML aliases"):
        bomb = b"a: &a [1]\nb: [" + b", ".join([b"*a"] * (MAX_ALIASES + 1)) + b"]\n"
        load_player_import("yard.yaml", bomb, "map", catalogue=freeplay)
    with pytest.raises(DataError, match="nests deeper than 20 levels"):
        load_player_import("yard.yaml", nested(MAX_DEPTH + 1), "map", catalogue=freeplay)
