"""Declaring an attack: the one rule check (:func:`check_attack`) and what a menu offers for each of its parameters
(Sunshard:Embren core rules v1.0, L395, L405-407, L423-433, L483-583, L727, L1409, L1497-1536).

An attack is made with the attack action (1 AP, +1 AP to Aim a ranged attack, L395, L565), a curse (a Cast Magika
action, L674; ruling cast-magika-cost), a Charge (0 AP after a movement action ends in contact, L405), or a Held Shot
or Held Strike (0 AP, L427-433). The check returns a frozen :class:`AttackPlan` the handler applies; the value
generators share its predicates, so a menu never offers what the check refuses.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import Choice, InvalidCommand, ModelId, RulesError, SideId
from engine.geometry import (
    TOLERANCE,
    Template,
    bearing,
    is_completely_within,
    overlapped_by,
    strip_template,
    touched_by,
    trapezoid_template,
)
from engine.geometry import covered_by as wholly_under
from engine.systems.sunshard.engagement import REACH, engaged_by, gap, in_contact
from engine.systems.sunshard.modifiers import AttackKind, is_melee, is_template, weapon_ability
from engine.systems.sunshard.schema import WeaponProfile
from engine.systems.sunshard.sight import has_sight
from engine.systems.sunshard.terrain import pieces, relation, touches
from engine.systems.sunshard.world import Miniature, World, refuse

__all__ = [
    "AttackPlan",
    "attack_cost",
    "attack_target_values",
    "attack_weapon_values",
    "check_attack",
    "in_range",
    "lay_template",
    "support_cost",
    "under_template",
    "usable_profile",
]


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """A legal attack: who attacks, with which profile, how, whom (the first target, then every other model under a
    template), its AP and Fortune costs, and the template's outline if any."""

    attacker: ModelId
    side: SideId
    profile: str
    kind: AttackKind
    targets: tuple[ModelId, ...]
    aimed: bool
    ap: int
    fortune: int
    template: tuple[tuple[float, float], ...] = ()
    reroll: str | None = None
    """The standing re-roll declared with it (``keep``, ``loot``, ``fortune``), None to be asked after the roll."""



def support_cost(profile: WeaponProfile, kind: AttackKind) -> int:
    """The Fortune an attack action with a Support Attack profile costs besides its AP (L1526)."""
    return 1 if weapon_ability(profile, "Support Attack") is not None and kind == "action" else 0


def attack_cost(world: World, kind: AttackKind, aimed: bool, attacker: Miniature) -> int:
    """AP an attack costs: 1 for the attack action (L395), the Cast Magika cost for a curse (ruling
    cast-magika-cost), 0 for a Charge, Held Shot or Held Strike (L405, L427, L433); +1 to Aim (L565) unless
    Eagle-Eye was taken (L1431)."""
    base = {"action": 1, "curse": 1 if world.rulings.cast_magika_cost == "one" else 2}.get(kind, 0)
    activation = world.state.activation
    free_aim = activation is not None and activation.model == attacker.id and activation.aim_free
    return base + (1 if aimed and not free_aim else 0)


