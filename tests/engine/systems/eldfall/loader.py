"""A small loader for Eldfall's data, standing in for the project loader until systems declare their data kinds.

It reads ``data/eldfall/<kind>.yaml`` with ``yaml.safe_load``, checks each file holds one top-level list named after
its kind, and validates everything at once as an ``EldfallCatalogue``, so every problem names its file, entry and
field.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path

from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.data_kinds import DATA_KINDS
from engine.systems.eldfall.rulings import Rulings

from ..kind_texts import parse_kinds

__all__ = ["DATA_DIR", "KINDS", "load_eldfall", "parse_texts", "shipped_rulings"]

DATA_DIR = Path(__file__).resolve().parents[4] / "data" / "eldfall"
KINDS = ("units", "rulings", *DATA_KINDS)


def parse_texts(texts: Mapping[str, str], folder: str = "data/eldfall") -> EldfallCatalogue:
    """Validate YAML texts keyed by kind; :raises DataError: one line per problem."""
    return parse_kinds(EldfallCatalogue, texts, folder)


@functools.cache
def load_eldfall() -> EldfallCatalogue:
    """Every shipped Eldfall data file, validated together."""
    return parse_texts({kind: (DATA_DIR / f"{kind}.yaml").read_text(encoding="utf-8") for kind in KINDS})


def shipped_rulings(**changed: str) -> Rulings:
    """Every ruling at the default ``data/eldfall/rulings.yaml`` gives it (the YAML alone holds the defaults), with
    ``changed`` fields switched: what a table plays with those house rules."""
    return dataclasses.replace(Rulings.from_options(load_eldfall().rulings), **changed)
