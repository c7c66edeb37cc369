"""What the Resolution step is working on: the sequence's attacks, their dice, the Hits that landed (the shared
working data of ``resolution``, ``harm`` and ``aftermath``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Context, ModelId
from engine.systems.eldfall.attack import AttackRoll, Hit
from engine.systems.eldfall.events import AttackResolved
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import Declared, EldfallState
from engine.systems.eldfall.strikes import Plan
from engine.systems.eldfall.world import World

__all__ = ["Landed", "Resolving"]


@dataclass(slots=True)
class Landed:
    """Hits that landed on one model from one attack."""

    plan: Plan
    defender: ModelId
    hits: list[Hit]
    area: bool = False


@dataclass(slots=True)
class Resolving:
    """What the Resolution step has worked out so far."""

    ctx: Context[EldfallState]
    kit: Kit
    world: World
    active: Fighter
    action: Declared
    plans: list[Plan] = field(default_factory=list)
    rolls: dict[int, AttackRoll] = field(default_factory=dict)
    landed: list[Landed] = field(default_factory=list)
    friendly: list[tuple[ModelId, ModelId]] = field(default_factory=list)
    """Allies hit by their own side (ally, attacker): each rolls for Friendly Fire (L1286)."""
    dodged: dict[ModelId, bool] = field(default_factory=dict)
    incapacitated_before: frozenset[ModelId] = frozenset()
    extras: dict[ModelId, tuple[str, ...]] = field(default_factory=dict)
    """What each model declared to spend on its rolls this sequence (``reroll``, ``luck``, ``mana``)."""
    advantage_used: set[ModelId] = field(default_factory=set)
    luck_used: set[ModelId] = field(default_factory=set)
    warded: set[ModelId] = field(default_factory=set)
    """Models a Ward cast in reaction protects this sequence: only critical Hits harm them (L2297)."""
    ricochets: dict[ModelId, int] = field(default_factory=dict)
    """Times each attacker's Hits ricocheted this sequence (up to its Ricochet X, L2143)."""

    def line(self, summary: str, lines: tuple[str, ...] = ()) -> None:
        """Log one outcome, with its working."""
        self.ctx.emit(AttackResolved(summary=summary, lines=lines or (summary,)))
