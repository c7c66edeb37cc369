"""The attack test's and the Armor test's target numbers, with every modifier the book lists (Sunshard:Embren core
rules v1.0, L483-583, L741-745, L1497-1536).

Attack test: TN = the profile's AA + the target's EVA (L493-498), then Charge +1 (L407), Swarming +1 per other party
model engaging the target (L541), Floored attacker -2 and Floored target +2 in melee (L608), Aiming +2 (L565), light
or heavy cover -2 (L569-573) unless the target has Hunter's Mark (L624), In the Fray -2 (L575), Hunter's Mark +2
(L624), Anticipate Attack -2 (L423), Torrential Rain -2 on ranged attacks and Charges (L745), Finisher(X) +2 (L1516),
Dashing Show +2 (L1427). Cone and Wall(X) attacks never take cover, Aiming or In the Fray (L555, L561).

Armor test: TN = the target's ARM - the profile's ST (L511-514), then heavy cover +2 (L573), Fortified Hold +2 more
against ranged attacks (L741), Anticipate Attack +2 against ranged Cone or Wall(X) attacks (L423), Charge -1 (L407),
Swarming -1 per other party model (L541), Finisher(X) -2 (L1516). A Bodyguard or a Protected model's substitute
takes the hit without heavy cover (L1419, L1471).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.checks import Modifier, Target
from engine.core import ModelId
from engine.systems.sunshard.engagement import engaged, engages, engaging
from engine.systems.sunshard.rolls import tn
from engine.systems.sunshard.schema import WeaponProfile
from engine.systems.sunshard.shards import focus_bonus
from engine.systems.sunshard.sight import Cover
from engine.systems.sunshard.world import RULE, Miniature, World

__all__ = ["AttackKind", "AttackSpec", "armor_target", "attack_target", "is_melee", "is_template", "swarming",
           "weapon_ability"]

AttackKind = Literal["action", "charge", "held-shot", "held-strike", "curse"]
"""How the attack is made: an attack action (L395), a Charge (L405), a Held Shot or Held Strike (L427-433), or a
curse cast with a Cast Magika action (L674)."""


def weapon_ability(profile: WeaponProfile, name: str) -> str | None:
    """The profile's weapon ability ``name`` as written (``Powerful(2)``), or None."""
    return next((a for a in profile.abilities if a == name or a.startswith(f"{name}(")), None)


def is_melee(profile: WeaponProfile) -> bool:
    """RN 0 or Reach makes melee attacks; everything else is ranged, Cone and Wall(X) included (L533, L547, L1399)."""
    return profile.RN == 0 or weapon_ability(profile, "Reach") is not None


def is_template(profile: WeaponProfile) -> bool:
    """Cone or Wall(X): template attacks (L553-561)."""
    return weapon_ability(profile, "Cone") is not None or weapon_ability(profile, "Wall") is not None


@dataclass(frozen=True, slots=True)
class AttackSpec:
    """One attack test's circumstances: who attacks whom with which profile, how, and whether it takes the Aiming
    bonus; ``cover`` is the target's cover against it (worked out with the sight lines)."""

    attacker: ModelId
    target: ModelId
    profile: WeaponProfile
    kind: AttackKind = "action"
    aimed: bool = False
    cover: Cover | None = None
    substitute: bool = False
    """The model hit is a Bodyguard or Protected substitute: no heavy cover in its Armor test (L1419, L1471)."""


def _finisher(profile: WeaponProfile, target: Miniature) -> str | None:
    written = weapon_ability(profile, "Finisher")
    if written is None or "(" not in written:
        return None
    listed = [word.strip().casefold() for word in written[written.index("(") + 1:-1].split(",")]
    held = {name.casefold() for name, count in target.tokens.items() if count}
    found = [name for name in listed if name in held]
    return found[0] if found else None


def swarming(world: World, attacker: Miniature, target: Miniature) -> int:
    """How many other models of the attacker's party engage the target (L541; ruling swarming-attacker)."""
    party = world.state.party
    if party is None:
        return 0
    if attacker.id not in party.members and world.rulings.swarming_attacker == "party-attacker":
        return 0
    others = [world.model(m) for m in party.members if m != attacker.id]
    return sum(1 for m in others if m.on_table and engages(m, target))


def _in_the_fray(world: World, attacker: Miniature, target: Miniature) -> bool:
    """The target engages or is engaged by an enemy of the target (L575; ruling in-the-fray-enemy)."""
    if world.rulings.in_the_fray_enemy == "attacker":
        return any(m.side != attacker.side for m in engaging(world, target)) or any(
            engages(m, target) and m.side != attacker.side for m in world.on_table())
    return engaged(world, target)


