"""The explicit registry of game systems: a new game is one line here."""

from __future__ import annotations

from typing import Any

from engine.core.system import System

__all__ = ["SYSTEMS", "find_system"]

SYSTEMS: tuple[System[Any], ...] = ()
"""Every system the bot can host, in the order front-ends list them."""


def find_system(name: str) -> System[Any]:
    """The system called ``name`` (case-insensitive), or a ValueError listing the known ones."""
    wanted = name.strip().casefold()
    for system in SYSTEMS:
        if system.spec.name == wanted or system.spec.title.casefold() == wanted:
            return system
    known = ", ".join(system.spec.name for system in SYSTEMS) or "none yet"
    raise ValueError(f"unknown game system {name!r}; known systems: {known}")
