"""Shroudfall's data: unit cards with their weapon profiles and abilities, the roster of published units, and the
glossary entries (common passive abilities, conditions, terrain keywords).

Every model is frozen and refuses unknown fields (``engine.schema.Spec``). A value a source lacks is named in the
entry's ``assumed`` mapping (field -> why it was chosen), so a reader sees exactly which numbers are invented. Text
fields hold our own short summaries, never the book's wording; ``source`` cites the rulebook line (``Shroudfall beta
rulebook v1.4, L484-527``) or the public data source (``S7 factions.js``).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from engine.schema import Count, Ident, Keywords, NonNegativeInt, PositiveNumber, Problem, Spec, Text, bundle

__all__ = [
    "ATTACK_TYPES",
    "COLOURS",
    "MOVES",
    "AbilityKind",
    "AbilitySpec",
    "AttackType",
    "Colour",
    "ConditionSpec",
    "Move",
    "PassiveSpec",
    "Pool",
    "RosterEntry",
    "Shape",
    "TerrainKeywordSpec",
    "UnitCard",
    "Weapon",
    "format_pool",
    "parse_pool",
]

Colour = Literal["grey", "yellow", "red"]
COLOURS: tuple[Colour, ...] = ("grey", "yellow", "red")
"""The essence colours, weakest die first (Shroudfall beta rulebook v1.4, L191-195, L470)."""

AttackType = Literal["melee", "ranged", "arcane"]
ATTACK_TYPES: tuple[AttackType, ...] = ("melee", "ranged", "arcane")
"""The three hit values and weapon types (L394-401, L707-721)."""

Move = Literal["S", "M", "L"]
MOVES: tuple[Move, ...] = ("S", "M", "L")
"""The movement tools, shortest first (L212-214)."""

Shape = Literal["single", "beam", "area"]
"""A weapon profile's targeting: one model, a 1"-wide beam ("B" before RNG) or an area ("A" before RNG) (L772-807)."""

_LETTERS: dict[str, Colour] = {"G": "grey", "Y": "yellow", "R": "red"}
_TERM = re.compile(r"\s*(\d*)\s*([GYRgyr])\s*")


def parse_pool(value: object) -> tuple[Colour, ...]:
    """Read a pool of essence dice or crystals: ``"4Y+1G"`` (counts and G/Y/R letters), ``"YYG"``, a list of colour
    names, or ``""`` / ``[]`` for none. The order given is kept.

    :raises PydanticCustomError: naming the accepted forms.
    """
    if isinstance(value, list | tuple):
        wrong = [v for v in value if v not in COLOURS]
        if wrong:
            raise PydanticCustomError("pool", "must name colours grey, yellow or red, got {wrong}",
                                      {"wrong": ", ".join(map(str, wrong))})
        return tuple(value)
    if not isinstance(value, str):
        raise PydanticCustomError("pool", 'must be a pool like "2Y+2G" (G grey, Y yellow, R red) or a list of colours')
    text = value.replace(" ", "+").strip("+")
    colours: list[Colour] = []
    for term in filter(None, text.split("+")):
        letters = term if term.isalpha() else None
        if letters is not None and all(ch.upper() in _LETTERS for ch in letters):
            colours += [_LETTERS[ch.upper()] for ch in letters]
            continue
        match = _TERM.fullmatch(term)
        if match is None:
            raise PydanticCustomError("pool", 'must be a pool like "2Y+2G" (G grey, Y yellow, R red), got {term!r}',
                                      {"term": term})
        colours += [_LETTERS[match.group(2).upper()]] * int(match.group(1) or 1)
    return tuple(colours)


def format_pool(pool: tuple[Colour, ...]) -> str:
    """A pool as players read it, strongest colour first: ``1R+3G``; ``-`` for none."""
    parts = [f"{pool.count(c)}{c[0].upper()}" for c in reversed(COLOURS) if pool.count(c)]
    return "+".join(parts) or "-"


Pool = Annotated[tuple[Colour, ...], BeforeValidator(parse_pool)]
"""Essence dice or crystals by colour: ``"2Y+2G"`` in the data."""


def _not_empty(pool: tuple[Colour, ...]) -> tuple[Colour, ...]:
    if not pool:
        raise PydanticCustomError("pool", "must roll at least one die")
    return pool


class _Assumed(Spec):
    """An entry some of whose values were chosen by the project: ``assumed`` maps each such field to why."""

    assumed: dict[Text, Text] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _assumed_fields_exist(self) -> _Assumed:
        known = set(type(self).model_fields) - {"assumed"}
        wrong = sorted(key for key in self.assumed if key.split(".", 1)[0] not in known)
        if wrong:
            raise PydanticCustomError("assumed", "names {wrong}, which {verb} not a field of this entry (fields: "
                                      "{known})", {"wrong": ", ".join(wrong), "verb": "is" if len(wrong) == 1 else
                                                   "are", "known": ", ".join(sorted(known))})
        return self


