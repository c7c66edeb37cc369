"""Shroudfall's declarations: the one ``Declarations`` object every action and decision kind of the game is declared
on (``declared_setup``, ``declared_play``, ``declared_reactions``), where each may be taken, and how a handler reaches
the game's data and the table's rulings."""

from __future__ import annotations

from typing import Any, Protocol, cast

from engine.core import Context, Declarations, When
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import READS
from engine.systems.shroudfall.state import ShroudfallState

__all__ = ["DEPLOYMENT", "ROUNDS", "RULES", "TERRAIN", "referee"]


class _Refereed(Protocol):
    def referee(self, state: ShroudfallState) -> Referee: ...

    def reading(self, state: ShroudfallState) -> Reading: ...


def _reader(system: Any, state: ShroudfallState) -> Reading:
    return cast(_Refereed, system).reading(state)


RULES: Declarations[ShroudfallState, Reading] = Declarations(reader=_reader, reads=READS)
"""Every action and decision kind of Shroudfall."""

TERRAIN = When(phases=("terrain",), turn=True)
DEPLOYMENT = When(phases=("deployment",), turn=True)
ROUNDS = When(phases=("rounds",), turn=True)


def referee(ctx: Context[ShroudfallState]) -> Referee:
    """The game's data and the table's rulings, for a handler."""
    return cast(_Refereed, ctx.system).referee(ctx.state)
