"""What a Trade and a change of equipment may name, for the menus and the one check alike (Eldfall core rules v1.5,
L430, L1544-1545): a Trade's partner (an ally in base contact, one of the two holding an acquired item), the items each
side may hand over, and the equipment the activated model may change to.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Ask, Choice, ModelId
from engine.systems.eldfall.catalogue import fold
from engine.systems.eldfall.equipment_changes import equip_refusal
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.rules import Reading
from engine.systems.eldfall.shrouds import shown_name
from engine.systems.eldfall.trading import trade_partners

__all__ = ["equipment", "gives", "item_count", "partner_explained", "partners", "takes"]


def partners(reading: Reading, ask: Ask) -> list[Choice]:
    """The allied models in base contact the activated model may Trade with, one of them having something to
    exchange (L1544)."""
    f = reading.active()
    if f is None:
        return []
    return [Choice(o.id, f"{o.id} {shown_name(o)}") for o in trade_partners(reading.world, f)
            if f.tradeable or o.tradeable]


def partner_explained(reading: Reading, ask: Ask, typed: str) -> str | None:
    """Why an allied model in base contact is no Trade partner: neither holds an acquired item (L1545)."""
    f = reading.active()
    other = next((o for o in trade_partners(reading.world, f) if o.id == typed.strip().upper()), None) \
        if f is not None else None
    if f is None or other is None:
        return None
    return f"neither {f.id} nor {other.id} holds an acquired item: only acquired items are exchanged (L1545)"


def _tradeable(reading: Reading, owner: Fighter, taken: Sequence[str]) -> list[Choice]:
    left = dict(owner.tradeable)
    for item in taken:
        left[item] = left.get(item, 0) - 1
    return [Choice(item, reading.kit.catalogue.item(item).name + (f" (x{n})" if n > 1 else ""))
            for item, n in left.items() if n > 0]


def gives(reading: Reading, ask: Ask) -> list[Choice]:
    """The acquired items the activated model may give (L1545)."""
    f = reading.active()
    return _tradeable(reading, f, ()) if f is not None else []


def takes(reading: Reading, ask: Ask) -> list[Choice]:
    """The acquired items the Trade's partner may hand over (L1545)."""
    if reading.active() is None or not ask.has("target"):
        return []
    return _tradeable(reading, reading.world.fighter(ModelId(ask.ident("target"))), ())


def item_count(reading: Reading, ask: Ask, owner_option: str | None) -> tuple[int, int]:
    """How many items one side of a Trade may name: up to what it holds."""
    f = reading.active()
    if f is None:
        return (1, 1)
    owner = f if owner_option is None else reading.world.fighter(ModelId(ask.ident(owner_option)))
    return (1, max(1, sum(owner.tradeable.values())))


def equipment(reading: Reading, ask: Ask) -> list[Choice]:
    """What the activated model may change to: another weapon it carries, its shield laid down or taken up (L430)."""
    f = reading.active()
    if f is None:
        return []
    shield = (("no-shield", "Lay the shield down"), ("shield", "Take the shield up"))
    found = [*((c.item.id, f.item_label(c.item)) for c in f.carried if c.item.category == "Weapon"), *shield]
    return [Choice(value, label) for value, label in dict(found).items()
            if equip_refusal(reading.kit, reading.state, f, fold(value)) is None]
