"""Read YAML data (a system's shipped files, a player's upload) and hand the engine validated models.

The engine never opens a file; this module does the reading, with PyYAML's safe loaders only (libyaml's fast
parser where PyYAML has it, the pure-Python one to word an error), and leaves the checking to ``engine.schema``.
Every problem is reported as one line naming the file, the entry and the field.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Mapping
from typing import Literal, overload

import yaml
from pydantic import create_model

from engine.schema import (
    ANY_SYSTEM,
    KNOWN_UNITS,
    Catalogue,
    DataError,
    DataKinds,
    ForceList,
    MapPreset,
    Spec,
    UnitProfile,
    entry_key,
    parse,
)
from engine.systems import find_system

__all__ = [
    "IMPORT_LIMIT_BYTES",
    "MAX_ALIASES",
    "MAX_DEPTH",
    "SECTIONS",
    "ImportKind",
    "catalogue_from_yaml",
    "load_player_import",
    "load_system_data",
]

SECTIONS = ("units", "forces", "maps", "rulings")
"""The files a system's data folder may hold, as ``<section>.yaml``; each is optional."""

ImportKind = Literal["units", "forces", "maps", "map"]
"""What a player may upload: unit cards, forces (warbands), map presets, or one map to play on (``map``)."""

IMPORT_LIMIT_BYTES = 256 * 1024
MAX_ALIASES = 50
"""More aliases than this in an upload is refused: aliases can multiply a small file into a huge structure."""
MAX_DEPTH = 20
"""Collections nested deeper than this in an upload are refused (counted after following aliases)."""

_SYSTEM_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
_COLLECTION_EVENTS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_COLLECTION_ENDS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def data_kinds(system: str) -> DataKinds:
    """The kinds of data a registered system declares beside the shared sections (none for others)."""
    try:
        spec, _ = find_system(system)
    except ValueError:
        return {}
    return spec.data_kinds


@functools.cache
def load_system_data(system: str) -> Catalogue:
    """Return the validated data shipped in ``data/<system>/`` (``units.yaml``, ``forces.yaml``, ...; and one file
    per kind the system declares, such as ``cards.yaml``), cached.

    :raises DataError: for a missing folder, YAML that does not parse, or data that does not fit the schema.
    """
    if not _SYSTEM_NAME.fullmatch(system):
        raise DataError([f'data/{system}: "{system}" is not a system name (lowercase letters, digits, - and _)'])
    folder = importlib.resources.files("data") / system
    if not folder.is_dir():
        raise DataError([f"data/{system}: no data folder for this system"])
    kinds = data_kinds(system)
    texts = {
        f"{section}.yaml": (folder / f"{section}.yaml").read_text(encoding="utf-8")
        for section in (*SECTIONS, *kinds)
        if (folder / f"{section}.yaml").is_file()
    }
    return catalogue_from_yaml(system, texts, folder=f"data/{system}", kinds=kinds)


def shipped_data(system: str) -> Catalogue | None:
    """The system's shipped data, or None when it ships none it can load (a test system has no folder)."""
    try:
        return load_system_data(system)
    except DataError:
        return None


def catalogue_from_yaml(system: str, texts: Mapping[str, str], *, folder: str = "",
                        kinds: DataKinds | None = None) -> Catalogue:
    """Build a catalogue from YAML texts keyed by file name (``units.yaml``, ``cards.yaml``...); ``folder``
    prefixes reports; ``kinds`` are the game's own kinds of data, each validated by its model.

    :raises DataError: listing the problems of every file.
    """
    kinds = kinds or {}
    problems: list[str] = []
    sections: dict[str, object] = {}
    sources: dict[str, str] = {}
    extra: dict[str, tuple[Spec, ...]] = {}
    for filename, text in texts.items():
        source = f"{folder}/{filename}" if folder else filename
        section = filename.removesuffix(".yaml")
        if section not in SECTIONS and section not in kinds:
            known = ", ".join(f"{s}.yaml" for s in (*SECTIONS, *kinds))
            problems.append(f"{source}: not a data file; expected one of {known}")
            continue
        try:
            entries = _section(_load(source, text), section, source)
            if section in kinds:
                extra[section] = parse_kind(section, kinds[section], entries, source)
            else:
                sources[section] = source
                sections[section] = entries
        except DataError as error:
            problems += error.problems
    try:
        catalogue = parse(Catalogue, {"system": system, **sections}, source=sources)
    except DataError as error:
        problems += error.problems
    if problems:
        raise DataError(problems)
    return catalogue.model_copy(update={"extra": extra}) if extra else catalogue


