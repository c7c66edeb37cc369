"""What players ask of the referee: small frozen values the rules check and turn into events.

Fighters and cards are named as players typed them (a fighter's id ``B3`` or name, a card's id or name); hexes
are ids read off the picture (``C4``). The system resolves and checks them when it handles the command.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command

__all__ = [
    "UNDERWORLDS_COMMANDS",
    "AddCard",
    "Attack",
    "AutoSetup",
    "Charge",
    "Discard",
    "DrawPower",
    "FixPlace",
    "FixToken",
    "FixWounds",
    "Guard",
    "ImportCards",
    "Move",
    "Pass",
    "PlaceArtefact",
    "PlaceFighter",
    "PlaceToken",
    "PlayCard",
    "SwapObjective",
    "UseAction",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceToken(Command):
    verb = "act token"
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceArtefact(Command):
    verb = "act artefact"
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceFighter(Command):
    verb = "act place"
    fighter: str
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Command):
    """A Move action: ``to`` is the end hex, or the whole path as hex ids joined by ``>`` or ``;``."""

    verb = "move"
    fighter: str
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Charge(Command):
    verb = "act charge"
    fighter: str
    to: str
    target: str
    attack: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Guard(Command):
    verb = "act guard"
    fighter: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Command):
    """An Attack action; ``targets`` in the attacker's order for an attack on every adjacent enemy;
    ``optional`` names an upgrade whose optional modifier is used (Total Offence)."""

    verb = "act attack"
    fighter: str
    targets: tuple[str, ...] = ()
    attack: str = ""
    optional: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class UseAction(Command):
    """An action an upgrade grants that is not an Attack action (Block, Terrifying Howl)."""

    verb = "act use"
    fighter: str
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawPower(Command):
    verb = "act draw"


@dataclass(frozen=True, slots=True, kw_only=True)
class SwapObjective(Command):
    verb = "act swap"
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(Command):
    """Pass: an activation that does nothing, a pass in the power step, or the end of one's end phase."""

    verb = "act pass"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayCard(Command):
    """Play a power card (a ploy, or an upgrade on ``fighter``), or claim an objective the referee cannot judge."""

    verb = "hand play"
    card: str
    fighter: str = ""
    target: str = ""
    to: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Discard(Command):
    """In one's end phase, discard an objective or power card (L703)."""

    verb = "act discard"
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCard(Command):
    """Put a card a player imported into their hand (their own cards, a house rule)."""

    verb = "hand add"
    card: str


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
    """The host sets the game up at once, each choice at its default (a practice table's demo)."""

    verb = "auto setup"
    allowed_while_pending = True


UNDERWORLDS_COMMANDS: tuple[type[Command], ...] = (  # the manual overrides are added below
    PlaceToken, PlaceArtefact, PlaceFighter, Move, Charge, Guard, Attack, UseAction, DrawPower, SwapObjective, Pass,
    PlayCard, Discard, AddCard, ImportCards, AutoSetup,
)


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


UNDERWORLDS_COMMANDS += (FixWounds, FixPlace, FixToken)
