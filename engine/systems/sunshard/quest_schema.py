"""Quests, Deeds and Fortune abilities as data (Sunshard:Embren core rules v1.0, L749-803, L806-1269).

The numbers (table size, rounds, Objectives and their spacing, Objective HGT and terrain rules, battlefield rules,
VP caps) are data here, each quest citing its lines; what a quest or a deed scores is rules code keyed by its id
(:mod:`engine.systems.sunshard.quests`, :mod:`engine.systems.sunshard.deeds`). The deployment diagrams were lost in
extraction, so zone depths are marked assumed (ruling ``zone-geometry``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator
from pydantic_core import PydanticCustomError

from engine.schema import Count, Ident, NonNegativeInt, NonNegativeNumber, PositiveNumber, Spec, Text
from engine.systems.sunshard.abilities import BATTLEFIELD_RULES, terrain_rule
from engine.systems.sunshard.schema import Alignment, Assumable

__all__ = ["DeedSpec", "FortuneSpec", "ObjectiveSpec", "QuestSpec", "SpecialAction"]

Tier = Literal["starter", "2x2", "3x3"]
"""The three columns of the quest table (L846-850)."""


def _terrain_rules(values: tuple[str, ...]) -> tuple[str, ...]:
    problems, rules = [], []
    for value in values:
        try:
            rules.append(terrain_rule(value))
        except ValueError as error:
            problems.append(str(error))
    if problems:
        raise PydanticCustomError("terrain", "{problems}", {"problems": "; ".join(problems)})
    if len(set(rules)) != len(rules):
        raise PydanticCustomError("terrain", "repeats a terrain rule: a piece has each rule once (L733)")
    return tuple(rules)


def _battlefield_rules(values: tuple[str, ...]) -> tuple[str, ...]:
    wrong = [v for v in values if v not in BATTLEFIELD_RULES]
    if wrong:
        raise PydanticCustomError("battlefield", "{wrong} is not a battlefield rule; the rules are {known}",
                                  {"wrong": ", ".join(wrong), "known": ", ".join(BATTLEFIELD_RULES)})
    return values


TerrainRules = Annotated[tuple[str, ...], AfterValidator(_terrain_rules)]
BattlefieldRules = Annotated[tuple[str, ...], AfterValidator(_battlefield_rules)]


class ObjectiveSpec(Spec):
    """An Objective piece (L1367): a disc of ``base_mm`` with the quest's HGT and terrain rules (at least one, L686)."""

    name: Text = "Objective"
    base_mm: PositiveNumber = 50
    hgt: Annotated[int, Field(ge=0, le=6)]
    rules: Annotated[TerrainRules, Field(min_length=1)]


class QuestSpec(Assumable):
    """One quest's set-up and numbers (L806-1161).

    ``placement`` is ``alternate`` (players take turns, the lower roll first, L335) or ``fixed`` (``offsets`` along
    the Centerline from the centre, L969, L1073, L1103); ``centre_first`` puts one Objective at the centre before the
    players place theirs (Rescue L860, Crystal Vein L913). ``zone_depth`` and ``contested_half`` are the deployment
    zone's depth and Contested Ground's reach either side of the Centerline (ruling ``zone-geometry``).
    """

    id: Ident
    name: Text
    tier: Tier
    d20: tuple[Annotated[int, Field(ge=1, le=20)], Annotated[int, Field(ge=1, le=20)]]
    table: PositiveNumber
    rounds: Count
    deeds: bool
    zone_depth: PositiveNumber
    contested_half: PositiveNumber
    objectives: NonNegativeInt
    placement: Literal["alternate", "fixed"]
    centre_first: bool = False
    offsets: tuple[float, ...] = ()
    min_edge: NonNegativeNumber = 0
    min_apart: NonNegativeNumber = 0
    objective: ObjectiveSpec
    centre_piece: ObjectiveSpec | None = None
    """A piece at the centre counted as an Objective everywhere but the Objective Rules (the Crystal Vein, L913)."""
    battlefield: BattlefieldRules = ()
    vp_cap: Count | None = None
    marker: Literal["Rescue", "Treasure"] | None = None
    """The marker that starts on the centre Objective (Rescue, L868) or on every Objective (Treasure, L977)."""
    summary: Text

    @model_validator(mode="after")
    def _placement_fits(self) -> QuestSpec:
        if self.placement == "fixed" and len(self.offsets) != self.objectives:
            raise PydanticCustomError("quest", "a fixed placement needs one offset per Objective ({n}), got {m}",
                                      {"n": self.objectives, "m": len(self.offsets)})
        if self.placement == "alternate" and self.offsets:
            raise PydanticCustomError("quest", "offsets belong to a fixed placement; players place these")
        if self.d20[0] > self.d20[1]:
            raise PydanticCustomError("quest", "d20 is a range low to high, got {r}", {"r": list(self.d20)})
        if 2 * (self.zone_depth + self.contested_half) > self.table:
            raise PydanticCustomError("quest", "deployment zones and Contested Ground do not fit a {t:g} inch table",
                                      {"t": self.table})
        return self


class SpecialAction(Spec):
    """A special action a deed or quest grants (L1181, L1201, L1241, L1259): its name and AP cost."""

    name: Text
    cost: NonNegativeInt


class DeedSpec(Spec):
    """A deed (L1163-1269): whose it is, when it is checked, what it gives, and any special action it grants."""

    id: Ident
    name: Text
    alignment: Literal["common"] | Alignment
    when: Literal["end-of-round", "beginning-of-end-phase", "end-phase", "end-of-game", "event", "action"]
    vp: Count = 1
    fortune: NonNegativeInt = 0
    action: SpecialAction | None = None
    summary: Text
    source: Text


class FortuneSpec(Spec):
    """A Fortune ability (L749-803): whose it is, when it may be used, its cost (1 unless stated, L753)."""

    id: Ident
    name: Text
    alignment: Literal["common"] | Alignment
    when: Literal["attack-rolled", "armor-rolled", "activation-or-end-phase", "start-phase-beginning",
                  "start-phase", "start-phase-end", "activation-start", "activation-end"]
    cost: Count = 1
    summary: Text
    source: Text
