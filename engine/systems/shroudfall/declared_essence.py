"""Discarding essence, declared (Shroudfall beta rulebook v1.4, L831): during the activation of one of their units a
player may throw crystals out of their essence reserve, one crystal a command, to make room under the cap of ten
for what is still to come (a Crystal Mine's crystal, an essence value). It takes no action.

Declared after every other action of the rounds, so a menu never puts it first (the bot's policy never discards).
"""

from __future__ import annotations

from engine.core import Ask, Choice, Context, Param
from engine.systems.shroudfall import declared_play  # noqa: F401  (declared first: menus list discarding after it)
from engine.systems.shroudfall.declared import ROUNDS, RULES
from engine.systems.shroudfall.essence import discard
from engine.systems.shroudfall.events import ReserveChanged
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.schema import COLOURS
from engine.systems.shroudfall.state import ShroudfallState

__all__: list[str] = []

_RULE = "Shroudfall beta rulebook v1.4, L831"


def _discard_refusal(world: Reading, ask: Ask) -> str | None:
    if world.activating(ask.acting) is None:
        return "a player discards essence during the activation of one of their own units (L831)"
    if not world.state.record(ask.acting).reserve:
        return "the essence reserve is empty: there is nothing to discard (L831)"
    return None


def _held(world: Reading, ask: Ask) -> list[Choice]:
    reserve = world.state.record(ask.acting).reserve
    return [Choice(c, f"one {c} crystal (of {reserve.count(c)})") for c in COLOURS if c in reserve]


@RULES.action("discard", "Discard a crystal from your essence reserve during your unit's activation (L831)",
              label="Discard essence", when=ROUNDS, available=_discard_refusal, rule=_RULE, params=(
                  Param("choice", "Which crystal?", values=_held, noun="crystals"),))
def _discard(ctx: Context[ShroudfallState], ask: Ask) -> None:
    side = ask.acting
    left, thrown = discard(ctx.state.record(side).reserve, ask.text("choice"))
    ctx.emit(ReserveChanged(side=side, reserve=left, spent=(thrown,), why="discarding it (L831)"))