def parse_kind(kind: str, model: type[Spec], entries: object, source: str) -> tuple[Spec, ...]:
    """Validate a list of one kind of a game's data; ids (or names) must not repeat.

    :raises DataError: one line per problem, naming the file, the entry and the field.
    """
    holder = create_model(f"{kind}_file", __base__=Spec, **{kind: (tuple[model, ...], ())})  # type: ignore[call-overload]
    parsed: tuple[Spec, ...] = getattr(parse(holder, {kind: entries}, source=source), kind)
    seen: dict[str, int] = {}
    repeats = []
    for index, entry in enumerate(parsed):
        key = entry_key(entry)
        if key and key in seen:
            repeats.append(f'{source}: entry "{key}" ({kind}[{index}]): repeats "{key}" (also {kind}[{seen[key]}])')
        seen.setdefault(key, index)
    if repeats:
        raise DataError(repeats)
    return parsed


@overload
def load_player_import(
    name: str, payload: bytes | str, kind: Literal["units"], *, catalogue: Catalogue
) -> tuple[UnitProfile, ...]: ...
@overload
def load_player_import(
    name: str, payload: bytes | str, kind: Literal["forces"], *, catalogue: Catalogue
) -> tuple[ForceList, ...]: ...
@overload
def load_player_import(
    name: str, payload: bytes | str, kind: Literal["maps"], *, catalogue: Catalogue
) -> tuple[MapPreset, ...]: ...
@overload
def load_player_import(
    name: str, payload: bytes | str, kind: Literal["map"], *, catalogue: Catalogue
) -> MapPreset: ...
@overload
def load_player_import(
    name: str, payload: bytes | str, kind: str, *, catalogue: Catalogue
) -> tuple[Spec, ...] | MapPreset: ...
def load_player_import(
    name: str, payload: bytes | str, kind: str, *, catalogue: Catalogue
) -> tuple[Spec, ...] | MapPreset:
    """Validate a player's uploaded file for the game whose data is ``catalogue``.

    The file holds ``<kind>: [...]`` or just the list; for ``map``, one map written out (the fields of a
    ``maps.yaml`` entry), under ``map:``, or as the single entry of ``maps: [...]``. Forces may name the
    catalogue's units; forces and maps must belong to its system (maps may say ``any``). Uploads are untrusted:
    at most 256 KB, at most 50 YAML aliases, collections nested at most 20 deep.

    :raises DataError: naming the file (``name``), the entry and the field of each problem.
    """
    raw = payload.encode("utf-8") if isinstance(payload, str) else payload
    if len(raw) > IMPORT_LIMIT_BYTES:
        raise DataError([f"{name}: the file is {len(raw) / 1024:.0f} KB; imports may be at most 256 KB"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError([f"{name}: the file is not UTF-8 text"]) from None
    _check_limits(name, text)
    document = _load(name, text)
    if _too_deep(document, 1, set()):
        raise DataError([f"{name}: the data nests deeper than {MAX_DEPTH} levels once its aliases are followed"])
    if kind == "map":
        return _one_map(name, document, catalogue)
    if isinstance(document, list):
        document = {kind: document}
    if kind not in ("units", "forces", "maps"):
        return _game_kind(name, document, kind, catalogue)
    data = {"system": catalogue.system, kind: _section(document, kind, name)}
    context = {KNOWN_UNITS: tuple(unit.name for unit in catalogue.units)}
    fragment = parse(Catalogue, data, source=name, context=context)
    if kind == "units":
        return fragment.units
    if kind == "forces":
        return fragment.forces
    return fragment.maps


def _game_kind(name: str, document: object, kind: str, catalogue: Catalogue) -> tuple[Spec, ...]:
    """A player's upload of the game's own kinds (their cards, their decks), where the game allows it: a bare list
    is read as ``kind``; a mapping may hold any of the kinds the game lets players import, each under its own key
    (``cards:`` and ``decks:`` in one file), so one upload brings cards and the decks built from them."""
    try:
        spec, _ = find_system(catalogue.system)
    except ValueError:
        raise DataError([f"{name}: {catalogue.system} takes no uploads of {kind}"]) from None
    allowed = [k for k in spec.importable if k in spec.data_kinds]
    if kind not in allowed:
        raise DataError([f"{name}: {spec.title} takes no uploads of {kind}; it takes "
                         f"{', '.join(('units', 'forces', 'maps', *spec.importable))}"])
    if not isinstance(document, dict) or set(document) <= {kind} or len(allowed) == 1:
        return parse_kind(kind, spec.data_kinds[kind], _section(document, kind, name), name)
    unknown = [key for key in document if key not in allowed]
    if unknown:
        raise DataError(f'{name}: field "{key}": is not a known key; this file holds {", ".join(allowed)}'
                        for key in unknown)
    parsed: list[Spec] = []
    problems: list[str] = []
    for section in (k for k in allowed if k in document):
        try:
            parsed += parse_kind(section, spec.data_kinds[section], document[section] or [], name)
        except DataError as error:
            problems += error.problems
    if problems:
        raise DataError(problems)
    return tuple(parsed)


def _one_map(name: str, document: object, catalogue: Catalogue) -> MapPreset:
    """The one map of an upload, checked like a shipped one; reports name the file, then the piece and field."""
    if isinstance(document, dict) and set(document) == {"map"}:
        document = document["map"]
    elif isinstance(document, dict) and set(document) == {"maps"}:
        document = document["maps"]
    if isinstance(document, list):
        if len(document) != 1:
            raise DataError([f"{name}: holds {len(document)} maps; import one map at a time"])
        document = document[0]
    if not isinstance(document, dict):
        raise DataError([f"{name}: must be one map: a mapping with id, name, system, table, description, "
                         "terrain and zones"])
    preset = parse(MapPreset, document, source=name)
    if preset.system not in (catalogue.system, ANY_SYSTEM):
        raise DataError([f'{name}: field "system": must be "{catalogue.system}" or "{ANY_SYSTEM}", '
                         f'got "{preset.system}"'])
    return preset


_FAST_LOADER = getattr(yaml, "CSafeLoader", None)
"""libyaml's parser with the safe constructors: the same objects as ``yaml.safe_load``, about eight times faster
(every bot process and test worker reads the shipped data at start)."""


def _load(source: str, text: str) -> object:
    if _FAST_LOADER is not None:
        try:
            return yaml.load(text, Loader=_FAST_LOADER)  # the safe constructors: no tags run code
        except yaml.YAMLError:
            pass  # read again below, so the error is worded as it always is
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error)
        raise DataError([f"{source}: {where}not valid YAML: {problem}"]) from None


def _section(document: object, section: str, source: str) -> object:
    """Return the list under the file's one top-level key; an empty file holds no entries."""
    if document is None:
        return []
    if not isinstance(document, dict):
        raise DataError([f'{source}: must be a mapping with the key "{section}"'])
    unknown = [key for key in document if key != section]
    if unknown:
        raise DataError(f'{source}: field "{key}": is not a known key; this file holds "{section}"' for key in unknown)
    return document.get(section, [])


def _check_limits(name: str, text: str) -> None:
    """Refuse alias bombs and deep nesting from the event stream, before any structure is built."""
    aliases = depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise DataError([f"{name}: the file uses more than {MAX_ALIASES} YAML aliases (*name)"])
            elif isinstance(event, _COLLECTION_EVENTS):
                depth += 1
                if depth > MAX_DEPTH:
                    raise DataError([f"{name}: the data nests deeper than {MAX_DEPTH} levels"])
            elif isinstance(event, _COLLECTION_ENDS):
                depth -= 1
    except yaml.YAMLError:
        return  # _load reports the syntax error with its line and column


def _too_deep(item: object, level: int, explored: set[tuple[int, int]]) -> bool:
    """Tell whether collections nest deeper than MAX_DEPTH, following shared (aliased) and self-referencing
    nodes; each node is explored once per level, so shared nodes cost no more than the file's size."""
    if not isinstance(item, dict | list):
        return False
    if level > MAX_DEPTH:
        return True
    if (id(item), level) in explored:
        return False
    explored.add((id(item), level))
    children = item.values() if isinstance(item, dict) else item
    return any(_too_deep(child, level + 1, explored) for child in children)
