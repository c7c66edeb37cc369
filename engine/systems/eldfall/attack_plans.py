"""The Resolution step's plans: every attack of the sequence worked out before any die is rolled (Eldfall core rules
v1.5, L1257): the active model's attack (its targets, a template or a Focus, an exploding barrel), each reacting
attack, Fencing's parries and ripostes (L2224-2225), a Duelist's bar on arts (L2053), Hyperia's Providence (L2865),
the Crouched target's extra strike (L2669) and a Trampling Run's Hits (L2179-2182)."""

from __future__ import annotations

from engine.checks import Modifier
from engine.systems.eldfall.attack import Hit, attack_reading, attack_roll
from engine.systems.eldfall.checks import attribute_check, roll_d20s
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.means import TRAMPLE, Means
from engine.systems.eldfall.modifiers import Source, art_refusal
from engine.systems.eldfall.quests import explode_barrel
from engine.systems.eldfall.refs import parse_ref
from engine.systems.eldfall.resolution_state import Landed, Resolving
from engine.systems.eldfall.state import Reaction
from engine.systems.eldfall.strikes import (
    Plan,
    Reach,
    active_strike,
    against_crouched,
    art_source,
    attack_target,
    measure_reach,
    point_gap,
    reactive_strike,
)
from engine.systems.eldfall.support import pay_mana, spend_mana
from engine.systems.eldfall.world import World

__all__ = ["plan_attacks"]


HYPERIA = "glyphscribe-hyperias-providence"


def _providence(seq: Resolving, attacker: Fighter, target: Fighter, means: Means) -> int:
    """Glyphscribe: Hyperia's Providence: a melee attacker of its model rolls AG or strikes it once less, never
    below 1 (L2865); returns the strikes it loses."""
    if means.kind != "melee" or HYPERIA not in target.figure.upgrades:
        return 0
    if attribute_check(seq.ctx, attacker, "AG", f"against {target.id}'s Hyperia's Providence (L2865)").passed:
        return 0
    seq.line(f"{attacker.id} fails its AG roll against {target.id}'s Hyperia's Providence: -1 STK (L2865).")
    return 1


def plan_attacks(seq: Resolving, idle: bool, dash: bool, reactions: list[Reaction]) -> None:
    """Work out every attack of the sequence before any die is rolled (L1257)."""
    world, active, action = seq.world, seq.active, seq.action
    state = world.state
    end = (active.model.x, active.model.y)
    if action.kind == "attack" and action.means is not None:
        means = active.means(action.means)
        assert means is not None
        art = art_source(active, action.art)
        stk = active_strike(world, active, means, idle, dash, art).value
        if means.spell is not None:
            pay_mana(seq.ctx, world, active, means.spell)
        if means.id == "confuse-target" and "mana" in action.extras:
            spend_mana(seq.ctx, seq.world, active, 1, "Confuse Target's +2 STK, L2296")
        if means.focus or means.aoe is not None or (means.targetless and action.point is not None):
            _area_plan(seq, means, art, stk, idle)
        crouch_bonus = 0
        for target, strikes in action.targets if not (means.focus or means.aoe) else ():
            if target in state.tokens:
                _barrel(seq, means, target, strikes, idle, art)
                continue
            t = world.fighter(target)
            attacker_base, defender_base = world.base(active.id), world.base(target)
            sighted = world.sees(active.id, target).visible
            backstab = active.has("Backstab") and not world.sees(target, active.id).visible
            parry, riposte = _parried(seq, active, t, means, reactions)
            attribute, goal = attack_target(world, active, means, "active", idle, t, attacker_base, defender_base,
                                            art, sighted, parry)
            reach = measure_reach(world, active, means, defender_base, attacker_base, art)
            strikes -= _providence(seq, active, t, means)
            if not crouch_bonus and against_crouched(means, t):  # once an attack, on its first Crouched target
                crouch_bonus = 1
                strikes += 1
                seq.line(f"{active.id}'s {means.name} strikes once more at the Crouched {target} (L2669).")
            seq.plans.append(Plan(active.id, target, means, "active", max(1, strikes + riposte), attribute, goal,
                                  reach, art, False, end, (t.model.x, t.model.y), backstab=backstab))
    for reaction in reactions:
        if reaction.kind != "attack" or reaction.means is None:
            continue
        r = world.fighter(reaction.model)
        means = r.means(reaction.means)
        if means is None or r.out:
            continue
        at = reaction.at or (active.model.x, active.model.y)
        attacker_base = world.base(r.id)
        defender_base = world.base(active.id, at=at)
        art_used = _reactive_art(seq, r, reaction)
        source = art_source(r, art_used)
        parry, riposte = _parried(seq, r, active, means, reactions)
        attribute, goal = attack_target(world, r, means, "reactive", False, active, attacker_base, defender_base,
                                        source, True, parry)
        reach = measure_reach(world, r, means, defender_base, attacker_base, source)
        stk = max(1, reactive_strike(world, r, means, source).value + riposte + against_crouched(means, active))
        seq.plans.append(Plan(r.id, active.id, means, "reactive", stk, attribute, goal, reach, source, True,
                              (r.model.x, r.model.y), at, point=at if means.aoe is not None else None))
    _trample(seq)
    _ = state


def _reactive_art(seq: Resolving, r: Fighter, reaction: Reaction) -> str | None:
    """The art a reacting attack uses, unless the active model is a Duelist attacking it (L2053)."""
    art = reaction.art
    action = seq.action
    if art is None or not seq.active.has("Duelist") or action.kind != "attack" \
            or r.id not in {t for t, _n in action.targets}:
        return art
    refusal = art_refusal(parse_ref(art).level, opponent_duelist=True)
    if refusal is None:
        return art
    seq.line(f"{r.id} cannot use {art}: {seq.active.id} is a Duelist attacking it (L2053).")
    return None


