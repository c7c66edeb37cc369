"""Step 5, the Resolution step (Eldfall core rules v1.5, L1255-1260, L829-872, L1378-1410, L1516-1522), in the
order of ruling ``resolution-order`` (the rules digest's section 8.4):

1. every attack's modifiers, then its dice (an attack whose target is out of reach fails without a roll, L746);
2. confrontations between models attacking each other (L845-864), criticals first (L833-835);
3. dodges, one AG roll against each attacker (L1378-1410); stray shots into melee (L1516-1522);
4. Hits, damage rolls, wound prevention and wound effects (``harm``);
5. at the end of the sequence: Incapacitated, dodge moves and pushes, Engaged, morale (``aftermath``).
"""

from __future__ import annotations

import math

from engine.checks import Explained, Modifier, Target
from engine.core import Context, ModelId
from engine.systems.eldfall.aftermath import apply_harm, end_sequence
from engine.systems.eldfall.attack import AttackRoll, Hit, Role, attack_reading, attack_roll
from engine.systems.eldfall.cards import size_steps
from engine.systems.eldfall.checks import against, attribute_check, roll_d20s
from engine.systems.eldfall.confrontation import confront, unopposed
from engine.systems.eldfall.dodge import dodge
from engine.systems.eldfall.duels import challenge
from engine.systems.eldfall.effects import set_states
from engine.systems.eldfall.events import FigureNoted, StepReached
from engine.systems.eldfall.fighters import TRAMPLE, Fighter, Means
from engine.systems.eldfall.friendly_fire import stray_shots
from engine.systems.eldfall.harm import gather_harm
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.modifiers import Source, art_refusal, critical_up_to, successes_critical
from engine.systems.eldfall.quests import explode_barrel, interact, perceive
from engine.systems.eldfall.redirecting import redirect_damage
from engine.systems.eldfall.refs import parse_ref
from engine.systems.eldfall.rerolls import reroll_attack, spend_luck
from engine.systems.eldfall.resolution_state import Landed, Resolving
from engine.systems.eldfall.rolls import attribute_roll, check_rules
from engine.systems.eldfall.schema import Attribute
from engine.systems.eldfall.scoring_end import note_fact, on_out
from engine.systems.eldfall.shrouds import perceive_shrouded
from engine.systems.eldfall.state import Declared, EldfallState, Reaction
from engine.systems.eldfall.strikes import (
    Plan,
    Reach,
    active_strike,
    against_crouched,
    art_source,
    attack_target,
    measure_reach,
    reactive_strike,
)
from engine.systems.eldfall.support import pay_mana, resolve_support, spend_mana
from engine.systems.eldfall.templates import aim_spray, circle_at, template_hits
from engine.systems.eldfall.trading import trade
from engine.systems.eldfall.warding import cast_wards
from engine.systems.eldfall.world import World

__all__ = ["resolve"]

Ctx = Context[EldfallState]


def resolve(ctx: Ctx, kit: Kit) -> None:
    """Resolve the sequence in progress and end it."""
    state = ctx.state
    sequence = state.sequence
    assert sequence is not None
    ctx.emit(StepReached(step="resolution"))
    world = kit.world(state)
    active = world.fighter(sequence.model)
    action = sequence.action or Declared(kind="nothing")
    seq = Resolving(ctx, kit, world, active, action,
                    incapacitated_before=frozenset(f.id for f in world.fighters() if f.is_("incapacitated")),
                    extras={active.id: action.extras, **{r.model: r.extras for r in sequence.reactions}})
    _plan(seq, sequence.movement == "idle", sequence.dash, sequence.reactions)
    _roll(seq)
    _confront_and_dodge(seq, sequence.reactions)
    _chain_attacks(seq)
    redirect_damage(seq)
    cast_wards(seq, sequence.reactions)
    harm = gather_harm(seq)
    apply_harm(seq, harm)
    if action.kind in ("assist", "ritual"):
        resolve_support(seq)
    elif action.kind == "perceive" and action.targets and action.targets[0][0] in state.models and not active.out:
        perceive_shrouded(ctx, world, world.fighter(active.id), action.targets[0][0])
    elif action.kind in ("perceive", "interact") and action.targets and not active.out:
        token = action.targets[0][0]
        if token in state.tokens:
            (perceive if action.kind == "perceive" else interact)(ctx, kit, world.fighter(active.id), token)
    elif action.kind == "deathblow" and action.targets:
        _deathblow(seq, action.targets[0][0])
    elif action.kind == "duel":
        challenge(ctx, kit, active)
    elif action.kind == "trade" and action.targets:
        seq.line(trade(ctx, kit.world(state), kit.world(state).fighter(active.id), action))
    for reaction in sequence.reactions:
        if reaction.kind == "perceive" and reaction.model in state.models:
            perceive_shrouded(ctx, world, kit.world(state).fighter(reaction.model), active.id)
    end_sequence(seq, sequence.reactions, harm)


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


