"""Eldfall's moves as the tests write them, each built as a player types it (the engine's builders,
``engine.systems.eldfall.commands``): ``Activate``, ``Declare``, ``EndTurn`` and the rest read as the commands the
tests were written with, and reach the referee as the declared actions' ``ActionCommand``."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import ActionCommand, ModelId
from engine.systems.eldfall import commands
from engine.systems.eldfall.commands import ChooseParty, SettleSetup

__all__ = ["Activate", "BreakAlliance", "ChannelMana", "ChooseParty", "Declare", "Dismiss", "EndTurn", "Equip", "Ready",
           "SettleSetup"]


def Activate(*, model: str, how: str = "idle", to: str | None = None, face: str | None = None,
             dash: bool = False, skills: Iterable[str] = ()) -> ActionCommand:
    return commands.activation(model, how, to=to, face=face, dash=dash, skills=skills)


def Declare(*, kind: str, means: str | None = None, targets: Iterable[tuple[ModelId, int]] = (),
            point: tuple[float, float] | None = None, art: str | None = None,
            move_to: tuple[float, float] | None = None, extras: Iterable[str] = (), give: Iterable[str] = (),
            take: Iterable[str] = ()) -> ActionCommand:
    return commands.declaration(kind, means, targets, point, art, move_to, extras, give, take)


def EndTurn() -> ActionCommand:
    return commands.end_turn()


def Ready() -> ActionCommand:
    return commands.ready()


def BreakAlliance() -> ActionCommand:
    return commands.breaking_alliance()


def Dismiss(*, model: str, on: bool = True) -> ActionCommand:
    return commands.dismissal(model, on)


def ChannelMana(*, model: str, amount: int) -> ActionCommand:
    return commands.channelling(model, amount)


def Equip(*, item: str) -> ActionCommand:
    return commands.equipping(item)
