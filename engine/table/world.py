"""What the table's shared actions read: one world per question, built from the game's system and its state.

A game on inches includes the table's declarations (``TABLE``) in its own (``Declarations.include``) and gives the
table what it needs as two attributes of its system (``OnTable``): its data (units, forces, maps) and its
``TableRules`` (sight, terrain, reach, the ground, how a viewer knows a model, its own limit on touching models by
hand, the maps it lays itself); the system's ``disclosure`` says what each viewer may be told before declaring.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from engine.core import Ask, Choice, Declarations, Disclosure, IllegalCommand, InvalidCommand, ModelId, SideId, Viewer
from engine.schema import Catalogue
from engine.table.rules import TableRules
from engine.table.state import PlacedModel, TableState

__all__ = ["TABLE", "OnTable", "TableWorld", "inches"]


def inches(option: str, what: str) -> Callable[[TableWorld, Ask, str], str | None]:
    """The predicate of a typed length in inches (``max:``, ``height:``): a finite number, not negative."""

    def accepts(world: TableWorld, ask: Ask, typed: str) -> str | None:
        try:
            value = float(typed)
        except ValueError:
            return f"{option}:{typed[:20]} is not a number of inches"
        return None if math.isfinite(value) and value >= 0 else f"{option}:{typed[:20]} is not {what} in inches"

    return accepts


class OnTable(Protocol):
    """What a game's system gives the table's shared actions."""

    @property
    def table_data(self) -> Catalogue: ...

    @property
    def table_rules(self) -> TableRules: ...

    def disclosure(self, state: Any, viewer: Viewer) -> Disclosure: ...


class TableWorld:
    """The state with the game's data and table rules, and the readings every table action shares: whose models a
    player may touch, how a viewer names them, which sides a player acts for."""

    def __init__(self, system: OnTable, state: TableState) -> None:
        self.system = system
        self.state = state
        self.data = system.table_data
        self.rules = system.table_rules

    def disclosure(self, viewer: Viewer) -> Disclosure:
        return self.system.disclosure(self.state, viewer)

    def named(self, viewer: Viewer, models: Iterable[PlacedModel]) -> list[Choice]:
        """``models`` as choices, each named as ``viewer`` may know it; those it may not see are left out."""
        named = ((m, self.rules.shown(self.state, viewer, m)) for m in models)
        return [Choice(m.id, f"{m.id} {name}") for m, name in named if name is not None]

    def sides(self, ask: Ask) -> list[SideId]:
        """The sides the asker acts for: their own, or every side for the host."""
        if ask.host:
            return list(self.state.sides)
        return [ask.asker] if ask.asker is not None else []

    def touchable(self, ask: Ask) -> list[PlacedModel]:
        """The models the asker may place, move or take off by hand: their side's, or any for the host."""
        sides = self.sides(ask)
        return [m for m in self.state.models.values() if m.side in sides]

    def seated(self, ask: Ask) -> bool:
        """Whether the asker plays a side or hosts: any seated player may mark wounds and tokens on any model (the
        attacker marks what they inflict when no rules engine does)."""
        return ask.host or ask.asker is not None

    def movable(self, ask: Ask) -> list[PlacedModel]:
        """The models the asker may place or move now: theirs, where the game's own limit allows."""
        return [m for m in self.touchable(ask) if self.limit(m.side, ask.host) is None]

    def limit(self, side: SideId, host: bool) -> str | None:
        """The game's own refusal of touching ``side``'s models by hand now, if any."""
        return self.rules.may_move(self.state, side, host) if self.rules.may_move is not None else None

    def side_for(self, ask: Ask, option: str = "side") -> SideId:
        """The side an option names (checked by its menu), else the asker's own."""
        if ask.has(option):
            return SideId(ask.ident(option))
        if ask.asker is None:
            raise IllegalCommand(f"say which side: {option}:<side> (you hold no side here)", verb=ask.verb)
        return ask.asker

    def unknown(self, ask: Ask, typed: str) -> InvalidCommand:
        """The refusal of a model id the table does not hold (or the asker may not see)."""
        known = sorted(self.state.models)
        return InvalidCommand(f"there is no model {typed[:20]}. Models: "
                              f"{', '.join(known) or 'none yet (add one with /model add)'}", verb=ask.verb)

    def model(self, ask: Ask, option: str = "model") -> PlacedModel:
        """The model an option names (checked by its menu)."""
        return self.state.models[ModelId(ask.ident(option))]


TABLE: Declarations[Any, TableWorld] = Declarations(reader=TableWorld)
"""The table's shared actions and questions, declared once (``engine.table.actions`` and ``engine.table.setting``);
a game on inches includes them in its own declarations."""