def _plan(seq: Resolving, idle: bool, dash: bool, reactions: list[Reaction]) -> None:
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
                              (r.model.x, r.model.y), at))
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
    if target.id == seq.active.id:
        art, theirs = action.art, action.means if attacker.id in {t for t, _n in action.targets} else None
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


def _deathblow(seq: Resolving, target: ModelId) -> None:
    """A Deathblow kills an Incapacitated enemy in base contact, no roll (L1534-1540)."""
    state = seq.ctx.state
    if target not in state.models:
        return
    t = seq.world.fighter(target)
    set_states(seq.ctx, t, added=("dead",), removed=("incapacitated",), why=f"{seq.active.id}'s Deathblow, L1534")
    note_fact(seq.ctx, seq.active.side, "deathblows")
    on_out(seq.ctx, seq.kit, state.figures[target], seq.active.side, True)


def _barrel(seq: Resolving, means: Means, token_id: str, strikes: int, idle: bool, art: Source | None) -> None:
    """An attack on an exploding barrel: any success sets it off (L2463)."""
    world, active = seq.world, seq.active
    token = world.state.tokens[token_id]
    attacker = world.base(active.id)
    attribute, goal = attack_target(world, active, means, "active", idle, None, attacker, None, art, True)
    reach = _point_reach(world, active, means, (token.x, token.y))
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
        reach = _point_reach(world, active, means, action.point)
    point = action.point if main is None else (t.model.x, t.model.y) if t is not None else None
    seq.plans.append(Plan(active.id, main, means, "active", stk, attribute, goal, reach, source, False,
                          (active.model.x, active.model.y), point, point=point))


def _point_reach(world: World, f: Fighter, means: Means, point: tuple[float, float] | None) -> Reach:
    if means.focus or point is None:
        return Reach(True, 0, "a Focus spell reaches its Casting Aura (L2081)")
    reach = means.reach
    if reach is not None and reach.casting_aura:
        d = math.dist((f.model.x, f.model.y), point) - f.model.radius
        ok = d <= world.awareness(f) + 1e-9
        return Reach(ok, 0, f"the point is {'inside' if ok else 'outside'} the Casting Aura (L2173)")
    inches = float(f.value("T")) if reach is not None and reach.attribute == "T" else \
        (reach.inches or 0.0) + (4.0 if means.spell is not None and f.accessory("casting-amplifier") else 0.0) \
        if reach is not None else 0.0
    d = max(0.0, math.dist((f.model.x, f.model.y), point) - f.model.radius)
    ok = d <= inches + 0.01
    return Reach(ok, 0, f"the point is {d:.2f}\" away, reach {inches:g}\" (L738-746)")


