"""Eldfall's actions outside the Action step, each declared once (``RULES``) as its module is imported, in the order
a bare ``/act`` menu and the command reference list them: the set-up (``declared_setup``: choosing a party,
deploying), activating a model (``declared_activation``: Steps 1 and 2 of its sequence), the rest of the Tactical
phase and the standing orders (``declared_orders``), and the questions ``/act`` answers (``declared_questions``).
The Action step's are in ``action_step``; the decision kinds in ``declared_kinds``.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

__all__ = ["MODULES"]

MODULES: tuple[ModuleType, ...] = tuple(
    import_module(f"engine.systems.eldfall.{name}")
    for name in ("declared_setup", "declared_activation", "declared_orders", "declared_questions"))
"""The modules that declare these actions, imported in this order (an import statement's names are sorted)."""