class Weapon(_Assumed):
    """One weapon profile: its type, range in inches, targeting shape and damage dice (L403-417, L772-807)."""

    name: Text
    type: AttackType
    range: PositiveNumber
    shape: Shape = "single"
    damage: Pool

    @field_validator("range")
    @classmethod
    def _at_least_an_inch(cls, value: float) -> float:
        if value < 1:
            raise PydanticCustomError("range", 'must be at least 1 inch (RNG is never below 1", L405), got {value}',
                                      {"value": value})
        return value

    @field_validator("damage")
    @classmethod
    def _rolls_dice(cls, value: tuple[Colour, ...]) -> tuple[Colour, ...]:
        return _not_empty(value)


AbilityKind = Literal["faction", "active", "reactive", "passive", "leadership"]
"""The card's ability boxes: F, A, R, uncommon P and L (L419-482)."""

Trigger = Literal["targeted", "hit", "damaged", "misses", "no-damage", "enemy-ends-move", "friendly-destroyed",
                  "round-start", "round-end", "activation-end", "other"]


class AbilitySpec(_Assumed):
    """An ability printed on a card, in our own words, with what it costs and (when the referee plays it) the id of
    the engine's effect. ``action`` is ``plus`` for an "A+" cost (essence and a sacrificed action), ``instead`` for
    an ability an action may pay for in place of essence (L899-901)."""

    id: Ident
    name: Text
    kind: AbilityKind
    cost: Pool = ()
    action: Literal["none", "plus", "instead"] = "none"
    trigger: Trigger | None = None
    once_per_activation: bool = False
    summary: Text
    effect: Ident | None = None
    """The engine effect that plays it; ``None``: the players apply it by hand (listed in docs/shroudfall.md)."""
    source: Text

    @model_validator(mode="after")
    def _trigger_for_reactives(self) -> AbilitySpec:
        if self.kind == "reactive" and self.trigger is None:
            raise PydanticCustomError("trigger", "a reactive ability needs its trigger (L927)")
        return self


class UnitCard(_Assumed):
    """A unit card (L304-482): MOV, DEF, ARM, HP, base and model count, points, hit values, weapon profiles,
    abilities, common passive abilities by name (``Accurate Strike (1)``), keywords and essence value."""

    id: Ident
    name: Text
    version: Text
    """The card set it comes from: ``beta-1.4`` (the rulebook), ``2025`` (S7), ``demo`` (the project's own)."""
    faction: Text
    points: NonNegativeInt
    mov: Move
    defence: Count
    armour: Count
    hp: Count
    base_mm: PositiveNumber
    models: Count
    hit: dict[AttackType, Pool] = Field(default_factory=dict)
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[AbilitySpec, ...] = ()
    passives: tuple[Text, ...] = ()
    keywords: Keywords = ()
    essence: Pool = ()
    source: Text

    @property
    def essence_weaver(self) -> bool:
        return "ESSENCE WEAVER" in self.keywords

    @property
    def character(self) -> bool:
        return "CHARACTER" in self.keywords

    @property
    def base_radius(self) -> float:
        return self.base_mm / 25.4 / 2

    @model_validator(mode="after")
    def _fits_together(self) -> UnitCard:
        problems = [Problem(("hit", kind), "must roll at least one die") for kind, pool in self.hit.items() if not pool]
        problems += [Problem(("weapons", i, "type"), f'is {w.type}, but the card has no {w.type} hit value (its hit '
                             f'values: {", ".join(self.hit) or "none"}; L394-401)')
                     for i, w in enumerate(self.weapons) if w.type not in self.hit]
        if self.faction not in self.keywords:
            problems.append(Problem(("faction",), f'must be one of the card\'s keywords (the faction keyword, L1062), '
                                                  f'got "{self.faction}"'))
        seen: dict[str, int] = {}
        for i, ability in enumerate(self.abilities):
            if ability.id in seen:
                problems.append(Problem(("abilities", i, "id"),
                                        f'repeats "{ability.id}" (also abilities[{seen[ability.id]}])'))
            seen.setdefault(ability.id, i)
        if problems:
            raise bundle(problems)
        return self


class RosterEntry(Spec):
    """A published unit known only by its list entry (2025 card set, S7): name, points, essence value, keywords and
    faction. Not playable until a card gives its profile."""

    name: Text
    faction: Text
    points: NonNegativeInt
    essence: Pool = ()
    keywords: Keywords = ()
    version: Text
    source: Text


Parameter = Literal["none", "number", "inches", "type", "optional-type"]


class _Glossary(Spec):
    """A rule the book defines once and cards name: id, name, what its (X) or (Type) is, a summary in our words,
    the citation, and whether the referee applies it (``refereed: false``: by hand, listed in the docs)."""

    id: Ident
    name: Text
    parameter: Parameter = "none"
    summary: Text
    source: Text
    refereed: bool = True


class PassiveSpec(_Glossary):
    """A common passive ability (L1301-1379)."""


class ConditionSpec(_Glossary):
    """A condition (L1381-1423): ``damage`` is its damage roll's dice where it has one (Burning)."""

    damage: Pool = ()
    assumed: dict[Text, Text] = Field(default_factory=dict)


class TerrainKeywordSpec(_Glossary):
    """A terrain keyword (L1425-1467) or terrain type (AREA TERRAIN, LINEAR TERRAIN, L979-987)."""
