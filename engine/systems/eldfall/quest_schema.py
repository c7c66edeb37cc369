"""Eldfall Chronicles quests, schemes and the factions' scheme tables, as data (Eldfall core rules v1.5,
L2347-2632); the same conventions as :mod:`engine.systems.eldfall.schema`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator
from pydantic_core import PydanticCustomError

from engine.schema import Count, Ident, NonNegativeInt, PositiveNumber, Spec, Text
from engine.systems.eldfall.schema import AbilityName, AoE, Faction

__all__ = ["HostileSetup", "QuestSpec", "Reward", "SchemeSpec", "SchemeTable", "SigilRow", "TableRow", "TokenSetup"]


class Reward(Spec):
    """A quest reward or penalty: ``vp`` for each ``event`` that meets the filters (costs, leader, tier)."""

    id: Ident
    event: Literal["enemy-out", "enemy-leader-out", "hostile-incapacitated", "hostile-dead", "party-member-out",
                   "alliance-broken", "left-with-treasure", "cache-unlocked", "treasure-held-at-end",
                   "gladiatrix-out", "only-models-left"]
    vp: int
    cost_min: NonNegativeInt | None = None
    cost_max: NonNegativeInt | None = None
    tier: int | None = None
    summary: Text


class HostileSetup(Spec):
    """Hostiles a quest places: which profile, how many and where (in words; maps are pictures in the book)."""

    unit: Text | None = None
    tier: int | None = None
    count: Count = 1
    placement: Text


class TokenSetup(Spec):
    """Tokens a quest places (Intrigue tokens, barrels); an exploding one has its template, PW and traits."""

    kind: Literal["intrigue", "barrel"]
    count: Count
    placement: Text
    aoe: AoE | None = None
    pw: PositiveNumber | None = None
    traits: tuple[AbilityName, ...] = ()


class SigilRow(Spec):
    """A row of a d20 table: the faces ``rolls`` (first and last) give ``spell``."""

    rolls: tuple[Annotated[int, Field(ge=1, le=20)], Annotated[int, Field(ge=1, le=20)]]
    spell: Text


class QuestSpec(Spec):
    """A sample quest: set-up, special rules, end conditions, rewards and penalties (Eldfall core rules v1.5,
    L2347-2485)."""

    id: Ident
    number: Count
    name: Text
    schemes: bool = True
    game_size: Count | None = None
    rounds: Count = 5
    upgrades_per_model: Count | None = None
    broken_morale: bool = True
    duels: bool = True
    alliance: bool = False
    hostiles: tuple[HostileSetup, ...] = ()
    tokens: tuple[TokenSetup, ...] = ()
    end_conditions: tuple[Text, ...] = ()
    rewards: tuple[Reward, ...] = ()
    penalties: tuple[Reward, ...] = ()
    sigils: tuple[SigilRow, ...] = ()
    sigil_power: PositiveNumber | None = None
    rules: tuple[Text, ...] = ()
    source: Text


class SchemeSpec(Spec):
    """A secret scheme: when it is revealed, whether it is discarded in the End phase, and its VP.

    ``vp`` is per counted thing; ``max_vp`` its cap (null: only the quest's 10 VP cap). ``counts`` names what is
    counted so phase-2 scoring can key on it (Eldfall core rules v1.5, L2488-2632).
    """

    id: Ident
    name: Text
    common: bool = False
    reveal: Literal["end", "strategic", "event"]
    discard_in_end_phase: bool = False
    vp: Count
    max_vp: Count | None = None
    counts: Ident
    summary: Text
    source: Text


class TableRow(Spec):
    """A row of a faction's scheme table: faces ``rolls`` (first and last) draw ``scheme``."""

    rolls: tuple[Annotated[int, Field(ge=1, le=20)], Annotated[int, Field(ge=1, le=20)]]
    scheme: Ident


class SchemeTable(Spec):
    """A faction's d20 scheme table, used as its deck (Eldfall core rules v1.5, L2505)."""

    faction: Faction
    rows: tuple[TableRow, ...]
    source: Text

    @field_validator("rows")
    @classmethod
    def _covers_one_to_twenty(cls, rows: tuple[TableRow, ...]) -> tuple[TableRow, ...]:
        faces = [face for row in rows for face in range(row.rolls[0], row.rolls[1] + 1)]
        if sorted(faces) != list(range(1, 21)) or any(row.rolls[0] > row.rolls[1] for row in rows):
            raise PydanticCustomError("table", "rows must cover the faces 1 to 20, each face once")
        return rows
