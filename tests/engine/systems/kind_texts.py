"""Validating a game's data files for its tests, before the project loader reads its kinds: each YAML text holds one
top-level list named after its kind, and the whole is parsed as the game's catalogue model, so every problem is one
line naming the file, the entry and the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

import yaml
from pydantic import BaseModel

from engine.schema import DataError, parse

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's parser with the safe constructors where PyYAML has it (the same objects as ``yaml.safe_load``, several
times faster: every test worker reads the shipped data as it collects)."""

__all__ = ["parse_kinds"]

_M = TypeVar("_M", bound=BaseModel)


def parse_kinds(model: type[_M], texts: Mapping[str, str], folder: str) -> _M:
    """Validate YAML texts keyed by kind (``{"items": "items: [...]"}``) as ``model``; :raises DataError: one line per
    problem."""
    sections: dict[str, object] = {}
    sources: dict[str, str] = {}
    problems: list[str] = []
    for kind, text in texts.items():
        source = f"{folder}/{kind}.yaml"
        sources[kind] = source
        document = yaml.load(text, Loader=SAFE_LOADER)
        if not isinstance(document, dict) or set(document) != {kind}:
            problems.append(f'{source}: must hold one top-level key, "{kind}"')
            continue
        sections[kind] = document[kind]
    if problems:
        raise DataError(problems)
    return parse(model, sections, source=sources)
