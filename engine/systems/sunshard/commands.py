"""Sunshard's commands beyond its declared actions: a player's own cards brought by file (``/force import``, a file
the declarations cannot carry), and the demo's set-up played out by the host."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command, Context, InvalidCommand
from engine.core.decision_kinds import live_defaults
from engine.systems.sunshard.schema import ModelCard, SpellSpec, WarbandSpec
from engine.systems.sunshard.setup_events import CardsImported
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE

__all__ = ["ImportCards", "SettleSetup", "import_cards", "settle_setup"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportCards(Command):
    """A player's own model cards, warbands and spells, validated by the loader, join this game before the quest is
    set up (so it may come while the warband choice is pending: the choice then lists them)."""

    verb = "force import"
    allowed_while_pending = True
    specs: tuple[object, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SettleSetup(Command):
    """The demo's set-up played out as each choice's default (warbands, Objectives, deployment, Leaders), up to the
    first model to activate: a ready practice table in one command."""

    verb = "game demo"
    allowed_while_pending = True


def import_cards(ctx: Context[SunshardState], command: ImportCards) -> None:
    """Record the imported specs; only before the warbands are mustered (L327)."""
    if ctx.state.figures:
        raise InvalidCommand(f"cards are brought before the warbands are chosen ({RULE}, L327); this game has begun")
    cards = tuple(s for s in command.specs if isinstance(s, ModelCard))
    warbands = tuple(s for s in command.specs if isinstance(s, WarbandSpec))
    spells = tuple(s for s in command.specs if isinstance(s, SpellSpec))
    if not (cards or warbands or spells):
        raise InvalidCommand("the file holds no models:, warbands: or spells:")
    ctx.emit(CardsImported(side=ctx.acting_side(), cards=cards, warbands=warbands, spells=spells))


def settle_setup(ctx: Context[SunshardState]) -> None:
    """Answer every set-up decision with its defaults (the first model to activate: the first offered)."""
    for _ in range(200):
        pending = list(ctx.state.pending.values())
        if not pending or ctx.state.phase not in ("setup", "start", "initiative", "activation"):
            return
        decision = pending[0]
        answers = live_defaults(ctx.system, ctx.state, decision)
        if answers is None:
            part = decision.parts[0]
            answers = {part.key: part.offered(1)[0].key}
        ctx.answer(decision, answers, "demo")
    raise RuntimeError("the demo's set-up did not settle")
