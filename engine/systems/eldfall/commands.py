"""Eldfall's commands beside its declared actions, and how a move is written on the shared verbs.

Every action a player takes is declared (``declared``) and reaches the referee as the core's ``ActionCommand``: the
builders here write one as a player would type it (``/act action:activate model:A1 choice:walk to:contact B2``), for
the bot's seat and for scripts. Two commands are not a player's action of the game (``by_hand`` declares their
handlers): the host loading a party for a side (the demo's, or a list brought as a file with ``/force import``), and
the host settling a practice table's setup.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core import ActionCommand, Command, ModelId, SideId
from engine.systems.eldfall.schema import PartySpec

__all__ = [
    "ChooseParty",
    "SettleSetup",
    "activation",
    "breaking_alliance",
    "channelling",
    "declaration",
    "dismissal",
    "end_turn",
    "equipping",
    "moving",
    "party",
    "ready",
    "revealing_scheme",
    "shrouding",
    "stance",
    "stratagem",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseParty(Command):
    """The host's choice of a ready party for a side (a practice table's), or a side's own list brought as a file;
    checked by the party rules as a player's choice is (L1008-1054)."""

    verb = "force load"
    name: str | None = None
    spec: PartySpec | None = None
    side: SideId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SettleSetup(Command):
    """The host of a practice table takes every setup choice left with its default and finishes deployment
    (``/game demo``)."""

    verb = "settle setup"
    allowed_while_pending = True


def _act(name: str | None, values: dict[str, str | None] | None = None, verb: tuple[str, ...] = ("act",)
         ) -> ActionCommand:
    return ActionCommand(path=verb, name=name, values=tuple((option, value) for option, value in (values or {}).items()
                                                            if value))


def _targets(targets: Iterable[tuple[ModelId, int]]) -> str:
    return ",".join(f"{t}x{n}" if n > 1 else str(t) for t, n in targets)


def party(name: str) -> ActionCommand:
    return _act(None, {"name": name}, ("force", "load"))


def ready() -> ActionCommand:
    return _act("ready")


def shrouding(model: str, on: bool = True) -> ActionCommand:
    return _act("shroud", {"model": model, "choice": "on" if on else "off"})


def activation(model: str, how: str = "idle", to: str | None = None, face: str | None = None, dash: bool = False,
               skills: Iterable[str] = ()) -> ActionCommand:
    """Steps 1 and 2: ``how`` is the movement (``dash``: a Run with Dash), ``skills`` those declared with it, ``to``
    where it goes, ``face`` what an Idle model turns to face."""
    movement = " ".join(("dash" if dash else how, *skills))
    return _act("activate", {"model": model, "choice": None if movement == "idle" else movement, "to": to, "at": face})


def moving(model: str, to: str, how: str = "walk") -> ActionCommand:
    return _act(None, {"model": model, "to": to, "how": how}, ("move",))


def declaration(kind: str, means: str | None = None, targets: Iterable[tuple[ModelId, int]] = (),
                point: tuple[float, float] | None = None, art: str | None = None,
                move_to: tuple[float, float] | None = None, extras: Iterable[str] = (), give: Iterable[str] = (),
                take: Iterable[str] = ()) -> ActionCommand:
    """Step 4: the activated model's action (``targets`` with their strikes, 0 to share them round)."""
    if kind == "trade":
        return _act(kind, {"target": _targets(targets), "with": ",".join(give), "choice": ",".join(take)})
    spent = "+".join((*((art,) if art else ()), *extras))
    return _act(kind, {"with": means, "choice": spent, "target": _targets(targets),
                       "at": f"{point[0]:g},{point[1]:g}" if point else None,
                       "to": f"{move_to[0]:g},{move_to[1]:g}" if move_to else None})


def equipping(item: str) -> ActionCommand:
    return _act("equip", {"with": item})


def end_turn() -> ActionCommand:
    return _act("end")


def breaking_alliance() -> ActionCommand:
    return _act("break-alliance")


def stratagem(name: str) -> ActionCommand:
    return _act("stratagem", {"choice": name})


def stance(model: str, on: bool = True) -> ActionCommand:
    return _act("stance", {"model": model, "choice": "on" if on else "off"})


def dismissal(model: str, on: bool = True) -> ActionCommand:
    return _act("dismiss", {"model": model, "choice": "on" if on else "off"})


def channelling(model: str, amount: int) -> ActionCommand:
    return _act("mana", {"model": model, "amount": str(amount)})


def revealing_scheme() -> ActionCommand:
    return _act("scheme")
