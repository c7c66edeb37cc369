"""The two commands Underworlds builds itself where no declared action can (the system declares their handlers with
``RULES.command``): the host sets a practice table up at once (``AutoSetup``); players bring their own cards, decks
and dice from a file (``ImportCards``: an upload, allowed while a choice is pending). Every action a player takes by
the rules, and every fix by hand, is declared (``tools``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command

__all__ = ["AutoSetup", "ImportCards"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportCards(Command):
    """A player's own cards and decks, validated by the loader, join this game (decks in secret, before they are
    chosen at set-up: so it may come while a choice is pending); so do a table's own dice faces."""

    verb = "force import"
    allowed_while_pending = True
    cards: tuple[object, ...] = ()
    decks: tuple[object, ...] = ()
    dice: tuple[object, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AutoSetup(Command):
    """The host sets the game up at once, each choice at its default and each placement as suggested (a practice
    table's demo)."""

    verb = "auto setup"
    allowed_while_pending = True
