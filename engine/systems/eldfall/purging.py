"""Which Enchantments Purification and Purgation remove (Eldfall core rules v1.5, L2263, L2268): "any number" of
those on the target, the caster's pick.

The pick rides on the Assist's ``choice:`` as Dispel Magic's and Hastened Recovery's do: the Enchantments' ids joined
by ``+`` (``choice:arcane-shield+spectral-blade``), ``all`` or ``none``; left out, every one goes. A menu asks where
the targets hold one or more: all, each smaller pick, none (keeping them, to end a state only). Only Enchantment
spells count: Purification's own protection (``support.PURIFIED``) is no Enchantment and stays (ruling of ours).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit

__all__ = ["PURGING", "purge_asked", "purge_choice", "purge_label", "purgeable", "purged"]

PURGING = ("purification", "purgation")
"""The Healing spells that remove any number of Enchantments from their target (L2263, L2268)."""
ALL, NONE = "all", "none"


def purgeable(kit: Kit, targets: Sequence[Fighter]) -> list[str]:
    """The Enchantments on ``targets`` (ids, each once, in the order they came)."""
    found: list[str] = []
    for t in targets:
        for key in t.figure.enchantments:
            if key not in found and _is_enchantment(kit, key):
                found.append(key)
    return found


def _is_enchantment(kit: Kit, key: str) -> bool:
    try:
        return kit.catalogue.spell(key).spell_type == "Enchantment"
    except LookupError:
        return False


def purge_choice(kit: Kit, targets: Sequence[Fighter], typed: str | None) -> str | None:
    """The pick to record: None for every Enchantment, ``none``, or the ids named (space-joined, as ``choice:``'s
    words reach the check).

    :raises ValueError: saying what is accepted, for an id that is on no target.
    """
    if typed is None or typed.strip().casefold() == ALL:
        return None
    words = [w.casefold() for w in typed.replace("+", " ").split()]
    if words == [NONE]:
        return NONE
    options = purgeable(kit, targets)
    wrong = [w for w in words if w not in options]
    if wrong:
        shown = ", ".join(options) or "none (it holds no Enchantment)"
        raise ValueError(f"choice:{wrong[0][:30]} is no Enchantment on the target: choose all, none or any of "
                         f"{shown}, joined by + (L2263, L2268)")
    return " ".join(dict.fromkeys(words))


def purge_asked(kit: Kit, targets: Sequence[Fighter]) -> list[str]:
    """What a menu offers where the targets hold an Enchantment: all of them first, each smaller pick, none last
    (keeping them, to end a state only); nothing where they hold none."""
    options = purgeable(kit, targets)
    if not options:
        return []
    picks = [combo for n in range(len(options) - 1, 0, -1) for combo in itertools.combinations(options, n)]
    return [ALL, *("+".join(p) for p in picks), NONE]


def purge_label(kit: Kit, value: str) -> str:
    """A pick as a player reads it: ``remove every Enchantment``, ``remove only Arcane Shield and Warding``."""
    if value in (ALL, NONE):
        return "remove every Enchantment" if value == ALL else "keep every Enchantment"
    names = [kit.catalogue.spell(key).name for key in value.split("+")]
    return "remove only " + " and ".join(names)


def purged(kit: Kit, t: Fighter, pick: str | None) -> tuple[str, ...]:
    """The Enchantments the recorded pick removes from ``t``."""
    held = purgeable(kit, [t])
    if pick is None:
        return tuple(held)
    return tuple(key for key in held if key in pick.split())