def usable_profile(world: World, attacker: Miniature, profile: WeaponProfile, kind: AttackKind) -> None:
    """Refuse a profile the attacker may not use now: a curse outside a Cast Magika action or the reverse, Reload(X)
    spent (L1522), Jammed (L610), Shardlocked away from Seeded terrain (L1524), Support Attack without Fortune
    (L1526), a ranged profile while engaged (L547), a melee one for a Charge or Held Strike (L405, L433)."""
    curse = profile not in attacker.card.weapons
    if curse and kind not in ("curse", "held-shot"):
        raise refuse(f"{profile.name} is a curse: cast it", "L674")
    if not curse and kind == "curse":
        raise refuse(f"{profile.name} is a weapon, not a curse", "L395")
    reload = weapon_ability(profile, "Reload")
    if reload is not None and attacker.figure.reloads.get(profile.name, 0) >= int(reload[7:-1]):
        raise refuse(f"{attacker.id} has used {profile.name} {reload[7:-1]} time(s) this round, its Reload limit",
                      "L1522")
    if weapon_ability(profile, "Jammable") is not None and attacker.holds("Jammed"):
        raise refuse(f"{attacker.id} is Jammed and cannot attack with {profile.name}", "L610")
    if weapon_ability(profile, "Shardlocked") is not None and not any(
            t.has("seeded") and touches(attacker.base(), t) for t in pieces(world)):
        raise refuse(f"{profile.name} is Shardlocked: {attacker.id} must be within or touching Seeded terrain",
                      "L1524")
    if support_cost(profile, kind) and world.record(attacker.side).fortune < 1:
        raise refuse(f"{profile.name} is a Support Attack and costs 1 Fortune; side {attacker.side} has none",
                      "L1526")
    melee = is_melee(profile)
    if kind in ("charge", "held-strike") and not melee:
        raise refuse(f"a {'Charge' if kind == 'charge' else 'Held Strike'} is a melee attack: {profile.name} is "
                      "ranged", "L407" if kind == "charge" else "L433")
    if kind == "held-shot" and melee:
        raise refuse(f"a Held Shot is a ranged or curse attack: {profile.name} is melee", "L427")
    if not melee:
        held = engaged_by(world, attacker)
        if held:
            raise refuse(f"{attacker.id} is engaged by {', '.join(m.id for m in held)} and cannot make ranged "
                          "attacks", "L547")


def in_range(world: World, attacker: Miniature, target: Miniature, profile: WeaponProfile) -> str | None:
    """Why ``target`` is out of the profile's reach, or None (L489, L250, L537)."""
    if profile.RN == 0:
        return None if in_contact(attacker, target) else f"{target.id} is not in base contact (RN 0, L250)"
    if weapon_ability(profile, "Reach") is not None:
        return None if gap(attacker, target) <= REACH + TOLERANCE else f"{target.id} is beyond 2\" (Reach, L537)"
    if profile.RN == "*":
        return None
    distance = gap(attacker, target)
    return None if distance <= int(profile.RN) + TOLERANCE else \
        f"{target.id} is {distance:.2f}\" away, beyond RN {profile.RN}\" (L489)"


def _obscured(world: World, target: Miniature) -> bool:
    """Completely within Obscuring terrain (L727), or an Ambush model within or touching cover terrain (L1409)."""
    base = target.base()
    for terrain in pieces(world):
        if terrain.has("obscuring") and relation(base, terrain) == "completely":
            return True
        if target.has("Ambush") and world.rulings.ambush_obscuring == "completely" and touches(base, terrain) and (
                terrain.has("light-cover") or terrain.has("heavy-cover")):
            return True
    return False


def lay_template(world: World, attacker: Miniature, profile: WeaponProfile, target: Miniature | None,
                 at: tuple[float, float, float] | None) -> Template:
    """The template of a Cone (its narrow edge against the attacker, pointed at the target, L553) or a Wall(X) laid at
    ``at`` (centre x, y and direction, L559), sized from the data (ruling template-sizes)."""
    base = attacker.base()
    if weapon_ability(profile, "Cone") is not None:
        if target is None:
            raise InvalidCommand("a Cone attack needs a target to point at (L553)")
        spec = world.data.templates["cone"]
        direction = bearing(base.xy, target.base().xy)
        rim = (base.pose.x + base.radius * math.cos(math.radians(direction)),
               base.pose.y + base.radius * math.sin(math.radians(direction)))
        return trapezoid_template(rim, direction, spec.length, spec.near or 1.0, spec.far or 1.0)
    if at is None:
        raise InvalidCommand("a Wall attack needs where the template goes: at:x,y;degrees (L559)")
    spec = world.data.templates["wall"]
    return strip_template((at[0], at[1]), at[2], spec.length, spec.width or 1.0)


