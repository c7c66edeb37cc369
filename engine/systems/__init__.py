"""The explicit registry of game systems: a new game is one line here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.system import System, SystemSpec
from engine.schema import Catalogue
from engine.systems.eldfall import Eldfall
from engine.systems.freeplay import Freeplay
from engine.systems.sunshard.system import Sunshard
from engine.systems.underworlds.system import Underworlds

__all__ = ["SYSTEMS", "SystemClass", "find_system"]

SystemClass = Callable[[Catalogue], System[Any]]
"""A system is built from its validated data (``data/<name>/``), which a loader outside the engine reads."""

SYSTEMS: tuple[tuple[SystemSpec, SystemClass], ...] = (
    (Freeplay.spec, Freeplay),
    (Underworlds.spec, Underworlds),
    (Eldfall.spec, Eldfall),
    (Sunshard.spec, Sunshard),
)
"""Every system the bot can host, in the order front-ends list them."""


def find_system(name: str) -> tuple[SystemSpec, SystemClass]:
    """The system called ``name`` (case-insensitive), or a ValueError listing the known ones."""
    wanted = name.strip().casefold()
    for spec, build in SYSTEMS:
        if wanted in (spec.name, spec.title.casefold()):
            return spec, build
    known = ", ".join(spec.name for spec, _ in SYSTEMS)
    raise ValueError(f"unknown game system {name!r}; known systems: {known}")
