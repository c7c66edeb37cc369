"""Eldfall Chronicles data beyond unit profiles: items, spells, abilities, upgrades, stratagems, hostile
behaviour cards and ready parties (quests and schemes are in :mod:`engine.systems.eldfall.quest_schema`).

Each kind lives in ``data/eldfall/<kind>.yaml`` under one top-level list named after the kind
(:data:`engine.systems.eldfall.data_kinds.DATA_KINDS`). Every model is frozen and refuses unknown fields
(``engine.schema.Spec``). Values the sources lack are ``assumed: true`` with a reason. Text fields hold our own
short summaries, never the book's wording; ``source`` cites the rulebook line (``Eldfall core rules v1.5,
L1234``) or the public data source.
Unit models themselves are the project's generic ``UnitProfile`` (see :mod:`engine.systems.eldfall.cards`).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from engine.schema import Assumable, Count, Ident, NonNegativeInt, NonNegativeNumber, PositiveNumber, Spec, Text
from engine.systems.eldfall.refs import parse_ref

__all__ = [
    "ATTRIBUTES",
    "FACTIONS",
    "SIZES",
    "AbilitySpec",
    "ArtLevel",
    "Attribute",
    "Band",
    "Behaviour",
    "BehaviourCard",
    "Condition",
    "Conduct",
    "Effect",
    "Element",
    "Faction",
    "Grant",
    "ItemPick",
    "ItemSpec",
    "ItemType",
    "PartyMember",
    "PartySpec",
    "ReachSpec",
    "Requirement",
    "Size",
    "SpellSpec",
    "SpellcraftEntry",
    "StratagemSpec",
    "UpgradeOption",
    "UpgradeSpec",
]

Attribute = Literal["STA", "SPD", "OFF", "DEF", "ACC", "INT", "AG", "T", "ARM", "HP", "M"]
ATTRIBUTES: tuple[Attribute, ...] = ("STA", "SPD", "OFF", "DEF", "ACC", "INT", "AG", "T", "ARM", "HP", "M")
"""The eleven attributes of a profile, in card order (Eldfall core rules v1.5, L213-235)."""

Size = Literal["Small", "Medium", "Large", "Huge", "Gigantic", "Colossal", "Monstrous"]
SIZES: tuple[Size, ...] = ("Small", "Medium", "Large", "Huge", "Gigantic", "Colossal", "Monstrous")
"""Sizes from smallest to largest (Eldfall core rules v1.5, L241)."""

Faction = Literal["Sand Kingdoms", "Empire of Soga", "Coalition of Thenion", "Helian League", "Neutral"]
FACTIONS: tuple[Faction, ...] = ("Sand Kingdoms", "Empire of Soga", "Coalition of Thenion", "Helian League", "Neutral")
"""The affiliations of the core rules (Eldfall core rules v1.5, L483-491)."""

Element = Literal["Fire", "Water", "Earth", "Air", "Elder", "Divine", "Profane"]

ItemType = Literal["Melee", "Ranged", "Weapon", "Shield", "Accessory", "Consumable", "Natural", "Spell", "Sorcery",
                   "Healing", "Enchantment", "Transmutation", "Conjuration"]

AoE = Literal["circular-s", "circular-l", "circular-5", "spray-s", "spray-l"]
"""Templates: circles of 70 and 120 mm, teardrops of 213 and 260 mm (Eldfall core rules v1.5, L780-789);
``circular-5`` is Blinding Light's unexplained "Circular 5" (a ruling reads it)."""

_POWER = re.compile(r"(?:(?:T|AG|INT|M)(?:[+-][0-9]+)?|[0-9]+)(?: or (?:(?:T|AG|INT|M)(?:[+-][0-9]+)?|[0-9]+))*|\*")
_STRIKE = re.compile(r"STA(?:[+-][0-9]+)?|[1-9][0-9]*")


