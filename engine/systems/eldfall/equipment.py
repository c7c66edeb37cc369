"""Inventories: encumbrance, what is equipped by default, free hands, and the shield's effects.

- Total quantity and total weight (WGT x QTY, or QTY alone for WGT 0; "/" counts nothing) above INVENTORY (X) mean
  no Movement and no Special Action (Eldfall core rules v1.5, L386-402); an inscribed item weighs 1 less, never below 0
  (L2859).
- One item per category is equipped; by default the one listed highest; a Two-Handed weapon listed above a shield
  leaves the shield unequipped (L420-432); Dual Wield puts a second melee weapon in the shield's place (L1926).
- Both hands full (shield and weapon, two weapons, a Two-Handed weapon) means no spells (L910-912).
- A shield gives -3 to melee attacks from the front and +3 ARM against ranged attacks from the front, and -1 STK
  to its wearer's melee weapons reaching further than 0 (L462-466).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.checks import Modifier
from engine.systems.eldfall.refs import ItemRef
from engine.systems.eldfall.schema import Grant, ItemSpec

__all__ = [
    "Carried",
    "Encumbrance",
    "Loadout",
    "encumbrance",
    "equipped",
    "granted_items",
    "shield_armour",
    "shield_modifier",
    "shield_strike_penalty",
    "without",
]


@dataclass(frozen=True, slots=True)
class Carried:
    """An item in an inventory, how many, and the change an upgrade's option makes to the WGT of one of them
    (Glyphscribe's Inscribed Item, L2859)."""

    item: ItemSpec
    qty: int = 1
    wgt_change: int = 0

    @property
    def weight(self) -> int | None:
        """What it adds to the total weight: WGT x QTY, a WGT 0 item counting its quantity (L402), the changed one
        of them at its own WGT (never below 0); None for "/", which fills no space (L392)."""
        if self.item.wgt is None:
            return None
        changed = max(0, self.item.wgt + self.wgt_change)
        return (self.qty - 1) * (self.item.wgt or 1) + (changed or 1)


def granted_items(items: Sequence[ItemRef], grants: Iterable[Grant], is_weapon: Callable[[ItemRef], bool]
                  ) -> list[ItemRef]:
    """A card's items with those its upgrades give, each added, or in place of the primary weapon (the first weapon
    listed) when the grant replaces it (Kassen Buki, L2739-2765)."""
    found = list(items)
    for grant in grants:
        for name in grant.items:
            if grant.replaces_primary:
                first = next((i for i, ref in enumerate(found) if is_weapon(ref)), None)
                if first is not None:
                    found[first] = ItemRef(name)
                    continue
            found.append(ItemRef(name))
    return found


@dataclass(frozen=True, slots=True)
class Encumbrance:
    """Totals against the capacity: over-encumbered models neither move nor take Special Actions."""

    quantity: int
    weight: int
    capacity: int

    @property
    def over(self) -> bool:
        """Whether either total exceeds the capacity (L390)."""
        return self.quantity > self.capacity or self.weight > self.capacity


def encumbrance(carried: Sequence[Carried], capacity: int) -> Encumbrance:
    """Add up an inventory (L388-402)."""
    quantity = weight = 0
    for entry in carried:
        if entry.weight is None:
            continue
        quantity += entry.qty
        weight += entry.weight
    return Encumbrance(quantity, weight, capacity)


def without(carried: Sequence[Carried], gone: Mapping[str, int]) -> tuple[Carried, ...]:
    """An inventory less ``gone`` (item id -> count), the first listed copies first: what it carries once it drops
    them (L394)."""
    left = dict(gone)
    kept: list[Carried] = []
    for entry in carried:
        taken = min(left.get(entry.item.id, 0), entry.qty)
        left[entry.item.id] = left.get(entry.item.id, 0) - taken
        if entry.qty > taken:
            kept.append(dataclasses.replace(entry, qty=entry.qty - taken))
    return tuple(kept)


@dataclass(frozen=True, slots=True)
class Loadout:
    """What a model has equipped: a weapon, a second melee weapon (Dual Wield), a shield, an accessory."""

    weapon: ItemSpec | None
    second_weapon: ItemSpec | None
    shield: ItemSpec | None
    accessory: ItemSpec | None

    @property
    def hands_full(self) -> bool:
        """Whether both hands hold something, so the model cannot cast (L910-912)."""
        two_handed = self.weapon is not None and "Two-Handed" in self.weapon.traits
        return two_handed or (self.weapon is not None and (self.shield is not None or self.second_weapon is not None))


def equipped(carried: Sequence[Carried], *, dual_wield: bool = False) -> Loadout:
    """The default loadout: the highest-listed item of each category (L432), with the Two-Handed rule (L422)."""
    items = [entry.item for entry in carried]
    weapon = next((i for i in items if i.category == "Weapon"), None)
    accessory = next((i for i in items if i.category == "Accessory"), None)
    two_handed = weapon is not None and "Two-Handed" in weapon.traits
    shield = None if two_handed else next((i for i in items if i.category == "Shield"), None)
    second = None
    if dual_wield and weapon is not None and not two_handed and shield is None:
        second = next((i for i in items if i is not weapon and _dual_ok(i)), None) if _dual_ok(weapon) else None
    return Loadout(weapon, second, shield, accessory)


def _dual_ok(item: ItemSpec) -> bool:
    """Dual Wield takes melee weapons reaching 1 inch or less, not Two-Handed (L1926)."""
    reach = item.reach.inches if item.reach is not None else None
    return (item.category == "Weapon" and "Melee" in item.types and "Two-Handed" not in item.traits
            and reach is not None and reach <= 1)


def shield_modifier(melee: bool, from_front: bool, *, ignore_shield: bool = False) -> Modifier | None:
    """The attacker's -3 for a melee attack on a shield bearer from its front (L462)."""
    if not melee or not from_front or ignore_shield:
        return None
    return Modifier.add("shield (attacked from the front)", -3, "L462")


def shield_armour(ranged: bool, from_front: bool, *, ignore_shield: bool = False) -> int:
    """The bearer's +3 ARM against a ranged attack from its front (L462)."""
    return 3 if ranged and from_front and not ignore_shield else 0


def shield_strike_penalty(weapon: ItemSpec, shield_equipped: bool) -> int:
    """-1 STK for a shield bearer's melee weapon reaching further than 0 (L462)."""
    reach = weapon.reach.inches if weapon.reach is not None else None
    return -1 if shield_equipped and "Melee" in weapon.types and reach is not None and reach > 0 else 0
