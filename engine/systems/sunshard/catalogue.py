"""Sunshard:Embren's data, typed and cross-checked: cards by name, quests, deeds and Fortune abilities by id.

The shared loader validates each file against its kind (:data:`engine.systems.sunshard.data_kinds.DATA_KINDS`);
this module checks what crosses kinds (a warband's models, a Limited Magika's spell, a map's terrain rules) and hands
the rules code plain lookups.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

from engine.schema import Catalogue, MapPreset, Spec, did_you_mean, entry_key
from engine.systems.sunshard.abilities import terrain_rule
from engine.systems.sunshard.quest_schema import DeedSpec, FortuneSpec, QuestSpec
from engine.systems.sunshard.schema import ModelCard, SpellSpec, TemplateSpec, WarbandSpec
from engine.systems.sunshard.warbands import warband_problems

__all__ = ["SunshardData", "data_problems"]

_T = TypeVar("_T", bound=Spec)


def _by_key(entries: Iterable[Spec], kind: type[_T]) -> Mapping[str, _T]:
    return MappingProxyType({entry_key(e): e for e in entries if isinstance(e, kind)})


@dataclass(frozen=True, slots=True)
class SunshardData:
    """Every kind of the game's data, each by name or id."""

    cards: Mapping[str, ModelCard]
    warbands: Mapping[str, WarbandSpec]
    spells: Mapping[str, SpellSpec]
    templates: Mapping[str, TemplateSpec]
    quests: Mapping[str, QuestSpec]
    deeds: Mapping[str, DeedSpec]
    fortunes: Mapping[str, FortuneSpec]
    maps: Mapping[str, MapPreset]

    @classmethod
    def from_catalogue(cls, catalogue: Catalogue) -> SunshardData:
        """Index a validated catalogue (see :func:`data_problems` for the cross-checks)."""
        return cls(
            cards=_by_key(catalogue.kind("models"), ModelCard),
            warbands=_by_key(catalogue.kind("warbands"), WarbandSpec),
            spells=_by_key(catalogue.kind("spells"), SpellSpec),
            templates=_by_key(catalogue.kind("templates"), TemplateSpec),
            quests=_by_key(catalogue.kind("quests"), QuestSpec),
            deeds=_by_key(catalogue.kind("deeds"), DeedSpec),
            fortunes=_by_key(catalogue.kind("fortunes"), FortuneSpec),
            maps=MappingProxyType({m.id: m for m in catalogue.maps}),
        )

    def card(self, name: str) -> ModelCard:
        """The card of that name; :raises LookupError: naming close matches."""
        found = self.cards.get(name)
        if found is None:
            raise LookupError(f'unknown model "{name}"{did_you_mean(name, list(self.cards))}')
        return found

    def quest(self, quest_id: str) -> QuestSpec:
        """The quest of that id; :raises LookupError: naming close matches."""
        found = self.quests.get(quest_id)
        if found is None:
            raise LookupError(f'unknown quest "{quest_id}"{did_you_mean(quest_id, list(self.quests))}; the quests '
                              f'are {", ".join(self.quests)}')
        return found

    def spell_named(self, name: str) -> SpellSpec | None:
        """The spell whose name is ``name`` (a Limited Magika's X, L1449), or None."""
        return next((s for s in self.spells.values() if s.name.casefold() == name.casefold()), None)

    def with_imports(self, cards: Iterable[ModelCard] = (), warbands: Iterable[WarbandSpec] = (),
                     spells: Iterable[SpellSpec] = ()) -> SunshardData:
        """This data with a player's imported cards, warbands and spells added (an import replaces a shipped entry
        of the same name)."""
        return SunshardData(
            cards=MappingProxyType({**self.cards, **{c.name: c for c in cards}}),
            warbands=MappingProxyType({**self.warbands, **{w.name: w for w in warbands}}),
            spells=MappingProxyType({**self.spells, **{s.id: s for s in spells}}),
            templates=self.templates, quests=self.quests, deeds=self.deeds, fortunes=self.fortunes, maps=self.maps)


def data_problems(data: SunshardData) -> list[str]:
    """What is wrong across kinds, one line each: warbands (their models, points, alignment, limits), spells a
    Limited Magika names, terrain rules on the maps, and the two templates."""
    problems = [line for warband in data.warbands.values() for line in warband_problems(warband, data.cards)]
    for card in data.cards.values():
        limited = card.ability("Limited Magika")
        if limited is not None and limited.param is not None and data.spell_named(limited.param) is None:
            problems.append(f'model "{card.name}": Limited Magika({limited.param}) names no known spell '
                            f'(L1449){did_you_mean(limited.param, [s.name for s in data.spells.values()])}')
    for preset in data.maps.values():
        for piece in preset.terrain:
            if not piece.keywords:
                problems.append(f'map "{preset.id}": terrain {piece.id} has no terrain rule; each has one (L686)')
            for keyword in piece.keywords:
                try:
                    terrain_rule(keyword)
                except ValueError as error:
                    problems.append(f'map "{preset.id}": terrain {piece.id}: {error}')
            if not 0 <= piece.height <= 6 or piece.height != int(piece.height):
                problems.append(f'map "{preset.id}": terrain {piece.id} has HGT {piece.height:g}; terrain HGT is a '
                                "whole number from 0 to 6 (L686)")
    missing = sorted({"cone", "wall"} - set(data.templates))
    if missing:
        problems.append(f"templates: no {' or '.join(missing)} template; the Cone and Wall(X) abilities need both")
    return problems