def _power(value: object) -> str:
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(text, str) or not _POWER.fullmatch(text):
        raise PydanticCustomError(
            "power", 'must be a power like 12, "T", "T+2", "INT-3", "M", "T or AG-3", or "*" for an enchantment '
            "that makes attacks spells")
    return text


def _strike(value: object) -> str:
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(text, str) or not _STRIKE.fullmatch(text):
        raise PydanticCustomError("strike", 'must be a strike like 1, 2, "STA" or "STA-1"')
    return text


def _ref(value: str) -> str:
    try:
        parse_ref(value)
    except ValueError as error:
        raise PydanticCustomError("ref", "{reason}", {"reason": str(error)}) from None
    return value


Power = Annotated[str, AfterValidator(_power)]
"""PW: a number or an attribute with a modifier; ``*`` for an enchantment making the bearer's attacks spells."""

Strike = Annotated[str, AfterValidator(_strike)]
"""STK: a whole number, or the wielder's STA with a modifier."""

AbilityName = Annotated[str, AfterValidator(_ref)]
"""An ability as a card prints it: ``Sweep I``, ``Burn (1)``, ``Resistance (Sorcery, Enchantment) II``."""


def _power_in(value: object) -> object:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class Band(Spec):
    """One interval of a ranged weapon's reach: up to ``upto`` inches, the user's ACC changes by ``modifier``."""

    upto: PositiveNumber
    modifier: int


class ReachSpec(Spec):
    """RCH: ``inches`` (0 means base contact), ``attribute`` (the user's T), ranged ``bands`` or the
    ``casting_aura``; ``aoe`` adds a template. A spray template alone is its own reach.
    (Eldfall core rules v1.5, L738-762 and L778-789.)
    """

    inches: NonNegativeNumber | None = None
    attribute: Literal["T"] | None = None
    bands: tuple[Band, ...] = ()
    casting_aura: bool = False
    aoe: AoE | None = None

    @model_validator(mode="after")
    def _one_reach(self) -> ReachSpec:
        given = [name for name, on in (("inches", self.inches is not None), ("attribute", self.attribute is not None),
                                       ("bands", bool(self.bands)), ("casting_aura", self.casting_aura)) if on]
        spray = self.aoe in ("spray-s", "spray-l")
        if len(given) > 1 or (not given and not spray):
            got = " and ".join(given) if given else "none"
            raise PydanticCustomError(
                "reach", "needs exactly one of inches, attribute, bands or casting_aura (got {got}); only a spray "
                "template may stand alone", {"got": got})
        uptos = [band.upto for band in self.bands]
        if uptos != sorted(set(uptos)):
            raise PydanticCustomError("reach", "bands must reach further one after another, got {uptos}",
                                      {"uptos": uptos})
        return self


class Effect(Spec):
    """What an ability, state, stratagem or upgrade changes, as numbers the engine keys on.

    ``adds`` and ``halves``/``doubles`` change attributes; ``strike`` adds to STK and ``strike_set`` fixes it;
    ``power`` adds to PW; ``gains`` lists traits an attack or model gains; ``target_modifier`` and
    ``target_strike`` change the target's melee attack; ``critical_up_to`` widens criticals; ``first_band`` lengthens
    a ranged weapon's first band; ``awareness`` adds inches; ``role``, ``attack`` and ``after_idle`` (only once the
    model declared Idle this sequence) limit when it applies.
    """

    adds: dict[Attribute, int] = Field(default_factory=dict)
    halves: tuple[Attribute, ...] = ()
    doubles: tuple[Attribute, ...] = ()
    strike: int = 0
    strike_set: Count | None = None
    power: int = 0
    gains: tuple[AbilityName, ...] = ()
    target_modifier: int = 0
    target_strike: int = 0
    critical_up_to: Count | None = None
    successes_critical: bool = False
    first_band: NonNegativeNumber = 0.0
    awareness: NonNegativeNumber = 0.0
    flat_hitbox: bool = False
    front_arc: Literal[180, 360] | None = None
    role: Literal["active", "reactive"] | None = None
    attack: Literal["melee", "ranged"] | None = None
    after_idle: bool = False


