"""Eldfall Chronicles, phase 1: its data schema and its rules as pure functions (no System yet; docs/eldfall.md).

Modules: ``schema``, ``refs``, ``cards`` and ``catalogue`` (data); ``rulings``; ``rolls``, ``attack``,
``confrontation``, ``dodge``, ``damage``, ``friendly_fire``, ``morale``, ``duel``, ``magic``, ``actions``,
``equipment``, ``modifiers``, ``scoring`` and ``hostiles`` (combat and play); ``hitbox``, ``sight``, ``reach``,
``cover``, ``templates``, ``engagement``, ``movement`` and ``deployment`` (the table); ``party``.
"""

from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.rulings import DEFAULT_RULINGS, Rulings
from engine.systems.eldfall.schema import DATA_KINDS
from engine.systems.eldfall.system import Eldfall

__all__ = ["DATA_KINDS", "DEFAULT_RULINGS", "Eldfall", "EldfallCatalogue", "Rulings"]
