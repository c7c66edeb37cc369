"""Step 5, the Resolution step (Eldfall core rules v1.5, L1255-1260, L829-872, L1378-1410, L1516-1522), in the
order of ruling ``resolution-order`` (the rules digest's section 8.4):

1. every attack's modifiers, then its dice (an attack whose target is out of reach fails without a roll, L746);
2. confrontations between models attacking each other (L845-864), criticals first (L833-835);
3. dodges, one AG roll against each attacker (L1378-1410); stray shots into melee (L1516-1522);
4. Hits, damage rolls, wound prevention and wound effects (``harm``);
5. at the end of the sequence: Incapacitated, dodge moves and pushes, Engaged, morale (``aftermath``).

The attacks are worked out in ``attack_plans``, their Hits placed by ``landing``, the dodges rolled by
``dodge_rolls``; this module runs the step in order and pairs the confrontations.
"""

from __future__ import annotations

from engine.checks import Explained
from engine.core import Context, ModelId
from engine.systems.eldfall.aftermath import apply_harm, end_sequence
from engine.systems.eldfall.attack import AttackRoll, attack_reading, attack_roll
from engine.systems.eldfall.attack_plans import plan_attacks
from engine.systems.eldfall.burning_touch import BURNING_TOUCH, cauterize
from engine.systems.eldfall.cards import size_steps
from engine.systems.eldfall.checks import roll_d20s
from engine.systems.eldfall.confrontation import confront, unopposed
from engine.systems.eldfall.dodge_rolls import roll_dodges
from engine.systems.eldfall.duels import challenge
from engine.systems.eldfall.effects import set_states
from engine.systems.eldfall.events import FigureNoted, StepReached
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.harm import gather_harm
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.landing import chain_attacks, land, strays
from engine.systems.eldfall.modifiers import critical_up_to, successes_critical
from engine.systems.eldfall.quests import interact, perceive
from engine.systems.eldfall.redirecting import redirect_damage
from engine.systems.eldfall.rerolls import reroll_attack
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.scoring_end import note_fact, on_out
from engine.systems.eldfall.shrouds import perceive_shrouded
from engine.systems.eldfall.state import Declared, EldfallState, Reaction
from engine.systems.eldfall.strikes import (
    Plan,
)
from engine.systems.eldfall.support import resolve_support
from engine.systems.eldfall.trading import trade
from engine.systems.eldfall.warding import cast_wards

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
    plan_attacks(seq, sequence.movement == "idle", sequence.dash, sequence.reactions)
    _roll(seq)
    _confront_and_dodge(seq, sequence.reactions)
    chain_attacks(seq)
    redirect_damage(seq)
    cast_wards(seq, sequence.reactions)
    harm = gather_harm(seq)
    apply_harm(seq, harm)
    if action.art == BURNING_TOUCH and action.kind == "assist":
        cauterize(seq)
    elif action.kind in ("assist", "ritual"):
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


def _deathblow(seq: Resolving, target: ModelId) -> None:
    """A Deathblow kills an Incapacitated enemy in base contact, no roll (L1534-1540)."""
    state = seq.ctx.state
    if target not in state.models:
        return
    t = seq.world.fighter(target)
    set_states(seq.ctx, t, added=("dead",), removed=("incapacitated",), why=f"{seq.active.id}'s Deathblow, L1534")
    note_fact(seq.ctx, seq.active.side, "deathblows")
    on_out(seq.ctx, seq.kit, state.figures[target], seq.active.side, True)


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
            land(seq, i if a is not None else back, list(lone.hits()))
            continue
        defender = world.fighter(plan.defender)
        unstoppable = (active.has("Unstoppable") and _smaller(defender, active)) or \
                      (defender.has("Unstoppable") and _smaller(active, defender))
        backstab_hits = unopposed(_empty(a), 1) if plan.backstab else ()
        result = confront(a, b, unstoppable=unstoppable, backstab="a" if plan.backstab else None,
                          rulings=active.rulings)
        seq.line(f"Confrontation {a.attacker} against {b.attacker}: " + result.working[-1] + ".",
                 (*a.working, *b.working, *result.working))
        land(seq, i, [*a.hits(result.a_lands), *backstab_hits])
        land(seq, back, list(b.hits(result.b_lands)))
    for i, plan in enumerate(seq.plans):
        if i in paired or i not in seq.rolls:
            continue
        roll = seq.rolls[i]
        hits = list(roll.hits())
        if plan.backstab:
            hits += unopposed(_empty(roll), 1)
        if plan.role == "active" and plan.means.kind == "ranged" and plan.means.aoe is None and \
                plan.defender is not None:
            hits = strays(seq, plan, roll, hits)
        seq.line(f"{roll.attacker} attacks {roll.defender} with {plan.means.name}: {len(hits)} "
                 f"{'Hit' if len(hits) == 1 else 'Hits'}.", roll.working)
        land(seq, i, hits)
    roll_dodges(seq, reactions)


def _empty(roll: AttackRoll) -> AttackRoll:
    return AttackRoll(roll.attacker, roll.defender, roll.attribute, roll.target, (),
                      Explained(roll.explained.what, (), roll.explained.goal))


def _smaller(a: Fighter, b: Fighter) -> bool:
    return size_steps(a.card.size, b.card.size) > 0


