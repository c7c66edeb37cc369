"""A model's profile card read from the project's generic ``UnitProfile``.

Eldfall keeps a card in a ``UnitProfile``: the eleven attributes plus ``size``, ``limit``, ``inventory`` (the X
of INVENTORY (X)) and, for creatures, ``tier`` in ``stats``; the rest in prefixed keywords (``class:Warrior``,
``faction:Neutral``, ``trait:Duelist``, ``skill:Dash``, ``art:Fencing II``, ``spellcraft:Hieromancy IV``,
``spell:Rooting Embrace``, ``stratagem:Nursing Aura``, ``item:Short Sword x2``). Items keep their card order:
the first of a category is the one equipped by default (Eldfall core rules v1.5, L432).

A familiar's card (``trait:Familiar``) also lists what its caster gains while it is summoned (L2069-2073):
``familiar:skill:Dash`` (a class, trait, skill or art) and ``familiar:INT +2`` (a stat modifier).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.schema import Problem, UnitProfile
from engine.systems.eldfall.refs import ItemRef, Ref, parse_item_ref, parse_ref, split_keyword
from engine.systems.eldfall.schema import ATTRIBUTES, FACTIONS, SIZES, Attribute, Faction, Size

__all__ = [
    "HITBOX_HEIGHT_MM",
    "SIZE_BASE_MM",
    "Card",
    "CardError",
    "card_problems",
    "read_card",
    "size_steps",
]

SIZE_BASE_MM: Mapping[Size, float] = {"Small": 25, "Medium": 32, "Large": 40, "Huge": 50, "Gigantic": 60,
                                      "Colossal": 80}
"""Base (hitbox) diameter by size, the first figure of each size (Eldfall core rules v1.5, L241)."""

HITBOX_HEIGHT_MM: Mapping[Size, float] = {"Small": 25, "Medium": 45, "Large": 45, "Huge": 50, "Gigantic": 60,
                                          "Colossal": 80}
"""Hitbox height by size: the second figure of each size read as the height (ruling ``hitbox-height``)."""

_EXTRA_STATS = {"size", "limit", "inventory", "tier"}
_FAMILIAR_KINDS = ("class", "trait", "skill", "art")
"""What a familiar may give its caster besides stat modifiers."""


def size_steps(smaller: Size, larger: Size) -> int:
    """How many sizes ``larger`` is above ``smaller`` (negative when it is below); Eldfall core rules v1.5, L241."""
    return SIZES.index(larger) - SIZES.index(smaller)


@dataclass(frozen=True, slots=True)
class Card:
    """A profile card, typed: attributes, size, cost and limit, and the abilities and items it lists."""

    name: str
    cost: int
    limit: int
    size: Size
    inventory: int
    tier: int | None
    attributes: Mapping[Attribute, int]
    classes: tuple[str, ...]
    factions: tuple[Faction, ...]
    traits: tuple[Ref, ...] = ()
    skills: tuple[Ref, ...] = ()
    arts: tuple[Ref, ...] = ()
    spellcrafts: tuple[Ref, ...] = ()
    spells: tuple[str, ...] = ()
    stratagems: tuple[str, ...] = ()
    items: tuple[ItemRef, ...] = ()
    familiar_gains: tuple[tuple[str, str], ...] = ()
    """What a familiar gives its caster while summoned (L2069): (kind, ability) pairs, ``("skill", "Dash")``."""
    familiar_adds: Mapping[Attribute, int] = field(default_factory=lambda: MappingProxyType({}))
    """The stat modifiers a familiar gives its caster while summoned (L2069)."""
    assumed: bool = False
    source: str | None = field(default=None)

    def __getitem__(self, attribute: Attribute) -> int:
        return self.attributes[attribute]

    def has_class(self, name: str) -> bool:
        """Whether the card lists the class ``name`` (case does not matter)."""
        return name.casefold() in {c.casefold() for c in self.classes}

    def level_of(self, name: str) -> int:
        """The level the card lists for a trait, skill, art or spellcraft ``name``; 0 when it lists none."""
        key = " ".join(name.split()).casefold()
        levels = [ref.level for ref in (*self.traits, *self.skills, *self.arts, *self.spellcrafts) if ref.key == key]
        return max(levels, default=0)

    @property
    def familiar(self) -> bool:
        """Whether the card has the Familiar trait (L2069-2073)."""
        return self.level_of("Familiar") > 0

    def params_of(self, name: str) -> tuple[str, ...]:
        """Every bracketed parameter the card gives ability ``name`` (``Affinity`` -> ("Elder", "Earth"))."""
        key = " ".join(name.split()).casefold()
        refs = (*self.traits, *self.skills, *self.arts)
        return tuple(p for ref in refs if ref.key == key for p in ref.params)

    @property
    def neutral(self) -> bool:
        """Whether any faction may recruit the model as a Neutral (Eldfall core rules v1.5, L479)."""
        return "Neutral" in self.factions


class CardError(ValueError):
    """A unit profile that is not a valid Eldfall card; ``problems`` locate each fault in the profile."""

    def __init__(self, name: str, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        lines = "; ".join(f"{'.'.join(map(str, p.loc))}: {p.message}" for p in problems)
        super().__init__(f'unit "{name}" is not a valid Eldfall card: {lines}')


def card_problems(unit: UnitProfile) -> list[Problem]:
    """Every way ``unit`` fails to be an Eldfall card, located relative to the profile."""
    return _read(unit)[1]


def read_card(unit: UnitProfile) -> Card:
    """Read ``unit`` as an Eldfall card.

    :raises CardError: listing every problem (missing attributes, an unknown size, a keyword without a kind).
    """
    card, problems = _read(unit)
    if card is None or problems:
        raise CardError(unit.name, problems)
    return card


def _whole(stats: Mapping[str, object], key: str, problems: list[Problem], minimum: int = 0) -> int:
    value = stats.get(key)
    if value is None:
        problems.append(Problem(("stats", key), "is required"))
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        problems.append(Problem(("stats", key), f"must be a whole number of at least {minimum}, got {value!r}"))
        return 0
    return value


def _read(unit: UnitProfile) -> tuple[Card | None, list[Problem]]:
    problems: list[Problem] = []
    stats = unit.stats
    attributes = {a: _whole(stats, a, problems) for a in ATTRIBUTES}
    problems += [Problem(("stats", key), f"is not an Eldfall stat; stats are {', '.join(ATTRIBUTES)}, "
                                         "size, limit, inventory and tier")
                 for key in stats if key not in ATTRIBUTES and key not in _EXTRA_STATS]
    size = next((s for s in SIZES if s == stats.get("size")), None)
    if size is None:
        problems.append(Problem(("stats", "size"), f"must be one of {', '.join(SIZES)}, got {stats.get('size')!r}"))
    limit = _whole(stats, "limit", problems)
    inventory = _whole(stats, "inventory", problems)
    tier = _whole(stats, "tier", problems, minimum=1) if "tier" in stats else None
    if attributes["HP"] and unit.wounds != attributes["HP"]:
        problems.append(Problem(("wounds",), f"must equal the HP attribute ({attributes['HP']}), got {unit.wounds}"))
    if size is not None and size in SIZE_BASE_MM and unit.base_mm != SIZE_BASE_MM[size]:
        problems.append(Problem(("base_mm",), f"a {size} model has a {SIZE_BASE_MM[size]:g} mm base, "
                                              f"got {unit.base_mm:g}"))
    if unit.points is None:
        problems.append(Problem(("points",), "is required: the recruitment cost (0 for creatures)"))
    classes: list[str] = []
    factions: list[Faction] = []
    refs: dict[str, list[Ref]] = {"trait": [], "skill": [], "art": [], "spellcraft": []}
    names: dict[str, list[str]] = {"spell": [], "stratagem": []}
    items: list[ItemRef] = []
    gains: list[tuple[str, str]] = []
    adds: dict[Attribute, int] = {}
    for index, keyword in enumerate(unit.keywords):
        try:
            kind, text = split_keyword(keyword)
            if kind == "class":
                classes.append(text)
            elif kind == "faction":
                factions.append(_faction(text))
            elif kind == "item":
                items.append(parse_item_ref(text))
            elif kind == "familiar":
                _familiar_grant(text, gains, adds)
            elif kind in refs:
                refs[kind].append(parse_ref(text))
            else:
                names[kind].append(text)
        except ValueError as error:
            problems.append(Problem(("keywords", index), str(error)))
    if not classes:
        problems.append(Problem(("keywords",), "needs at least one class:<Class> keyword"))
    if not factions and "Creature" not in classes:
        problems.append(Problem(("keywords",), "needs a faction:<Faction> keyword (only creatures have none)"))
    if (gains or adds) and not any(ref.key == "familiar" for ref in refs["trait"]):
        problems.append(Problem(("keywords",), "familiar: keywords give a caster abilities only on a card with "
                                               "trait:Familiar (L2069)"))
    if size is None or problems:
        return None, problems
    card = Card(
        name=unit.name, cost=unit.points or 0, limit=limit, size=size, inventory=inventory, tier=tier,
        attributes=MappingProxyType(attributes), classes=tuple(classes), factions=tuple(factions),
        traits=tuple(refs["trait"]), skills=tuple(refs["skill"]), arts=tuple(refs["art"]),
        spellcrafts=tuple(refs["spellcraft"]), spells=tuple(names["spell"]), stratagems=tuple(names["stratagem"]),
        items=tuple(items), familiar_gains=tuple(gains), familiar_adds=MappingProxyType(adds),
        assumed=unit.assumed, source=unit.source,
    )
    return card, []


def _familiar_grant(text: str, gains: list[tuple[str, str]], adds: dict[Attribute, int]) -> None:
    """Read one ``familiar:`` keyword: ``<class|trait|skill|art>:<ability>`` or ``<ATTRIBUTE> +N`` (or -N)."""
    kind, sep, rest = text.partition(":")
    if sep and kind.strip().casefold() in _FAMILIAR_KINDS and rest.strip():
        parse_ref(rest)
        gains.append((kind.strip().casefold(), rest.strip()))
        return
    name, _space, number = text.strip().partition(" ")
    attribute = next((a for a in ATTRIBUTES if a == name), None)
    compact = number.replace(" ", "")
    if attribute is None or len(compact) < 2 or compact[0] not in "+-" or not compact[1:].isdigit():
        raise ValueError(f'familiar:"{text}" must be <kind>:<ability> with kind one of {", ".join(_FAMILIAR_KINDS)}, '
                         f'or <attribute> +N/-N with attribute one of {", ".join(ATTRIBUTES)}, like "INT +2"')
    adds[attribute] = adds.get(attribute, 0) + int(compact)


def _faction(text: str) -> Faction:
    for faction in FACTIONS:
        if faction == text:
            return faction
    raise ValueError(f'"{text}" is not a faction; factions are {", ".join(FACTIONS)}')
