"""Eldfall's own data kinds: ``data/eldfall/<kind>.yaml`` holds ``<kind>: [...]`` of that model (units and rulings
use the project's shared ``UnitProfile`` and ``RulingOption``)."""

from __future__ import annotations

from engine.schema import Spec
from engine.systems.eldfall.quest_schema import QuestSpec, SchemeSpec, SchemeTable
from engine.systems.eldfall.schema import (
    AbilitySpec,
    BehaviourCard,
    ItemSpec,
    PartySpec,
    SpellSpec,
    StratagemSpec,
    UpgradeSpec,
)

__all__ = ["DATA_KINDS"]

DATA_KINDS: dict[str, type[Spec]] = {
    "items": ItemSpec,
    "spells": SpellSpec,
    "abilities": AbilitySpec,
    "upgrades": UpgradeSpec,
    "stratagems": StratagemSpec,
    "behaviours": BehaviourCard,
    "quests": QuestSpec,
    "schemes": SchemeSpec,
    "scheme_tables": SchemeTable,
    "parties": PartySpec,
}
