"""All of Shroudfall's data in one checked object: every name one entry gives for another must exist, and every
shipped army list must be legal.

``parse(ShroudfallCatalogue, {"cards": [...], ...}, source={"cards": "data/shroudfall/cards.yaml", ...})`` reports
each problem on its own line naming the file, the entry and the field, like every data error in the project.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pydantic import model_validator

from engine.schema import Problem, RulingOption, Spec, bundle, did_you_mean, repeated_entries
from engine.systems.shroudfall.armies import ArmyList, army_problems
from engine.systems.shroudfall.schema import (
    ConditionSpec,
    PassiveSpec,
    RosterEntry,
    TerrainKeywordSpec,
    UnitCard,
)
from engine.systems.shroudfall.terrain_schema import ScenarioCard, TerrainCard

__all__ = ["ShroudfallCatalogue", "fold", "split_named"]

_T = TypeVar("_T")
_NAMED = re.compile(r"\s*(?P<name>[^()]+?)\s*(?:\((?P<param>[^()]*)\))?\s*")


def fold(name: str) -> str:
    """A name as matched against data: spacing collapsed, case ignored."""
    return " ".join(name.split()).casefold()


def split_named(text: str) -> tuple[str, str | None]:
    """``"Accurate Strike (1)"`` -> ``("Accurate Strike", "1")``; ``"Parry"`` -> ``("Parry", None)``."""
    match = _NAMED.fullmatch(text)
    if match is None:
        return text.strip(), None
    return match.group("name"), match.group("param")


def _param_problem(spec: PassiveSpec | TerrainKeywordSpec, param: str | None) -> str | None:
    if spec.parameter == "optional-type":
        return None
    if spec.parameter == "none":
        return None if param is None else f"{spec.name} takes no value in brackets, got ({param})"
    if param is None:
        return f"{spec.name} needs its ({'X' if spec.parameter != 'type' else 'Type'}) in brackets"
    if spec.parameter in ("number", "inches") and not re.fullmatch(r'\+?\d+(\.\d+)?"?', param.strip()):
        return f"{spec.name} takes a number in brackets, got ({param})"
    return None


def _glossary_problem(text: str, known: Mapping[str, PassiveSpec | TerrainKeywordSpec], what: str) -> str | None:
    """Why ``text`` (``Rough (Forest)``) names no entry of the glossary ``known`` (by folded name), or None."""
    name, param = split_named(text)
    spec = known.get(fold(name))
    if spec is None:
        return f'unknown {what} "{name}"{did_you_mean(name, [s.name for s in known.values()])}'
    return _param_problem(spec, param)


class ShroudfallCatalogue(Spec):
    """Unit cards, the roster of published units, the glossary, terrain cards, scenarios, army lists and rulings."""

    cards: tuple[UnitCard, ...] = ()
    roster: tuple[RosterEntry, ...] = ()
    passives: tuple[PassiveSpec, ...] = ()
    conditions: tuple[ConditionSpec, ...] = ()
    terrain_keywords: tuple[TerrainKeywordSpec, ...] = ()
    terrain: tuple[TerrainCard, ...] = ()
    scenarios: tuple[ScenarioCard, ...] = ()
    armies: tuple[ArmyList, ...] = ()
    rulings: tuple[RulingOption, ...] = ()

    @model_validator(mode="after")
    def _references_resolve(self) -> ShroudfallCatalogue:
        problems = self._unique() + self._card_problems() + self._terrain_problems() + self._army_problems()
        if problems:
            raise bundle(problems)
        return self

    # -- lookups ---------------------------------------------------------------------------------------------

    def card(self, card_id: str) -> UnitCard:
        """The unit card with that id; :raises LookupError: naming close matches."""
        return _by_id(card_id, self.cards, "unit card")

    def terrain_card(self, card_id: str) -> TerrainCard:
        return _by_id(card_id, self.terrain, "terrain card")

    def scenario(self, scenario_id: str) -> ScenarioCard:
        return _by_id(scenario_id, self.scenarios, "scenario")

    def army(self, army_id: str) -> ArmyList:
        return _by_id(army_id, self.armies, "army list")

    def passive(self, name: str) -> PassiveSpec:
        """The common passive ability ``name`` names (its (X) ignored)."""
        base = fold(split_named(name)[0])
        for spec in self.passives:
            if fold(spec.name) == base:
                return spec
        hint = did_you_mean(name, [p.name for p in self.passives])
        raise LookupError(f'unknown common passive ability "{name}"{hint}')

    def army_problems(self, army: ArmyList) -> list[tuple[str, str]]:
        """Every list-building rule ``army`` breaks, as (field, message); empty when it is legal."""
        return army_problems(army, {c.id: c for c in self.cards}, {t.id: t for t in self.terrain},
                             {s.id: s for s in self.scenarios})

    # -- checks ----------------------------------------------------------------------------------------------

    def _unique(self) -> list[Problem]:
        sections: tuple[tuple[str, Iterable[object], str], ...] = (
            ("cards", self.cards, "id"), ("roster", self.roster, "name"), ("passives", self.passives, "id"),
            ("passives", self.passives, "name"), ("conditions", self.conditions, "id"),
            ("terrain_keywords", self.terrain_keywords, "id"), ("terrain", self.terrain, "id"),
            ("scenarios", self.scenarios, "id"), ("armies", self.armies, "id"), ("rulings", self.rulings, "id"),
        )
        return repeated_entries(sections, fold)

    def _card_problems(self) -> list[Problem]:
        passives = {fold(p.name): p for p in self.passives}
        problems = []
        for index, card in enumerate(self.cards):
            for p, text in enumerate(card.passives):
                message = _glossary_problem(text, passives, "common passive ability")
                if message:
                    problems.append(Problem(("cards", index, "passives", p), message))
        return problems

    def _terrain_problems(self) -> list[Problem]:
        keywords = {fold(k.name): k for k in self.terrain_keywords}
        problems = []
        for index, card in enumerate(self.terrain):
            for where, piece in (("main", card.main), *((("sides", i), p) for i, p in enumerate(card.sides))):
                place = (where,) if isinstance(where, str) else where
                for k, text in enumerate(piece.keywords):
                    message = _glossary_problem(text, keywords, "terrain keyword")
                    if message:
                        problems.append(Problem(("terrain", index, *place, "keywords", k), message))
        return problems

    def _army_problems(self) -> list[Problem]:
        return [Problem(("armies", index, field), message)
                for index, army in enumerate(self.armies) for field, message in self.army_problems(army)]


_INDEXES: dict[int, tuple[object, Mapping[str, Any]]] = {}
"""Each catalogue pool indexed by id once (a pool is a tuple of a frozen catalogue; kept here so its id stays its)."""


def _by_id(key: str, pool: tuple[_T, ...], what: str) -> _T:
    held = _INDEXES.get(id(pool))
    if held is None or held[0] is not pool:
        held = (pool, {str(getattr(entry, "id")): entry for entry in pool})  # noqa: B009
        _INDEXES[id(pool)] = held
    entries: Mapping[str, _T] = held[1]
    found = entries.get(key)
    if found is None:
        raise LookupError(f'unknown {what} "{key}"{did_you_mean(key, list(entries))}')
    return found
