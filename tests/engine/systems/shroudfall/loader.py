"""Shroudfall's shipped data, read for the tests while the game is not yet registered (the project loader reads a
registered system's kinds): each ``data/shroudfall/<kind>.yaml`` with ``yaml.safe_load``, validated together as a
``ShroudfallCatalogue`` so every problem names its file, entry and field."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

from engine.systems.shroudfall.catalogue import ShroudfallCatalogue
from engine.systems.shroudfall.data_kinds import DATA_KINDS

from ..kind_texts import parse_kinds

__all__ = ["DATA_DIR", "KINDS", "load_shroudfall", "parse_texts"]

DATA_DIR = Path(__file__).resolve().parents[4] / "data" / "shroudfall"
KINDS = ("rulings", *DATA_KINDS)


def parse_texts(texts: Mapping[str, str], folder: str = "data/shroudfall") -> ShroudfallCatalogue:
    """Validate YAML texts keyed by kind; :raises DataError: one line per problem."""
    return parse_kinds(ShroudfallCatalogue, texts, folder)


def shipped_texts() -> dict[str, str]:
    """Every shipped data file's text, by kind."""
    return {kind: (DATA_DIR / f"{kind}.yaml").read_text(encoding="utf-8") for kind in KINDS}


@functools.cache
def load_shroudfall() -> ShroudfallCatalogue:
    """Every shipped Shroudfall data file, validated together."""
    return parse_texts(shipped_texts())