class ItemSpec(Assumable):
    """An item row of a profile card: NAME, EFFECT, PW, RCH, STK, TYPE, QTY, WGT (Eldfall core rules v1.5, L424-473).

    ``wgt: null`` is the book's "/" (counts for nothing); ``traits`` are the trait tags of its effect and
    ``effect`` says the rest in our words. ``qty`` is the quantity a card usually carries.
    """

    id: Ident
    name: Text
    types: tuple[ItemType, ...] = ()
    pw: Power | None = None
    reach: ReachSpec | None = None
    stk: Strike | None = None
    traits: tuple[AbilityName, ...] = ()
    effect: Text | None = None
    qty: Count = 1
    wgt: NonNegativeInt | None = None
    source: Text

    @field_validator("pw", "stk", mode="before")
    @classmethod
    def _numbers_as_text(cls, value: object) -> object:
        return _power_in(value)

    @property
    def category(self) -> Literal["Weapon", "Shield", "Accessory", "Consumable"] | None:
        """The equipment category: only one item of each may be equipped (Eldfall core rules v1.5, L428)."""
        for category in ("Weapon", "Shield", "Accessory", "Consumable"):
            if category in self.types:
                return category
        return None


class SpellcraftEntry(Spec):
    """Where a spell sits: a Spellcraft chart and its level there (Eldfall core rules v1.5, L317-321)."""

    chart: Text
    level: Annotated[int, Field(ge=1, le=5)]


class SpellSpec(Assumable):
    """A spell: element, charts, PW, type, RCH, STK, traits and effect (Eldfall core rules v1.5, L2248-2329).

    ``charts`` is empty for the book's "other spells"; ``summons`` names the creature a Conjuration brings;
    ``ritual_only`` marks spells cast only through the Ritual action.
    """

    id: Ident
    name: Text
    element: Element
    charts: tuple[SpellcraftEntry, ...] = ()
    pw: Power | None = None
    types: tuple[ItemType, ...]
    reach: ReachSpec | None = None
    stk: Strike | None = None
    traits: tuple[AbilityName, ...] = ()
    effect: Text
    ritual_only: bool = False
    summons: Text | None = None
    source: Text

    @field_validator("pw", "stk", mode="before")
    @classmethod
    def _numbers_as_text(cls, value: object) -> object:
        return _power_in(value)

    @field_validator("types")
    @classmethod
    def _a_spell_type(cls, types: tuple[str, ...]) -> tuple[str, ...]:
        kinds = {"Sorcery", "Healing", "Enchantment", "Transmutation", "Conjuration"}
        if len(kinds & set(types)) != 1:
            raise PydanticCustomError("spell", "must hold exactly one of Sorcery, Healing, Enchantment, "
                                               "Transmutation or Conjuration")
        return types

    @property
    def spell_type(self) -> str:
        """Sorcery, Healing, Enchantment, Transmutation or Conjuration."""
        return next(t for t in self.types if t in ("Sorcery", "Healing", "Enchantment", "Transmutation",
                                                   "Conjuration"))


class ArtLevel(Spec):
    """One level of a combat art (or of a levelled ability): its name, our summary and its effect."""

    level: Annotated[int, Field(ge=1, le=5)]
    name: Text | None = None
    summary: Text
    effect: Effect | None = None


class AbilitySpec(Spec):
    """A class ability, skill, trait, combat art or state, with an id the engine code keys on.

    ``levels`` is the highest level printed (levels include the lower ones, Eldfall core rules v1.5, L268);
    ``parameter`` says whether the card adds an ``(X)``; ``defined: false`` marks names the book uses but never
    explains (the engine warns and treats them as having no effect).
    """

    id: Ident
    name: Text
    kind: Literal["class", "skill", "trait", "art", "state"]
    summary: Text
    levels: Annotated[int, Field(ge=1, le=5)] = 1
    parameter: Literal["none", "number", "text"] = "none"
    effect: Effect | None = None
    per_level: tuple[ArtLevel, ...] = ()
    defined: bool = True
    source: Text

    @model_validator(mode="after")
    def _levels_fit(self) -> AbilitySpec:
        numbers = [entry.level for entry in self.per_level]
        if numbers and numbers != list(range(1, self.levels + 1)):
            raise PydanticCustomError("levels", "per_level must list levels 1 to {n} in order, got {got}",
                                      {"n": self.levels, "got": numbers})
        return self


