"""Damage: one d20 per Hit, a Wound for each at or under PW minus ARM (Eldfall core rules v1.5, L535-563).

A critical Hit sets ARM to 0 for its roll (L831) unless the target has Arcane Shield (L2304); Ignore Armor does
the same (L2089) and Armor-Piercing counts half the ARM, rounded up (L2013). A difference of 0 or less wounds
nobody; damage rolls are not failed automatically at 0, they simply cannot succeed (L572). A model at 0 HP becomes
Incapacitated at the end of the sequence, and an Incapacitated model that is wounded dies (L872); Burn adds damage
rolls at ARM 0 (L2021) and Cleave one more Wound for each (L2025), neither repeating (ruling burn-cleave-recursion).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.checks import Cited, Die, Explained, Goal, Judged
from engine.systems.eldfall.attack import Hit, Value
from engine.systems.eldfall.rulings import Rulings

__all__ = ["DamageDie", "DamageRoll", "WoundOutcome", "armour_value", "cleave", "damage_roll", "wound"]


def armour_value(arm: int, *, critical: bool = False, ignore_armor: bool = False, armor_piercing: bool = False,
                 arcane_shield: bool = False, shield_bonus: int = 0) -> Value:
    """ARM for one damage roll, from the target's modified ARM.

    Arcane Shield adds 4 but never past 6 (and keeps criticals from ignoring ARM); a shield adds its bonus against
    ranged attacks from the front (L462); then a critical or Ignore Armor makes it 0, Armor-Piercing halves it.
    """
    lines = [f"ARM {arm}"]
    value = arm
    if arcane_shield:
        value = max(value, min(value + 4, 6))
        lines.append(f"Arcane Shield: {value} (+4, never above 6; L2304)")
    if shield_bonus:
        value += shield_bonus
        lines.append(f"{shield_bonus:+d} shield against a ranged attack from the front (L462)")
    if critical and not arcane_shield:
        value = 0
        lines.append("critical: ARM 0 (L831)")
    elif ignore_armor:
        value = 0
        lines.append("Ignore Armor: ARM 0 (L2089)")
    elif armor_piercing:
        value = -(-value // 2)
        lines.append(f"Armor-Piercing: half, {value} (L2013)")
    return Value(value, tuple(lines))


@dataclass(frozen=True, slots=True)
class DamageDie:
    """One damage roll: the Hit it is for, the face, the ARM counted and whether it wounds."""

    hit: Hit
    die: Die
    armour: int
    threshold: int
    wound: bool


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """Every damage roll of an attack on one model, and the Wounds they cause."""

    defender: str
    power: Value
    dice: tuple[DamageDie, ...]
    working: tuple[str, ...]

    @property
    def wounds(self) -> int:
        """How many of the rolls wound."""
        return sum(1 for d in self.dice if d.wound)

    def explained(self, what: str) -> Explained:
        """The rolls against the damage threshold: ``PW 12, -3 ARM = 9: 17 no Wound, 4 Wound`` (a roll whose ARM
        differs, a critical's 0, says its own threshold)."""
        usual = self.dice[0].armour if self.dice else 0
        dice = tuple(Judged(str(d.die.face) if d.armour == usual else f"{d.die.face} (ARM {d.armour}: {d.threshold})",
                            d.wound, "Wound" if d.wound else "no Wound",
                            Cited(f"at or under PW {self.power.value} - ARM {d.armour} = {d.threshold}"
                                  + (", a critical" if d.hit.critical else ""), "L535-563"))
                     for d in self.dice)
        goal = Goal("PW", self.power.value, self.power.value - usual,
                    (Cited(f"-{usual} ARM" if usual else "ARM 0", "L535"),))
        return Explained(what, dice, goal)


def damage_roll(hits: Sequence[Hit], power: Value | int, arm: int, faces: Sequence[int | Die], *,
                ignore_armor: bool = False, armor_piercing: bool = False, arcane_shield: bool = False,
                shield_bonus: int = 0) -> DamageRoll:
    """Roll one damage die per Hit (in order) against PW minus that Hit's ARM.

    :raises ValueError: when the number of faces is not the number of Hits, or a Hit is on another model.
    """
    if len(faces) != len(hits):
        raise ValueError(f"{len(hits)} Hits need {len(hits)} damage dice, got {len(faces)}")
    defenders = {h.defender for h in hits}
    if len(defenders) > 1:
        raise ValueError(f"one damage roll is for one model, got Hits on {', '.join(sorted(defenders))}")
    pw = power if isinstance(power, Value) else Value(power, (f"PW {power}",))
    lines = list(pw.working)
    dice = []
    for hit, face in zip(hits, faces, strict=True):
        die = face if isinstance(face, Die) else Die(face)
        if not 1 <= die.face <= 20:
            raise ValueError(f"a d20 shows 1 to 20, got {die.face}")
        armour = armour_value(arm, critical=hit.critical, ignore_armor=ignore_armor, armor_piercing=armor_piercing,
                              arcane_shield=arcane_shield, shield_bonus=shield_bonus)
        threshold = pw.value - armour.value
        wounds = die.face <= threshold
        dice.append(DamageDie(hit, die, armour.value, threshold, wounds))
        note = " (critical)" if hit.critical else ""
        lines.append(f"damage {die.face}{note} against PW {pw.value} - ARM {armour.value} = {threshold}: "
                     f"{'Wound' if wounds else 'no Wound'}")
    defender = hits[0].defender if hits else ""
    total = sum(1 for d in dice if d.wound)
    lines.append(f"{total} {'Wound' if total == 1 else 'Wounds'}")
    return DamageRoll(defender, pw, tuple(dice), tuple(lines))


def cleave(wounds: int) -> int:
    """Wounds after Cleave: each Wound brings one more, once (L2025; ruling burn-cleave-recursion)."""
    return wounds * 2


@dataclass(frozen=True, slots=True)
class WoundOutcome:
    """A model's HP after the sequence's Wounds, and the state it ends the sequence in."""

    hp: int
    incapacitated: bool
    dead: bool
    working: tuple[str, ...]


def wound(hp: int, wounds: int, *, incapacitated: bool = False, rulings: Rulings) -> WoundOutcome:
    """Apply a sequence's Wounds to a model with ``hp`` left (``incapacitated`` when the sequence began).

    HP never goes below 0; at 0 the model becomes Incapacitated at the end of the sequence (L872). A model that
    was already Incapacitated dies when wounded; Wounds beyond 0 HP in the same sequence kill only under ruling
    ``wounds-past-zero: kill``.
    """
    if hp < 0 or wounds < 0:
        raise ValueError(f"HP and Wounds cannot be negative, got {hp} and {wounds}")
    if wounds == 0:
        return WoundOutcome(hp, incapacitated, False, ())
    if incapacitated:
        return WoundOutcome(0, True, True, ("already Incapacitated: a Wound makes it Dead (L872)",))
    left = max(hp - wounds, 0)
    lines = [f"HP {hp} - {wounds} = {left}"]
    dead = rulings.wounds_past_zero == "kill" and wounds > hp
    if dead:
        lines.append("Wounds beyond 0 HP kill it (ruling wounds-past-zero)")
    elif left == 0:
        lines.append("Incapacitated at the end of the Activation Sequence (L872)")
    return WoundOutcome(left, left == 0, dead, tuple(lines))
