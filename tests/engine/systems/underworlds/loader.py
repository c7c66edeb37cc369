"""A small loader for the tests, until the platform's per-system data kinds land: reads data/underworlds/*.yaml.

Each file holds one top-level list named after its kind; problems are reported by ``engine.schema.parse`` as one
line each, naming the file, the entry and the field.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

import yaml

from engine.schema import DataError, parse
from engine.systems.underworlds.schema import KINDS, UnderworldsData
from tests.engine.systems.kind_texts import SAFE_LOADER

FOLDER = Path(__file__).resolve().parents[4] / "data" / "underworlds"


def data_from_texts(texts: Mapping[str, str]) -> UnderworldsData:
    """Validate YAML texts keyed by kind (``cards``: the text of cards.yaml).

    :raises DataError: naming the file, entry and field of every problem.
    """
    documents: dict[str, object] = {}
    problems: list[str] = []
    for kind, text in texts.items():
        where = f"data/underworlds/{kind}.yaml"
        document = yaml.load(text, Loader=SAFE_LOADER)
        if not isinstance(document, dict) or set(document) != {kind}:
            problems.append(f"{where}: must hold one top-level list named {kind!r}")
            continue
        documents[kind] = document[kind]
    if problems:
        raise DataError(problems)
    return parse(UnderworldsData, documents, source={kind: f"data/underworlds/{kind}.yaml" for kind in texts})


@functools.cache
def shipped() -> UnderworldsData:
    """The shipped data, every kind, validated once per test run."""
    return data_from_texts({kind: (FOLDER / f"{kind}.yaml").read_text(encoding="utf-8") for kind in KINDS})
