"""Shroudfall's shipped data, read for the tests while the game is not yet registered (the project loader reads a
registered system's kinds): each ``data/shroudfall/<kind>.yaml`` with ``yaml.safe_load``, validated together as a
``ShroudfallCatalogue`` so every problem names its file, entry and field."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

import yaml

from engine.schema import DataError, parse
from engine.systems.shroudfall.catalogue import ShroudfallCatalogue
from engine.systems.shroudfall.data_kinds import DATA_KINDS

__all__ = ["DATA_DIR", "KINDS", "load_shroudfall", "parse_texts"]

DATA_DIR = Path(__file__).resolve().parents[4] / "data" / "shroudfall"
KINDS = ("rulings", *DATA_KINDS)


def parse_texts(texts: Mapping[str, str], folder: str = "data/shroudfall") -> ShroudfallCatalogue:
    """Validate YAML texts keyed by kind; :raises DataError: one line per problem."""
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
    return parse(ShroudfallCatalogue, sections, source=sources)


def shipped_texts() -> dict[str, str]:
    """Every shipped data file's text, by kind."""
    return {kind: (DATA_DIR / f"{kind}.yaml").read_text(encoding="utf-8") for kind in KINDS}


@functools.cache
def load_shroudfall() -> ShroudfallCatalogue:
    """Every shipped Shroudfall data file, validated together."""
    return parse_texts(shipped_texts())
