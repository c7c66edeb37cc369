"""The chance a player sees before naming a target (as Eldfall's and Underworlds' target menus show theirs): the exact
chance one hit roll of the attacking model reaches the target's DEF here (L744-750), with its modifiers (the in-melee
-2, Crippled, Poisoned, L717, L1393, L1409), the terrain's DEF (L1017), Hard to Hit's dropped die (L1343) and an
infusion's extra die (L929-931). Re-rolls come after the roll and are not counted (``engine.dice.distribution``)."""

from __future__ import annotations

import functools
from fractions import Fraction

from engine.core import ModelId
from engine.dice import distribution, kept_sum_distribution
from engine.systems.shroudfall.attack import defence_against, hit_bonuses
from engine.systems.shroudfall.essence import pool_dice
from engine.systems.shroudfall.schema import Colour, Weapon
from engine.systems.shroudfall.world import World

__all__ = ["hit_chance", "percent"]


def hit_chance(world: World, attacker: ModelId, target: ModelId, weapon: Weapon, extra: Colour | None = None
               ) -> Fraction:
    """The chance one hit roll of ``attacker`` with ``weapon`` (infused with ``extra``) hits ``target``."""
    colours = (*world.card(attacker).hit[weapon.type], *((extra,) if extra else ()))
    bonus = sum(b.amount for b in hit_bonuses(world, attacker, target, weapon))
    defence, _ = defence_against(world, attacker, target, weapon)
    totals = _totals(tuple(colours), world.has(target, "Hard to Hit"))
    return sum((p for total, p in totals.items() if total + bonus >= defence), Fraction(0))


@functools.cache
def _totals(colours: tuple[Colour, ...], hard: bool) -> dict[int, Fraction]:
    dice = pool_dice(colours)
    return kept_sum_distribution(dice, len(dice) - 1) if hard and dice else distribution(dice)


def percent(chance: Fraction) -> str:
    return f"{round(100 * chance)}%"
