"""Resolving an attack step by step (Sunshard:Embren core rules v1.0, L483-583, L1497-1536; digest section 8).

For each target in turn (a template attacks every model under it, L553-559): Anticipate Attack may be declared
(L423), the attack dice are rolled (Powerful(X) rolls X, L1518) and the attacker may re-roll them (Loot L626, the
Fortune re-roll L757); each die at or under the TN hits, a 1 always (perfect: the target gains Blight, L521) and a
20 never (L527). Each hit may be taken by a Bodyguard or a Protected model's friend (L1419, L1471), is tested for
Immaterial (L1447), applies its on-hit abilities (L509), then calls an Armor test the target may re-roll with
Fortune (L758-760): a 20 gives Blight (L529), a failure costs 1 HP, or 1 Blight with a Blighted weapon (L1506).
Afterwards come Blight Censors (L1413) and a Fade vault (L1514), which ends the attack as it begins
(:func:`engine.systems.sunshard.attack_choices.on_fade`).

The attack lives in ``state.attack`` between steps; a step that needs a player's choice opens a decision and stops,
and the decision's handler (:mod:`engine.systems.sunshard.attack_choices`) carries on with :func:`advance`. What
each hit does to the model it strikes (its substitute, on-hit abilities, Armor test and damage) is
:mod:`engine.systems.sunshard.attack_hits`; this module runs the attack test and the steps around the hits.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from pydantic import JsonValue

from engine.checks import Die
from engine.core import Context, Decision, DecisionPart, ModelId, Option, PartKind
from engine.systems.sunshard.ap import can_still_act, spend_ap
from engine.systems.sunshard.asking import ask
from engine.systems.sunshard.attack_hits import HIT_STEPS, spec_of, stage
from engine.systems.sunshard.attack_plan import AttackPlan
from engine.systems.sunshard.attack_rerolls import reroll_sources, reroll_with
from engine.systems.sunshard.d20 import log_test, roll_d20, roll_test
from engine.systems.sunshard.events import AttackStaged, DashingShow, FigureUsed
from engine.systems.sunshard.harm import Cause, gain
from engine.systems.sunshard.modifiers import (
    attack_target,
    is_melee,
    weapon_ability,
)
from engine.systems.sunshard.resume import Resume, carry_on, continues
from engine.systems.sunshard.rolls import judge_test
from engine.systems.sunshard.saves import waiting
from engine.systems.sunshard.scoring import spend_fortune
from engine.systems.sunshard.sight import cover
from engine.systems.sunshard.spot_words import engagement_words, inches, terrain_words
from engine.systems.sunshard.state import AttackDie, AttackState, Hit, SunshardState
from engine.systems.sunshard.vaults import vault_spots
from engine.systems.sunshard.world import RULE, Miniature, World, world_of

__all__ = ["advance", "begin_attack", "fade_reach"]

def begin_attack(ctx: Context[SunshardState], plan: AttackPlan, resume: Resume | None = None) -> None:
    """Pay for a checked attack and resolve it as far as it goes before a player must choose (a Burning test's
    re-roll asked as the AP are paid: the attack waits for the answer, ``paid-attack``)."""
    world = world_of(ctx)
    attacker = world.model(plan.attacker)
    profile = attacker.weapon(plan.profile)
    covers: dict[ModelId, str] = {}
    if not is_melee(profile):
        for target in plan.targets:
            covers[target] = _cover_kind(world, attacker, world.model(target))
    party = ctx.state.party
    attack = AttackState(attacker=attacker.id, side=plan.side, profile=plan.profile, kind=plan.kind,
                         aimed=plan.aimed, targets=list(plan.targets), cover=covers,
                         in_party=party is not None and attacker.id in party.members,
                         template=list(plan.template), resume=resume, reroll=plan.reroll)
    paid: Resume = {"kind": "paid-attack", "fortune": plan.fortune}
    if ctx.state.activation is not None and ctx.state.activation.model == attacker.id and not spend_ap(
            ctx, attacker.id, plan.ap, f"{'casting ' if plan.kind == 'curse' else ''}{plan.profile}"
                                       f"{' (aimed)' if plan.aimed else ''}", target=plan.targets[0],
            then=lambda: {**paid, "attack": attack.model_dump(mode="json")}):
        return
    _open(ctx, attack, plan.fortune)


@continues("paid-attack")
def _paid_attack(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    _open(ctx, AttackState.model_validate(resume["attack"]), int(str(resume["fortune"])))


def _open(ctx: Context[SunshardState], attack: AttackState, fortune: int) -> None:
    """The attack once its AP are paid: its Support Attack Fortune (L1526), then its dice, while the attacker
    stands."""
    if fortune:
        spend_fortune(ctx, attack.side, fortune, f"{attack.profile}'s Support Attack ({RULE}, L1526)")
    if not can_still_act(ctx, attack.attacker):
        return
    world = world_of(ctx)
    attacker = world.model(attack.attacker)
    profile = attacker.weapon(attack.profile)
    notes = []  # what the attack spends, said in its one line (its FigureUsed events say nothing)
    reload = weapon_ability(profile, "Reload")
    if reload is not None:
        uses, limit = attacker.figure.reloads.get(profile.name, 0) + 1, reload[7:-1]
        notes.append(f"Reload: {uses} of {limit} uses this round" if limit else reload)
        ctx.emit(FigureUsed(model_id=attacker.id, reload=profile.name))
    if attack.kind == "charge":
        ctx.emit(FigureUsed(model_id=attacker.id, charged=attack.targets[0]))
        notes.insert(0, f"a Charge, once a round against {attack.targets[0]}")
    melee = is_melee(profile)
    lines = tuple((attacker.base().xy, world.model(t).base().xy, "melee" if melee else attack.cover.get(t, "none"))
                  for t in attack.targets)
    said = f" ({'; '.join(notes)})" if notes else ""
    stage(ctx, attack, f"{attacker.id} attacks {', '.join(attack.targets)} with {attack.profile}{said}.", lines)
    advance(ctx)


def _cover_kind(world: World, attacker: Miniature, target: Miniature) -> str:
    """Cover against a ranged or curse attack (L302), with the Ruin Fortune's light cover for a warded model
    (L795)."""
    found = cover(world, attacker, target).kind
    if found == "none" and "warded" in target.figure.gained:
        return "light"
    return found


def advance(ctx: Context[SunshardState]) -> None:
    """Resolve the attack in ``state.attack`` until a player must choose, or it is over (a test's Fortune re-roll
    asked on the way, a Shatter's, holds it until the answer: ``attack``)."""
    for _ in range(200):
        attack = ctx.state.attack
        if attack is None or waiting(ctx):
            return
        if _STEPS[attack.stage](ctx, attack.model_copy(deep=True)):
            return
    raise RuntimeError("an attack did not settle in 200 steps")


@continues("attack")
def _attack_goes_on(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    advance(ctx)


def _anticipate(ctx: Context[SunshardState], attack: AttackState) -> bool:
    """Ask each model the attack is made against (every model under a template, L553-559) whether it Anticipates
    the attack (L423), one after another before the first attack test: only an enemy of the activating attacker
    (On Guard reactions come in an enemy model's activation, L421), with an On Guard token, not Wavering (L612)."""
    world = world_of(ctx)
    activation = ctx.state.activation
    asked = [] if activation is None or activation.model != attack.attacker else [
        model for model in (world.model(m) for m in attack.targets[attack.index:] if m not in attack.offered)
        if model.on_table and model.side != activation.side and model.holds("On Guard") and not model.wavering
        and model.id not in activation.anticipating]
    if len(asked) < 2:
        attack.stage = "roll"
    if not asked:
        stage(ctx, attack)
        return False
    model = asked[0]
    attack.offered.append(model.id)
    ask(ctx, model.side, "anticipate", f"{attack.attacker} attacks {model.id}: spend its On Guard token to "
        f"Anticipate the attack (-2 on {attack.attacker}'s attacks on it, {RULE}, L423)?",
        f"Does {model.id} Anticipate the attack?",
        [("no", "No, keep the token"), ("yes", "Anticipate Attack (spend On Guard)")], key="anticipate",
        context={"target": model.id}, reaction_to="anticipate")
    stage(ctx, attack, f"{model.id} may Anticipate the attack.")
    return True


def _dice_count(world: World, attack: AttackState) -> int:
    attacker = world.model(attack.attacker)
    profile = attacker.weapon(attack.profile)
    written = weapon_ability(profile, "Powerful")
    count = int(written[9:-1]) if written else 1
    if attack.kind == "charge" and attacker.has("Powerful Charge"):
        count = count + 1 if written else 2  # L1469
    return count


def _roll(ctx: Context[SunshardState], attack: AttackState) -> bool:
    world = world_of(ctx)
    target = world.model(attack.target)
    if not target.on_table or not world.model(attack.attacker).on_table:
        return _next_target(ctx, attack)
    goal = attack_target(world, spec_of(world, attack))
    kind = test_kind(world, attack)
    result = roll_test(ctx, attack.attacker, attack.side, kind, goal,  # type: ignore[arg-type]
                       f"{attack.attacker}'s attack test on {target.id}", dice=_dice_count(world, attack))
    attack.dice = [AttackDie(face=v.face, first=v.face) for v in result.verdicts]
    attack.stage = "attack-reroll"
    stage(ctx, attack)
    return False


def test_kind(world: World, attack: AttackState) -> str:
    """A curse's test is a casting (perfect and botched casting, no Blight, L583); any other an attack test."""
    attacker = world.model(attack.attacker)
    return "attack" if attacker.weapon(attack.profile) in attacker.card.weapons else "casting"


def _attack_reroll(ctx: Context[SunshardState], attack: AttackState) -> bool:
    """Offer the re-roll when a die missed and a source is left; an attack declared with a standing choice (ruling
    ``standing-reroll``) is not asked: ``keep`` keeps the dice, ``loot`` or ``fortune`` re-rolls the first test of
    the attack in which no die hit, then keeps the rest."""
    world = world_of(ctx)
    goal = attack_target(world, spec_of(world, attack))
    kind = test_kind(world, attack)
    result = judge_test(kind, goal, [d.face for d in attack.dice], world.rulings)  # type: ignore[arg-type]
    sources = reroll_sources(world, attack)
    attack.stage = "hits"
    if result.successes == len(attack.dice) or not sources:
        stage(ctx, attack)
        return False
    if attack.reroll is not None:
        standing = attack.reroll
        if result.successes == 0 and standing in (o.key for o in sources):
            attack.reroll = "keep"
            reroll_with(ctx, attack, standing, standing=True)
        else:
            stage(ctx, attack)
        return False
    ask(ctx, attack.side, "attack-reroll", f"{attack.attacker}'s attack test on {attack.target} rolled "
        f"{', '.join(str(d.face) for d in attack.dice)} against TN {goal.value}: re-roll every die?",
        "Re-roll the attack test?", [("keep", "Keep the dice"), *sources], key="reroll")
    stage(ctx, attack, f"{attack.attacker}'s player may re-roll the attack test.")
    return True


def _hits(ctx: Context[SunshardState], attack: AttackState) -> bool:
    world = world_of(ctx)
    target = world.model(attack.target)
    attacker = world.model(attack.attacker)
    profile = attacker.weapon(attack.profile)
    goal = attack_target(world, spec_of(world, attack))
    kind = test_kind(world, attack)
    dice = [Die(d.face) for d in attack.dice]
    if any(d.rerolled_by for d in attack.dice):
        log_test(ctx, attack.attacker, kind, goal, dice,  # type: ignore[arg-type]
                 f"{attack.attacker}'s attack test on {target.id}, re-rolled")
    result = judge_test(kind, goal, dice, world.rulings)  # type: ignore[arg-type]
    bell = weapon_ability(profile, "Bell-Ringer")
    if bell is not None and any(v.face <= int(bell[12:-1]) and (v.success or world.rulings.bell_ringer_miss == "yes")
                                for v in result.verdicts):
        gain(ctx, target.id, "Floored", cause=Cause(f"Bell-Ringer ({RULE}, L1502)", attacker.id))
    hits: list[Hit] = []
    for verdict in result.verdicts:
        if not verdict.success:
            continue
        if target.has("Immaterial") and target.on_table:
            (face,) = roll_d20(ctx, 1, f"{target.id}'s Immaterial roll", target.side)
            if face <= 10:
                stage(ctx, attack, f"{target.id} is Immaterial: the hit passes through it (rolled {face}, "
                                    f"{RULE}, L1447).")
                if (verdict.critical and kind == "attack" and world.rulings.immaterial_timing == "keeps-blight"
                        and not target.has("Fine-Forged Armor")):
                    gain(ctx, target.id, "Blight", cause=Cause(f"a perfect attack ({RULE}, L521)", attacker.id))
                continue
        hits.append(Hit(model=target.id, perfect=verdict.critical and kind == "attack"))
    attack.hits, attack.hit_index = hits, 0
    attack.hit_any = attack.hit_any or bool(hits)
    attack.stage = "substitute" if hits else "next-target"
    party = ctx.state.party
    if (hits and is_melee(profile) and attacker.has("Dashing Show") and party is not None
            and attacker.id in party.members and party.dashing_by is None):
        ctx.emit(DashingShow(model_id=attacker.id))
    stage(ctx, attack)
    return False


def _next_target(ctx: Context[SunshardState], attack: AttackState) -> bool:
    attack.hits, attack.hit_index, attack.dice = [], 0, []
    if attack.index + 1 < len(attack.targets):
        attack.index += 1
        attack.stage = "anticipate"
    else:
        attack.stage = "after"
    stage(ctx, attack)
    return False


def fade_reach(world: World, attack: AttackState) -> float:
    """How far a Fade vault goes: 2", 1" more with the Remnant Fortune (L778, L1514)."""
    activation = world.state.activation
    bonus = activation is not None and activation.model == attack.attacker and activation.fade_bonus
    return 3.0 if bonus else 2.0


def _after(ctx: Context[SunshardState], attack: AttackState) -> bool:
    world = world_of(ctx)
    attacker = world.model(attack.attacker)
    hit_enemy = attack.hit_any and any(world.model(t).side != attacker.side for t in attack.targets)
    attack.stage = "fade"
    if not (attacker.on_table and hit_enemy and attacker.has("Blight Censors")
            and "Blight Censors" not in attacker.figure.used):
        stage(ctx, attack)
        return False
    ask(ctx, attack.side, "blight-censors", f"{attacker.id} hit with its attack: gain a Blight token for Blight "
        f"Censors ({RULE}, L1413)?", "Gain a Blight token?", [("no", "No"), ("yes", "Yes")], key="gain")
    stage(ctx, attack, f"{attacker.id}'s player may use Blight Censors.")
    return True


def _fade(ctx: Context[SunshardState], attack: AttackState) -> bool:
    world = world_of(ctx)
    attacker = world.model(attack.attacker)
    profile = attacker.weapon(attack.profile)
    attack.stage = "done"
    if not (weapon_ability(profile, "Fade") and attacker.on_table and attack.hit_any and not attacker.floored):
        stage(ctx, attack)
        return False
    reach = fade_reach(world, attack)
    here = (attacker.placed.x, attacker.placed.y)
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=attack.side, kind="fade", optional=True,
        prompt=f"{attacker.id} hit: it may vault up to {reach:g}\" (Fade, {RULE}, L1514).",
        parts=(DecisionPart(key="vault", prompt=f"Where does {attacker.id} vault to (its base centre)? Its own "
                                                "spot stays put.",
                            kind=PartKind.POSITION, center=here, radius=reach, default=f"{here[0]:g},{here[1]:g}",
                            options=tuple(Option(key=f"{x:g},{y:g}", label=_vault_label(world, attacker, (x, y)))
                                          for x, y in vault_spots(world, attacker, reach))),)))
    stage(ctx, attack, f"{attacker.id} may vault (Fade).")
    return True


def _vault_label(world: World, model: Miniature, to: tuple[float, float]) -> str:
    """A Fade vault's spot as its menu shows it: how far it goes, then where it lies (``2" from A1, out of
    engagement; by T2 ruin``), as the deploy spots say where they lie."""
    here = (model.placed.x, model.placed.y)
    base = model.base().at(*to)
    where = "; ".join(w for w in (engagement_words(world, model, base), terrain_words(world, base)) if w)
    went = "stays put" if to == here else f"{inches(math.dist(here, to))} away"
    return f"{to[0]:g},{to[1]:g} ({went}: {where})"


def _done(ctx: Context[SunshardState], attack: AttackState) -> bool:
    """The attack is over: whatever it interrupted carries on."""
    ctx.emit(AttackStaged(attack=None))
    if attack.resume is not None:
        carry_on(ctx, attack.resume)
    return True


_STEPS = {
    "anticipate": _anticipate, "roll": _roll, "attack-reroll": _attack_reroll, "hits": _hits, **HIT_STEPS,
    "next-target": _next_target, "after": _after, "fade": _fade, "done": _done,
}
