"""Sunshard:Embren's own data kinds: ``data/sunshard/<kind>.yaml`` holds ``<kind>: [...]`` of that model; players
may import their own ``models`` (cards), ``warbands`` and ``spells`` (the book prints none of them whole)."""

from __future__ import annotations

from engine.schema import Spec
from engine.systems.sunshard.quest_schema import DeedSpec, FortuneSpec, QuestSpec
from engine.systems.sunshard.schema import ModelCard, SpellSpec, TemplateSpec, WarbandSpec

__all__ = ["DATA_KINDS", "IMPORTABLE"]

DATA_KINDS: dict[str, type[Spec]] = {
    "models": ModelCard,
    "warbands": WarbandSpec,
    "spells": SpellSpec,
    "templates": TemplateSpec,
    "quests": QuestSpec,
    "deeds": DeedSpec,
    "fortunes": FortuneSpec,
}

IMPORTABLE: tuple[str, ...] = ("models", "warbands", "spells")
