"""Who an attack may target (Shroudfall beta rulebook v1.4, L703-742, L772-807, L1541): one model in the weapon's range
and the attacker's sight, with the in-melee ban on ranged profiles and Stealth beyond 6"; a beam hits every model
under a 1"-wide strip laid from the attacker toward a model it sees; an area attack every model within its range.
Beam and area targets are found on the table, never listed by a player, and OBSCURING terrain passed completely
through keeps a model out (L793-797, L803).

Every predicate here is the one rule both the menus and the rule check use: a value a menu offers is accepted.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.core import ModelId
from engine.geometry import TOLERANCE, bearing, strip_template, touched_by
from engine.systems.shroudfall.schema import AttackType, Weapon
from engine.systems.shroudfall.world import World

__all__ = [
    "area_targets",
    "beam_targets",
    "target_refusal",
    "types_allowed",
    "weapon_refusal",
]


def types_allowed(world: World, model: ModelId, used: Sequence[AttackType]) -> tuple[AttackType, ...]:
    """The weapon types a model may still use in this attack action: all of one type (L545), melee and ranged with
    Gunblade (L1341), arcane and one of ranged or melee with Spellblade (L1371)."""
    if not used:
        return ("melee", "ranged", "arcane")
    kinds = set(used)
    allowed = set(kinds)
    if world.has(model, "Gunblade") and kinds <= {"melee", "ranged"}:
        allowed |= {"melee", "ranged"}
    if world.has(model, "Spellblade"):
        other = kinds - {"arcane"}
        allowed |= {"arcane", *other} if other else {"arcane", "melee", "ranged"}
    return tuple(t for t in ("melee", "ranged", "arcane") if t in allowed)


def weapon_refusal(world: World, model: ModelId, weapon: Weapon, used: Sequence[str],
                   used_types: Sequence[AttackType]) -> str | None:
    """Why ``model`` may not attack with ``weapon`` now in this attack action, or None."""
    if weapon.name in used:
        return f"{model} has attacked with {weapon.name} in this attack action already (L728)"
    if weapon.type not in types_allowed(world, model, used_types):
        return (f"{model} attacks with one type of weapon per attack action and has used "
                f"{'/'.join(dict.fromkeys(used_types))} (L545)")
    if weapon.type == "ranged" and world.in_melee(model) and not (
            world.has(model, "Relentless") or world.has(model, "Pistolero")):
        return f"{model} is in melee and cannot use a ranged profile (L716)"
    return None


def target_refusal(world: World, attacker: ModelId, target: str, weapon: Weapon) -> str | None:
    """Why ``attacker`` may not target ``target`` with ``weapon`` (a single-target profile, or a beam's aim), or None:
    an enemy model in range (beams need only sight, L785) and in sight, Stealth within 6" (L1373), Pistolero only at
    models in melee with it (L1357). Asked once per table (the menus, a preview and the command ask alike)."""
    question = ("target", attacker, target, weapon.name, weapon.type, weapon.range, weapon.shape)
    return world.settled(question, lambda: _target_refusal(world, attacker, target, weapon))


def _target_refusal(world: World, attacker: ModelId, target: str, weapon: Weapon) -> str | None:
    if ModelId(target) not in world.state.models:
        return f"{target} is a scenario element, which cannot be attacked (L1207)"
    if ModelId(target) == attacker:
        return f"{attacker} cannot attack itself"
    target_id = ModelId(target)
    gap = world.gap(attacker, target_id)
    if weapon.shape != "beam":
        if world.state.models[target_id].side == world.state.models[attacker].side:
            return f"{target} is a friendly model"
        if gap > weapon.range + TOLERANCE:
            return f"{target} is {gap:.2f}\" away, beyond {weapon.name}'s {weapon.range:g}\" (L729)"
    if world.stealth_hides(target_id, attacker):
        return f"{target} has Stealth and is {gap:.2f}\" away: nothing more than 6\" away may target it (L1373)"
    if not world.sees(attacker, target_id):
        return f"{attacker} has no line of sight to {target} (L681-688)"
    if weapon.type == "ranged" and world.has(attacker, "Pistolero") and not world.has(attacker, "Relentless") \
            and world.in_melee(attacker) and not world.in_melee_with(attacker, target_id):
        return f"{attacker} is in melee: with Pistolero it shoots only models in melee with it (L1357)"
    return None


def _hostile_to_template(world: World, attacker: ModelId, model: ModelId) -> bool:
    """Whether a beam or area attack of ``attacker`` targets ``model``: never itself, never a Stealth model more than
    6" away (L1373), friends by ruling ``template-targets``."""
    if model == attacker or world.stealth_hides(model, attacker):
        return False
    if world.rulings.template_targets == "enemies-only":
        return world.state.models[model].side != world.state.models[attacker].side
    return True


def beam_targets(world: World, attacker: ModelId, aim: ModelId, weapon: Weapon) -> tuple[ModelId, ...]:
    """The models a beam hits: a 1" x RNG strip laid from the attacker's base toward the aimed model's centre, every
    model it overlaps (the attacker never; friends too by ruling ``template-targets``) that OBSCURING terrain does not
    completely hide (L776-799, L793). Only the bases near the strip's line (a few multiplications each) are measured
    exactly, and only those under it are asked whether the beam may hit them: the same models in the same order as
    measuring every base, at a fraction of the cost (the bot asks of every aim beyond a beam's length)."""
    base = world.base(attacker)
    (x, y), radius = base.xy, base.radius
    direction = bearing((x, y), world.base(aim).xy)
    a = math.radians(direction)
    ux, uy = math.cos(a), math.sin(a)
    near = []
    for model in world.state.models:
        other = world.base(model)
        (ox, oy), r = other.xy, other.radius
        along, across = (ox - x) * ux + (oy - y) * uy, abs((ox - x) * uy - (oy - y) * ux)
        if model != attacker and across <= _BEAM_WIDTH / 2 + r + _NEAR and \
                radius - r - _NEAR <= along <= radius + weapon.range + r + _NEAR:
            near.append(other)
    if not near:
        return ()
    middle = radius + weapon.range / 2
    strip = strip_template((x + middle * ux, y + middle * uy), direction, weapon.range, _BEAM_WIDTH)
    return tuple(ModelId(m) for m in touched_by(strip, near)
                 if _hostile_to_template(world, attacker, ModelId(m)) and not world.obscured(attacker, ModelId(m)))


_BEAM_WIDTH = 1.0
"""A beam's strip is the range tool, 1" wide (L776)."""
_NEAR = 0.05
"""Inches of slack in the quick test of which bases come near a beam's strip, well over the exact test's tolerance."""


def area_targets(world: World, attacker: ModelId, weapon: Weapon) -> tuple[ModelId, ...]:
    """The models an area attack hits: every model within its range of the attacker (not the attacker) that OBSCURING
    terrain does not completely hide (L801-807, L795)."""
    return tuple(m for m in world.state.models if _hostile_to_template(world, attacker, m)
                 and world.gap(attacker, m) <= weapon.range + TOLERANCE and not world.obscured(attacker, m))