def _roll(seq: Resolving) -> None:
    """Roll each attack's dice in the open, in declaration order; out of reach, no dice (L746)."""
    for index, plan in enumerate(seq.plans):
        attacker = seq.world.fighter(plan.attacker)
        _use_up(seq, attacker, plan)
        if not plan.reach.ok or plan.goal.value <= 0:
            why = plan.reach.line if not plan.reach.ok else f"its {plan.attribute} is 0: it fails (L572)"
            aimed = plan.defender or "the ground"
            seq.line(f"{plan.attacker}'s attack on {aimed} with {plan.means.name} fails: {why}.",
                     (plan.reach.line, "its strikes fail (L746, L760)"))
            continue
        sources = [*attacker.sources, *([plan.art] if plan.art is not None else [])]
        up_to, every, aimed = critical_up_to(sources), successes_critical(sources, plan.role), plan.defender or "ground"
        faces = roll_d20s(seq.ctx, plan.strikes, f"{plan.attacker}'s attack with {plan.means.name} on "
                                                 f"{plan.defender or 'the ground'}", attacker.side,
                          attack_reading(plan.attacker, aimed, plan.attribute, plan.goal, critical_up_to=up_to,
                                         successes_critical=every, rulings=attacker.rulings))
        faces = reroll_attack(seq, attacker, plan, faces, seq.extras.get(attacker.id, ()))
        seq.rolls[index] = attack_roll(plan.attacker, aimed, plan.attribute, plan.goal, faces, critical_up_to=up_to,
                                       successes_critical=every, rulings=attacker.rulings)


def _use_up(seq: Resolving, attacker: Fighter, plan: Plan) -> None:
    """A Consumable is discarded once used (L414) and a thrown item leaves the inventory, one a strike, whether the
    attack succeeds or not (L2177)."""
    means = plan.means
    if means.item is None or not (means.thrown or means.consumable):
        return
    spent = dict(seq.ctx.state.figures[attacker.id].spent)
    used = plan.strikes if means.thrown else 1
    spent[means.item.id] = spent.get(means.item.id, 0) + used
    what = f"throws {used} {means.item.name}" if means.thrown else f"uses up its {means.item.name}"
    seq.ctx.emit(FigureNoted(model=attacker.id, changes={"spent": spent},
                             shown=f"{attacker.id} {what} (L{'2177' if means.thrown else '414'})."))


def _confront_and_dodge(seq: Resolving, reactions: list[Reaction]) -> None:
    """Pair attacks made at each other into confrontations, then dodges and stray shots (L845-864, L1378-1410)."""
    world, active = seq.world, seq.active
    paired: set[int] = set()
    for i, plan in enumerate(seq.plans):
        if plan.role != "active" or plan.defender is None or i in paired:
            continue
        back = next((j for j, other in enumerate(seq.plans) if other.role == "reactive" and
                     other.attacker == plan.defender and j not in paired), None)
        if back is None:
            continue
        paired |= {i, back}
        a, b = seq.rolls.get(i), seq.rolls.get(back)
        if a is None and b is None:
            continue
        if a is None or b is None:
            lone = a if a is not None else b
            assert lone is not None
            seq.line(f"{lone.attacker} attacks {lone.defender}, whose attack back failed: its successes stand.",
                     lone.working)
            _land(seq, i if a is not None else back, list(lone.hits()))
            continue
        defender = world.fighter(plan.defender)
        unstoppable = (active.has("Unstoppable") and _smaller(defender, active)) or \
                      (defender.has("Unstoppable") and _smaller(active, defender))
        backstab_hits = unopposed(_empty(a), 1) if plan.backstab else ()
        result = confront(a, b, unstoppable=unstoppable, backstab="a" if plan.backstab else None,
                          rulings=active.rulings)
        seq.line(f"Confrontation {a.attacker} against {b.attacker}: " + result.working[-1] + ".",
                 (*a.working, *b.working, *result.working))
        _land(seq, i, [*a.hits(result.a_lands), *backstab_hits])
        _land(seq, back, list(b.hits(result.b_lands)))
    for i, plan in enumerate(seq.plans):
        if i in paired or i not in seq.rolls:
            continue
        roll = seq.rolls[i]
        hits = list(roll.hits())
        if plan.backstab:
            hits += unopposed(_empty(roll), 1)
        if plan.role == "active" and plan.means.kind == "ranged" and plan.means.aoe is None and \
                plan.defender is not None:
            hits = _strays(seq, plan, roll, hits)
        seq.line(f"{roll.attacker} attacks {roll.defender} with {plan.means.name}: {len(hits)} "
                 f"{'Hit' if len(hits) == 1 else 'Hits'}.", roll.working)
        _land(seq, i, hits)
    _dodges(seq, reactions)


