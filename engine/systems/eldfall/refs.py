"""How data names an ability, item or spell: ``Resistance (Sorcery, Enchantment) II``, ``Short Sword x2``.

Profile cards print abilities as a name, an optional parameter in brackets and an optional level in roman
numerals; no numeral means level I (Eldfall core rules v1.5, L268 and L279). Unit keywords carry a kind
prefix (``trait:Duelist``, ``item:Short Sword x2``) so one generic unit profile can hold a whole card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = [
    "KEYWORD_KINDS",
    "ROMAN",
    "ItemRef",
    "Ref",
    "book_lines",
    "parse_item_ref",
    "parse_ref",
    "roman",
    "slug",
    "split_keyword",
]

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
"""Levels as cards print them."""

KEYWORD_KINDS = ("class", "faction", "trait", "skill", "art", "spellcraft", "spell", "stratagem", "item", "familiar")
"""The prefixes an Eldfall unit keyword may carry: ``<kind>:<text>`` (``familiar:`` holds what a familiar gives its
caster, :mod:`engine.systems.eldfall.cards`)."""

_REF = re.compile(r"(?P<name>[^()]+?)\s*(?:\((?P<params>[^()]*)\))?(?:\s+(?P<level>I|II|III|IV|V))?")
_ITEM = re.compile(r"(?P<name>.+?)(?:\s+x(?P<qty>[0-9]+))?")


def book_lines(source: str) -> str:
    """The book lines a data source cites (``L2767-2773``), for a problem's rule; the whole source when it cites
    none."""
    return ", ".join(re.findall(r"L[0-9]+(?:-[0-9]+)?", source)) or source


def slug(name: str) -> str:
    """A name as players type it in a command or a party list: lower case, words joined by ``-``
    (``Inscribed Item`` -> ``inscribed-item``)."""
    return re.sub(r"[^0-9a-z]+", "-", name.casefold()).strip("-")


def roman(level: int) -> str:
    """Print a level as the cards do (1 -> I)."""
    for text, number in ROMAN.items():
        if number == level:
            return text
    raise ValueError(f"levels run from I to V, got {level}")


@dataclass(frozen=True, slots=True)
class Ref:
    """A named ability at a level, with its bracketed parameters (``Burn (1)`` -> params ("1",))."""

    name: str
    level: int = 1
    params: tuple[str, ...] = ()
    key: str = field(init=False, repr=False, compare=False)
    """The name folded for matching against data (case and spacing do not matter): worked out once, a card's
    abilities are matched by it whenever a rule asks whether a model has one."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", " ".join(self.name.split()).casefold())

    def __str__(self) -> str:
        text = self.name + (f" ({', '.join(self.params)})" if self.params else "")
        return text + (f" {roman(self.level)}" if self.level > 1 else "")


@dataclass(frozen=True, slots=True)
class ItemRef:
    """An item carried and how many (``Short Sword x2``)."""

    name: str
    qty: int = 1

    @property
    def key(self) -> str:
        """The name folded for matching against data."""
        return " ".join(self.name.split()).casefold()


@lru_cache(maxsize=4096)
def parse_ref(text: str) -> Ref:
    """Read ``Name``, ``Name (params)``, ``Name II`` or ``Name (params) II`` (each text read once: the rules read the
    same few traits again and again, and a ``Ref`` is immutable).

    :raises ValueError: for text that is not of that form, saying what is accepted.
    """
    match = _REF.fullmatch(text.strip())
    if match is None or not match["name"].strip():
        raise ValueError(f'"{text}" is not a name with an optional (parameter) and level I to V, '
                         'like "Sweep I" or "Resistance (Sorcery) II"')
    params = tuple(p.strip() for p in match["params"].split(",")) if match["params"] is not None else ()
    if any(not p for p in params):
        raise ValueError(f'"{text}" has an empty parameter in its brackets')
    level = ROMAN[match["level"]] if match["level"] else 1
    return Ref(" ".join(match["name"].split()), level, params)


def parse_item_ref(text: str) -> ItemRef:
    """Read ``Item`` or ``Item xN`` (N at least 1).

    :raises ValueError: for a count of 0.
    """
    match = _ITEM.fullmatch(text.strip())
    if match is None:
        raise ValueError(f'"{text}" is not an item name with an optional count, like "Short Sword x2"')
    qty = int(match["qty"]) if match["qty"] else 1
    if qty < 1:
        raise ValueError(f'"{text}" carries {qty} of the item; a count is at least 1')
    return ItemRef(match["name"], qty)


def split_keyword(keyword: str) -> tuple[str, str]:
    """Split ``trait:Duelist`` into ("trait", "Duelist").

    :raises ValueError: for a keyword without one of :data:`KEYWORD_KINDS` as its prefix.
    """
    kind, sep, rest = keyword.partition(":")
    kind = kind.strip().casefold()
    if not sep or kind not in KEYWORD_KINDS or not rest.strip():
        kinds = ", ".join(KEYWORD_KINDS)
        raise ValueError(f'"{keyword}" must be <kind>:<name> with kind one of {kinds}')
    return kind, rest.strip()
