"""An attack's arithmetic (Shroudfall beta rulebook v1.4, L744-770): what adds to the hit and damage rolls, the
target's DEF and ARM against this attack, whether a total hits (at or above DEF) or is critical (at least double),
and the damage (the total divided by ARM, rounded down, then Tough or Unbreakable Hide).

Each number comes with the reasons behind it, so the working can name every rule that applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import ModelId
from engine.systems.shroudfall.schema import Weapon
from engine.systems.shroudfall.world import World

__all__ = [
    "GIANT_BASE_MM",
    "Bonus",
    "Hit",
    "Wound",
    "armour_against",
    "damage_bonuses",
    "damage_dealt",
    "defence_against",
    "drop_highest",
    "hit_bonuses",
    "judge_hit",
    "melee_penalty",
]

GIANT_BASE_MM = 50.0
"""Giant slayer's +2 applies to models on 50 mm bases or larger (L1339)."""


@dataclass(frozen=True, slots=True)
class Bonus:
    """One addition to a roll or a characteristic, with its cause and rule line."""

    source: str
    amount: int
    rule: str

    def line(self) -> str:
        return f"{self.amount:+d} {self.source} ({self.rule})"


def melee_penalty(world: World, attacker: ModelId, target: ModelId, weapon: Weapon) -> Bonus | None:
    """The -2 for shooting at a model in melee (L716-721; ruling ``melee-penalty``): a ranged profile at a target in
    melee with any model hostile to it, unless Relentless or Pistolero shoots a model it is itself in melee with
    (L1357, L1361); an arcane profile when the attacker is not in melee with the target; never a beam or area
    profile (L782, L805), never melee."""
    if weapon.shape != "single" or weapon.type == "melee" or not world.in_melee(target):
        return None
    engaged_with = world.in_melee_with(attacker, target)
    if weapon.type == "arcane" and engaged_with:
        return None
    if weapon.type == "ranged" and engaged_with and (world.has(attacker, "Relentless") or world.has(attacker,
                                                                                                    "Pistolero")):
        return None
    rule = "L717" if weapon.type == "ranged" else "L721"
    return Bonus("target in melee", -2, rule)


def _conditions(world: World, target: ModelId) -> list[str]:
    return list(world.unit(target).conditions)


def hit_bonuses(world: World, attacker: ModelId, target: ModelId, weapon: Weapon) -> list[Bonus]:
    """What adds to the hit roll: the in-melee -2, a Crippled (+2) or Poisoned (+1) target (L1393, L1409)."""
    bonuses = [b for b in (melee_penalty(world, attacker, target, weapon),) if b is not None]
    conditions = _conditions(world, target)
    if "crippled" in conditions:
        bonuses.append(Bonus("target Crippled", 2, "L1393"))
    if "poisoned" in conditions:
        bonuses.append(Bonus("target Poisoned", 1, "L1409"))
    return bonuses + _combined(world, attacker)


def damage_bonuses(world: World, attacker: ModelId, target: ModelId, weapon: Weapon) -> list[Bonus]:
    """What adds to the damage roll: a Poisoned (+1) or Shattered (+2) target (L1409, L1413), Giant slayer against a
    base of 50 mm or more (L1339), and the Order that adds 1 to melee damage (L350)."""
    bonuses = []
    conditions = _conditions(world, target)
    if "poisoned" in conditions:
        bonuses.append(Bonus("target Poisoned", 1, "L1409"))
    if "shattered" in conditions:
        bonuses.append(Bonus("target Shattered", 2, "L1413"))
    if world.has(attacker, "Giant slayer") and world.base(target).diameter_mm >= GIANT_BASE_MM - 1e-9:
        bonuses.append(Bonus("Giant slayer against a base of 50 mm or more", 2, "L1339"))
    if weapon.type == "melee" and "melee-damage+1" in world.unit(attacker).effects:
        bonuses.append(Bonus("Order: Aim for the weak spot!", 1, "L350"))
    return bonuses + _combined(world, attacker)


