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

__all__ = ["attack_odds"]


def attack_odds(world: World, f: Fighter, means_id: str, target: Fighter, *, idle: bool, dash: bool) -> str:
    """`` (2 dice at OFF 12: 84% for a Hit)`` for ``f``'s attack with ``means_id`` on ``target`` from where they stand
    (empty for a means it does not have or one with no target to roll against)."""
    means = f.means(means_id)
    if means is None or means.focus or means.aoe is not None:
        return ""
    attacker, defender = world.base(f.id), world.base(target.id)
    attribute, goal = attack_target(world, f, means, "active", idle, target, attacker, defender, None,
                                    world.sees(f.id, target.id).visible)
    strikes = active_strike(world, f, means, idle, dash).value
    one = success_chance(goal.value, check_rules(critical_up_to(list(f.sources)), rulings=f.rulings))
    chance = 1 - (1 - one) ** strikes
    dice = f"{strikes} {'die' if strikes == 1 else 'dice'}"
    return f" ({dice} at {attribute} {goal.value}: {_percent(chance)} for a Hit)"


def _percent(chance: Fraction) -> str:
    return f"{round(100 * chance)}%"
