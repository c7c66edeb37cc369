"""Rulings read once: ``data/<game>/rulings.yaml`` carries every ruling's options, its default and which alternatives
are still played by hand; a game's code declares only which rulings it reads (``Declarations(reads=...)``: the ids,
or the game's typed ``engine.schema.RulingsRecord`` of them).

When the game registers, ``RulingsRead.problems`` holds the declaration against the YAML: a ruling the code reads
that the data does not carry, and a ruling the data carries that no code reads (a house rule a table could switch
to with no effect), are both refused. A ruling whose every alternative is still played by hand (``by_hand``) needs no
code to read it: a table cannot switch from its default, which the rules code simply follows. While a game runs,
``RulingsRead.option`` reads the table's option for a declared ruling from its setup, so no game restates the options
or the defaults in its code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.schema import RulingOption

if TYPE_CHECKING:
    from engine.core.state import CoreState

__all__ = ["RulingsRead"]


@dataclass(frozen=True, slots=True)
class RulingsRead:
    """The rulings a game's code reads, by id."""

    ids: tuple[str, ...] = ()

    @classmethod
    def of(cls, reads: Sequence[str] | type) -> RulingsRead:
        """From ids, or from a game's typed record of its rulings (an ``engine.schema.RulingsRecord`` dataclass,
        one field per ruling, ``_`` for ``-``)."""
        if isinstance(reads, type):
            return cls(tuple(f.name.replace("_", "-") for f in dataclasses.fields(reads)))
        return cls(tuple(reads))

    def problems(self, rulings: Sequence[RulingOption]) -> list[str]:
        """Where the declaration and the data disagree (nothing when the game declares no rulings it reads and
        its data carries none)."""
        carried = {ruling.id for ruling in rulings}
        found = [f"ruling {ruling} is read by the code but not in rulings.yaml" for ruling in self.ids
                 if ruling not in carried]
        found += [f"ruling {ruling.id} is in rulings.yaml but no code reads it" for ruling in rulings
                  if ruling.id not in self.ids and ruling.playable != (ruling.default,)]
        return found

    def option(self, state: CoreState, ruling: str) -> str:
        """The table's option for ``ruling`` (set when the game was made: the default, or a house rule).

        :raises KeyError: for a ruling the game did not declare it reads, or one its setup does not record.
        """
        if ruling not in self.ids:
            raise KeyError(f"ruling {ruling} is not among the rulings this game declares it reads: {self.ids}")
        return state.setup.rulings[ruling]
