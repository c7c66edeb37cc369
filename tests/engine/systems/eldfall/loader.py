"""A small loader for Eldfall's data, standing in for the project loader until systems declare their data kinds.

It reads ``data/eldfall/<kind>.yaml`` with ``yaml.safe_load``, checks each file holds one top-level list named after
its kind, and validates everything at once as an ``EldfallCatalogue``, so every problem names its file, entry and
field.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

import yaml

from engine.schema import DataError, parse
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.data_kinds import DATA_KINDS

__all__ = ["DATA_DIR", "KINDS", "load_eldfall", "parse_texts"]

DATA_DIR = Path(__file__).resolve().parents[4] / "data" / "eldfall"
KINDS = ("units", "rulings", *DATA_KINDS)


def parse_texts(texts: Mapping[str, str], folder: str = "data/eldfall") -> EldfallCatalogue:
    """Validate YAML texts keyed by kind (``{"items": "items: [...]"}``); :raises DataError: one line per problem."""
    sections: dict[str, object] = {}
    sources: dict[str, str] = {}
    problems: list[str] = []
    for kind, text in texts.items():
        source = f"{folder}/{kind}.yaml"
        sources[kind] = source
        document = yaml.safe_load(text)
        if not isinstance(document, dict) or set(document) != {kind}:
            problems.append(f'{source}: must hold one top-level key, "{kind}"')
            continue
        sections[kind] = document[kind]
    if problems:
        raise DataError(problems)
    return parse(EldfallCatalogue, sections, source=sources)


@functools.cache
def load_eldfall() -> EldfallCatalogue:
    """Every shipped Eldfall data file, validated together."""
    return parse_texts({kind: (DATA_DIR / f"{kind}.yaml").read_text(encoding="utf-8") for kind in KINDS})