def under_template(world: World, template: Template, skip: ModelId | None = None) -> list[Miniature]:
    """The models under a template (ruling template-under), nearest the template's first corner first."""
    models = [m for m in world.on_table() if m.id != skip]
    bases = [m.base() for m in models]
    rule = world.rulings.template_under
    ids = set(overlapped_by(template, bases) if rule == "overlap" else
              touched_by(template, bases) if rule == "touching" else wholly_under(template, bases))
    return [m for m in models if m.id in ids]


def check_attack(world: World, side: SideId, filled: Mapping[str, str]) -> AttackPlan:
    """The one rule check of an attack; ``filled`` holds ``model``, ``weapon``, ``target``, ``kind`` (action,
    charge, curse, held-shot, held-strike), ``aim`` (yes/no) and, for a Wall, ``at`` (x,y;degrees).

    :raises RulesError: naming the rule broken; nothing changes then.
    """
    kind: AttackKind = filled.get("kind", "action")  # type: ignore[assignment]
    if kind not in ("action", "charge", "curse", "held-shot", "held-strike"):
        raise InvalidCommand(f"{kind!r} is not a kind of attack: action, charge, curse, held-shot or held-strike")
    attacker = world.model(filled.get("model", ""))
    if attacker.side != side:
        raise refuse(f"{attacker.id} is not side {side}'s model", "L1311")
    if not attacker.on_table or attacker.downed:
        raise refuse(f"{attacker.id} {'is Downed' if attacker.downed else 'is not on the battlefield'}", "L622")
    activation = world.state.activation
    own_turn = activation is not None and activation.model == attacker.id
    if kind in ("action", "curse", "charge") and not own_turn:
        raise refuse(f"{attacker.id} is not activating: attacks are made in its own activation", "L379")
    if kind in ("held-shot", "held-strike") and (activation is None or activation.side == side):
        raise refuse("On Guard reactions are made during an enemy model's activation", "L421")
    profile = attacker.weapon(filled.get("weapon", ""))
    aimed = filled.get("aim", "no") == "yes"
    usable_profile(world, attacker, profile, kind)
    if aimed and (is_melee(profile) or is_template(profile) or kind not in ("action", "curse")):
        raise refuse("only a ranged attack action takes the Aiming bonus", "L565")
    if aimed and kind == "curse" and world.rulings.curse_aim == "no":
        raise refuse("curses do not take the Aiming bonus (ruling curse-aim)", "L565")
    if aimed and attacker.wavering:
        raise refuse(f"{attacker.id} is Wavering and cannot take the Aiming bonus", "L612")
    if attacker.wavering and kind in ("charge", "held-shot", "held-strike"):
        raise refuse(f"{attacker.id} is Wavering: no special action but Rally", "L612")
    cost = attack_cost(world, kind, aimed, attacker)
    if own_turn and activation is not None and activation.ap < cost:
        raise refuse(f"{attacker.id} has {activation.ap} AP left and this attack costs {cost}", "L383")
    fortune = support_cost(profile, kind)
    target = world.model(filled["target"]) if filled.get("target") else None
    if target is None and weapon_ability(profile, "Wall") is None:
        raise InvalidCommand("name the target of the attack")
    if target is not None:
        _check_target(world, attacker, target, profile, kind, aimed)
    if not is_template(profile):
        assert target is not None
        return AttackPlan(attacker.id, side, profile.name, kind, (target.id,), aimed, cost, fortune)
    at = _read_at(filled.get("at")) if weapon_ability(profile, "Wall") is not None else None
    template = lay_template(world, attacker, profile, target, at)
    wall = weapon_ability(profile, "Wall") is not None
    under = under_template(world, template, skip=None if wall else attacker.id)
    if wall:
        _check_wall(world, attacker, profile, template, under)
        ordered = sorted(under, key=lambda m: gap(attacker, m))
    else:
        assert target is not None
        if target.id not in {m.id for m in under}:
            raise refuse(f"{target.id} is beyond the Cone template's reach", "L553")
        ordered = [target, *sorted((m for m in under if m.id != target.id), key=lambda m: gap(attacker, m))]
    outline = tuple((round(x, 2), round(y, 2)) for x, y in template.area.exterior.coords)  # type: ignore[union-attr]
    return AttackPlan(attacker.id, side, profile.name, kind, tuple(m.id for m in ordered), aimed, cost, fortune,
                      outline)


