"""An attack's numbers before its dice: the attribute it rolls with every modifier, its STK, its reach measured
after the declaration, its PW and what its Hits carry (Eldfall core rules v1.5, L801-827, L1412-1522).

- Attribute: OFF or DEF for melee items, ACC for ranged ones, INT (M for a Mystic) for spells (L1444-1480);
  additions first, halving after (L573): reach bands (L742), cover (L1498-1500), a shield from the front (L462),
  shooting into melee (L1522), a Marksman after Idle (L1843), Demon against the
  Panicked (L2049), Druid's +4 on Earth spells (L1827), War Darts (L2799), a Casting Aura attack without sight
  halved (L755).
- STK: the means' in the Active role, 1 in the Reactive role unless Defensive Stance or Sentinel (L801-807,
  L1859, L1880), fixed at 1 by Crouched, melee while Flying, Dash (L1706, L1733, ruling dash-wording); a dagger
  strikes once more at a Crouched model (L2669).
- Reach is measured after the declaration; a target beyond it fails its strikes (L746, L760).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.checks import Modifier, Target
from engine.core import ModelId
from engine.geometry import TOLERANCE, Base, bearing
from engine.systems.eldfall.attack import Role, Value, attack_attribute, power_value, strike_value
from engine.systems.eldfall.cards import size_steps
from engine.systems.eldfall.cover import cover
from engine.systems.eldfall.equipment import shield_armour, shield_modifier
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.friendly_fire import shooting_into_melee
from engine.systems.eldfall.hitbox import gap
from engine.systems.eldfall.means import Means
from engine.systems.eldfall.modifiers import Source, art_effect, strike_bonuses, strike_fixed_by
from engine.systems.eldfall.reach import band_modifier, overdraw
from engine.systems.eldfall.refs import parse_ref
from engine.systems.eldfall.schema import Attribute, Band
from engine.systems.eldfall.world import World
from engine.table import Point

__all__ = [
    "Plan",
    "Reach",
    "active_strike",
    "against_crouched",
    "art_source",
    "attack_kinds",
    "attack_target",
    "from_front",
    "hurl_allows",
    "measure_reach",
    "point_gap",
    "power",
    "reach_inches",
    "reactive_strike",
    "resistance",
    "shield_bonus",
    "situational",
    "two_sizes_larger",
]


def art_source(f: Fighter, art: str | None) -> Source | None:
    """The declared combat art level as an effect source (L287-299)."""
    if not art:
        return None
    ref = parse_ref(art)
    return art_effect(f.card, f.catalogue, ref.name, ref.level)


def _conditioned(f: Fighter, art: Source | None) -> list[Source]:
    """The effects that apply only to some attacks (a role, melee or ranged, after Idle), plus the art."""
    found = [s for s in f.sources if s.effect.role is not None or s.effect.attack is not None or s.effect.after_idle]
    return [*found, art] if art is not None else found


_CROUCH_PIERCERS = frozenset({"dagger", "piercing-dagger", "mastercrafted-piercing-dagger"})
"""Daggers striking once more at a Crouched model (the Dagger, L2669; the Piercing Daggers' cards say the same)."""


def against_crouched(means: Means, target: Fighter) -> int:
    """+1 STK for a dagger used in melee against a Crouched model (L2669); 0 otherwise."""
    return 1 if means.id in _CROUCH_PIERCERS and not means.thrown and target.is_("crouched") else 0


def _item_bonus(f: Fighter, means: Means, role: Role) -> list[tuple[str, int]]:
    bonuses: list[tuple[str, int]] = []
    if means.spell is not None and means.spell.spell_type == "Sorcery" and f.accessory("staff-of-sorceries"):
        bonuses.append(("Staff of Sorceries", 1))
    if means.id == "mastercrafted-helrin-sword" and role == "active":
        bonuses.append(("Mastercrafted Helrin Sword", 1))
    if means.item is not None and means.kind == "melee" and f.loadout.shield is not None and means.reach is not None \
            and (means.reach.inches or 0) > 0 and "Shield" not in means.item.types:
        bonuses.append(("a shield equipped (L462)", -1))
    return bonuses


def _fixed(f: Fighter, means: Means, role: Role, dash: bool, art: Source | None) -> str | None:
    fixed = strike_fixed_by(_conditioned(f, art) + [s for s in f.sources if s.effect.strike_set], role, means.kind)
    if fixed is not None:
        return fixed
    if f.is_("flying") and means.kind == "melee":
        return "Flying (L1733)"
    if dash:
        return "Dash (L187; ruling dash-wording)"
    if means.id == "hurl":
        return "Hurl (L1956)"
    return None


def hurl_allows(used: Sequence[Means], means: Means) -> bool:
    """Whether a model that attacked with ``used`` earlier in this Activation Sequence may attack with ``means``:
    one that Hurls uses no other Ranged Weapon or Spell in the same sequence, before or after (L1956)."""
    def other(m: Means) -> bool:
        return m.id != "hurl" and (m.kind == "ranged" or m.spell is not None)

    if means.id == "hurl":
        return not any(other(m) for m in used)
    return not other(means) or not any(m.id == "hurl" for m in used)


def _inscribed(f: Fighter, means: Means) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """An inscribed item's STK change (L2859), as (bonuses on every attack, changes of its printed STK): where it
    counts is ruling ``inscribed-strike``."""
    change = f.item_change(means)
    if change is None or not change.stk:
        return [], []
    found = [(f"{change.name} on its {f.catalogue.item(change.item).name} ({change.rule})",
              change.stk)]
    return (found, []) if f.rulings.inscribed_strike == "every-attack" else ([], found)


def active_strike(world: World, f: Fighter, means: Means, idle: bool, dash: bool, art: Source | None = None) -> Value:
    """STK in the Active role (L801-819)."""
    bonuses = strike_bonuses(_conditioned(f, art), "active", means.kind, idle=idle) + _item_bonus(f, means, "active")
    every, printed = _inscribed(f, means)
    return strike_value(means.stk, f.stamina, "active", defensive_stance=f.is_("stance"), bonuses=bonuses + every,
                        printed_bonuses=printed, fixed_by=_fixed(f, means, "active", dash, art))


def reactive_strike(world: World, f: Fighter, means: Means, art: Source | None = None) -> Value:
    """STK in the Reactive role: 1, a Sentinel's +1, a Warrior's Active STK in Defensive Stance, an art's bonus
    (L801, L1859, L1880)."""
    bonuses = strike_bonuses(_conditioned(f, art), "reactive", means.kind) + _item_bonus(f, means, "reactive")
    every, printed = _inscribed(f, means)
    return strike_value(means.stk, f.stamina, "reactive", defensive_stance=f.is_("stance"), bonuses=bonuses + every,
                        printed_bonuses=printed, fixed_by=_fixed(f, means, "reactive", False, art))


@dataclass(frozen=True, slots=True)
class Reach:
    """Reach measured after the declaration: whether the target is in it, the band's modifier, the working."""

    ok: bool
    modifier: int
    line: str


def _spell_reach(f: Fighter, inches: float) -> float:
    return inches + (4.0 if f.accessory("casting-amplifier") else 0.0)


def _bands(f: Fighter, bands: Sequence[Band], art: Source | None) -> Sequence[Band]:
    """A ranged weapon's bands, the first lengthened by Archery I's Overdraw (L2243, ruling archery-overdraw)."""
    if art is not None and art.effect.first_band:
        return overdraw(bands, art.effect.first_band, f.rulings)
    return bands


def reach_inches(world: World, f: Fighter, means: Means) -> float | None:
    """How far ``means`` reaches from ``f``'s hitbox, in inches, for a menu's label (its Casting Aura: the
    Awareness; a ranged weapon: its last band); None for a template that is its own reach. ``measure_reach`` decides
    after declaring (L746)."""
    reach = means.reach
    if reach is None:
        return 0.0
    if reach.casting_aura:
        return world.awareness(f)
    if reach.bands:
        return max(band.upto for band in _bands(f, reach.bands, None))
    if reach.attribute == "T":
        return float(f.value("T"))
    if reach.inches is not None:
        return _spell_reach(f, reach.inches) if means.spell is not None and reach.inches > 0 else reach.inches
    return None


def point_gap(f: Fighter, point: tuple[float, float]) -> float:
    """How far ``point`` lies from ``f``'s base, in inches (0 under it): a Targetless attack's reach to the point it
    is aimed at (L738-746)."""
    return max(0.0, math.dist((f.model.x, f.model.y), point) - f.model.radius)


def measure_reach(world: World, f: Fighter, means: Means, target: Base, attacker: Base,
                  art: Source | None = None) -> Reach:
    """Whether ``target`` is within ``means``' reach from ``attacker`` (hitbox to hitbox, L738-762)."""
    reach = means.reach
    if reach is None:
        return Reach(True, 0, "no reach to measure")
    measured = gap(attacker, target)
    if reach.casting_aura:
        ok = world.aware(f.id, ModelId(target.id), other_at=target.xy, owner_at=attacker.xy)
        return Reach(ok, 0, f"{target.id} is {'inside' if ok else 'outside'} {f.id}'s Casting Aura (L748-752)")
    if reach.bands:
        band = band_modifier(_bands(f, reach.bands, art), measured, f.rulings)
        return Reach(band.modifier is not None, band.modifier or 0, band.working)
    if reach.attribute == "T":
        inches = float(f.value("T"))
    elif reach.inches is not None:
        inches = _spell_reach(f, reach.inches) if means.spell is not None and reach.inches > 0 else reach.inches
    else:
        return Reach(True, 0, "a spray template is its own reach")
    ok = measured <= inches + TOLERANCE
    return Reach(ok, 0, f"{measured:.2f}\" to {target.id}, reach {inches:g}\": {'in reach' if ok else 'out of reach'}"
                        " (L738-746)")


def from_front(defender: Base, attacker_xy: Point) -> bool:
    """Whether an attacker stands in front of the defender: its centre in the front half (ruling shield-front)."""
    off = abs((bearing(defender.xy, attacker_xy) - defender.pose.facing + 180.0) % 360.0 - 180.0)
    return off <= 90.0 + TOLERANCE


def situational(world: World, f: Fighter, means: Means, attribute: Attribute, role: Role, idle: bool,
                target: Fighter | None, attacker: Base, defender: Base | None, art: Source | None,
                sighted: bool) -> list[Modifier]:
    """The modifiers this attack's circumstances put on its attribute (see the module's list)."""
    mods: list[Modifier] = []
    for source in _conditioned(f, art):
        effect = source.effect
        if (effect.role is None or effect.role == role) and (effect.attack is None or effect.attack == means.kind) \
                and (idle or not effect.after_idle) and effect.adds.get(attribute):
            mods.append(Modifier.add(source.name, effect.adds[attribute], None))
    if means.spell is not None:
        mods += f.casting_modifiers(means.spell)
    if means.id == "war-darts":
        mods.append(Modifier.add("War Darts", 3, "L2799"))
    if means.id == "hurl" and defender is not None and gap(attacker, defender) <= f.value("T") / 2:
        mods.append(Modifier.add("Hurl within half its reach", 4, "L1956"))
    if defender is not None and means.reach is not None and means.reach.bands:
        band = band_modifier(_bands(f, means.reach.bands, art), gap(attacker, defender), f.rulings)
        if band.modifier:  # beyond the last band the attack fails anyway (L760)
            mods.append(Modifier.add(f"range: {band.working}", band.modifier, "L742"))
    if target is not None and defender is not None:
        if f.has("Demon") and target.is_("panicked") and not target.has("Demon"):
            mods.append(Modifier.add("Demon against a Panicked model", 4, "L2049"))
        if means.kind == "ranged" and "glyphscribe-hyperias-providence" in target.figure.upgrades \
                and target.loadout.shield is not None and from_front(defender, attacker.xy):
            mods.append(Modifier.add("Hyperia's Providence, a shield to the front", -3, "L2865"))
        if means.kind == "melee" and target.loadout.shield is not None and not means.has("Ignore Shield") \
                and from_front(defender, attacker.xy):
            found = shield_modifier(True, True)
            if found is not None:
                mods.append(found)
        if means.kind == "ranged" and means.aoe is None and means.spell is None:
            allies = [a for a in world.allies(f) if world.touching(a.id, target.id)]
            into = shooting_into_melee(len(allies))
            if into is not None:
                mods.append(into)
        if means.kind == "ranged":
            found_cover = cover(attacker, defender, target.card.size, world.terrain, crouched=target.is_("crouched"),
                                flying=target.is_("flying"), casting_aura=means.casting_aura,
                                targetless=False, rulings=f.rulings)
            if found_cover.modifier is not None:
                mods.append(found_cover.modifier)
        if means.casting_aura and role == "active" and not sighted and not f.has("Clairvoyance"):
            mods.append(Modifier.halve("casting through its Casting Aura without LoS", "L755"))
    return mods


def attack_target(world: World, f: Fighter, means: Means, role: Role, idle: bool, target: Fighter | None,
                  attacker: Base, defender: Base | None, art: Source | None, sighted: bool,
                  extra: Sequence[Modifier] = ()) -> tuple[Attribute, Target]:
    """The attribute an attack rolls with and its modified value."""
    attribute = attack_attribute(means.kind, spell=means.spell is not None, role=role,
                                 casts_with=f.casting_attribute())
    mods = situational(world, f, means, attribute, role, idle, target, attacker, defender, art, sighted)
    return attribute, f.attribute(attribute, [*mods, *extra])


_POWER_TERMS: tuple[Attribute, ...] = ("T", "AG", "INT", "M", "STA")


def power(f: Fighter, means: Means, role: Role, art: Source | None, target: Fighter, *, backstab: bool) -> Value:
    """PW for one Hit of ``f``'s attack on ``target``: the printed power (the better of two), the art's and
    Backstab's bonuses, halved by the target's Resistance I (L1479, L1896, L2145)."""
    assert means.pw is not None and means.pw != "*"
    attributes: dict[str, int] = {name: f.value(name) for name in _POWER_TERMS}
    bonuses: list[tuple[str, int]] = []
    for source in _conditioned(f, art):
        effect = source.effect
        if effect.power and (effect.role is None or effect.role == role) and \
                (effect.attack is None or effect.attack == means.kind):
            bonuses.append((source.name, effect.power))
    if backstab:
        bonuses.append(("Backstab", 3))
    halved = "Resistance I" if resistance(f, target, means) == 1 else None
    return power_value(means.pw, attributes, bonuses=bonuses, halved_by=halved, rulings=f.rulings)


def attack_kinds(attacker: Fighter, means: Means) -> frozenset[str]:
    """The attack's types and traits, lower case: its means', and ``spell`` for a spell's and for every attack of a
    model under an Enchantment whose Power is the star (L963)."""
    kinds = {t.casefold() for t in (means.spell.types if means.spell else means.item.types if means.item else ())}
    kinds |= {parse_ref(t).key for t in means.traits}
    if means.spell is not None or any(s.pw == "*" and s.id in attacker.figure.enchantments
                                      for s in attacker.catalogue.spells):
        kinds.add("spell")
    return frozenset(kinds)


def resistance(attacker: Fighter, target: Fighter, means: Means) -> int:
    """The level of the target's Resistance to this attack's type or traits (L2129-2133); a "Non-X" Resistance
    (the Water Elemental's Non-Spell) to every attack without X."""
    kinds = attack_kinds(attacker, means)
    best = 0
    for ref in target.card.traits:
        if ref.key == "resistance" and any(_covers(p.casefold(), kinds) for p in ref.params):
            best = max(best, ref.level)
    return best


def _covers(param: str, kinds: frozenset[str]) -> bool:
    return param.removeprefix("non-") not in kinds if param.startswith("non-") else param in kinds


def shield_bonus(target: Fighter, means: Means, defender: Base, attacker_xy: Point) -> int:
    """+3 ARM against a ranged attack from the front with a shield (L462)."""
    if target.loadout.shield is None or means.has("Ignore Shield"):
        return 0
    return shield_armour(means.kind == "ranged", from_front(defender, attacker_xy))


def two_sizes_larger(attacker: Fighter, target: Fighter) -> bool:
    """Knockback, Knockdown and Stagger spare a target two or more sizes larger (L2105-2165)."""
    return size_steps(attacker.card.size, target.card.size) >= 2


@dataclass(frozen=True, slots=True)
class Plan:
    """One attack of the sequence, worked out before its dice."""

    attacker: ModelId
    defender: ModelId | None
    means: Means
    role: Role
    strikes: int
    attribute: Attribute
    goal: Target
    reach: Reach
    art: Source | None
    reaction: bool
    attacker_at: Point
    defender_at: Point | None
    backstab: bool = False
    point: Point | None = None
    lines: tuple[str, ...] = ()

