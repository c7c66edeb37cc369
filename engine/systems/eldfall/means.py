"""What an attack or a spell is made with (Eldfall core rules v1.5): a carried item (a weapon, a thrown one, one a
strike, L2177), a spell (L317-321, L893-1000), unarmed (L1430-1435), a Trampling Run's Hit (L2181) or the Hurl
skill (L1956); its reach, template and traits as the rules read them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.systems.eldfall.attack import AttackKind
from engine.systems.eldfall.catalogue import EldfallCatalogue, fold
from engine.systems.eldfall.equipment import Carried
from engine.systems.eldfall.refs import parse_ref
from engine.systems.eldfall.schema import (
    ItemSpec,
    ReachSpec,
    SpellSpec,
)

__all__ = ["HURL", "TRAMPLE", "Means", "item_means", "means_of_spell", "thrown_means", "unarmed_means"]


@dataclass(frozen=True, slots=True)
class Means:
    """What an attack or a spell is made with: an item, a spell, unarmed or a shield bash."""

    id: str
    name: str
    kind: AttackKind
    pw: str | None
    stk: str
    reach: ReachSpec | None
    traits: tuple[str, ...]
    spell: SpellSpec | None = None
    item: ItemSpec | None = None
    thrown: bool = False
    """A Throwing item thrown: a ranged attack of the user's T, spent on use (L2175-2177)."""

    @property
    def aoe(self) -> str | None:
        return self.reach.aoe if self.reach is not None else None

    @property
    def targetless(self) -> bool:
        return any(parse_ref(t).key == "targetless" for t in self.traits)

    @property
    def focus(self) -> bool:
        return any(parse_ref(t).key == "focus" for t in self.traits)

    @property
    def casting_aura(self) -> bool:
        return self.reach is not None and self.reach.casting_aura

    @property
    def consumable(self) -> bool:
        return self.item is not None and "Consumable" in self.item.types

    def has(self, trait: str) -> bool:
        """Whether the means carries ``trait`` (any level)."""
        return any(parse_ref(t).key == fold(trait) for t in self.traits)

    def level(self, trait: str) -> int:
        """The level (or numeric parameter, for Burn and Knockback) of ``trait``; 0 without it."""
        best = 0
        for text in self.traits:
            ref = parse_ref(text)
            if ref.key != fold(trait):
                continue
            number = next((int(p) for p in ref.params if p.isdigit()), None)
            best = max(best, number if number is not None else ref.level)
        return best


def item_means(item: ItemSpec) -> Means | None:
    if item.pw is None or item.reach is None or ("Melee" not in item.types and "Ranged" not in item.types):
        return None
    kind: AttackKind = "ranged" if "Ranged" in item.types else "melee"
    return Means(item.id, item.name, kind, item.pw, item.stk or "1", item.reach, item.traits, item=item)


def thrown_means(entry: Carried) -> Means:
    """A Throwing item as a ranged attack: RCH of the user's T, STK up to the quantity carried (L2175-2177)."""
    item = entry.item
    traits = tuple(t for t in item.traits if t != "Throwing")
    return Means(f"thrown-{item.id}", f"thrown {item.name}", "ranged", item.pw, str(entry.qty),
                 ReachSpec(attribute="T"), traits, item=item, thrown=True)


def means_of_spell(spell: SpellSpec) -> Means:
    melee_only = "Melee" in spell.types and "Ranged" not in spell.types
    reach = spell.reach if spell.reach is not None else ReachSpec(inches=0)
    kind: AttackKind = "melee" if melee_only or (reach.inches == 0 and not reach.aoe) else "ranged"
    return Means(spell.id, spell.name, kind, spell.pw, spell.stk or "1", reach, spell.traits, spell=spell)


TRAMPLE = Means("trample", "Trample", "melee", "T", "1", None, ("Knockdown",))
"""A Trampling Run's Hit on a smaller model it goes through: PW of the runner's T, Knockdown (L2181)."""


HURL = Means("hurl", "Hurl", "ranged", "T", "1", ReachSpec(attribute="T", aoe="circular-s"), ("Stagger",))
"""The Hurl skill as a means: a STK 1 ranged attack, RCH and PW of the user's T, a small circle, Stagger; +4 ACC
within half its reach (L1956)."""


def unarmed_means(catalogue: EldfallCatalogue) -> Means:
    means = item_means(catalogue.item("unarmed"))
    assert means is not None, "the data's Unarmed item has PW and reach"
    return means