def _check_target(world: World, attacker: Miniature, target: Miniature, profile: WeaponProfile, kind: AttackKind,
                  aimed: bool) -> None:
    if target.side == attacker.side:
        raise refuse(f"{target.id} is a friendly model; attacks are made against enemies", "L485")
    if not target.on_table:
        raise refuse(f"{target.id} is not on the battlefield", "L648")
    if not has_sight(world, attacker, target):
        raise refuse(f"{attacker.id} has no line of sight to {target.id}", "L489")
    why = in_range(world, attacker, target, profile)
    if why is not None:
        raise refuse(why, "L489")
    if kind == "charge":
        activation = world.state.activation
        if activation is None or target.id not in activation.moved_into:
            raise refuse(f"{attacker.id} did not end a movement action in contact with {target.id} (or within 2\" "
                          "and in sight with Reach)", "L405, L537")
        if target.id in attacker.figure.charged:
            raise refuse(f"{attacker.id} has already Charged {target.id} this round", "L405")
    if kind == "held-strike":
        activation = world.state.activation
        if activation is None or target.id != activation.model:
            raise refuse("a Held Strike targets the model now activating", "L433")
    if not is_melee(profile) and not is_template(profile) and _obscured(world, target) and not aimed:
        raise refuse(f"{target.id} is completely within Obscuring terrain: only an aimed attack may target it",
                      "L727")


def _check_wall(world: World, attacker: Miniature, profile: WeaponProfile, template: Template,
                under: list[Miniature]) -> None:
    reach = int(weapon_ability(profile, "Wall")[5:-1])  # type: ignore[index]
    if not is_completely_within(template.area, attacker.base(), reach):
        raise refuse(f"the Wall template must lie completely within {reach}\" of {attacker.id}", "L559")
    friends = [m.id for m in under if m.side == attacker.side]
    if friends:
        raise refuse(f"the Wall template may not lie over friendly models ({', '.join(friends)})", "L559")
    if not under:
        raise refuse("no model is under the Wall template", "L559")
    if not any(has_sight(world, attacker, m) for m in under):
        raise refuse(f"{attacker.id} has no line of sight to any model under the Wall template", "L559")


def _read_at(text: str | None) -> tuple[float, float, float]:
    if not text:
        raise InvalidCommand("a Wall attack needs at:x,y;degrees, the template's centre and direction (L559)")
    try:
        point, _, angle = text.partition(";")
        x, y = (float(v) for v in point.split(","))
        return (x, y, float(angle or 0))
    except ValueError:
        raise InvalidCommand(f"{text!r} is not a template position; write x,y;degrees, e.g. 12,10;90") from None


def attack_weapon_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """The profiles the attacker may use now for this kind of attack (what :func:`usable_profile` allows)."""
    attacker = world.model(filled.get("model", ""))
    kind: AttackKind = filled.get("kind", "action")  # type: ignore[assignment]
    choices = []
    for profile in attacker.profiles:
        try:
            usable_profile(world, attacker, profile, kind)
        except RulesError:
            continue
        reach = "melee" if is_melee(profile) else ("template" if is_template(profile) else f'{profile.RN}"')
        choices.append(Choice(profile.name, f"{profile.name} (AA {profile.AA}, {reach}, ST {profile.ST})"))
    return choices


def attack_target_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """The enemies the attack may target now, nearest first (what :func:`check_attack` accepts)."""
    attacker = world.model(filled.get("model", ""))
    choices = []
    for enemy in sorted((m for m in world.on_table() if m.side != side), key=lambda m: gap(attacker, m)):
        try:
            check_attack(world, side, {**filled, "target": enemy.id})
        except RulesError:
            continue
        choices.append(Choice(enemy.id, f"{enemy.name}, {gap(attacker, enemy):.1f}\" away"))
    return choices

