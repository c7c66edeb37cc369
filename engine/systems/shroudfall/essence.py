"""Essence: each army's reserve of coloured crystals, capped at 10 and emptied at the end of every game round, and the
ways it is spent: ability costs, infusing a roll with one die, the essence re-roll, and paying for an ESSENCE INTERACT
with stronger crystals standing in for weaker ones (Shroudfall beta rulebook v1.4, L827-941, L1231).

Pure functions over a reserve (a list of colours); the events record the reserve each change leaves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import IllegalCommand
from engine.dice import ESSENCE_DICE, Die
from engine.systems.shroudfall.schema import COLOURS, Colour, format_pool

__all__ = [
    "RESERVE_CAP",
    "STARVED_EXTRA",
    "Infusion",
    "Stored",
    "ability_cost",
    "can_pay",
    "discard",
    "infuse",
    "pay",
    "pool_dice",
    "store",
    "strength",
    "unit_cost",
]

RESERVE_CAP = 10
"""At most ten crystals in a reserve; more are lost (L831)."""


def strength(colour: Colour) -> int:
    """Grey 0, yellow 1, red 2: the order of the dice's faces (L191-195), used for substituting crystals and dice."""
    return COLOURS.index(colour)


def pool_dice(pool: Sequence[Colour]) -> tuple[Die, ...]:
    """The essence dice a pool rolls."""
    return tuple(ESSENCE_DICE[colour] for colour in pool)


@dataclass(frozen=True, slots=True)
class Stored:
    """A reserve after crystals were added: what it holds, what was kept and what the cap threw away."""

    reserve: tuple[Colour, ...]
    kept: tuple[Colour, ...]
    lost: tuple[Colour, ...]


def store(reserve: Sequence[Colour], crystals: Sequence[Colour]) -> Stored:
    """Add ``crystals`` in order until the reserve holds :data:`RESERVE_CAP`; the rest are lost (L831)."""
    room = max(0, RESERVE_CAP - len(reserve))
    kept, lost = tuple(crystals[:room]), tuple(crystals[room:])
    return Stored((*reserve, *kept), kept, lost)


def _paid(reserve: Sequence[Colour], cost: Sequence[Colour], stronger: bool) -> tuple[Colour, ...] | None:
    """The crystals that pay ``cost`` from ``reserve`` (each exactly, or the weakest stronger one that may stand in),
    or None when the reserve cannot."""
    left = Counter(reserve)
    used: list[Colour] = []
    for wanted in sorted(cost, key=strength, reverse=True):
        options = [c for c in COLOURS if left[c] and (c == wanted or (stronger and strength(c) > strength(wanted)))]
        if not options:
            return None
        pick = min(options, key=strength)
        left[pick] -= 1
        used.append(pick)
    return tuple(used)


def discard(reserve: Sequence[Colour], colour: str) -> tuple[tuple[Colour, ...], Colour]:
    """The reserve with one crystal of ``colour`` thrown out, and that crystal (L831: a player may always discard
    essence during their units' activations).

    :raises IllegalCommand: when the reserve holds no crystal of that colour.
    """
    held = [c for c in reserve if c == colour]
    if not held:
        have = format_pool(tuple(reserve)) if reserve else "nothing"
        raise IllegalCommand(f"the essence reserve holds no {colour} crystal to discard (it holds {have}; L831)",
                             verb="discard")
    left = list(reserve)
    left.remove(held[0])
    return tuple(left), held[0]


def can_pay(reserve: Sequence[Colour], cost: Sequence[Colour], *, stronger: bool = False) -> bool:
    return _paid(reserve, cost, stronger) is not None


def pay(reserve: Sequence[Colour], cost: Sequence[Colour], *, stronger: bool = False,
        what: str = "it", rule: str = "L872") -> tuple[tuple[Colour, ...], tuple[Colour, ...]]:
    """Take ``cost`` from ``reserve``: returns (the reserve left, the crystals spent). With ``stronger``, a red may
    pay for a yellow or grey and a yellow for a grey (ESSENCE INTERACT, L1231).

    :raises IllegalCommand: naming what is missing, changing nothing (L872: without the essence, no ability).
    """
    used = _paid(reserve, cost, stronger)
    if used is None:
        have = format_pool(tuple(reserve)) if reserve else "nothing"
        raise IllegalCommand(f"{what} costs {format_pool(tuple(cost))} and the reserve holds {have} ({rule})")
    left = list(reserve)
    for colour in used:
        left.remove(colour)
    return tuple(left), used


STARVED_EXTRA: tuple[Colour, ...] = ("grey", "yellow")
"""The crystals an Essence Starved unit adds to an ability's cost, one of them (ruling ``essence-starved-colours``,
the icons of L1397 being lost)."""


def ability_cost(cost: Sequence[Colour], conditions: Sequence[str], extra: Colour | None = None) -> tuple[Colour, ...]:
    """What an active or reactive ability costs a unit: its printed cost, and while the unit is Essence Starved one
    more crystal, grey or yellow as its controller chooses (``extra``) (L1397).

    :raises IllegalCommand: when a Starved unit's extra crystal is missing or not one of those colours.
    """
    if "essence-starved" not in conditions:
        return tuple(cost)
    if extra not in STARVED_EXTRA:
        raise IllegalCommand(f"the unit is Essence Starved: its abilities cost one more crystal, "
                             f"{' or '.join(STARVED_EXTRA)}, its controller's choice (L1397)")
    return (*cost, extra)


def unit_cost(reserve: Sequence[Colour], cost: Sequence[Colour], conditions: Sequence[str]) -> tuple[Colour, ...]:
    """What a unit with ``conditions`` pays for an active or reactive ability costing ``cost`` from ``reserve``: the
    printed cost, and while Essence Starved one more crystal (L1397), the grey when the reserve holds one beyond the
    cost, else the yellow (ruling ``essence-starved-colours``: the weaker crystal taken for its controller)."""
    if "essence-starved" not in conditions:
        return tuple(cost)
    extra = next((c for c in STARVED_EXTRA if can_pay(reserve, (*cost, c))), STARVED_EXTRA[0])
    return ability_cost(cost, conditions, extra)


@dataclass(frozen=True, slots=True)
class Infusion:
    """A roll's infusion: the extra die's colour (L929-931)."""

    colour: Colour


def infuse(current: Infusion | None, colour: Colour) -> Infusion:
    """Infuse a roll with a ``colour`` die: a roll takes one infusion, which may be swapped for a stronger die only.

    :raises IllegalCommand: for a second die, or a swap to a die no stronger (L931).
    """
    if current is not None and strength(colour) <= strength(current.colour):
        raise IllegalCommand(f"this roll is already infused with a {current.colour} die; a roll takes one infusion, "
                         f"swapped only for a stronger die (L931)")
    return Infusion(colour)
