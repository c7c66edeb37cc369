"""Eldfall's attribute rolls on the shared d20 roll-under check: modified attributes and who crits on what.

An attribute roll succeeds at or under the modified attribute (Eldfall core rules v1.5, L502). Modifiers are applied
additive first, then halving or doubling rounded up (L573); an attribute is never below 0 and 0 fails outright,
while above 20 a roll of 20 is also a critical (L572). A 1 is a critical (L831), 1-3 for an Assassin (L1811).
States change attributes as their data says (Confused, Crippled, Crouched, Slowed, Weakened, Flying: L1692-1788).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.checks import CheckResult, CheckRules, Die, Modifier, Target, check, target
from engine.systems.eldfall.cards import Card
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import AbilitySpec, Attribute, Effect

__all__ = [
    "ELDFALL_CHECK",
    "attribute_roll",
    "attribute_target",
    "check_rules",
    "effect_modifiers",
    "initiative",
]

ELDFALL_CHECK = CheckRules(top_critical_above=20, fails_at_or_below=0)
"""Criticals on 1, and on 20 too above 20; a target of 0 fails (Eldfall core rules v1.5, L572 and L831)."""


def check_rules(critical_up_to: int = 1, *, rulings: Rulings) -> CheckRules:
    """The check rules for a model whose criticals reach ``critical_up_to`` (3 for an Assassin, L1811)."""
    rules = ELDFALL_CHECK.widened(critical_up_to) if critical_up_to > 1 else ELDFALL_CHECK
    if rulings.critical_above_target == "must-succeed":
        return CheckRules(rules.sides, rules.critical_faces, rules.top_critical_above, rules.fumble_faces,
                          rules.fails_at_or_below, criticals_always_succeed=False)
    return rules


def effect_modifiers(attribute: Attribute, effect: Effect, source: str, rule: str | None = None) -> list[Modifier]:
    """The modifiers an effect puts on ``attribute``: its addition, then any halving or doubling."""
    mods: list[Modifier] = []
    if effect.adds.get(attribute):
        mods.append(Modifier.add(source, effect.adds[attribute], rule))
    if attribute in effect.halves:
        mods.append(Modifier.halve(source, rule))
    if attribute in effect.doubles:
        mods.append(Modifier.double(source, rule))
    return mods


def attribute_target(card: Card, attribute: Attribute, *, states: Iterable[AbilitySpec] = (),
                     modifiers: Iterable[Modifier] = (), rulings: Rulings) -> Target:
    """The modified value of one of ``card``'s attributes, under its ``states`` and any other ``modifiers``."""
    mods = list(modifiers)
    for state in states:
        if state.effect is not None:
            mods += effect_modifiers(attribute, state.effect, state.name, state.source)
    return target(card[attribute], mods, halvings="once" if rulings.stacked_halving == "once" else "each",
                  label=attribute)


def attribute_roll(goal: Target, face: int | Die, *, critical_up_to: int = 1,
                   rulings: Rulings) -> CheckResult:
    """One attribute roll (Dodge, Morale, Toughness, ...) against a worked-out target."""
    return check(goal, [face], check_rules(critical_up_to, rulings=rulings))


def initiative(totals: Sequence[tuple[str, int, int, int]]) -> tuple[str, ...]:
    """Rank the Initiative Check: each entry is (side, Leader's M, d20 face, bonus such as Double Time's +6).

    Returns the sides with the highest total; more than one means a tie, settled by ruling ``initiative-tie``
    (Eldfall core rules v1.5, L1092 and L2869).
    """
    if not totals:
        raise ValueError("an Initiative Check needs at least one player")
    scored = [(side, morale + face + bonus) for side, morale, face, bonus in totals]
    best = max(total for _, total in scored)
    return tuple(side for side, total in scored if total == best)
