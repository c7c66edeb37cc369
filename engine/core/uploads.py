"""A file a player uploads to a declared action (their own cards, a map), as the command carries it.

The front-end's loader validates the file into entries of the game's data kinds (``Card``, ``Deck``, a ``MapPreset``).
A declared action's command holds only text, so the entries are written into it as JSON grouped by kind
(``{"cards": [...], "decks": [...]}``, the file's own shape) and read back into the same entries when the command
runs: a command stored and replayed (same seed, same commands) makes the same game. Every game reads its kinds from
its ``SystemSpec.data_kinds``, plus the table's shared ``units`` and ``map``, so no game writes a reader of its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ValidationError
from pydantic_core import from_json, to_json

from engine.core.errors import InvalidCommand
from engine.schema import MapPreset, UnitProfile

__all__ = ["SHARED_KINDS", "UploadKinds", "read_upload", "written_upload"]

UploadKinds = Mapping[str, type[BaseModel]]
"""The kinds of data an upload may hold, by name (``{"cards": Card}``)."""

SHARED_KINDS: UploadKinds = {"units": UnitProfile, "map": MapPreset}
"""The kinds every table reads: unit profiles (``/force import``) and one map (``/map import``)."""


def written_upload(loaded: object, kinds: UploadKinds) -> str:
    """The loader's entries (one, or a tuple of mixed kinds) as the JSON a command carries, grouped by kind."""
    names = {model: name for name, model in reversed(tuple(kinds.items()))}  # the first name of a model wins
    grouped: dict[str, list[BaseModel]] = {}
    for entry in loaded if isinstance(loaded, tuple | list) else (loaded,):
        name = names.get(type(entry))
        if name is None:
            raise TypeError(f"an upload holds a {type(entry).__name__}, which is none of the kinds "
                            f"{', '.join(kinds)}")
        grouped.setdefault(name, []).append(entry)
    return to_json(grouped).decode()


def read_upload(option: str, text: str, kinds: UploadKinds, verb: str) -> tuple[BaseModel, ...]:
    """The entries a command's JSON holds, each read back as its kind's model, in the order written.

    :raises InvalidCommand: when the text is not such JSON (a typed ``file:`` with no file behind it), naming
        the kinds accepted.
    """
    accepted = f"attach a YAML file as {option}: (it may hold {', '.join(f'{k}: [...]' for k in kinds)})"
    try:
        document = from_json(text)
    except ValueError:
        raise InvalidCommand(f"{option}: is no file the loader read; {accepted}", verb=verb) from None
    if not isinstance(document, dict) or not document:
        raise InvalidCommand(f"{option}: holds nothing; {accepted}", verb=verb)
    entries: list[BaseModel] = []
    for kind, listed in document.items():
        model = kinds.get(kind)
        if model is None or not isinstance(listed, list):
            raise InvalidCommand(f"{option}: holds {str(kind)[:40]}, which this game takes no uploads of; "
                                 f"{accepted}", verb=verb)
        try:
            entries += [model.model_validate(entry) for entry in listed]
        except ValidationError as error:
            raise InvalidCommand(f"{option}: its {kind} do not read back ({error.error_count()} problems); "
                                 f"{accepted}", verb=verb) from None
    return tuple(entries)
