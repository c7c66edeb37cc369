"""One model's attack with one profile, rolled in the open (Shroudfall beta rulebook v1.4, L725-770, L1535-1561): the
target (the one named, or the nearest the profile may take when that one cannot be), the infusion the attacker chose
with it, every hit roll before any damage roll, and each roll told in one public line with its working.

The essence re-roll and the players' other re-roll choices are their decisions after the roll, asked by
``rolling.py`` in the book's order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import IllegalCommand, ModelId, SideId
from engine.dice import Die, DieRoll, RolledPool
from engine.systems.shroudfall.actives import inspired
from engine.systems.shroudfall.attack import hit_bonuses
from engine.systems.shroudfall.essence import Infusion, can_pay, pay
from engine.systems.shroudfall.events import ReserveChanged
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.schema import COLOURS, AttackType, Colour, Weapon, format_pool
from engine.systems.shroudfall.strike import AttackPlan, DamageRoll, HitRoll, check_attack, open_roll
from engine.systems.shroudfall.targeting import target_refusal
from engine.systems.shroudfall.world import World

__all__ = ["begin_roll", "choose_target", "damage_line", "dice_shown", "hit_line", "hooks", "infusion_of",
           "plan_strike", "takeable", "takes"]


def infusion_of(essence: str) -> Colour | None:
    """The colour an attack's essence (``yellow``, ``red+combined``...) infuses each roll with, if any (L929-931)."""
    parts = set(essence.split("+"))
    return next((c for c in COLOURS if c in parts), None)


def choose_target(world: World, model: ModelId, weapon: Weapon, wanted: str) -> str | None:
    """The target of one profile's attack: ``wanted`` when the profile may take it, else the nearest enemy it may take
    (the plan of an attack action a player names one target for); an area profile needs none."""
    if weapon.shape == "area":
        return ""
    if takes(world, model, weapon, wanted):
        return wanted
    return next(iter(takeable(world, model, weapon)), None)


def takes(world: World, model: ModelId, weapon: Weapon, wanted: str) -> bool:
    """Whether the profile may take ``wanted`` now (range, sight, the rest of its rule check, L729)."""
    return bool(wanted) and wanted in world.state.models and target_refusal(world, model, wanted, weapon) is None


def takeable(world: World, model: ModelId, weapon: Weapon) -> list[ModelId]:
    """The enemies the profile may take now, nearest first."""
    enemies = sorted(world.enemies(model), key=lambda e: world.gap(model, e))
    return [e for e in enemies if target_refusal(world, model, e, weapon) is None]


def dice_shown(pool: RolledPool) -> str:
    """The dice as rolled and kept, by colour: ``R3 Y2 Y0 G1``."""
    return " ".join(f"{roll.die.removeprefix('essence-')[0].upper()}{roll.value}" for roll in pool.rolls)


def _infusion(ctx: Table, side: SideId, colour: Colour | None, what: str) -> Infusion | None:
    """Pay for the roll's infusion from the attacker's reserve while it holds the colour (L929-931)."""
    if colour is None or not can_pay(ctx.state.record(side).reserve, (colour,)):
        return None
    why = f"infusing {what} (L929-931)"
    left, spent = pay(ctx.state.record(side).reserve, (colour,), what=why)
    ctx.emit(ReserveChanged(side=side, reserve=left, spent=spent, why=why))
    return Infusion(colour)


def hooks(ctx: Table, side: SideId) -> tuple[Callable[[Sequence[Die], str], tuple[DieRoll, ...]],
                                             Callable[[DieRoll, Die], DieRoll]]:
    def roll(dice: Sequence[Die], purpose: str) -> tuple[DieRoll, ...]:
        return ctx.roll(dice, purpose, roller_side=side)

    def reroll(previous: DieRoll, die: Die) -> DieRoll:
        return ctx.reroll(previous, die, "a re-roll", roller_side=side, limit=None)

    return roll, reroll


def hit_line(world: World, plan: AttackPlan, target: ModelId, hit: HitRoll, infused: Infusion | None) -> str:
    """The hit roll in a few words: the dice by colour, the total with modifiers, DEF and the critical threshold."""
    bonus = sum(b.amount for b in hit_bonuses(world, plan.attacker, target, plan.weapon))
    base = world.card(plan.attacker).hit[plan.weapon.type]
    infusion = f"+{infused.colour[0].upper()}" if infused else ""
    mods = f" {bonus:+d}" if bonus else ""
    verdict = "critical hit" if hit.hit.critical else ("hit" if hit.hit.hit else "miss")
    return (f"hit {format_pool(base)}{infusion} [{dice_shown(hit.pool)}]{mods} = {hit.hit.total} vs DEF "
            f"{hit.hit.defence} (critical at {2 * hit.hit.defence}): {verdict}")


def damage_line(plan: AttackPlan, damage: DamageRoll, infused: Infusion | None) -> str:
    infusion = f"+{infused.colour[0].upper()}" if infused else ""
    wound = damage.wound
    hide = f", {wound.hide.split(' (')[0]} makes it {wound.damage}" if wound.hide and wound.damage != wound.raw else ""
    return (f"damage {format_pool(plan.weapon.damage)}{infusion} [{dice_shown(damage.pool)}] = {wound.total} / ARM "
            f"{wound.armour} = {wound.raw}{hide}")


def begin_roll(ctx: Table, ref: Referee, plan: AttackPlan, target: ModelId, which: str,
               infuse: Colour | None) -> tuple[RolledPool, str, Infusion | None]:
    """Roll one target's hit or damage roll with the infusion the attacker chose, paid first (L929-931; a melee hit
    roll near Inspiring Presence takes its grey die unless infused stronger, L523-525, L931). The pool, the line
    saying what was rolled, and the infusion."""
    roll, _ = hooks(ctx, plan.side)
    world = ref.world(ctx)
    infused = _infusion(ctx, plan.side, infuse, f"the {which} roll against {target}")
    if which == "hit":
        infused = inspired(world, plan.attacker, plan.weapon, infused)
    pool, first = open_roll(world, plan, target, which, infused, roll)
    return pool, first, infused


def plan_strike(world: World, side: SideId, model: ModelId, weapon: Weapon, target: str | None, *,
                used: Sequence[str] = (), used_types: Sequence[AttackType] = ()) -> AttackPlan | None:
    """The rule check of one profile's attack, or None when it cannot be made now (its target is gone, out of reach
    or sight, and no other may be taken)."""
    try:
        return check_attack(world, side, model, weapon.name, target, used=used, used_types=used_types)
    except IllegalCommand:
        return None

