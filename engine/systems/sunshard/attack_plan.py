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

import shapely

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
    "Placement",
    "attack_cost",
    "attack_target_values",
    "attack_weapon_values",
    "check_attack",
    "cone_reaches",
    "in_range",
    "lay_template",
    "read_placement",
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


Placement = tuple[float, float, float] | float
"""Where a template is laid, as declared (``at:``): x, y and degrees (a Wall's centre and the way its length runs; a
Cone's white line's middle and the way it points), or, for a Cone, the degrees it is turned from straight at its
target's centre (counter-clockwise, so positive turns it to the attacker's left)."""


def read_placement(text: str | None, cone: bool) -> Placement | None:
    """A typed ``at:`` read (None when left out); :raises InvalidCommand: naming the forms accepted."""
    if text is None or not text.strip():
        return None
    written = text.strip()
    try:
        if cone and "," not in written:
            turned = float(written)
            if math.isfinite(turned):
                return turned
        else:
            point, _, angle = written.partition(";")
            x, y = (float(v) for v in point.split(","))
            placed = (x, y, float(angle or 0))
            if all(math.isfinite(v) for v in placed):
                return placed
    except ValueError:
        pass
    forms = ("degrees turned from straight at the target (0, 15, -20) or x,y;degrees (the white line's middle and "
             "the way the Cone points)") if cone else "x,y;degrees (the Wall's centre and the way its length runs)"
    raise InvalidCommand(f"at:{written[:40]} is not a template placement; write {forms}")


def lay_template(world: World, attacker: Miniature, profile: WeaponProfile, target: Miniature | None,
                 at: Placement | None) -> Template:
    """The template of a Cone (its narrow edge against the attacker, straight at the target unless ``at`` turns it or
    lays it elsewhere, L553) or a Wall(X) laid at ``at`` (centre x, y and direction, L559; left out, across the
    target square to the attacker's line), sized from the data (ruling template-sizes)."""
    base = attacker.base()
    if weapon_ability(profile, "Cone") is not None:
        spec = world.data.templates["cone"]
        if isinstance(at, tuple):
            origin, direction = (at[0], at[1]), at[2]
        else:
            if target is None:
                raise InvalidCommand("a Cone attack needs a target to point at (L553)")
            direction = bearing(base.xy, target.base().xy) + (at or 0.0)
            origin = (base.pose.x + base.radius * math.cos(math.radians(direction)),
                      base.pose.y + base.radius * math.sin(math.radians(direction)))
        return trapezoid_template(origin, direction, spec.length, spec.near or 1.0, spec.far or 1.0)
    if not isinstance(at, tuple):
        if at is not None or target is None:
            raise InvalidCommand("a Wall attack needs where the template goes: at:x,y;degrees, its centre and the "
                                 "way it runs (L559)")
        there = target.base().xy
        at = (there[0], there[1], bearing(base.xy, there) + 90)  # across the target, square to the attacker's line
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
    wall = weapon_ability(profile, "Wall") is not None
    at = read_placement(filled.get("at"), cone=not wall)
    template = lay_template(world, attacker, profile, target, at)
    under = under_template(world, template, skip=None if wall else attacker.id)
    if wall:
        _check_wall(world, attacker, profile, template, under)
    else:
        assert target is not None
        _check_cone(world, attacker, template, target, laid_beside=not isinstance(at, tuple),
                    overlapped=world.rulings.template_under != "touching" and any(m.id == target.id for m in under))
    first = [] if target is None else [target]
    ordered = [*first, *sorted((m for m in under if target is None or m.id != target.id),
                               key=lambda m: gap(attacker, m))]
    if wall and target is not None and target.id not in {m.id for m in under}:
        raise refuse(f"{target.id} is not under the Wall template laid at {filled.get('at')}: the Wall attacks the "
                     "models under it", "L559")
    outline = tuple((round(x, 2), round(y, 2)) for x, y in template.area.exterior.coords)  # type: ignore[union-attr]
    return AttackPlan(attacker.id, side, profile.name, kind, tuple(m.id for m in ordered), aimed, cost, fortune,
                      outline)


def _check_cone(world: World, attacker: Miniature, template: Template, target: Miniature, *, laid_beside: bool,
                overlapped: bool) -> None:
    """The Cone's white line (its narrow edge) touches the attacker's base, the template lying beside the base and not
    over it (``laid_beside``: so by construction, turned about the base), and some of the template reaches the target:
    touching its base, or overlapping it (ruling cone-reach; ``overlapped``: the target is under it) (L553)."""
    if not laid_beside:
        near = list(template.area.exterior.coords)  # type: ignore[union-attr]
        base = attacker.base()
        centre = shapely.Point(base.xy)
        if shapely.LineString([near[0], near[3]]).distance(centre) > base.radius + TOLERANCE or \
                template.area.distance(centre) < base.radius - TOLERANCE:  # type: ignore[union-attr]
            raise refuse(f"the Cone's white line (its narrow edge) must touch {attacker.id}'s base, the template laid "
                         "beside the base, not over it", "L553")
    if not overlapped and not cone_reaches(world, template, target):
        overlap = world.rulings.cone_reach == "template-overlaps"
        raise refuse(f"{target.id} is beyond the Cone template's reach: no part of the template laid there "
                     f"{'overlaps' if overlap else 'touches'} its base", "L553")


def cone_reaches(world: World, template: Template, target: Miniature) -> bool:
    """Some of the Cone touches the target's base, or overlaps it (ruling cone-reach, L553)."""
    reached = overlapped_by if world.rulings.cone_reach == "template-overlaps" else touched_by
    return bool(reached(template, [target.base()]))


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