def _chain_attacks(seq: Resolving) -> None:
    """Chain Attack: once a sequence, when an ally hits an enemy this model sees, it makes an unmodified STK 1
    attack on that enemy before the damage rolls, for no AP (L1898-1900)."""
    world = seq.world
    used: set[ModelId] = set()
    for entry in list(seq.landed):
        if not entry.hits or entry.area:
            continue
        attacker = world.fighter(entry.plan.attacker)
        defender = world.fighter(entry.defender)
        if world.friends(defender, attacker):
            continue
        for c in world.allies(attacker):
            if c.id in used or not c.has("Chain Attack") or not world.sees(c.id, defender.id).visible:
                continue
            weapon = next((m for m in c.weapons if measure_reach(world, c, m, world.base(defender.id),
                                                                 world.base(c.id)).ok), None)
            if weapon is None:
                continue
            used.add(c.id)
            role: Role = "active" if c.side == seq.ctx.state.active_side else "reactive"
            attribute, goal = attack_target(world, c, weapon, role, False, defender, world.base(c.id),
                                            world.base(defender.id), None, True)
            (face,) = roll_d20s(seq.ctx, 1, f"{c.id}'s Chain Attack on {defender.id}", c.side,
                                attack_reading(c.id, defender.id, attribute, goal, rulings=c.rulings))
            roll = attack_roll(c.id, defender.id, attribute, goal, [face], rulings=c.rulings)
            plan = Plan(c.id, defender.id, weapon, role, 1, attribute, goal, Reach(True, 0, ""), None, False,
                        (c.model.x, c.model.y), (defender.model.x, defender.model.y))
            result = "a Hit" if roll.successes else "a miss"
            seq.line(f"{c.id} joins in with a Chain Attack on {defender.id}: {result} (L1898-1900).", roll.working)
            if roll.successes:
                seq.landed.append(Landed(plan, defender.id, list(roll.hits())))


def _empty(roll: AttackRoll) -> AttackRoll:
    return AttackRoll(roll.attacker, roll.defender, roll.attribute, roll.target, (),
                      Explained(roll.explained.what, (), roll.explained.goal))


def _smaller(a: Fighter, b: Fighter) -> bool:
    return size_steps(a.card.size, b.card.size) > 0


def _land(seq: Resolving, index: int, hits: list[Hit]) -> None:
    """Hits an attack lands: on its defender, or on every model its templates touch."""
    plan = seq.plans[index]
    if not hits:
        return
    if plan.means.focus or plan.means.aoe is not None or plan.defender is None:
        _land_area(seq, plan, hits)
        return
    seq.landed.append(Landed(plan, plan.defender, list(hits)))
    if plan.means.has("Sweep") and plan.role == "active":
        _sweep(seq, plan, hits)
    if plan.means.has("Ricochet"):
        _ricochet(seq, plan, plan.defender, hits)


def _land_area(seq: Resolving, plan: Plan, hits: list[Hit]) -> None:
    """Each success lays the template: every model it touches (never its user) takes a Hit (L764-791, L776)."""
    world, active = seq.world, seq.world.fighter(plan.attacker)
    bases = [world.base(f.id) for f in world.fighters() if not f.dead]
    user = world.base(active.id)
    if plan.means.focus:
        affected = [f.id for f in world.fighters(standing=True) if not world.friends(f, active)
                    and world.aware(active.id, f.id)]
        where = f"every enemy in {active.id}'s Casting Aura"
    else:
        aoe = plan.means.aoe or "circular-s"
        if aoe.startswith("spray") and plan.defender is not None:
            template = aim_spray(user, world.base(plan.defender), aoe, world.rulings)
        elif plan.point is not None:
            template = circle_at(aoe if not aoe.startswith("spray") else "circular-l", plan.point, world.rulings)
        else:
            template = None
        if template is None:
            seq.line(f"{active.id}'s {plan.means.name} finds no place for its template: it fails.")
            return
        affected = [ModelId(m) for m in template_hits(template, bases, user=user.id).affected]
        where = f"the template at {plan.point[0]:g},{plan.point[1]:g}" if plan.point is not None else "the spray"
    seq.line(f"{active.id}'s {plan.means.name}: {len(hits)} {'template' if len(hits) == 1 else 'templates'} on {where}"
             f", touching {', '.join(affected) or 'no model'} (L764-791).")
    for model in affected:
        area_hits = [Hit(active.id, model, h.die, h.face, h.critical) for h in hits]
        seq.landed.append(Landed(plan, model, area_hits, area=True))
        if world.friends(world.fighter(model), active):
            seq.friendly.append((model, active.id))


