"""Re-rolling an attack test (Sunshard:Embren core rules v1.0, L153, L626, L757): every die of it rolled again, once
each, paid with a Loot token in the model's own activation or with 1 Fortune; the sources open now, which the attack
asks about after the roll (:mod:`engine.systems.sunshard.attack_flow`) and its menus offer as a standing choice
(:mod:`engine.systems.sunshard.play_attacks`, ruling ``standing-reroll``)."""

from __future__ import annotations

from engine.core import Context, ModelId, Option, SideId
from engine.systems.sunshard.d20 import roll_d20
from engine.systems.sunshard.events import AttackStaged
from engine.systems.sunshard.fortune import fruit_reroll, pay_reroll
from engine.systems.sunshard.harm import lose
from engine.systems.sunshard.state import AttackDie, AttackState, SunshardState
from engine.systems.sunshard.world import RULE, World

__all__ = ["reroll_dice", "reroll_sources", "reroll_ways", "reroll_with"]


def reroll_ways(world: World, attacker_id: ModelId, side: SideId, kind: str, spent: int = 0) -> list[Option]:
    """How an attack test of ``attacker_id`` (an attack of ``kind``) may be re-rolled now: Loot in its own activation
    (L626), Fortune (L757; ruling fortune-reroll-scope) once the attack has paid the ``spent`` Fortune it costs
    (L1526). The attack's menus offer the same as a standing choice."""
    attacker = world.model(attacker_id)
    options = []
    activation = world.state.activation
    if attacker.holds("Loot") and activation is not None and activation.model == attacker.id:
        options.append(Option(key="loot", label="Spend a Loot token to re-roll"))
    actions = ("action", "curse") if world.rulings.curse_as_attack_action == "yes" else ("action",)
    scope_ok = world.rulings.fortune_reroll_scope == "every-attack" or kind in actions
    if scope_ok and world.record(side).fortune >= 1 + spent:
        options.append(Option(key="fortune", label="Spend 1 Fortune to re-roll"))
    return options


def reroll_sources(world: World, attack: AttackState) -> list[Option]:
    """How the attacker may re-roll this attack test now (:func:`reroll_ways`, and Poison Fruit's free trigger of the
    Fortune re-roll in its party's activation, L1465, asked after the roll only), only while no die was re-rolled
    (L153)."""
    if any(d.rerolled_by for d in attack.dice):
        return []
    ways = reroll_ways(world, attack.attacker, attack.side, attack.kind)
    actions = ("action", "curse") if world.rulings.curse_as_attack_action == "yes" else ("action",)
    if world.rulings.fortune_reroll_scope == "every-attack" or attack.kind in actions:
        ways += fruit_reroll(world, attack.side)
    return ways


def reroll_with(ctx: Context[SunshardState], attack: AttackState, source: str, *, standing: bool = False) -> None:
    """Pay for the re-roll of every die of the attack test (a Loot token, L626, or 1 Fortune, L757) and roll them
    again, staging the attack with the new dice."""
    why = "as declared with the attack, " if standing else ""
    if source == "loot":
        lose(ctx, attack.attacker, "Loot", why=f"re-rolling the attack test ({why}{RULE}, L626)")
    else:
        pay_reroll(ctx, attack.side, source, f"re-rolling the attack test ({why}{RULE}, L757)")
    attack.dice = reroll_dice(ctx, attack, source, f"{attack.attacker}'s attack test re-rolled")
    paid = {"loot": "with a Loot token", "fortune": "for 1 Fortune", "poison-fruit": "through Poison Fruit"}.get(
        source, f"({source})")
    ctx.emit(AttackStaged(attack=attack, note=f"{attack.attacker} re-rolls its attack test {paid}."))


def reroll_dice(ctx: Context[SunshardState], attack: AttackState, source: str, purpose: str) -> list[AttackDie]:
    """Re-roll every die of a test (L153: once each, L757: all of them), logging the new faces."""
    faces = roll_d20(ctx, len(attack.dice), purpose, attack.side)
    return [AttackDie(face=f, first=d.first, rerolled_by=source) for d, f in zip(attack.dice, faces, strict=True)]
