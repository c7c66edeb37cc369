"""The systems the table service hosts, each built from its shipped data."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.core.data_loader import load_system_data
from engine.core import System
from engine.systems import SYSTEMS

__all__ = ["SYSTEM_FACTORIES"]


def _factory(name: str, build: Callable[..., System[Any]]) -> Callable[[], System[Any]]:
    return lambda: build(load_system_data(name))


SYSTEM_FACTORIES: Mapping[str, Callable[[], System[Any]]] = {
    spec.name: _factory(spec.name, build) for spec, build in SYSTEMS
}
"""Name -> a fresh system with its data (the loader caches the data)."""
