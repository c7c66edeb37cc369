"""Dodge: one AG roll against each attacker; a success avoids that attacker's non-critical Hits.

Criticals still land (Eldfall core rules v1.5, L1383); several attackers mean one roll each (L1400-1410). The
attribute is AG, INT against Mindgame (L2117), AG or T when Immobilized (L1748), halved when the dodger never saw
the activated model during its move (L1385) unless it has Acute Senses (L2001): the caller passes that modifier.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.checks import CheckResult, Die, Target
from engine.systems.eldfall.attack import Hit
from engine.systems.eldfall.rolls import attribute_roll
from engine.systems.eldfall.rulings import Rulings

__all__ = ["Dodge", "dodge"]


@dataclass(frozen=True, slots=True)
class Dodge:
    """A dodge against one attacker: the roll, the Hits avoided and the Hits still suffered."""

    dodger: str
    attacker: str
    roll: CheckResult
    avoided: tuple[Hit, ...]
    suffered: tuple[Hit, ...]
    working: tuple[str, ...]

    @property
    def success(self) -> bool:
        """Whether the dodge roll succeeded."""
        return self.roll.passed


def dodge(dodger: str, attacker: str, goal: Target, face: int | Die, hits: Sequence[Hit], *,
          rulings: Rulings) -> Dodge:
    """Roll one dodge die against ``attacker``'s ``hits`` on ``dodger``."""
    roll = attribute_roll(goal, face, rulings=rulings)
    mine = [h for h in hits if h.attacker == attacker and h.defender == dodger]
    if roll.passed:
        avoided = tuple(h for h in mine if not h.critical)
        suffered = tuple(h for h in mine if h.critical)
    else:
        avoided, suffered = (), tuple(mine)
    lines = [f"{dodger} dodges {attacker}", *roll.working]
    if roll.passed:
        lines.append(f"avoids {len(avoided)} non-critical {'Hit' if len(avoided) == 1 else 'Hits'} (L1383)")
        if suffered:
            lines.append(f"{len(suffered)} critical {'Hit' if len(suffered) == 1 else 'Hits'} still land (L1383)")
    else:
        lines.append(f"the dodge fails: {len(suffered)} {'Hit' if len(suffered) == 1 else 'Hits'} land")
    return Dodge(dodger, attacker, roll, avoided, suffered, tuple(lines))