class Requirement(Spec):
    """Who may take an upgrade: a class, at most a size, not with a trait (Eldfall core rules v1.5, L2635-2913)."""

    classes: tuple[Text, ...] = ()
    max_size: Size | None = None
    not_traits: tuple[Text, ...] = ()
    faction: Faction | None = None


class GrantIf(Spec):
    """Attribute changes an upgrade gives only a model with one of ``having`` (a class, trait or skill): Devotion:
    Tiamat's +1 OFF for a Warrior or a Rogue, Devotion: Anras's second DEF with Duelist (Eldfall core rules v1.5,
    L2809, L2815)."""

    having: Annotated[tuple[Text, ...], Field(min_length=1)]
    adds: dict[Attribute, int]


class Grant(Spec):
    """What an upgrade gives: items (``replaces_primary``: in place of the primary weapon), abilities, classes,
    attribute changes (``adds_if``: some only to a model with a given ability), inventory, upgrade slots, or one more
    level of an art or spellcraft."""

    items: tuple[Text, ...] = ()
    replaces_primary: bool = False
    abilities: tuple[AbilityName, ...] = ()
    classes: tuple[Text, ...] = ()
    adds: dict[Attribute, int] = Field(default_factory=dict)
    adds_if: tuple[GrantIf, ...] = ()
    inventory: int = 0
    upgrade_slots: NonNegativeInt = 0
    next_level: Text | None = None


class ItemPick(Spec):
    """An upgrade option that works on one item the model carries: the categories it may pick, and what that item's
    WGT (never below 0) and STK gain (Glyphscribe's Inscribed Item, Eldfall core rules v1.5, L2859)."""

    categories: Annotated[tuple[Literal["Weapon", "Shield", "Accessory", "Consumable"], ...], Field(min_length=1)]
    wgt: int = 0
    stk: int = 0


class UpgradeOption(Spec):
    """One option of an upgrade that says "choose one": its name, what it grants the model, the item it works on
    when it picks one, and the printed ability it replaces when it swaps one. A plain name stands for an option with
    nothing the engine applies yet."""

    name: Text
    grants: Grant = Grant()
    item: ItemPick | None = None
    replaces: Text | None = None
    """The printed ability (``Affinity``) one of whose instances the grant takes the place of (Mana Catalyst,
    L2881); the choice names which one when the card prints several."""

    @model_validator(mode="before")
    @classmethod
    def _a_name_alone(cls, value: object) -> object:
        return {"name": value} if isinstance(value, str) else value


class UpgradeSpec(Assumable):
    """An upgrade card: faction, cost, limit per party (null: none printed), who may take it and what it gives.

    ``cheaper`` is the lower cost when the model's primary weapon is ``cheaper_with``; ``discount_others`` lowers
    every other upgrade the party buys (to a minimum of 1); ``options`` lists the choices its player makes, one of
    them per copy, in the party list (``PartyMember.choices``).
    """

    id: Ident
    name: Text
    faction: Faction
    cost: NonNegativeInt
    limit: Count | None = None
    requires: Requirement = Requirement()
    grants: Grant = Grant()
    cheaper: NonNegativeInt | None = None
    cheaper_with: Text | None = None
    discount_others: NonNegativeInt = 0
    options: tuple[UpgradeOption, ...] = ()
    summary: Text
    source: Text


