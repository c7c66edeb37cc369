"""The odds a player sees before declaring an attack, where the measuring mode lets them (Assisted, L604-610): how
many dice the attack rolls against its modified attribute here, and the exact chance at least one is a Hit (every
die at or under it, criticals included, L1421; ``engine.checks.success_chance``). What the target does back (a
confrontation, a Dodge) comes after and is not counted."""

from __future__ import annotations

from fractions import Fraction

from engine.checks import success_chance
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.modifiers import critical_up_to
from engine.systems.eldfall.rolls import check_rules
from engine.systems.eldfall.strikes import active_strike, attack_target
from engine.systems.eldfall.world import World

__all__ = ["attack_chance", "attack_odds", "dice", "percent"]


def attack_odds(world: World, f: Fighter, means_id: str, target: Fighter, *, idle: bool, dash: bool) -> str:
    """`` (2 dice at OFF 12: 84% for a Hit)`` for ``f``'s attack with ``means_id`` on ``target`` from where they stand
    (empty for a means it does not have or one with no target to roll against)."""
    found = attack_chance(world, f, means_id, target, idle=idle, dash=dash)
    if found is None:
        return ""
    strikes, attribute, goal, chance = found
    return f" ({dice(strikes)} at {attribute} {goal}: {percent(chance)} for a Hit)"


def attack_chance(world: World, f: Fighter, means_id: str, target: Fighter, *, idle: bool, dash: bool
                  ) -> tuple[int, str, int, Fraction] | None:
    """The dice ``f``'s attack with ``means_id`` on ``target`` rolls, the attribute and its modified value, and the
    chance of at least one Hit (None where there is no target to roll against: Focus, an area)."""
    means = f.means(means_id)
    if means is None or means.focus or means.aoe is not None:
        return None
    attacker, defender = world.base(f.id), world.base(target.id)
    attribute, goal = attack_target(world, f, means, "active", idle, target, attacker, defender, None,
                                    world.sees(f.id, target.id).visible)
    strikes = active_strike(world, f, means, idle, dash).value
    one = success_chance(goal.value, check_rules(critical_up_to(list(f.sources)), rulings=f.rulings))
    return strikes, attribute, goal.value, 1 - (1 - one) ** strikes


def dice(count: int) -> str:
    """``1 die``, ``3 dice``."""
    return f"{count} {'die' if count == 1 else 'dice'}"


def percent(chance: Fraction) -> str:
    """``97%``."""
    return f"{round(100 * chance)}%"
