"""Sunshard:Embren's shipped data for tests, read with the project's loader before the game is registered."""

from __future__ import annotations

import functools
import importlib.resources

from bot.core.data_loader import SECTIONS, catalogue_from_yaml
from engine.schema import Catalogue
from engine.systems.sunshard.data_kinds import DATA_KINDS

__all__ = ["shipped", "shipped_texts"]


def shipped_texts() -> dict[str, str]:
    """Every file of ``data/sunshard`` by name."""
    folder = importlib.resources.files("data") / "sunshard"
    return {f"{name}.yaml": (folder / f"{name}.yaml").read_text(encoding="utf-8")
            for name in (*SECTIONS, *DATA_KINDS) if (folder / f"{name}.yaml").is_file()}


@functools.cache
def shipped() -> Catalogue:
    """The validated shipped data."""
    return catalogue_from_yaml("sunshard", shipped_texts(), folder="data/sunshard", kinds=DATA_KINDS)
