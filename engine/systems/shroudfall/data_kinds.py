"""Shroudfall's own data kinds: ``data/shroudfall/<kind>.yaml`` holds ``<kind>: [...]`` of that model (rulings use the
project's shared ``RulingOption``); :class:`engine.systems.shroudfall.catalogue.ShroudfallCatalogue` checks them
together."""

from __future__ import annotations

from engine.schema import Spec
from engine.systems.shroudfall.armies import ArmyList
from engine.systems.shroudfall.schema import ConditionSpec, PassiveSpec, RosterEntry, TerrainKeywordSpec, UnitCard
from engine.systems.shroudfall.terrain_schema import ScenarioCard, TerrainCard

__all__ = ["DATA_KINDS"]

DATA_KINDS: dict[str, type[Spec]] = {
    "cards": UnitCard,
    "roster": RosterEntry,
    "passives": PassiveSpec,
    "conditions": ConditionSpec,
    "terrain_keywords": TerrainKeywordSpec,
    "terrain": TerrainCard,
    "scenarios": ScenarioCard,
    "armies": ArmyList,
}
