"""Sunshard:Embren's model cards, warbands, spells and templates as data (``data/sunshard/<kind>.yaml``).

A card carries what the book says a card prints (Sunshard:Embren core rules v1.0, L227-262): name, type, points,
alignments, the characteristics AP, SPD, EVA, ARM, RSL, HP and HGT, weapon profiles (AA, RN, ST, weapon abilities),
special abilities, base size and warband limit. The book prints no whole card (digest section 13.1), so every shipped
card is ``assumed: true`` with its reason; players import their own cards (``SystemSpec.importable``). Every model is
frozen and refuses unknown fields; errors name the file, the entry and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import AfterValidator, BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from engine.schema import Assumable as SharedAssumable
from engine.schema import Count, Ident, NonNegativeInt, PositiveNumber, Spec, Text
from engine.systems.sunshard.abilities import SPECIAL_ABILITIES, WEAPON_ABILITIES, Ability, Param, parse_ability

__all__ = [
    "ALIGNMENTS",
    "Alignment",
    "Assumable",
    "ModelCard",
    "SpellSpec",
    "TemplateSpec",
    "WarbandEntry",
    "WarbandSpec",
    "WeaponProfile",
]

Alignment = Literal["Delver", "Remnant", "Shardborn", "Ruin"]
ALIGNMENTS: tuple[Alignment, ...] = ("Delver", "Remnant", "Shardborn", "Ruin")
"""The four alignments the core rules name, by their Fortune abilities and Deeds (L766-802, L1197-1269)."""


def _characteristic(value: object) -> int:
    # A characteristic is never below 1 (L1303), and a card's printed value is one.
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PydanticCustomError("characteristic", "must be a whole number of at least 1 (a characteristic is "
                                  "never below 1, L1303)")
    return value


def _star_or_whole(value: object) -> int | str:
    if value == "*":
        return "*"
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PydanticCustomError("star", 'must be a whole number of at least 0, or "*"')
    return value


def _hgt(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise PydanticCustomError("hgt", "must be a whole number from 1 to 10 (models are typically HGT 1-4, L258)")
    return value


def _limit(value: object) -> int | str:
    if value == "U":
        return "U"
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PydanticCustomError("limit", 'must be a whole number of at least 1, or "U" for unique (L262)')
    return value


Characteristic = Annotated[int, BeforeValidator(_characteristic)]
StarOrWhole = Annotated[int | str, BeforeValidator(_star_or_whole)]
Height = Annotated[int, BeforeValidator(_hgt)]
Limit = Annotated[int | str, BeforeValidator(_limit)]


def _read_abilities(values: tuple[str, ...], known: Mapping[str, tuple[Param, str]], what: str) -> tuple[str, ...]:
    """Each ability in its canonical spelling (``powerful( 2 )`` reads ``Powerful(2)``), or every problem at once."""
    problems: list[str] = []
    read: list[Ability] = []
    for text in values:
        try:
            ability = parse_ability(text, known, what)
        except ValueError as error:
            problems.append(str(error))
            continue
        if any(earlier.name == ability.name for earlier in read):
            problems.append(f'"{ability.name}" is listed twice')
        read.append(ability)
    if problems:
        raise PydanticCustomError("ability", "{problems}", {"problems": "; ".join(problems)})
    return tuple(str(ability) for ability in read)


def _weapon_abilities(values: tuple[str, ...]) -> tuple[str, ...]:
    return _read_abilities(values, WEAPON_ABILITIES, "weapon ability")


def _special_abilities(values: tuple[str, ...]) -> tuple[str, ...]:
    return _read_abilities(values, SPECIAL_ABILITIES, "special ability")


class Assumable(SharedAssumable):
    """An entry whose values may be guessed (``assumed: true`` with its reason), citing its ``source``."""

    source: Text


class WeaponProfile(Spec):
    """One attack a card prints (L246-254): AA, RN in inches (0 melee, ``*`` for Cone or Wall(X), L250), ST
    (``*``: no damage and no Armor test, L252, L551) and weapon abilities."""

    name: Text
    AA: NonNegativeInt
    RN: StarOrWhole
    ST: StarOrWhole
    abilities: Annotated[tuple[str, ...], AfterValidator(_weapon_abilities)] = ()

    @model_validator(mode="after")
    def _range_fits_templates(self) -> WeaponProfile:
        names = {a.split("(")[0] for a in self.abilities}
        template = names & {"Cone", "Wall"}
        if self.RN == "*" and not template:
            raise PydanticCustomError("range", 'RN "*" needs the Cone or Wall(X) weapon ability, which give its '
                                      "range (L250)")
        if template and self.RN != "*":
            raise PydanticCustomError("range", 'a Cone or Wall(X) profile has RN "*": the template gives its range '
                                      "(L250, L553-561)")
        if "Reach" in names and self.RN == "*":
            raise PydanticCustomError("range", "a Reach profile is melee and cannot also be a template (L537)")
        return self


class ModelCard(Assumable):
    """A model card (L227-262)."""

    name: Text
    type: Text
    points: NonNegativeInt
    alignments: Annotated[tuple[Alignment, ...], Field(min_length=1)]
    AP: Characteristic
    SPD: Characteristic
    EVA: Characteristic
    ARM: Characteristic
    RSL: Characteristic
    HP: Characteristic
    HGT: Height
    base_mm: PositiveNumber
    limit: Limit
    weapons: tuple[WeaponProfile, ...] = ()
    abilities: Annotated[tuple[str, ...], AfterValidator(_special_abilities)] = ()
    notes: tuple[Text, ...] = ()
    """Abilities from outside the core rules, kept on the card and played by hand."""

    @field_validator("weapons")
    @classmethod
    def _weapon_names_differ(cls, weapons: tuple[WeaponProfile, ...]) -> tuple[WeaponProfile, ...]:
        names = [w.name for w in weapons]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise PydanticCustomError("weapons", "repeats weapon {names}: each profile needs its own name",
                                      {"names": ", ".join(repeated)})
        return weapons

    def has(self, ability: str) -> bool:
        """Whether the card lists the special ability ``ability`` (with any value)."""
        return any(a == ability or a.startswith(f"{ability}(") for a in self.abilities)

    def ability(self, name: str) -> Ability | None:
        """The card's special ability of that name with its value, or None."""
        for text in self.abilities:
            read = parse_ability(text, SPECIAL_ABILITIES, "special ability")
            if read.name == name:
                return read
        return None

    def weapon(self, name: str) -> WeaponProfile:
        """The weapon profile of that name; :raises LookupError: naming the card's profiles."""
        for weapon in self.weapons:
            if weapon.name.casefold() == name.casefold():
                return weapon
        raise LookupError(f'{self.name} has no weapon "{name}"; it has {", ".join(w.name for w in self.weapons)}')


