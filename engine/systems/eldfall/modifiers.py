"""What a card's classes, traits, skills and chosen combat art change in an attack, read from their data effects.

Traits always apply and skills when used (Eldfall core rules v1.5, L261-283); a model picks one combat art and one
of its levels for an attack (L293-299), and Duelist bars its target's arts of level III or lower (L2053). Each
effect states when it applies (role, melee or ranged, after Idle), so an attack gathers only the ones that fit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.checks import Modifier
from engine.systems.eldfall.attack import AttackKind, Role
from engine.systems.eldfall.cards import Card
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.rolls import effect_modifiers
from engine.systems.eldfall.schema import AbilitySpec, Attribute, Effect

__all__ = [
    "Source",
    "art_effect",
    "art_refusal",
    "attribute_modifiers",
    "card_effects",
    "critical_up_to",
    "front_arc",
    "gained_traits",
    "power_bonuses",
    "state_sources",
    "strike_bonuses",
    "strike_fixed_by",
    "successes_critical",
]


@dataclass(frozen=True, slots=True)
class Source:
    """An effect and where it comes from (``Armsmaster``, ``Fencing III``), with its citation."""

    name: str
    effect: Effect
    rule: str


def card_effects(card: Card, catalogue: EldfallCatalogue) -> tuple[Source, ...]:
    """The standing effects of a card's classes, traits and skills that carry numbers (Armsmaster, Vigilance...)."""
    sources = []
    for kind, names in (("class", card.classes), ("trait", [r.name for r in card.traits]),
                        ("skill", [r.name for r in card.skills])):
        for name in names:
            ability = catalogue.ability(name, kind)
            if ability.effect is not None:
                sources.append(Source(ability.name, ability.effect, ability.source))
    return tuple(sources)


def state_sources(states: Iterable[AbilitySpec]) -> tuple[Source, ...]:
    """The effects of the states a model is in (Crouched, Weakened, ...), as sources."""
    return tuple(Source(s.name, s.effect, s.source) for s in states if s.effect is not None)


def strike_fixed_by(sources: Iterable[Source], role: Role, attack: AttackKind) -> str | None:
    """The name of the first effect that fixes this attack's STK (Crouched: 1, L1706), or None."""
    return next((s.name for s in sources if s.effect.strike_set is not None
                 and _applies(s.effect, role, attack, True)), None)


def art_refusal(level: int, *, opponent_duelist: bool) -> str | None:
    """Why an art of ``level`` may not be used against (or by the target of) a Duelist, or None (L2053)."""
    if opponent_duelist and level <= 3:
        return "a Duelist's target cannot use its combat arts of level III or lower (L2053)"
    return None


def art_effect(card: Card, catalogue: EldfallCatalogue, art: str, level: int) -> Source:
    """The effect of one level of a combat art the card knows.

    :raises ValueError: when the card lacks the art at that level (L293).
    """
    known = card.level_of(art)
    ability = catalogue.ability(art, "art")
    if known < level:
        has = f"{ability.name} up to level {known}" if known else f"no {ability.name}"
        raise ValueError(f"{card.name} has {has}, so it cannot use level {level} (L293)")
    entry = ability.per_level[level - 1]
    return Source(f"{ability.name} {entry.name or level}", entry.effect or Effect(), ability.source)


def _applies(effect: Effect, role: Role | None, attack: AttackKind | None, idle: bool) -> bool:
    return ((effect.role is None or effect.role == role) and (effect.attack is None or effect.attack == attack)
            and (idle or not effect.after_idle))


def strike_bonuses(sources: Iterable[Source], role: Role, attack: AttackKind, *,
                   idle: bool = False) -> list[tuple[str, int]]:
    """STK changes that fit this attack (Armsmaster's +1 in the Active role, Sentinel's when reacting, ...)."""
    return [(s.name, s.effect.strike) for s in sources if s.effect.strike and _applies(s.effect, role, attack, idle)]


def power_bonuses(sources: Iterable[Source], role: Role, attack: AttackKind, *,
                  idle: bool = False) -> list[tuple[str, int]]:
    """PW changes that fit this attack (Assassination I +6, Backstab +3)."""
    return [(s.name, s.effect.power) for s in sources if s.effect.power and _applies(s.effect, role, attack, idle)]


def gained_traits(sources: Iterable[Source], role: Role, attack: AttackKind, *, idle: bool = False) -> tuple[str, ...]:
    """Traits the attack gains (Fencing IV: Knockdown, Assassination II: Poison I, ...)."""
    return tuple(t for s in sources if _applies(s.effect, role, attack, idle) for t in s.effect.gains)


def attribute_modifiers(sources: Iterable[Source], attribute: Attribute, role: Role | None = None,
                        attack: AttackKind | None = None, *, idle: bool = False) -> list[Modifier]:
    """Modifiers the effects put on an attribute (a Marksman's +4 ACC after Idle, ...)."""
    mods: list[Modifier] = []
    for s in sources:
        if _applies(s.effect, role, attack, idle):
            mods += effect_modifiers(attribute, s.effect, s.name, s.rule)
    return mods


def critical_up_to(sources: Sequence[Source]) -> int:
    """The highest face that is a critical: 1, or 3 for an Assassin (L1811)."""
    return max([1, *(s.effect.critical_up_to for s in sources if s.effect.critical_up_to)])


def successes_critical(sources: Iterable[Source], role: Role) -> bool:
    """Whether every successful roll is a critical (Decisive Blow in the Active role, L2217)."""
    return any(s.effect.successes_critical and (s.effect.role in (None, role)) for s in sources)


def front_arc(sources: Iterable[Source]) -> float:
    """The model's front arc in degrees: 180, or 360 with Vigilance (L655, L2200)."""
    return float(max([180, *(s.effect.front_arc for s in sources if s.effect.front_arc)]))