def _parried(seq: Resolving, attacker: Fighter, target: Fighter, means: Means,
             reactions: list[Reaction]) -> tuple[list[Modifier], int]:
    """Fencing I and II: a target attacking ``attacker`` in melee with either art makes ``attacker``'s melee attack
    on it roll at -3 (Masterful Parry) or with 1 STK less, never below 1 (Harsh Riposte) (L2224-2225)."""
    if means.kind != "melee":
        return [], 0
    action = seq.action
    if target.id == seq.active.id:  # only an attack's art is a combat art (an Assist's names what Dispel removes)
        attacking = action.kind == "attack" and attacker.id in {t for t, _n in action.targets}
        art, theirs = (action.art, action.means) if attacking else (None, None)
    else:
        mine = next((r for r in reactions if r.model == target.id and r.kind == "attack"), None)
        art, theirs = (mine.art, mine.means) if mine is not None else (None, None)
    counter = target.means(theirs) if theirs else None
    source = art_source(target, art) if art else None
    if source is None or counter is None or counter.kind != "melee":
        return [], 0
    effect = source.effect
    mods = [Modifier.add(source.name, effect.target_modifier, "L2224")] if effect.target_modifier else []
    if mods or effect.target_strike:
        change = f"{effect.target_modifier:+d}" if mods else f"{effect.target_strike:+d} STK (never below 1)"
        seq.line(f"{target.id}'s {source.name}: {attacker.id}'s melee attack on it gets {change} (L2224-2225).")
    return mods, effect.target_strike


def _trample(seq: Resolving) -> None:
    """Each smaller model a Trampling Run went through takes a Hit with Knockdown at PW equal to the runner's T; a
    reacting model's Dodge may avoid it (L2179-2182)."""
    sequence = seq.ctx.state.sequence
    if sequence is None or not sequence.trampled:
        return
    runner = seq.active
    for model in sequence.trampled:
        if model not in seq.ctx.state.models:
            continue
        goal = runner.attribute("T")
        plan = Plan(runner.id, model, TRAMPLE, "active", 1, "T", goal, Reach(True, 0, "it ran through it"), None,
                    False, (runner.model.x, runner.model.y), (seq.ctx.state.models[model].x,
                                                               seq.ctx.state.models[model].y))
        hit = Hit(runner.id, model, -1, 0, False)
        seq.landed.append(Landed(plan, model, [hit]))
        seq.line(f"{runner.id} tramples {model}: a Hit with Knockdown at PW {goal.value} (L2181).")
        if seq.world.friends(seq.world.fighter(model), runner):
            seq.friendly.append((model, runner.id))


def _barrel(seq: Resolving, means: Means, token_id: str, strikes: int, idle: bool, art: Source | None) -> None:
    """An attack on an exploding barrel: any success sets it off (L2463)."""
    world, active = seq.world, seq.active
    token = world.state.tokens[token_id]
    attacker = world.base(active.id)
    attribute, goal = attack_target(world, active, means, "active", idle, None, attacker, None, art, True)
    reach = point_reach(world, active, means, (token.x, token.y))
    if not reach.ok:
        seq.line(f"{active.id}'s attack on barrel {token_id} fails: {reach.line}.")
        return
    faces = roll_d20s(seq.ctx, strikes, f"{active.id}'s attack on barrel {token_id}", active.side,
                      attack_reading(active.id, token_id, attribute, goal, rulings=active.rulings))
    roll = attack_roll(active.id, token_id, attribute, goal, faces, rulings=active.rulings)
    seq.line(f"{active.id} attacks barrel {token_id}: {'a success' if roll.successes else 'no success'}.", roll.working)
    if roll.successes:
        explode_barrel(seq.ctx, seq.kit, token_id)


def _area_plan(seq: Resolving, means: Means, art: object, stk: int, idle: bool) -> None:
    """An attack with a template or a Focus: one roll; each success lays the template (L764-791, L2081)."""
    world, active, action = seq.world, seq.active, seq.action
    main = action.targets[0][0] if action.targets else None
    t = world.fighter(main) if main is not None else None
    attacker_base = world.base(active.id)
    defender_base = world.base(main) if main is not None else None
    sighted = main is None or world.sees(active.id, main).visible
    source = art_source(active, action.art)
    attribute, goal = attack_target(world, active, means, "active", idle, t, attacker_base, defender_base, source,
                                    sighted)
    if defender_base is not None:
        reach = measure_reach(world, active, means, defender_base, attacker_base, source)
    else:
        reach = point_reach(world, active, means, action.point)
    point = action.point if main is None else (t.model.x, t.model.y) if t is not None else None
    seq.plans.append(Plan(active.id, main, means, "active", stk, attribute, goal, reach, source, False,
                          (active.model.x, active.model.y), point, point=point))


def point_reach(world: World, f: Fighter, means: Means, point: tuple[float, float] | None) -> Reach:
    if means.focus or point is None:
        return Reach(True, 0, "a Focus spell reaches its Casting Aura (L2081)")
    reach = means.reach
    if reach is not None and reach.casting_aura:
        ok = point_gap(f, point) <= world.awareness(f) + 1e-9
        return Reach(ok, 0, f"the point is {'inside' if ok else 'outside'} the Casting Aura (L2173)")
    inches = float(f.value("T")) if reach is not None and reach.attribute == "T" else \
        (reach.inches or 0.0) + (4.0 if means.spell is not None and f.accessory("casting-amplifier") else 0.0) \
        if reach is not None else 0.0
    d = point_gap(f, point)
    ok = d <= inches + 0.01
    return Reach(ok, 0, f"the point is {d:.2f}\" away, reach {inches:g}\" (L738-746)")