class WarbandEntry(Spec):
    """One line of a warband: a model card by name and how many of it."""

    model: Text
    count: Count = 1


class WarbandSpec(Assumable):
    """A warband (L262, L1391): at most 30 points of models sharing one alignment (checked against the cards by
    :func:`engine.systems.sunshard.warbands.warband_problems`)."""

    name: Text
    alignment: Alignment
    models: Annotated[tuple[WarbandEntry, ...], Field(min_length=1)]


SpellType = Literal["boon", "blessing", "curse"]


class SpellSpec(Assumable):
    """A magika spell (L652-680): a boon grants an ability, a blessing is cast with an RSL test, a curse is an attack
    with its own weapon profile (L674). ``effect`` names what a blessing does, from a short list the referee plays
    (``heal-1``, ``rally``, ``on-guard``); ``grants`` names the special ability a boon gives."""

    id: Ident
    name: Text
    type: SpellType
    keywords: Annotated[tuple[Text, ...], Field(min_length=1)]
    range: NonNegativeInt = 0
    """Inches from the caster to the model a blessing targets (0: the caster only)."""
    profile: WeaponProfile | None = None
    effect: Literal["heal-1", "rally", "on-guard"] | None = None
    grants: Annotated[tuple[str, ...], AfterValidator(_special_abilities)] = ()
    summary: Text

    @model_validator(mode="after")
    def _parts_fit_type(self) -> SpellSpec:
        wanted = {"curse": "profile", "blessing": "effect", "boon": "grants"}[self.type]
        if not getattr(self, wanted):
            raise PydanticCustomError("spell", "a {type} needs {field}", {"type": self.type, "field": wanted})
        extra = [f for f in ("profile", "effect", "grants") if f != wanted and getattr(self, f)]
        if extra:
            raise PydanticCustomError("spell", "a {type} has no {fields}", {"type": self.type,
                                                                              "fields": ", ".join(extra)})
        return self


class TemplateSpec(Assumable):
    """A template's outline in inches (L135, L145: published apart from the rules, so every value is assumed).

    ``cone``: a trapezoid ``length`` long, ``near`` wide at its narrow edge (the white line) and ``far`` wide at the
    other end. ``wall``: a rectangle ``length`` by ``width``.
    """

    id: Literal["cone", "wall"]
    length: PositiveNumber
    near: PositiveNumber | None = None
    far: PositiveNumber | None = None
    width: PositiveNumber | None = None

    @model_validator(mode="after")
    def _sizes_fit_kind(self) -> TemplateSpec:
        needed = ("near", "far") if self.id == "cone" else ("width",)
        missing = [f for f in needed if getattr(self, f) is None]
        if missing:
            raise PydanticCustomError("template", "the {id} template needs {fields}",
                                      {"id": self.id, "fields": ", ".join(missing)})
        return self

