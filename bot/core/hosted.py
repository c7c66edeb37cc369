"""The games a table service hosts, and the one command registry built from what they declare.

A system is built once from its shipped data and shared by every game of it (systems keep no per-game
state). Everything a front-end needs before a game exists comes from here: the names, the settings
``/game new`` offers, the demo, and the registry whose shared verbs are the ones the hosted games use
(``/act`` always: alone, it is the menu of what a player can do now).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.core.parsing import CommandLineError
from bot.core.registry import Registry
from engine.core import Setting, System, SystemSpec
from engine.schema import did_you_mean

__all__ = ["HostedSystems", "SystemFactory"]

SystemFactory = Callable[[], System[Any]]


class HostedSystems:
    """The hosted systems by name (in the order given), each built once."""

    def __init__(self, factories: Mapping[str, SystemFactory]) -> None:
        if not factories:
            raise ValueError("a table service needs at least one game system")
        self._systems: dict[str, System[Any]] = {name.casefold(): factory() for name, factory in factories.items()}
        problems = [f"{name}: {problem}" for name, system in self._systems.items() for problem in system.problems()]
        if problems:
            raise ValueError("a game's declarations are wrong: " + "; ".join(problems))
        self.registry = Registry([("act",), *(action.verb for system in self._systems.values()
                                                 for action in system.actions())])

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._systems)

    def __iter__(self) -> Any:
        return iter(self._systems.values())

    def get(self, name: str) -> System[Any]:
        """The system called ``name`` (any case), or a refusal listing the hosted ones."""
        system = self._systems.get(name.strip().casefold())
        if system is None:
            raise CommandLineError(f"unknown game system {name!r}; choose one of {', '.join(self._systems)}"
                                   f"{did_you_mean(name, list(self._systems))}")
        return system

    def spec(self, name: str) -> SystemSpec:
        return self.get(name).spec

    def title(self, name: str) -> str:
        """A system's display name (for thread names and cards); the name itself when unknown."""
        system = self._systems.get(name.strip().casefold())
        return system.spec.title if system else name

    def setting(self, name: str, option: str) -> Setting | None:
        """What ``system`` offers for a ``/game new`` option, or None when it offers nothing there."""
        system = self._systems.get(name.strip().casefold())
        if system is None:
            return None
        return next((setting for setting in system.settings() if setting.option == option), None)

    def settings_for(self, option: str) -> list[tuple[str, Setting]]:
        """Every hosted system's setting for ``option`` (autocomplete before a system is chosen)."""
        found = []
        for name in self._systems:
            setting = self.setting(name, option)
            if setting is not None:
                found.append((name, setting))
        return found

