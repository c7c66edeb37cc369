"""The commands an Underworlds player types, as the table builds them (``/act action:charge model:A1 target:B1
to:D6``): one builder each, with the keywords the rules tests have always used, so a test reads as the line a player
types. Every one is a declared action's ``ActionCommand``."""

from __future__ import annotations

import functools

from engine.core import ActionCommand
from engine.systems.underworlds.schema import Card

__all__ = ["AddCard", "Attack", "Charge", "Discard", "DrawPower", "Guard", "Move", "Pass", "PlaceArtefact",
           "PlaceFighter", "PlaceToken", "PlayCard", "SwapObjective", "UseAction"]


def _act(name: str | None, *pairs: tuple[str, str], path: tuple[str, ...] = ("act",)) -> ActionCommand:
    return ActionCommand(path=path, name=name, values=tuple((k, v) for k, v in pairs if v))


def Pass() -> ActionCommand:
    return _act("pass")


def Guard(*, fighter: str) -> ActionCommand:
    return _act("guard", ("model", fighter))


def Move(*, fighter: str, to: str) -> ActionCommand:
    return _act(None, ("model", fighter), ("to", to), path=("move",))


def Charge(*, fighter: str, to: str, target: str, attack: str = "") -> ActionCommand:
    return _act("charge", ("model", fighter), ("target", target), ("to", to), ("with", attack))


def Attack(*, fighter: str, targets: tuple[str, ...] = (), attack: str = "",
           optional: str = "") -> ActionCommand:
    return _act("attack", ("model", fighter), ("target", ",".join(targets)), ("with", attack), ("choice", optional))


def UseAction(*, fighter: str, card: str) -> ActionCommand:
    return _act("use", ("model", fighter), ("with", card))


def DrawPower() -> ActionCommand:
    return _act("draw")


def SwapObjective(*, card: str) -> ActionCommand:
    return _act("swap", ("with", card))


def Discard(*, card: str) -> ActionCommand:
    return _act("discard", ("with", card))


def AddCard(*, card: str) -> ActionCommand:
    return _act(None, ("card", card), path=("hand", "add"))


def PlaceToken(*, to: str) -> ActionCommand:
    return _act("token", ("to", to))


def PlaceArtefact(*, to: str) -> ActionCommand:
    return _act("artefact", ("to", to))


def PlaceFighter(*, fighter: str, to: str) -> ActionCommand:
    return _act("place", ("model", fighter), ("to", to))


@functools.cache
def _cards() -> dict[str, Card]:
    from tests.engine.systems.underworlds.table import system

    cards = system().lib.data.cards
    return {**{c.id: c for c in cards}, **{c.name.casefold(): c for c in cards}}


def PlayCard(*, card: str, fighter: str = "", target: str = "", to: str = "") -> ActionCommand:
    """``/hand play card:<card>`` and what the card asks for: its fighters (``model:A1,A2``), a hex or a push
    (``to:``), a held objective token (``target:``)."""
    found = _cards().get(card) or _cards().get(card.casefold())
    choose = found.choose if found is not None else None
    if choose is not None and choose.objective is not None:
        return _act(None, ("card", card), ("target", target), path=("hand", "play"))
    if choose is not None and choose.hex is not None:
        return _act(None, ("card", card), ("to", to or target), path=("hand", "play"))
    fighters = ",".join(f for f in (fighter, target) if f)
    return _act(None, ("card", card), ("model", fighters), ("to", to), path=("hand", "play"))
