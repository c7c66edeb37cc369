"""Where an attack's Hits land in the Resolution step (Eldfall core rules v1.5): on its defender, or on every model a
template or a Focus touches (L764-791); Sweep's other models in reach (L2167-2169), Ricochet's jumps (L2141-2143),
stray shots into melee onto an ally (L1516-1522), and Chain Attack joining in before the damage (L1898-1900)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.eldfall.attack import AttackRoll, Hit, Role, attack_reading, attack_roll
from engine.systems.eldfall.checks import roll_d20s
from engine.systems.eldfall.duel_rules import takes_part
from engine.systems.eldfall.friendly_fire import stray_shots
from engine.systems.eldfall.resolution_state import Landed, Resolving
from engine.systems.eldfall.strikes import (
    Plan,
    Reach,
    attack_target,
    hurl_allows,
    measure_reach,
)
from engine.systems.eldfall.templates import aim_spray, circle_at, template_hits

__all__ = ["chain_attacks", "land", "strays"]


def chain_attacks(seq: Resolving) -> None:
    """Chain Attack: once a sequence, when an ally hits an enemy this model sees, it makes an unmodified STK 1
    attack on that enemy before the damage rolls, for no AP (L1898-1900), with no other ranged weapon than Hurl if
    it Hurled this sequence (L1956); never by a model outside a duel being fought, whose side would lose it for
    interfering (L1575)."""
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
            if not takes_part(seq.ctx.state.duel, c.id, c.figure.summoner):
                continue  # joining a duel would lose it (L1575): its player does not use the skill
            used_now = [p.means for p in seq.plans if p.attacker == c.id]  # Hurl forbids other shots (L1956)
            weapon = next((m for m in c.weapons if hurl_allows(used_now, m) and
                           measure_reach(world, c, m, world.base(defender.id), world.base(c.id)).ok), None)
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
            seq.line(f"{c.id} joins in with a Chain Attack on {defender.id} with {weapon.name}: {result} "
                     f"(L1898-1900).", roll.working)
            if roll.successes:
                seq.landed.append(Landed(plan, defender.id, list(roll.hits())))


def land(seq: Resolving, index: int, hits: list[Hit]) -> None:
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
    then = plan.defender_at if plan.role == "reactive" else None  # a reaction's mark: where its target was (L1235)
    bases = [world.base(f.id, at=then) if then is not None and f.id == plan.defender else world.base(f.id)
             for f in world.fighters() if not f.dead]
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
        if plan.means.id == "mass-mindbreak":  # only the (selected: every) enemy models in its area (L2323)
            affected = [m for m in affected if not world.friends(world.fighter(m), active)]
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


def strays(seq: Resolving, plan: Plan, roll: AttackRoll, hits: list[Hit]) -> list[Hit]:
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