def _sweep(seq: Resolving, plan: Plan, hits: list[Hit]) -> None:
    """Sweep: each success also hits every other model in the attacker's LoS and melee reach (II: behind it too),
    allies included (L2167-2169, ruling sweep-allies)."""
    world = seq.world
    attacker = world.fighter(plan.attacker)
    level = plan.means.level("Sweep")
    inches = plan.means.reach.inches if plan.means.reach is not None and plan.means.reach.inches is not None else 0.0
    for f in world.fighters(standing=True):
        if f.id in (attacker.id, plan.defender) or world.gap(attacker.id, f.id) > inches + 0.01:
            continue
        if level < 2 and not world.sees(attacker.id, f.id).visible:
            continue
        swept = [Hit(attacker.id, f.id, h.die, h.face, h.critical) for h in hits]
        seq.landed.append(Landed(plan, f.id, swept, area=True))
        if world.friends(f, attacker):
            seq.friendly.append((f.id, attacker.id))
        seq.line(f"{attacker.id}'s Sweep also hits {f.id} ({len(swept)} {'Hit' if len(swept) == 1 else 'Hits'}, "
                 "L2167-2169).")


def _ricochet(seq: Resolving, plan: Plan, hit_model: ModelId, hits: list[Hit]) -> None:
    """Ricochet (X): a model hit sends the same Hits on to the nearest enemy within 5" of it, every one of them
    when several are as near, up to X times a sequence and never to a model it already hit (L2141-2143)."""
    world = seq.world
    attacker = world.fighter(plan.attacker)
    jumps = plan.means.level("Ricochet")
    struck = {hit_model} | {entry.defender for entry in seq.landed if entry.plan.means.id == plan.means.id}
    frontier = [hit_model]
    done = seq.ricochets.get(plan.attacker, 0)
    while frontier and done < jumps:
        source = frontier[0]
        near = [(round(world.gap(source, e.id), 2), e.id) for e in world.enemies(attacker) if e.id not in struck]
        near = [(gap, model) for gap, model in near if gap <= 5.0 + 0.01]
        if not near:
            break
        closest = min(gap for gap, _m in near)
        frontier = [model for gap, model in near if gap == closest]
        done += 1
        for model in frontier:
            struck.add(model)
            seq.landed.append(Landed(plan, model, [Hit(attacker.id, model, h.die, h.face, h.critical) for h in hits],
                                     area=True))
        seq.line(f"{plan.means.name} ricochets from {source} to {', '.join(frontier)} (Ricochet {jumps}, L2141-2143).")
    seq.ricochets[plan.attacker] = done


def _strays(seq: Resolving, plan: Plan, roll: AttackRoll, hits: list[Hit]) -> list[Hit]:
    """Shooting into melee: every 17-20 hits an ally touching the target instead (L1516-1522); the first ally by
    id is hit when several touch (the opponent's choice, ruling stray-ally)."""
    world = seq.world
    assert plan.defender is not None
    attacker = world.fighter(plan.attacker)
    allies = [a for a in world.allies(attacker) if world.touching(a.id, plan.defender)]
    if not allies:
        return hits
    strays = stray_shots(roll, len(allies), area=False, rulings=attacker.rulings)
    kept = [h for h in hits if h.die in strays.to_target or h.die < 0]
    for position in strays.to_allies:
        verdict = roll.verdicts[position]
        ally = allies[0]
        seq.landed.append(Landed(plan, ally.id, [Hit(attacker.id, ally.id, position, verdict.face, False)]))
        seq.friendly.append((ally.id, attacker.id))
    if strays.to_allies:
        seq.line(f"{attacker.id} shoots into melee: {len(strays.to_allies)} stray "
                 f"{'shot hits' if len(strays.to_allies) == 1 else 'shots hit'} {allies[0].id} (L1522).",
                 strays.working)
    return kept


