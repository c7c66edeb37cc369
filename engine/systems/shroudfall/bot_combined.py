"""Whether the bot makes a Combined Shot or Strike (L1323-1327; docs/shroudfall.md, "The bot"): one model's attack at
+1 to hit and damage for each model that could take the target, or each of those models attacking on its own. Each
way is valued by its expected damage, worked exactly from the essence dice (``engine.dice.odds``), capped by the
wounds the target has left: the combined attack pays against a high DEF or ARM that single attacks seldom beat.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from engine.core import ModelId
from engine.dice import ESSENCE_DICE
from engine.dice.odds import distribution
from engine.systems.shroudfall.abilities import combined
from engine.systems.shroudfall.attack import armour_against, damage_bonuses, defence_against, hit_bonuses
from engine.systems.shroudfall.schema import AttackType, Colour, Weapon
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.targeting import target_refusal, weapon_refusal
from engine.systems.shroudfall.world import World

__all__ = ["combines"]


@functools.cache
def _odds(pool: tuple[Colour, ...]) -> tuple[tuple[int, Fraction], ...]:
    """The totals a pool of essence dice rolls, with their chances (a handful of pools over a game)."""
    return tuple(distribution([ESSENCE_DICE[c] for c in pool]).items())


def _expected(world: World, model: ModelId, weapon: Weapon, target: ModelId, extra: int, left: int) -> Fraction:
    """The damage one attack of ``model`` with ``weapon`` does to ``target`` on average, ``extra`` added to both
    rolls (L746-760), no more than the ``left`` wounds."""
    hit_bonus = sum(b.amount for b in hit_bonuses(world, model, target, weapon)) + extra
    defence, _ = defence_against(world, model, target, weapon)
    damage_bonus = sum(b.amount for b in damage_bonuses(world, model, target, weapon)) + extra
    armour, _ = armour_against(world, model, target, weapon)
    hits = sum((p for total, p in _odds(world.card(model).hit[weapon.type]) if total + hit_bonus >= defence),
               Fraction(0))
    damage = sum((p * min(left, max(0, total + damage_bonus) // armour) for total, p in _odds(weapon.damage)),
                 Fraction(0))
    return hits * damage


def combines(world: World, unit: UnitRecord, kind: AttackType, target: ModelId) -> bool:
    """Whether a Combined attack of ``kind`` at ``target`` does more damage on average than the able models attacking
    one by one, each with its profiles of that type that may take the target (the attacker too strikes with each of
    its own, at the bonus)."""
    together = combined(world, unit, kind, target)
    if together is None:
        return False
    attacker, bonus = together
    left = world.state.models[target].wounds_left
    usable = [(ModelId(m), w) for m in world.state.alive(unit) for w in world.card(m).weapons
              if w.type == kind and w.shape == "single" and weapon_refusal(world, m, w, (), ()) is None
              and target_refusal(world, m, target, w) is None]
    apart = min(Fraction(left), sum((_expected(world, m, w, target, 0, left) for m, w in usable), Fraction(0)))
    joined = min(Fraction(left), sum((_expected(world, attacker, w, target, bonus, left) for m, w in usable
                                      if m == attacker), Fraction(0)))  # its every profile of the type (agenda)
    return joined > apart
