"""Everything on one table at one moment, with look-up by id."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TypeVar

from .errors import UnknownId
from .shapes import Base, Table, Terrain, Zone

__all__ = ["Battlefield", "Thing"]

Thing = Base | Terrain | Zone
"""Anything on the table a position can name."""

_T = TypeVar("_T", bound=Thing)


@dataclass(frozen=True, slots=True)
class Battlefield:
    """A table with its terrain, bases and zones. Ids are unique across all three.

    Look-ups match an id exactly first, then ignoring case, so players may type ``a2`` for ``A2``.
    """

    table: Table
    terrain: tuple[Terrain, ...] = ()
    bases: tuple[Base, ...] = ()
    zones: tuple[Zone, ...] = ()

    def __post_init__(self) -> None:
        for name in ("terrain", "bases", "zones"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        counts = Counter(t.id for t in self.things)
        doubled = sorted(i for i, n in counts.items() if n > 1)
        if doubled:
            raise ValueError(f"ids must be unique on a battlefield, repeated: {', '.join(doubled)}")

    @property
    def things(self) -> tuple[Thing, ...]:
        """All bases, terrain pieces and zones."""
        return (*self.bases, *self.terrain, *self.zones)

    def find(self, ident: str) -> Thing:
        """Return the base, terrain piece or zone called ``ident``; raise :class:`UnknownId` if none is."""
        return _lookup(ident, self.things, "model, terrain piece or zone")

    def base(self, ident: str) -> Base:
        """Return the base called ``ident``; raise :class:`UnknownId` if no model has it."""
        return _lookup(ident, self.bases, "model")

    def terrain_piece(self, ident: str) -> Terrain:
        """Return the terrain piece called ``ident``; raise :class:`UnknownId` if none has it."""
        return _lookup(ident, self.terrain, "terrain piece")

    def others(self, ident: str) -> tuple[Base, ...]:
        """Return every base except the one called ``ident`` (matched exactly)."""
        return tuple(b for b in self.bases if b.id != ident)


def _lookup(ident: str, pool: tuple[_T, ...], what: str) -> _T:
    """Match exactly, then case-insensitively; a case-insensitive tie is an unknown id, not a guess."""
    for t in pool:
        if t.id == ident:
            return t
    folded = [t for t in pool if t.id.lower() == ident.lower()]
    if len(folded) == 1:
        return folded[0]
    raise UnknownId(ident, [t.id for t in pool], what)
