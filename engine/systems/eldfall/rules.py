"""Eldfall's declarations: the one ``Declarations`` object every action and decision kind of the game is declared on,
the world their generators and checks read, and where and when each kind of action is taken.

Generators and checks read a :class:`Reading`: the kit, the state and the world measured once per question (sight
and Awareness are cached in the world, so a menu never measures a pair twice). ``When`` reads the core's flow record
(``phase``, ``step``, ``active_side``): an action of the Action step is refused outside it by the framework, before any
of the game's code runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol, cast

from engine.core import Ask, Context, Declarations, Disclosure, IllegalCommand, ModelId, RulesError, Viewer, When
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.setup_phases import DEPLOY, PARTIES
from engine.systems.eldfall.state import ACTION_STEP, EldfallState
from engine.systems.eldfall.world import World

if TYPE_CHECKING:
    from engine.systems.eldfall.fighters import Fighter

__all__ = ["ACTION", "ANY_TIME", "DEPLOYING", "PARTY_CHOICE", "RULES", "TACTICAL", "TACTICAL_PHASE", "Reading",
           "Refused", "kit_of", "said"]

TACTICAL_PHASE = "tactical"

Refused = Callable[["Reading", Ask, str], RulesError | None]
"""A parameter's ``refused``: the refusal of a typed value its menu does not list, or None for the core's list."""


def said(why: Callable[[Reading, Ask, str], str | None]) -> Refused:
    """A parameter's ``refused`` from a function saying why in words (the rule broken), or None."""
    def refused(r: Reading, ask: Ask, typed: str) -> RulesError | None:
        reason = why(r, ask, typed)
        return IllegalCommand(reason, verb=ask.verb) if reason is not None else None
    return refused


@dataclass
class Reading:
    """What Eldfall's generators and checks read: the kit, the state, and the world measured once (lazily)."""

    kit: Kit
    state: EldfallState
    disclosure: Callable[[EldfallState, Viewer], Disclosure]

    @cached_property
    def world(self) -> World:
        return self.kit.world(self.state)

    @property
    def rulings(self) -> Rulings:
        return self.world.rulings

    def option(self, ruling: str) -> str:
        """The table's option of a ruling read by its id (those the typed record does not name)."""
        return RULES.rulings().option(self.state, ruling)

    def active(self) -> Fighter | None:
        """The activated model, while an Activation Sequence is under way."""
        sequence = self.state.sequence
        return self.world.fighter(sequence.model) if sequence is not None else None

    def distances(self, viewer: Viewer) -> bool:
        """Whether the measuring mode lets ``viewer`` know distances before declaring (L604-610)."""
        return self.disclosure(self.state, viewer).distances

    def mine(self, ask: Ask, *, standing: bool = True) -> list[Fighter]:
        """The asking side's models on the table."""
        return self.world.fighters(ask.acting, standing=standing) if ask.asker is not None else []

    def model(self, ask: Ask, option: str = "model") -> Fighter:
        """The model an earlier answer named (checked by its own menu before this is read)."""
        return self.world.fighter(ModelId(ask.ident(option)))


def _reading(system: Any, state: EldfallState) -> Reading:
    return Reading(system.kit, state, system.disclosure)


RULES: Declarations[EldfallState, Reading] = Declarations(reader=_reading, reads=Rulings)
"""Every action and decision kind of Eldfall, declared once (``declared`` and ``declared_kinds`` wire them)."""

_ACTIVE = "only the Active player acts, on its own turn, in its Active role (L1129, L1164)"
TACTICAL = When(phases=(TACTICAL_PHASE,), turn=True, because=_ACTIVE)
"""The active player's Tactical phase (L1164); whether a sequence is under way is each action's precondition."""
ACTION = When(phases=(TACTICAL_PHASE,), steps=(ACTION_STEP,), turn=True,
              because="the activated model declares its action in its sequence's Action step (L1250)")
"""Step 4 of the activated model's sequence: the active player declares its action (L1250)."""
DEPLOYING = When(phases=(DEPLOY,), turn=False)
"""The deployment: every player, in the turn order or at once (ruling deployment-order, L1094-1111)."""
PARTY_CHOICE = When(phases=(PARTIES,), turn=False)
"""The parties chosen in secret, every player at once (L1008-1036)."""
ANY_TIME = When(phases=(TACTICAL_PHASE,), turn=False)
"""Standing orders a player gives whenever it likes once play has begun, on its turn or not (a stance, a dismissal,
a scheme to reveal); the set-up's menus stay on the set-up."""


class _Kitted(Protocol):
    kit: Kit


def kit_of(ctx: Context[EldfallState]) -> Kit:
    """The kit of the game a handler runs in."""
    return cast(_Kitted, ctx.system).kit


