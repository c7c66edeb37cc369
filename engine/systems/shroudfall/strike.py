"""One attack from check to damage (Shroudfall beta rulebook v1.4, L725-770, L1535-1561; ruling ``attack-sequence``):
the rule check returns a plan (the model, its profile, the targets, found on the table for beams and areas); each
target's hit roll is rolled with its infusion, re-roll window and Hard to Hit, then judged against DEF; each target hit
takes a damage roll the same way, divided by ARM. A beam or area attack makes every hit roll before any damage roll
(L799, L807).

The dice come from the caller (``roll``, ``reroll_die``): in play the game's ``Context``, in a test a rigged roller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core import IllegalCommand, ModelId, SideId
from engine.dice import Die, DieRoll, RerollOrder, RolledPool
from engine.systems.shroudfall.attack import (
    Hit,
    Wound,
    armour_against,
    damage_bonuses,
    damage_dealt,
    defence_against,
    drop_highest,
    hit_bonuses,
    judge_hit,
)
from engine.systems.shroudfall.essence import Infusion, pool_dice
from engine.systems.shroudfall.rerolls import (
    Stage,
    attacker_allowances,
    defender_allowances,
    reroll_order,
    settled_values,
    stages,
)
from engine.systems.shroudfall.schema import AttackType, Colour, Trigger, Weapon, format_pool
from engine.systems.shroudfall.targeting import (
    area_targets,
    beam_targets,
    target_refusal,
    weapon_refusal,
)
from engine.systems.shroudfall.world import World

__all__ = [
    "ATTACK_WINDOWS",
    "NOTHING",
    "AttackPlan",
    "DamageRoll",
    "HitRoll",
    "Reroll",
    "Result",
    "Roll",
    "base_colours",
    "check_attack",
    "damage_from",
    "hit_from",
    "judge_of",
    "open_roll",
    "reaction_order",
    "window_order",
    "window_stages",
]

Roll = Callable[[Sequence[Die], str], tuple[DieRoll, ...]]
"""Roll a pool for a purpose (the game's ``Context.roll``)."""
Reroll = Callable[[DieRoll, Die], DieRoll]
ATTACK_WINDOWS: tuple[Trigger, ...] = ("targeted", "misses", "hit", "no-damage", "damaged")
"""The attack sequence's windows for abilities, in the order they can open (L1541-1559)."""
_ATTACKER_FIRST: frozenset[Trigger] = frozenset({"misses", "no-damage"})


def reaction_order(trigger: Trigger, attacker: SideId, defender: SideId) -> tuple[SideId, SideId]:
    """Who declares first in one of an attack's windows: the defender, then the attacker, when a model is targeted,
    hit or damaged (L1542-1543, L1550-1551, L1557-1558; passive effects too, L1544, L1553, L1559); the attacker, then
    the defender, after a miss or a hit without damage (L1547-1548, L1555-1556).

    :raises ValueError: for a trigger that is not one of the attack's windows.
    """
    if trigger not in ATTACK_WINDOWS:
        raise ValueError(f"{trigger!r} is not a window of the attack sequence; they are {', '.join(ATTACK_WINDOWS)}")
    return (attacker, defender) if trigger in _ATTACKER_FIRST else (defender, attacker)


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """What the rule check allowed: the model, its profile and the models the attack targets."""

    side: SideId
    attacker: ModelId
    weapon: Weapon
    targets: tuple[ModelId, ...]


def check_attack(world: World, side: SideId, attacker: ModelId, weapon: str, target: str | None, *,
                 used: Sequence[str] = (), used_types: Sequence[AttackType] = ()) -> AttackPlan:
    """The one rule check of an attack with one profile: the model is the side's, the profile is its and usable now,
    and the target is legal (a beam's aim; an area needs none). An attack action's models attack one after another,
    each never to come back (L742), by the order of its steps (``agenda.attack_tasks``).

    :raises IllegalCommand: naming the rule broken.
    """
    if attacker not in world.state.models or world.state.models[attacker].side != side:
        raise IllegalCommand(f"{attacker} is not a model of side {side}", verb="attack")
    profiles = {w.name.casefold(): w for w in world.card(attacker).weapons}
    profile = profiles.get(weapon.casefold())
    if profile is None:
        names = ", ".join(w.name for w in world.card(attacker).weapons) or "none"
        raise IllegalCommand(f"{attacker} has no weapon profile {weapon!r} (its profiles: {names})", verb="attack")
    why = weapon_refusal(world, attacker, profile, used, used_types)
    if why is not None:
        raise IllegalCommand(why, verb="attack")
    if profile.shape == "area":
        return AttackPlan(side, attacker, profile, area_targets(world, attacker, profile))
    if target is None:
        raise IllegalCommand(f"{profile.name} needs a target", verb="attack")
    why = target_refusal(world, attacker, target, profile)
    if why is not None:
        raise IllegalCommand(why, verb="attack")
    if profile.shape == "beam":
        return AttackPlan(side, attacker, profile, beam_targets(world, attacker, ModelId(target), profile))
    return AttackPlan(side, attacker, profile, (ModelId(target),))


@dataclass(frozen=True, slots=True)
class HitRoll:
    """A rolled and judged hit roll, with the dice as settled and the working."""

    pool: RolledPool
    hit: Hit
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """A rolled and judged damage roll, with the dice as settled and the working."""

    pool: RolledPool
    wound: Wound
    lines: tuple[str, ...]


def _dice_line(what: str, base: tuple[Colour, ...], infusion: Infusion | None, pool: RolledPool) -> str:
    infused = f" + {infusion.colour} infusion (L931)" if infusion else ""
    faces = ", ".join(r.label for r in pool.rolls)
    return f"{what}: {format_pool(base)}{infused} rolled {faces}"


def base_colours(world: World, plan: AttackPlan, which: str) -> tuple[Colour, ...]:
    """The dice a hit or damage roll takes before any infusion: the model's hit dice for the profile's type, or the
    profile's damage dice."""
    return world.card(plan.attacker).hit[plan.weapon.type] if which == "hit" else plan.weapon.damage


def open_roll(world: World, plan: AttackPlan, target: ModelId, which: str, infusion: Infusion | None,
              roll: Roll) -> tuple[RolledPool, str]:
    """Roll a hit or damage roll: the pool and the line saying what was rolled."""
    base = base_colours(world, plan, which)
    colours = (*base, infusion.colour) if infusion else base
    rolls = roll(pool_dice(colours), f"{plan.attacker} {which} roll against {target}")
    pool = RolledPool.of(pool_dice(colours), rolls)
    return pool, _dice_line(f"{which.capitalize()} roll", base, infusion, pool)


def window_order(world: World, plan: AttackPlan, target: ModelId) -> RerollOrder:
    return reroll_order(plan.side, world.state.models[target].side)


def window_stages(world: World, plan: AttackPlan, target: ModelId, which: str) -> list[Stage]:
    """The re-roll sources of this roll after the essence re-roll, in the book's order (L1566-1570)."""
    return stages(attacker_allowances(world, plan.attacker, target, plan.weapon, which),
                  defender_allowances(world, plan.attacker, target, plan.weapon, which))


def _settle(world: World, plan: AttackPlan, target: ModelId, which: str, pool: RolledPool,
            first: str) -> tuple[int, list[str]]:
    lines = [first, *(f"{line} ({'L935' if line.startswith('essence') else 'L813'})" for line in pool.history)]
    hard = which == "hit" and world.has(target, "Hard to Hit")
    values = settled_values(pool, hard_to_hit=hard)
    if hard:
        lines.append(f"Hard to Hit drops the highest die: {', '.join(map(str, values)) or 'nothing left'} (L1343)")
    bonuses = hit_bonuses(world, plan.attacker, target, plan.weapon) if which == "hit" else \
        damage_bonuses(world, plan.attacker, target, plan.weapon)
    lines += [f"Modifier {b.line()}" for b in bonuses]
    return sum(values) + sum(b.amount for b in bonuses), lines


Result = tuple[bool, bool] | int
"""What a roll comes to: (hit, critical) for a hit roll, the damage dealt for a damage roll; nothing, when
``(False, False)`` or ``0``."""
NOTHING: tuple[Result, ...] = ((False, False), 0)


def judge_of(world: World, plan: AttackPlan, target: ModelId, which: str) -> Callable[[tuple[int, ...]], Result]:
    """What a roll's dice come to, for telling whether a re-roll could change it: a miss, a hit or a critical hit
    against DEF; the damage dealt against ARM."""
    hard = which == "hit" and world.has(target, "Hard to Hit")
    if which == "hit":
        bonus = sum(b.amount for b in hit_bonuses(world, plan.attacker, target, plan.weapon))
        defence, _ = defence_against(world, plan.attacker, target, plan.weapon)

        def hit(values: tuple[int, ...]) -> Result:
            judged = judge_hit(sum(drop_highest(values) if hard else values) + bonus, defence)
            return judged.hit, judged.critical
        return hit
    bonus = sum(b.amount for b in damage_bonuses(world, plan.attacker, target, plan.weapon))
    armour, _ = armour_against(world, plan.attacker, target, plan.weapon)
    tough, unbreakable = world.has(target, "Tough Hide"), world.has(target, "Unbreakable Hide")
    return lambda values: damage_dealt(sum(values) + bonus, armour, tough=tough, unbreakable=unbreakable).damage


def hit_from(world: World, plan: AttackPlan, target: ModelId, pool: RolledPool, first: str) -> HitRoll:
    """A hit roll whose window has closed, judged against DEF (L744-754, L1545-1547)."""
    total, lines = _settle(world, plan, target, "hit", pool, first)
    defence, def_bonuses = defence_against(world, plan.attacker, target, plan.weapon)
    lines += [f"DEF {world.card(target).defence} {b.line()}" for b in def_bonuses]
    hit = judge_hit(total, defence)
    return HitRoll(pool, hit, (*lines, hit.line()))


def damage_from(world: World, plan: AttackPlan, target: ModelId, pool: RolledPool, first: str) -> DamageRoll:
    """A damage roll whose window has closed, divided by ARM (L756-762, L1554)."""
    total, lines = _settle(world, plan, target, "damage", pool, first)
    armour, arm_bonuses = armour_against(world, plan.attacker, target, plan.weapon)
    lines += [f"ARM {world.card(target).armour} {b.line()}" for b in arm_bonuses]
    wound = damage_dealt(total, armour, tough=world.has(target, "Tough Hide"),
                         unbreakable=world.has(target, "Unbreakable Hide"))
    return DamageRoll(pool, wound, (*lines, wound.line()))