def _combined(world: World, attacker: ModelId) -> list[Bonus]:
    """A Combined Shot or Strike's +1 to hit and damage for each remaining model that joins it (L1325, L1327)."""
    found = [int(e.split("+", 1)[1]) for e in world.unit(attacker).effects if e.startswith("combined+")]
    return [Bonus("Combined Shot or Strike", found[0], "L1325, L1327")] if found and found[0] else []


def defence_against(world: World, attacker: ModelId, target: ModelId, weapon: Weapon) -> tuple[int, list[Bonus]]:
    """The target's DEF against this attack: its card's, +2 with Duellist against an enemy melee attack (L1329), and
    the terrain it benefits from (L1017); never below 1 (L314)."""
    card = world.card(target)
    bonuses = []
    if weapon.type == "melee" and world.has(target, "Duellist"):
        bonuses.append(Bonus("Duellist against a melee attack", 2, "L1329"))
    benefit = world.benefits(attacker, target, weapon.type, beam=weapon.shape == "beam")
    if benefit.defence:
        bonuses.append(Bonus(f"terrain: {', '.join(benefit.sources)}", benefit.defence, "L1017"))
    return max(1, card.defence + sum(b.amount for b in bonuses)), bonuses


def armour_against(world: World, attacker: ModelId, target: ModelId, weapon: Weapon) -> tuple[int, list[Bonus]]:
    """The target's ARM against this attack: its card's and the terrain it benefits from; never below 1 (L318)."""
    benefit = world.benefits(attacker, target, weapon.type, beam=weapon.shape == "beam")
    bonuses = [Bonus(f"terrain: {', '.join(benefit.sources)}", benefit.armour, "L1017")] if benefit.armour else []
    return max(1, world.card(target).armour + sum(b.amount for b in bonuses)), bonuses


@dataclass(frozen=True, slots=True)
class Hit:
    """A judged hit roll: the total after modifiers, the DEF it met, and whether it hit or was critical."""

    total: int
    defence: int
    hit: bool
    critical: bool

    def line(self) -> str:
        verdict = "a critical hit" if self.critical else ("a hit" if self.hit else "a miss")
        return (f"{self.total} against DEF {self.defence} (a critical hit from {2 * self.defence}): {verdict} "
                f"(L746, L750)")


def judge_hit(total: int, defence: int, *, automatic: bool = False) -> Hit:
    """A total at or above DEF hits, at least double DEF is critical (L746-750); an automatic hit is never critical
    (L754)."""
    if automatic:
        return Hit(total, defence, True, False)
    return Hit(total, defence, total >= defence, total >= 2 * defence)


@dataclass(frozen=True, slots=True)
class Wound:
    """A judged damage roll: the total, the ARM, the damage before and after the target's hide."""

    total: int
    armour: int
    raw: int
    damage: int
    hide: str | None

    def line(self) -> str:
        hide = f", {self.hide} makes it {self.damage}" if self.hide and self.damage != self.raw else ""
        return f"{self.total} / ARM {self.armour} = {self.raw} damage, rounded down (L760){hide}"


def damage_dealt(total: int, armour: int, *, tough: bool = False, unbreakable: bool = False) -> Wound:
    """The damage of a roll: the total divided by ARM rounded down (L760); Tough Hide takes 1 off to a minimum of 1,
    Unbreakable Hide to a minimum of 0 (L1377-1379); no damage stays none."""
    raw = max(0, total) // max(1, armour)
    if raw and unbreakable:
        return Wound(total, armour, raw, raw - 1, "Unbreakable Hide (L1379)")
    if raw and tough:
        return Wound(total, armour, raw, max(1, raw - 1), "Tough Hide (L1377)")
    return Wound(total, armour, raw, raw, None)


def drop_highest(values: Sequence[int]) -> tuple[int, ...]:
    """Hard to Hit: the roll loses its highest die after every re-roll (L1343; a single die leaves nothing)."""
    if not values:
        return ()
    index = max(range(len(values)), key=lambda i: (values[i], -i))
    return tuple(v for i, v in enumerate(values) if i != index)