class StratagemSpec(Spec):
    """A Leader's stratagem: Authority (own party) or Subterfuge (enemies) (Eldfall core rules v1.5, L372-382)."""

    id: Ident
    name: Text
    kind: Literal["authority", "subterfuge"]
    summary: Text
    effect: Effect | None = None
    chosen: NonNegativeInt | None = None
    only_classes: tuple[Text, ...] = ()
    by_hand: bool = False
    """The referee does not apply its effect yet: using it says so, and the table applies it by hand."""
    version_note: Text | None = None
    source: Text


ConditionKind = Literal[
    "engaged", "not-engaged", "enemy-in-los", "no-enemy-in-los", "enemy-in-los-within", "enemy-in-los-beyond",
    "enemy-within-reach-plus", "enemy-beyond-reach-plus", "enemy-within", "enemies-in-reach", "in-base-contact",
    "targeted", "los-to-attacker", "no-los-to-attacker", "attacker-within", "attacker-beyond",
    "attacker-in-reach", "attacker-out-of-reach", "attacker-in-base-contact", "attacker-not-in-base-contact",
    "enemies-in-awareness-over", "enemy-in-awareness-immobilized", "activated-in-los-within", "reach-to-activated",
]


class Condition(Spec):
    """One clause of a behaviour's condition; every clause of a behaviour must hold.

    ``inches`` and ``count`` give its numbers; ``attack`` narrows ``targeted`` to an attack's kind; ``negate``
    turns it round ("skip while ...").
    """

    kind: ConditionKind
    inches: NonNegativeNumber | None = None
    count: NonNegativeInt | None = None
    attack: Literal["any", "melee", "ranged", "ranged-spell"] | None = None
    negate: bool = False


class Conduct(Spec):
    """What a hostile does when a behaviour's condition holds."""

    act: Literal["walk", "run", "idle", "rotate", "attack", "dodge", "cast"]
    toward: Literal["target", "attacker", "engager", "nearest-enemy", "closest-model", "table-edge"] | None = None
    stop_at: NonNegativeNumber | None = None
    until: Literal["contact", "reach"] | None = None
    degrees: float | None = None
    weapon: Text | None = None
    spell: Text | None = None
    art: AbilityName | None = None
    skills: tuple[AbilityName, ...] = ()
    taunt: bool = False
    trample: bool = False
    skip_action: bool = False
    prefer: Literal["lowest-ag"] | None = None
    ignore_tokens: bool = False


class Behaviour(Spec):
    """A numbered line of a behaviour card: when (all clauses) and what to do (Eldfall core rules v1.5, L1616-1636)."""

    when: tuple[Condition, ...] = ()
    do: Conduct


class BehaviourCard(Assumable):
    """A Hostile Behaviour card: target priority, the Active side's movement and action lists and the Reactive
    list, each read top-down, first match wins (Eldfall core rules v1.5, L1587-1674)."""

    id: Ident
    unit: Text
    tier: Annotated[int, Field(ge=1, le=5)]
    target_priority: Literal["farthest", "closest", "lowest-hp"]
    special: Text | None = None
    movement: tuple[Behaviour, ...]
    action: tuple[Behaviour, ...]
    reactive: tuple[Behaviour, ...]
    source: Text


def _one_or_more(value: object) -> object:
    return (value,) if isinstance(value, str) else value


class PartyMember(Spec):
    """A model in a party, the upgrades assigned to it (by upgrade id), and the option it chose for each upgrade that
    offers options: ``{glyphscribe-reduce-weight: inscribed-item:short-sword}``, a list for several copies."""

    unit: Text
    upgrades: tuple[Ident, ...] = ()
    choices: dict[Ident, Annotated[tuple[Text, ...], BeforeValidator(_one_or_more), Field(min_length=1)]] = \
        Field(default_factory=dict)


class PartySpec(Spec):
    """A ready party: faction, format, game size, Leader and members (checked by the party rules)."""

    id: Ident
    name: Text
    faction: Faction
    format: Literal["rivalry", "guildsworn"] = "rivalry"
    game_size: Count
    leader: Text
    members: Annotated[tuple[PartyMember, ...], Field(min_length=1)]
    summary: Text | None = None
