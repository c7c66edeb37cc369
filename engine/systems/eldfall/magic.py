"""Casting: who may cast which spell, when, and the summoning limit.

A caster needs an Affinity for the spell's element and a Spellcraft chart holding it at or below its level, or the
spell printed on its card (Eldfall core rules v1.5, L317-321, L902). It cannot cast with both hands full (L910).
Healing, Enchantment and Conjuration spells are cast only in the Active role (L944, L952, L976), Conjurations and
Ritual spells only through the Ritual Special Action (L976, L1560), paying their Mana Cost (L986). A caster may not
conjure while its creatures' Summoning Limits (their Tiers) reach its modified STA (L988-1000, ruling
``summoning-limit``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.systems.eldfall.attack import Role
from engine.systems.eldfall.cards import Card
from engine.systems.eldfall.refs import parse_ref
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import SpellSpec

__all__ = ["cast_refusal", "knows_spell", "mana_cost", "summoning_refusal"]


def mana_cost(spell: SpellSpec) -> int:
    """The spell's Mana Cost (X), 0 when it has none (L2111-2113)."""
    for trait in spell.traits:
        ref = parse_ref(trait)
        if ref.key == "mana cost":
            return int(ref.params[0])
    return 0


def knows_spell(card: Card, spell: SpellSpec) -> str | None:
    """Why ``card`` cannot cast ``spell`` at all, or None when it can (element and chart level)."""
    affinities = {p.casefold() for p in card.params_of("Affinity")}
    if spell.element.casefold() not in affinities:
        return f"{card.name} has no Affinity ({spell.element}) to cast {spell.name} (L902)"
    if spell.name in card.spells:
        return None
    for entry in spell.charts:
        if card.level_of(entry.chart) >= entry.level:
            return None
    where = ", ".join(f"{e.chart} {e.level}" for e in spell.charts) or "no chart"
    return f"{card.name} knows no Spellcraft holding {spell.name} ({where}) (L319)"


def cast_refusal(card: Card, spell: SpellSpec, *, role: Role, hands_full: bool, ritual: bool,
                 mana: int) -> str | None:
    """Why ``card`` may not cast ``spell`` now, or None when it may."""
    unknown = knows_spell(card, spell)
    if unknown:
        return unknown
    if hands_full:
        return f"{card.name} has both hands full and cannot cast (L910)"
    if role == "reactive" and spell.spell_type in ("Healing", "Enchantment", "Conjuration"):
        return f"a {spell.spell_type} spell is cast only in the Active role (L944, L952, L976)"
    needs_ritual = spell.ritual_only or spell.spell_type == "Conjuration"
    if needs_ritual and not ritual:
        return f"{spell.name} is cast only through the Ritual Special Action (L976, L1560)"
    cost = mana_cost(spell)
    if mana < cost:
        return f"{spell.name} costs {cost} Mana {'Counter' if cost == 1 else 'Counters'}; the caster has {mana} (L986)"
    return None


def summoning_refusal(stamina: int, limits_on_field: Sequence[int], new_limit: int, *,
                      rulings: Rulings) -> str | None:
    """Why a caster with modified ``stamina`` and creatures of ``limits_on_field`` may not conjure one more of
    Summoning Limit ``new_limit``, or None when it may."""
    total = sum(limits_on_field)
    if total >= stamina:
        return (f"its creatures' Summoning Limits add up to {total}, which reaches its STA {stamina} (L990)")
    if rulings.summoning_limit == "must-fit" and total + new_limit > stamina:
        return (f"a creature of Summoning Limit {new_limit} would take the total to {total + new_limit}, above its "
                f"STA {stamina} (L1000, ruling summoning-limit)")
    return None
