"""The special abilities, weapon abilities, terrain rules and battlefield rules Sunshard:Embren's core rules define,
each with the shape of its parameter and the line that defines it (Sunshard:Embren core rules v1.0).

A card writes an ability as its name, or its name with a parameter in brackets: ``Powerful(2)``, ``Wall(6)``,
``Finisher(Bleeding, Floored)``, ``Change Form(Stone Skin, Quick Step)``. :func:`parse_ability` reads one and refuses
an unknown name or a parameter of the wrong shape, naming what is accepted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from engine.schema import did_you_mean

__all__ = [
    "BATTLEFIELD_RULES",
    "CONDITIONS",
    "SPECIAL_ABILITIES",
    "TERRAIN_RULES",
    "TOKENS",
    "WEAPON_ABILITIES",
    "Ability",
    "Param",
    "parse_ability",
    "plus_n",
    "read_gains",
    "terrain_rule",
]

Param = Literal["none", "number", "text", "pair", "gains", "bonuses"]
"""What goes in the brackets: nothing, a whole number, free text (a list, a card's text string), two choices, or
what a model gains (:func:`read_gains`): bonuses and special abilities (``gains``) or bonuses only (``bonuses``)."""

SPECIAL_ABILITIES: Mapping[str, tuple[Param, str]] = MappingProxyType({
    "All Terrain": ("none", "L1407"),
    "Ambush": ("none", "L1409"),
    "Balance": ("none", "L1411"),
    "Blight Censors": ("none", "L1413"),
    "Blightghast": ("none", "L1415"),
    "Blightpowered": ("bonuses", "L1417"),
    "Bodyguard": ("none", "L1419"),
    "Briar Path": ("none", "L1421"),
    "Change Form": ("pair", "L1423"),
    "Commander": ("none", "L341, L1425"),
    "Dashing Show": ("none", "L1427"),
    "Eagle-Eye": ("none", "L1429-1431"),
    "Fine-Forged Armor": ("none", "L1433"),
    "Font of Blight": ("none", "L1437"),
    "Fortunate One": ("none", "L1439-1441"),
    "Fractal Roots": ("none", "L1443-1445"),
    "Immaterial": ("none", "L1447"),
    "Limited Magika": ("text", "L1449"),
    "Magika Caster": ("text", "L1451"),
    "Magika Master": ("text", "L1453"),
    "Mob": ("none", "L1455"),
    "Nucleus": ("none", "L787, L1457"),
    "Paymaster": ("none", "L1459"),
    "Phaseforming": ("none", "L1463"),
    "Poison Fruit": ("none", "L1465"),
    "Poorly Protected": ("none", "L1467"),
    "Powerful Charge": ("none", "L1469"),
    "Protected": ("none", "L1471"),
    "Ranger": ("none", "L1473"),
    "Shard Focus": ("gains", "L1475"),
    "Shard Walker": ("none", "L1477"),
    "Shardbringer": ("number", "L1479"),
    "Shatter": ("none", "L1483-1488"),
    "Solitary": ("none", "L1490"),
    "Spoils of War": ("none", "L1492"),
    "Vigilant": ("none", "L1494"),
    "Withering Whereabouts": ("none", "L1496"),
})
"""Every special ability of the index (L1405-1496), with its parameter and line."""

WEAPON_ABILITIES: Mapping[str, tuple[Param, str]] = MappingProxyType({
    "Bell-Ringer": ("number", "L1502"),
    "Bleeding": ("none", "L1504"),
    "Blighted": ("none", "L1506"),
    "Burning": ("none", "L1508"),
    "Cone": ("none", "L553-557, L1510"),
    "Disorient": ("none", "L1512"),
    "Fade": ("none", "L1514"),
    "Finisher": ("text", "L1516"),
    "Jammable": ("text", "L610, L770 (never defined: ruling jammable)"),
    "Powerful": ("number", "L1518"),
    "Reach": ("none", "L537, L1520"),
    "Reload": ("number", "L1522"),
    "Shardlocked": ("none", "L1524"),
    "Support Attack": ("none", "L1526"),
    "Terrifying": ("none", "L1530-1534"),
    "Wall": ("number", "L559-561, L1536"),
})
"""Every weapon ability of the index (L1500-1536), with its parameter and line; Jammable(X) is named but undefined."""

TERRAIN_RULES: Mapping[str, str] = MappingProxyType({
    "blighted": "L706",
    "clear": "L708",
    "illuminated": "L710",
    "light-cover": "L712",
    "impassable": "L714",
    "hazardous": "L716-721",
    "heavy-cover": "L723",
    "obscuring": "L727",
    "rugged": "L729",
    "seeded": "L731",
    "blocking": "L913 (never defined: ruling blocking-terrain)",
    "dangerous": "L1023 (never defined: ruling dangerous-terrain)",
})
"""Terrain rules as map keywords (L702-733); the book's 'Impassible' is written ``impassable``."""

BATTLEFIELD_RULES: Mapping[str, str] = MappingProxyType({
    "deepest-darkness": "L739",
    "fortified-hold": "L741",
    "roiling-blightstorm": "L743",
    "torrential-rain": "L745",
    "trappers-den": "L747",
})
"""Battlefield rules (L735-747); several may apply, the same one twice does not add up (L737)."""

CONDITIONS: tuple[str, ...] = ("Bleeding", "Burning", "Disoriented", "Floored", "Jammed", "Wavering")
"""Condition counters: at most one of each on a model, removed by Rally (L589-612)."""

TOKENS: Mapping[str, int] = MappingProxyType({
    "Blight": 3, "Downed": 1, "Hunter's Mark": 1, "Loot": 3, "On Guard": 1, "Reflection": 1, "Supplies": 1,
    "Rescue": 3, "Treasure": 3, "Archaeology": 3, "Shard Seed": 3,
})
"""Tokens and the most of each a model may hold (L616-632, L928, L1087): three unless the rule says fewer; a marker on
a model counts as a token (L632)."""

_SPELLING = {"impassible": "impassable"}
_WRITTEN = re.compile(r"\s*(?P<name>[^()]+?)\s*(?:\((?P<param>[^()]*)\))?\s*")


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability as a card lists it: its name and the text in its brackets (None without brackets)."""

    name: str
    param: str | None = None

    @property
    def number(self) -> int:
        """The parameter as a whole number (``Powerful(2)`` gives 2)."""
        if self.param is None or not self.param.isdigit():
            raise ValueError(f"{self} has no number in its brackets")
        return int(self.param)

    def __str__(self) -> str:
        return self.name if self.param is None else f"{self.name}({self.param})"


def parse_ability(text: str, known: Mapping[str, tuple[Param, str]], what: str) -> Ability:
    """Read ``Name`` or ``Name(X)`` as one of ``known`` (``what`` names the list in errors).

    :raises ValueError: for text that is not a name with optional brackets, an unknown name (with close matches),
        a missing or unexpected parameter, or a parameter of the wrong shape.
    """
    match = _WRITTEN.fullmatch(text)
    if match is None:
        raise ValueError(f'"{text}" is not an ability: write a name, or a name with its value in brackets such as '
                         '"Powerful(2)"')
    name, param = match["name"], match["param"]
    folded = {key.casefold(): key for key in known}
    if name.casefold() not in folded:
        raise ValueError(f'"{name}" is not a {what} of the core rules{did_you_mean(name, list(known))}')
    name = folded[name.casefold()]
    shape, line = known[name]
    param = param.strip() if param is not None else None
    if shape == "none":
        if param is not None:
            raise ValueError(f'"{name}" takes no value in brackets ({line}), got "{text}"')
        return Ability(name)
    if not param:
        example = {"number": "2", "text": "X", "pair": "X, Y", "gains": "+1 EVA", "bonuses": "+1 ST"}[shape]
        raise ValueError(f'"{name}" needs its value in brackets, like "{name}({example})" ({line})')
    if shape == "number" and not param.isdigit():
        raise ValueError(f'"{name}" takes a whole number in brackets, like "{name}(2)" ({line}), got "{param}"')
    if shape == "pair" and len([p for p in param.split(",") if p.strip()]) != 2:
        raise ValueError(f'"{name}" takes two choices in brackets, like "{name}(X, Y)" ({line}), got "{param}"')
    if shape in ("gains", "bonuses"):
        read_gains(param, abilities=shape == "gains", where=f"{name}({param}) is not read ({line})")
    return Ability(name, param)


def terrain_rule(keyword: str) -> str:
    """A map keyword as the terrain rule it names (``Impassible`` reads as ``impassable``).

    :raises ValueError: for a keyword that is no terrain rule, naming close matches.
    """
    word = keyword.strip().casefold().replace(" ", "-")
    word = _SPELLING.get(word, word)
    if word not in TERRAIN_RULES:
        raise ValueError(f'"{keyword}" is not a terrain rule{did_you_mean(word, list(TERRAIN_RULES))}; the rules '
                         f'are {", ".join(TERRAIN_RULES)}')
    return word


BONUS_NAMES = ("AP", "SPD", "EVA", "ARM", "RSL", "AA", "ST")
"""What "+N NAME" may add to: a characteristic the rules read through the model, or AA or ST of every profile."""

_BONUS = re.compile(r"(?P<sign>[+-]?)\s*(?P<n>\d+)\s*(?P<name>[A-Za-z]+)")


def read_gains(text: str, *, abilities: bool, where: str = "") -> tuple[tuple[str, int] | str, ...]:
    """What an ability's X gives (Shard Focus, Blightpowered; rulings shard-focus, blightpowered), its parts joined
    by commas or "and": ``("EVA", 1)`` for "+1 EVA", or, with ``abilities``, a special ability's name.

    :raises ValueError: naming the part not read, ``where`` it stands, and the forms accepted.
    """
    found: list[tuple[str, int] | str] = []
    folded = {key.casefold(): key for key in SPECIAL_ABILITIES}
    for part in (p.strip() for p in re.split(r",|\band\b", text)):
        bonus = _BONUS.fullmatch(part)
        if bonus is not None and bonus["name"].upper() in BONUS_NAMES:
            found.append((bonus["name"].upper(), -int(bonus["n"]) if bonus["sign"] == "-" else int(bonus["n"])))
        elif abilities and part.casefold() in folded and SPECIAL_ABILITIES[folded[part.casefold()]][0] == "none":
            found.append(folded[part.casefold()])
        else:
            also = " or a special ability's name" if abilities else ""
            names = ", ".join(BONUS_NAMES)
            raise ValueError(f'"{part}" in {where or text}: write "+N NAME" (NAME one of {names}){also}, several '
                             'joined by commas')
    return tuple(found)


def plus_n(text: str, name: str) -> int:
    """What an ability's X (Blightpowered, Shard Focus; rulings blightpowered, shard-focus) adds to ``name``: the N
    of each "+N NAME" it lists for that name (0 for a text not read, refused when the card was read)."""
    try:
        gains = read_gains(text, abilities=True)
    except ValueError:
        return 0
    return sum(gain[1] for gain in gains if isinstance(gain, tuple) and gain[0] == name)
