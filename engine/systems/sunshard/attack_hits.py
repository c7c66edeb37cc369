"""What each hit of an attack does to the model it strikes (Sunshard:Embren core rules v1.0, L509-529, L758-760,
L1419, L1471, L1504-1512, L1530-1534): a Bodyguard or a Protected model's friend may take it, its on-hit abilities
apply (Blight for a perfect attack, Bleeding, Burning, Disorient, Terrifying), then the Armor test (re-rolled with
Fortune) and the damage it leaves (a wound, or Blight from a Blighted weapon or a botched save).

These are the hit steps of :mod:`engine.systems.sunshard.attack_flow`, which runs the attack through them
(``HIT_STEPS``); the attack's record (``stage``) and its circumstances against a target (``spec_of``) are shared.
"""

from __future__ import annotations

from engine.core import Context, ModelId, Option
from engine.systems.sunshard.asking import ask
from engine.systems.sunshard.d20 import log_test, roll_test
from engine.systems.sunshard.engagement import gap
from engine.systems.sunshard.events import AttackStaged
from engine.systems.sunshard.fortune import armor_rerolls
from engine.systems.sunshard.harm import Cause, gain, wound
from engine.systems.sunshard.modifiers import AttackSpec, armor_target, is_melee, is_template, weapon_ability
from engine.systems.sunshard.quest_actions import rsl_goal
from engine.systems.sunshard.rolls import judge_test
from engine.systems.sunshard.scoring import deed_open, score_deed
from engine.systems.sunshard.sight import Cover, has_sight
from engine.systems.sunshard.state import AttackDie, AttackState, SunshardState
from engine.systems.sunshard.terrain import objectives, piece, pieces, relation, touches
from engine.systems.sunshard.world import RULE, Miniature, World, world_of

__all__ = ["BODYGUARD_RANGE", "HIT_STEPS", "spec_of", "stage", "substitutes"]

BODYGUARD_RANGE = 4.0
"""Bodyguard and Protected reach a friend within 4" (L1419, L1471)."""


def stage(ctx: Context[SunshardState], attack: AttackState, note: str = "",
           sight: tuple[tuple[tuple[float, float], tuple[float, float], str], ...] = ()) -> None:
    ctx.emit(AttackStaged(attack=attack, note=note, sight=sight))


def spec_of(world: World, attack: AttackState, target: ModelId | None = None, *, substitute: bool = False
            ) -> AttackSpec:
    """The circumstances of the attack against its current target (or ``target``)."""
    attacker = world.model(attack.attacker)
    chosen = target or attack.target
    kind = attack.cover.get(chosen, "none")
    found = Cover(kind, (), ()) if kind in ("light", "heavy") else None  # type: ignore[arg-type]
    return AttackSpec(attacker.id, chosen, attacker.weapon(attack.profile), attack.kind,  # type: ignore[arg-type]
                      attack.aimed, found, substitute)


def substitutes(world: World, attack: AttackState, hit_model: Miniature) -> list[Option]:
    """Who may take this hit instead: a friendly Bodyguard within 4" and in sight, once a round, against melee or a
    non-template ranged attack (L1419); for a Protected model, a friendly non-Leader within 4" and in sight, against
    any attack without Cone or Wall (L1471). Neither may be Downed."""
    profile = world.model(attack.attacker).weapon(attack.profile)
    if is_template(profile):
        return []
    options = []
    for friend in world.on_table(hit_model.side):
        if friend.id == hit_model.id or friend.downed:
            continue
        if gap(friend, hit_model) > BODYGUARD_RANGE + 0.01 or not has_sight(world, friend, hit_model):
            continue
        if friend.has("Bodyguard") and "Bodyguard" not in friend.figure.used:
            options.append(Option(key=f"bodyguard:{friend.id}", label=f"{friend.name} takes it (Bodyguard)"))
        if hit_model.has("Protected") and not friend.leader:
            options.append(Option(key=f"protected:{friend.id}", label=f"{friend.name} takes it (Protected)"))
    return options


def _substitute(ctx: Context[SunshardState], attack: AttackState) -> bool:
    world = world_of(ctx)
    hit = attack.hits[attack.hit_index]
    hit_model = world.model(hit.model)
    attack.stage = "on-hit"
    options = substitutes(world, attack, hit_model) if hit_model.on_table else []
    if not options:
        stage(ctx, attack)
        return False
    ask(ctx, hit_model.side, "substitute", f"{hit_model.id} is hit by {attack.attacker}'s {attack.profile}: does a "
        "friend take the hit?", "Who takes the hit?", [("none", f"Nobody: {hit_model.id} takes it"), *options],
        key="by")
    stage(ctx, attack, f"{hit_model.id}'s player may have a friend take the hit.")
    return True