def _dodges(seq: Resolving, reactions: list[Reaction]) -> None:
    """One AG roll against each attacker; a success avoids that attacker's non-critical Hits (L1378-1410)."""
    world, active = seq.world, seq.active
    dodgers: list[tuple[Fighter, bool]] = [(world.fighter(r.model), r.unseen) for r in reactions
                                           if r.kind == "dodge"]
    if seq.action.kind == "dodge":
        dodgers.append((active, False))
    for dodger, unseen in dodgers:
        attackers = sorted({entry.plan.attacker for entry in seq.landed if entry.defender == dodger.id})
        if not attackers and dodger.is_("immobilized"):
            _breaking_free(seq, dodger, unseen)
            continue
        if not attackers:
            seq.dodged.setdefault(dodger.id, True)
            continue
        for attacker in attackers:
            mine = [h for entry in seq.landed if entry.defender == dodger.id and entry.plan.attacker == attacker
                    for h in entry.hits]
            mindgame = any(entry.plan.means.has("Mindgame") for entry in seq.landed if entry.defender == dodger.id
                           and entry.plan.attacker == attacker)
            goal = _dodge_target(dodger, unseen, mindgame)
            what = f"{dodger.id}'s Dodge against {attacker}"
            faces = roll_d20s(seq.ctx, 1, what, dodger.side, against(goal, what, check_rules(rulings=dodger.rulings)))
            if "luck" in seq.extras.get(dodger.id, ()):
                spend_luck(seq, dodger, faces, goal)
            face = faces[0]
            result = dodge(dodger.id, attacker, goal, face, mine, rulings=dodger.rulings)
            seq.dodged[dodger.id] = seq.dodged.get(dodger.id, True) and result.success
            seq.line(f"{dodger.id} dodges {attacker}: {'success' if result.success else 'failure'}"
                     f"{', ' + str(len(result.avoided)) + ' avoided' if result.avoided else ''}.", result.working)
            if result.success:
                avoided = set(result.avoided)
                for entry in seq.landed:
                    if entry.defender == dodger.id and entry.plan.attacker == attacker:
                        entry.hits = [h for h in entry.hits if h not in avoided]


def _breaking_free(seq: Resolving, dodger: Fighter, unseen: bool) -> None:
    """An Immobilized model's Dodge with no attack to avoid still rolls (AG or T): only a success ends the state
    and lets it move (L1748, L1390)."""
    goal = _dodge_target(dodger, unseen, False)
    what = f"{dodger.id}'s Dodge to break free of Immobilized"
    (face,) = roll_d20s(seq.ctx, 1, what, dodger.side, against(goal, what, check_rules(rulings=dodger.rulings)))
    roll = attribute_roll(goal, face, rulings=dodger.rulings)
    seq.dodged[dodger.id] = seq.dodged.get(dodger.id, True) and roll.passed
    seq.line(f"{dodger.id} dodges to break free: {'success' if roll.passed else 'failure'} (L1748).", roll.working)


def _dodge_target(dodger: Fighter, unseen: bool, mindgame: bool) -> Target:
    attribute: Attribute = "INT" if mindgame else "AG"
    mods: list[Modifier] = []
    if unseen and not dodger.has("Acute Senses") and attribute == "AG":
        mods.append(Modifier.halve("it never saw the active model move", "L1385"))
    goal = dodger.attribute(attribute, mods)
    if dodger.is_("immobilized") and not mindgame:
        toughness = dodger.attribute("T", mods)
        if toughness.value > goal.value:
            return toughness
    return goal