def attack_target(world: World, spec: AttackSpec) -> Target:
    """The attack test's TN for ``spec`` (L491-583)."""
    attacker, target = world.model(spec.attacker), world.model(spec.target)
    profile = spec.profile
    melee, template = is_melee(profile), is_template(profile)
    ranged = not melee
    mods: list[Modifier] = []
    if spec.kind == "charge":
        mods.append(Modifier.add("Charge", 1, f"{RULE}, L407"))
    if melee:
        count = swarming(world, attacker, target)
        if count:
            mods.append(Modifier.add(f"Swarming ({count} other party model{'s' if count > 1 else ''})", count,
                                     f"{RULE}, L541"))
        if attacker.floored:
            mods.append(Modifier.add("attacker Floored", -2, f"{RULE}, L608"))
        if target.floored:
            mods.append(Modifier.add("target Floored", 2, f"{RULE}, L608"))
    marked = target.holds("Hunter's Mark") > 0
    if ranged and not template:
        if spec.aimed:
            mods.append(Modifier.add("Aiming", 2, f"{RULE}, L565-567"))
        if spec.cover is not None and spec.cover.kind != "none" and not marked:
            mods.append(Modifier.add(f"{spec.cover.kind} cover", -2, f"{RULE}, L569-573"))
        if _in_the_fray(world, attacker, target):
            mods.append(Modifier.add("In the Fray", -2, f"{RULE}, L575-577"))
    if marked:
        mods.append(Modifier.add("Hunter's Mark", 2, f"{RULE}, L624"))
    activation = world.state.activation
    if activation is not None and activation.model == attacker.id and target.id in activation.anticipating:
        mods.append(Modifier.add("Anticipate Attack", -2, f"{RULE}, L423"))
    if world.battlefield_rule("torrential-rain") and (ranged or spec.kind == "charge"):
        mods.append(Modifier.add("Torrential Rain", -2, f"{RULE}, L745"))
    finished = _finisher(profile, target)
    if finished:
        mods.append(Modifier.add(f"Finisher ({finished})", 2, f"{RULE}, L1516"))
    if _dashing_show(world, attacker):
        mods.append(Modifier.add("Dashing Show", 2, f"{RULE}, L1427"))
    goal = tn(profile.AA, [*_powered(attacker, "AA", 1),
                           Modifier.add(f"{target.id}'s EVA", target.characteristic("EVA").value, f"{RULE}, L497"),
                           *mods], label="AA")
    return goal


def _powered(model: Miniature, name: str, sign: int) -> list[Modifier]:
    """What the attacker's Blightpowered(X) for each Blight token and Shard Focus(X) while focused add to ``name``,
    AA or ST of every profile (rulings blightpowered, shard-focus), ``sign`` turning ST's into the Armor TN's."""
    mods = []
    if bonus := model.blightpowered(name):
        mods.append(Modifier.add(f"{model.id}'s Blightpowered {name} ({model.holds('Blight')} Blight)", sign * bonus,
                                 f"{RULE}, L1417"))
    if model.card.has("Shard Focus") and (bonus := focus_bonus(model, name)):
        mods.append(Modifier.add(f"{model.id}'s Shard Focus {name}", sign * bonus, f"{RULE}, L1475"))
    return mods


def _dashing_show(world: World, attacker: Miniature) -> bool:
    """A party member (not the Leader) attacks after a Dashing Show member hit in melee this party (L1427)."""
    party = world.state.party
    if party is None or attacker.id not in party.members or attacker.leader:
        return False
    return party.dashing_by is not None and party.dashing_by != attacker.id


def armor_target(world: World, spec: AttackSpec) -> Target:
    """The Armor test's TN after ``spec`` hit (L509-517): ARM - ST with its modifiers."""
    attacker, target = world.model(spec.attacker), world.model(spec.target)
    profile = spec.profile
    strength = int(profile.ST) if profile.ST != "*" else 0
    mods: list[Modifier] = [Modifier.add(f"{attacker.id}'s {profile.name} ST", -strength, f"{RULE}, L512")]
    if profile.ST != "*":
        mods += _powered(attacker, "ST", -1)
    ranged, template = not is_melee(profile), is_template(profile)
    heavy = spec.cover is not None and spec.cover.kind == "heavy" and ranged and not spec.substitute
    if heavy and template and world.rulings.heavy_armor_vs_templates == "no":
        heavy = False
    if heavy and target.holds("Hunter's Mark") and world.rulings.heavy_armor_vs_mark == "no":
        heavy = False
    if heavy:
        mods.append(Modifier.add("heavy cover", 2, f"{RULE}, L573"))
        if world.battlefield_rule("fortified-hold"):
            mods.append(Modifier.add("Fortified Hold", 2, f"{RULE}, L741"))
    activation = world.state.activation
    if (template and ranged and activation is not None and activation.model == attacker.id
            and target.id in activation.anticipating):
        mods.append(Modifier.add("Anticipate Attack against a template", 2, f"{RULE}, L423"))
    if spec.kind == "charge":
        mods.append(Modifier.add("Charge", -1, f"{RULE}, L407"))
    if is_melee(profile):
        count = swarming(world, attacker, target)
        if count:
            mods.append(Modifier.add("Swarming", -count, f"{RULE}, L541"))
    finished = _finisher(profile, target)
    if finished:
        mods.append(Modifier.add(f"Finisher ({finished})", -2, f"{RULE}, L1516"))
    return tn(target.characteristic("ARM").value, mods, label=f"{target.id}'s ARM")
