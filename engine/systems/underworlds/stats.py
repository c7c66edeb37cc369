"""Characteristics after modifiers: a fighter's Move, Defence and Wounds, and an Attack action as it is rolled.

Modifiers come from upgrades, from a lingering ploy, and from the Attack action itself; they add up
(Underworlds core rulebook, L527-L557). A modifier applies only when its conditions hold in the situation
(a Charge, the attack's Range, a friend adjacent); an ``optional`` one only when the player uses it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.systems.underworlds.schema import AttackProfile, FighterSide
from engine.systems.underworlds.vocabulary import AttackSymbol, DefenceSymbol, Modifier

__all__ = ["EffectiveAttack", "FighterStats", "Situation", "attack_stats", "fighter_stats"]


@dataclass(frozen=True, slots=True)
class Situation:
    """What decides whether a conditional modifier applies to this attack."""

    charging: bool = False
    friend_adjacent: bool = False
    use_optional: bool = False


@dataclass(frozen=True, slots=True)
class FighterStats:
    move: int
    defence: int
    defence_symbol: DefenceSymbol
    wounds: int
    cannot_charge: bool = False
    move_through_fighters: bool = False


@dataclass(frozen=True, slots=True)
class EffectiveAttack:
    """An Attack action with every modifier applied: what is rolled and what a success does."""

    name: str
    range: int
    dice: int
    symbol: AttackSymbol
    also_success: frozenset[str]
    damage: int
    cleave: bool = False
    cleave_if_critical_rolled: bool = False
    knockback: int = 0
    critical_damage: int = 0
    targets: str = "one"
    no_enemy_support_for_target: bool = False
    exhausts: bool = False
    extra_glory_for_take_out: int = 0
    working: tuple[str, ...] = ()


def _applies(modifier: Modifier, situation: Situation, attack_range: int | None) -> bool:
    if modifier.optional and not situation.use_optional:
        return False
    if modifier.when_charging is not None and modifier.when_charging != situation.charging:
        return False
    if modifier.range_at_most is not None and (attack_range is None or attack_range > modifier.range_at_most):
        return False
    return not (modifier.no_adjacent_friend and situation.friend_adjacent)


def fighter_stats(side: FighterSide, modifiers: Sequence[Modifier], situation: Situation = Situation()) -> FighterStats:
    """Return a fighter card side's Move, Defence and Wounds with ``modifiers`` added (E9, E10; L531, L553).

    Move is multiplied after additions (a doubled Move doubles the upgraded Move).
    """
    used = [m for m in modifiers if _applies(m, situation, None)]
    move = side.move + sum(m.move for m in used)
    for m in used:
        move *= m.move_times
    return FighterStats(
        move=max(0, move),
        defence=max(0, side.defence + sum(m.defence for m in used)),
        defence_symbol=side.defence_symbol,
        wounds=max(1, side.wounds + sum(m.wounds for m in used)),
        cannot_charge=any(m.cannot_charge for m in used),
        move_through_fighters=any(m.move_through_fighters for m in used),
    )


def attack_stats(profile: AttackProfile, modifiers: Sequence[Modifier] = (),
                 situation: Situation = Situation()) -> EffectiveAttack:
    """Return ``profile`` with its own modifiers and ``modifiers`` applied where they hold.

    A symbol change replaces the symbol and leaves the dice count alone (E12, L557); dice and damage add
    (E11, L531, L539); Knockback from several rules adds up (T26, L567).
    """
    used = [m for m in (*profile.modifiers, *modifiers) if _applies(m, situation, profile.range)]
    symbol: AttackSymbol = profile.symbol
    for m in used:
        symbol = m.symbol or symbol
    also = frozenset(s for m in used for s in m.also_success)
    dice = max(0, profile.dice + sum(m.dice for m in used))
    damage = max(0, profile.damage + sum(m.damage for m in used))
    working = [f"{profile.name}: {profile.dice} {profile.symbol}, damage {profile.damage}"]
    if used:
        working.append(f"modified to {dice} {symbol}{' (also ' + ', '.join(sorted(also)) + ')' if also else ''}, "
                       f"damage {damage} (L527-L557)")
    return EffectiveAttack(
        name=profile.name,
        range=profile.range,
        dice=dice,
        symbol=symbol,
        also_success=also,
        damage=damage,
        cleave=profile.cleave or any(m.cleave for m in used),
        cleave_if_critical_rolled=any(m.cleave_if_critical_rolled for m in used),
        knockback=profile.knockback + sum(m.knockback for m in used),
        critical_damage=profile.critical_damage + sum(m.critical_damage for m in used),
        targets=profile.targets,
        no_enemy_support_for_target=any(m.no_enemy_support_for_target for m in used),
        exhausts=any(m.exhausts for m in used),
        extra_glory_for_take_out=sum(m.extra_glory_for_take_out for m in used),
        working=tuple(working),
    )
