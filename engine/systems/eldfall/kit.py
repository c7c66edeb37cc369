"""What every Eldfall handler needs beside the state: the data, the table's rulings, the quest and the measured
world, read the same way everywhere."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import InvalidCommand
from engine.schema import Catalogue, did_you_mean
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.quest_schema import QuestSpec
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World

__all__ = ["DEFAULT_QUEST", "DEFAULT_SIZE", "MODES", "Kit", "quest_of"]

DEFAULT_QUEST = "open-hostilities"
DEFAULT_SIZE = 60
"""Recruitment Points when the table says none: the size the book recommends to start with (L1016)."""
MODES = ("assisted", "standard", "realism")
"""The pre-measuring modes (L604-610)."""


@dataclass(frozen=True, slots=True)
class Kit:
    """The game's data and the table options its rules read."""

    catalogue: EldfallCatalogue
    maps: Catalogue
    _rulings: dict[tuple[tuple[str, str], ...], Rulings] = field(default_factory=dict)

    def rulings(self, state: EldfallState) -> Rulings:
        """The rulings this table plays by (its setup's choices over the shipped defaults), read once per table."""
        key = tuple(sorted(state.setup.rulings.items()))
        found = self._rulings.get(key)
        if found is None:
            known = {r.id for r in self.catalogue.rulings}
            chosen = {k: v for k, v in state.setup.rulings.items() if k in known}
            found = Rulings.from_options(self.catalogue.rulings, chosen)
            self._rulings[key] = found
        return found

    def world(self, state: EldfallState) -> World:
        return World(state, self.catalogue, self.rulings(state))

    def quest(self, state: EldfallState) -> QuestSpec:
        return quest_of(self.catalogue, str(state.setup.options.get("scenario") or DEFAULT_QUEST))

    def game_size(self, state: EldfallState) -> int:
        quest = self.quest(state)
        if quest.game_size is not None:
            return quest.game_size
        return int(str(state.setup.options.get("size") or DEFAULT_SIZE))

    def mode(self, state: EldfallState) -> str:
        return str(state.setup.options.get("mode") or "assisted")


def quest_of(catalogue: EldfallCatalogue, name: str) -> QuestSpec:
    """The quest called ``name`` (id or name); :raises InvalidCommand: naming the quests."""
    try:
        return catalogue.quest(name)
    except LookupError:
        known = [q.id for q in catalogue.quests]
        raise InvalidCommand(f"there is no quest {name!r}{did_you_mean(name, known)}; quests: "
                             f"{', '.join(known)}") from None

