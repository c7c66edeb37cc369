"""Changing equipment: a model equips or unequips items once an activation, or once in its reaction (Eldfall core
rules v1.5, L428-432). The activated model may take another weapon it carries, or lay down or take up its shield (to
free a hand for a spell, L910), before it declares its action; attacking, or reacting with an attack, with a weapon
it does not hold is that change too (ruling ``equip-on-attack``).
"""

from __future__ import annotations

from engine.core import Context
from engine.systems.eldfall.catalogue import fold
from engine.systems.eldfall.events import ShieldHeld, WeaponHeld
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState

__all__ = ["equip", "equip_refusal", "swap_refusal", "weapon_swap"]

Ctx = Context[EldfallState]


def weapon_swap(f: Fighter, means: str | None) -> str | None:
    """The carried weapon ``f`` attacks with though it does not hold it (a change of equipment, L430), if any."""
    weapon = next((m for m in f.weapons if m.id == means), None) if means is not None else None
    if weapon is not None and weapon.item is not None and weapon.item.category == "Weapon" \
            and f.loadout.weapon is not None and f.loadout.weapon.id != weapon.id:
        return weapon.id
    return None


def swap_refusal(kit: Kit, state: EldfallState, f: Fighter, weapon: str, *, reacting: bool = False) -> str | None:
    """Why ``f`` may not attack with ``weapon``, a carried weapon it does not hold, now; None when it may (its one
    change of equipment this activation or reaction)."""
    if kit.rulings(state).equip_on_attack == "equipped-only":
        held = f.loadout.weapon.id if f.loadout.weapon is not None else "nothing"
        how = "" if reacting else f"; change it first with /act action:equip with:{weapon}"
        return f"{f.id} holds its {held}: it attacks with the weapon it holds{how} (L430, ruling equip-on-attack)"
    sequence = state.sequence
    if sequence is not None and f.id in sequence.equipped:
        return (f"{f.id} has already changed its equipment this activation: it attacks with what it holds (L430)")
    return None


def equip_refusal(kit: Kit, state: EldfallState, f: Fighter, wanted: str) -> str | None:
    """Why the activated model ``f`` may not change to ``wanted`` (a weapon it carries, ``shield`` or ``no-shield``,
    folded) now: once an activation, before its action (L430), and only to a change."""
    sequence = state.sequence
    if sequence is not None and sequence.action is not None:
        return f"{f.id} has declared its action: it changes its equipment before that (L430)"
    if sequence is not None and f.id in sequence.equipped:
        return f"{f.id} has already changed its equipment this activation: once an activation (L430)"
    has_shield = any(c.item.category == "Shield" for c in f.carried)
    if wanted in ("shield", "no-shield"):
        if not has_shield:
            return f"{f.id} carries no shield"
        off = wanted == "no-shield"
        if f.figure.shield_off == off:
            return f"{f.id} has its shield {'down' if off else 'up'} already"
        if not off and f.loadout.weapon is not None and "Two-Handed" in f.loadout.weapon.traits:
            return f"{f.id} holds the Two-Handed {f.loadout.weapon.id}: no hand is free for its shield (L420-422)"
        return None
    item = _carried_weapon(f, wanted)
    if item is None:
        weapons = [c.item.id for c in f.carried if c.item.category == "Weapon"]
        accepted = ", ".join([*weapons, *(("shield", "no-shield") if has_shield else ())])
        return f"{f.id} carries no weapon {wanted!r}; choose one of: {accepted or 'nothing'}"
    if f.loadout.weapon is not None and f.loadout.weapon.id == item:
        return f"{f.id} already holds its {item}"
    return None


def _carried_weapon(f: Fighter, wanted: str) -> str | None:
    return next((c.item.id for c in f.carried if c.item.category == "Weapon"
                 and wanted in (fold(c.item.id), fold(c.item.name))), None)


def equip(ctx: Ctx, f: Fighter, wanted: str) -> None:
    """The activated model takes another weapon, or lays down or takes up its shield, before its action (L430);
    ``wanted`` is checked by ``equip_refusal``."""
    if wanted in ("shield", "no-shield"):
        ctx.emit(ShieldHeld(model=f.id, off=wanted == "no-shield"))
        return
    item = _carried_weapon(f, wanted)
    assert item is not None
    ctx.emit(WeaponHeld(model=f.id, weapon=item))