def _on_hit(ctx: Context[SunshardState], attack: AttackState) -> bool:
    world = world_of(ctx)
    hit = attack.hits[attack.hit_index]
    attacker = world.model(attack.attacker)
    profile = attacker.weapon(attack.profile)
    first = world.model(attack.target)
    blight_to = hit.model if world.rulings.substitute_blight == "hit-model" else first.id
    if hit.perfect and world.model(blight_to).on_table and not world.model(blight_to).has("Fine-Forged Armor"):
        blighted_perfect = weapon_ability(profile, "Blighted") is not None
        if not blighted_perfect or world.rulings.blighted_perfect == "yes":
            gain(ctx, blight_to, "Blight", cause=Cause(f"a perfect attack ({RULE}, L521)", attacker.id,
                                                      _action_of(attack), attack.in_party))
    model = world.model(hit.model)
    if model.on_table:
        for ability, counter in (("Bleeding", "Bleeding"), ("Burning", "Burning"), ("Disorient", "Disoriented")):
            if weapon_ability(profile, ability) is not None:
                gain(ctx, model.id, counter, cause=Cause(f"{profile.name}'s {ability} ({RULE}, L1504-1512)"))
        activation = ctx.state.activation
        incendiary = (activation is not None and activation.model == attacker.id and activation.incendiary
                      and weapon_ability(profile, "Jammable") is not None and not is_melee(profile))
        if incendiary:
            gain(ctx, model.id, "Burning", cause=Cause(f"incendiary {profile.name} ({RULE}, L770)"))
        if weapon_ability(profile, "Terrifying") is not None and world.model(model.id).on_table:
            goal = rsl_goal(world, model, [])
            result = roll_test(ctx, model.id, model.side, "rsl", goal, f"{model.id}'s Terrifying RSL test")
            if not result.passed:
                gain(ctx, model.id, "Wavering", cause=Cause(f"Terrifying ({RULE}, L1530-1534)"))
    alive = world_of(ctx).model(hit.model).on_table
    attack.stage = "armor" if alive and profile.ST != "*" else "next-hit"
    stage(ctx, attack)
    return False


def _action_of(attack: AttackState) -> str:
    return {"action": "attack", "charge": "charge", "curse": "curse"}.get(attack.kind, "held")


def _armor(ctx: Context[SunshardState], attack: AttackState) -> bool:
    world = world_of(ctx)
    hit = attack.hits[attack.hit_index]
    model = world.model(hit.model)
    goal = armor_target(world, spec_of(world, attack, hit.model, substitute=hit.substitute))
    result = roll_test(ctx, model.id, model.side, "armor", goal, f"{model.id}'s Armor test")
    face = result.verdicts[0].face
    hit.armor = AttackDie(face=face, first=face)
    attack.stage = "armor-reroll"
    ways = armor_rerolls(world, model.side)
    if result.passed or not ways:
        attack.stage = "damage"
        stage(ctx, attack)
        return False
    ask(ctx, model.side, "armor-reroll", f"{model.id}'s Armor test rolled {face} against TN {goal.value} and "
        f"failed: spend 1 Fortune to re-roll it ({RULE}, L758-760)?", "Re-roll the Armor test?",
        [("keep", "Keep the die"), *ways], key="reroll")
    attack.stage = "damage"
    stage(ctx, attack, f"{model.id}'s player may re-roll the Armor test.")
    return True


def _damage(ctx: Context[SunshardState], attack: AttackState) -> bool:
    world = world_of(ctx)
    hit = attack.hits[attack.hit_index]
    model = world.model(hit.model)
    attacker = world.model(attack.attacker)
    profile = attacker.weapon(attack.profile)
    assert hit.armor is not None
    goal = armor_target(world, spec_of(world, attack, hit.model, substitute=hit.substitute))
    if hit.armor.rerolled_by:
        log_test(ctx, model.id, "armor", goal, [hit.armor.face], f"{model.id}'s Armor test, re-rolled")
    result = judge_test("armor", goal, [hit.armor.face], world.rulings)
    cause = Cause(f"{attacker.id}'s {profile.name}", attacker.id, _action_of(attack), attack.in_party)
    if result.fumbles and model.on_table:
        gain(ctx, model.id, "Blight", cause=Cause(f"a botched save ({RULE}, L529)", attacker.id, _action_of(attack),
                                                  attack.in_party))
    if not result.passed and world_of(ctx).model(model.id).on_table:
        if weapon_ability(profile, "Blighted") is not None and not hit.perfect:
            gain(ctx, model.id, "Blight", cause=Cause(f"{profile.name} is Blighted ({RULE}, L1506)", attacker.id,
                                                      _action_of(attack), attack.in_party))
        else:
            deeds = _wound_deeds(world, attack, attacker, model)
            wound(ctx, model.id, cause=cause)
            attack.wounded.append(model.id)
            for deed in deeds:
                score_deed(ctx, attacker.side, deed, f"{attacker.id} wounded {model.id}"
                                                     f"{' from an Objective' if deed == 'guard' else ''}")
    attack.stage = "next-hit"
    stage(ctx, attack)
    return False


def _wound_deeds(world: World, attack: AttackState, attacker: Miniature, model: Miniature) -> list[str]:
    """The deeds a wound from this attack meets, judged where the attacker stands as it makes the attack (before a
    Fade vault takes it elsewhere, L1514) and scored at once (L1165), so they stand if the attacker is Killed later in
    its own attack (a Shatter, L1483): Guard, a ranged attack from an Objective wounding any model, a friend under a
    Cone too (L1215, L553); Force of Nature, an attack action from within Seeded terrain wounding an enemy (L1235)."""
    here = attacker.base()
    deeds = []
    if not is_melee(attacker.weapon(attack.profile)) and any(
            touches(here, piece(world, o)) for o in objectives(world)):
        deeds.append("guard")
    actions = ("action", "curse") if world.rulings.curse_as_attack_action == "yes" else ("action",)
    if model.side != attacker.side and attack.kind in actions and any(
            t.has("seeded") and relation(here, t) in ("within", "completely") for t in pieces(world)):
        deeds.append("force-of-nature")
    return [deed for deed in deeds if deed_open(world, attacker.side, deed)]


def _next_hit(ctx: Context[SunshardState], attack: AttackState) -> bool:
    attack.hit_index += 1
    attack.stage = "substitute" if attack.hit_index < len(attack.hits) else "next-target"
    stage(ctx, attack)
    return False


HIT_STEPS = {"substitute": _substitute, "on-hit": _on_hit, "armor": _armor, "damage": _damage, "next-hit": _next_hit}
"""The steps of one hit, by the stage name ``state.attack`` records."""
