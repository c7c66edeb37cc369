"""The few commands of Underworlds that are not declared actions (``declared``): tools beside the rules. The host
sets a practice table up at once (``AutoSetup``); players bring their own cards, decks and dice from a file
(``ImportCards``: an upload, allowed while a choice is pending); and anyone fixes the game by hand (``FixWounds``,
``FixPlace``, ``FixToken``), also while a choice is pending. Every action a player takes by the rules is declared.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command

__all__ = ["TOOLS", "AutoSetup", "FixPlace", "FixToken", "FixWounds", "ImportCards"]


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


@dataclass(frozen=True, slots=True, kw_only=True)
class FixWounds(Command):
    """Manual override: add (or with a negative amount, remove) wound tokens by hand."""

    verb = "model wound"
    allowed_while_pending = True
    fighter: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FixPlace(Command):
    """Manual override: put a fighter on a hex by hand (not a move; nothing is checked but the hex being free)."""

    verb = "model place"
    allowed_while_pending = True
    fighter: str
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FixToken(Command):
    """Manual override: give or take a fighter's Guard token or Inspired state by hand."""

    verb = "model token"
    allowed_while_pending = True
    fighter: str
    name: str
    remove: bool = False


TOOLS: tuple[type[Command], ...] = (ImportCards, AutoSetup, FixWounds, FixPlace, FixToken)
