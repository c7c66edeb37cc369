"""Handlers of an activation's steps (Shroudfall beta rulebook v1.4, L535-551, L725-770, L1511-1561): activating a
unit, its Move, Attack, Disengage and Shake actions, forfeiting, passing. Each checks with the rule functions, then
emits the outcome through the command's table; nothing is emitted when a check refuses.

The end of an activation and of a round are in :mod:`engine.systems.shroudfall.flow`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import IllegalCommand, ModelId, SideId
from engine.dice import Die, DieRoll
from engine.geometry import XY, bearing
from engine.systems.shroudfall.conditions import shaken
from engine.systems.shroudfall.damage import mark_damage
from engine.systems.shroudfall.essence import Infusion
from engine.systems.shroudfall.events import (
    ActionTaken,
    ActivationBegan,
    AttackRolled,
    ConditionsChanged,
    EffectChanged,
    TurnChanged,
)
from engine.systems.shroudfall.flow import end_activation, record_damage
from engine.systems.shroudfall.movement import ModelMove, in_coherency, moved_spots, plan_model_move
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.rerolls import Choosers
from engine.systems.shroudfall.rounds import action_refusal, activation_over, activation_refusal, may_pass
from engine.systems.shroudfall.schema import Move
from engine.systems.shroudfall.state import Action, UnitRecord
from engine.systems.shroudfall.strike import (
    NO_CHOICES,
    AttackPlan,
    DamageRoll,
    HitRoll,
    check_attack,
    roll_damage,
    roll_hit,
)
from engine.table import ModelMoved

__all__ = [
    "Step",
    "activate",
    "attack",
    "disengage",
    "forfeit",
    "move",
    "pass_turn",
    "shake",
    "start_attack_action",
]


def _refuse(why: str | None, verb: str) -> None:
    if why is not None:
        raise IllegalCommand(why, verb=verb)


def _activating(ctx: Table, side: SideId) -> UnitRecord:
    activation = ctx.state.activation
    if activation is None or activation.side != side:
        raise IllegalCommand(f"{side} has no unit activating; activate one first (L537)", verb="act")
    return ctx.state.units[activation.unit]


def _action(ctx: Table, side: SideId, action: Action) -> UnitRecord:
    unit = _activating(ctx, side)
    _refuse(action_refusal(ctx.state, unit, action), action)
    return unit


def activate(ctx: Table, side: SideId, unit_id: str) -> None:
    """Activate one of the side's units (L537, L1513)."""
    _refuse(activation_refusal(ctx.state, side, unit_id), "activate")
    ctx.emit(ActivationBegan(unit=unit_id, side=side))


def pass_turn(ctx: Table, side: SideId) -> None:
    """Pass: only with fewer units left to activate than the opponent, who activates at once (L571)."""
    if ctx.state.turn != side or ctx.state.activation is not None:
        raise IllegalCommand(f"{side} may pass only on its own turn to activate a unit (L571)", verb="pass")
    if not may_pass(ctx.state, side):
        raise IllegalCommand(f"{side} may pass only with fewer units left to activate than the opponent (L571)",
                             verb="pass")
    ctx.emit(TurnChanged(side=ctx.state.opponent(side), passed=side))


@dataclass(frozen=True, slots=True)
class Step:
    """One model's part of a move action: where it goes, the joint named (if any), a shorter tool wished."""

    model: ModelId
    to: XY
    via: XY | None = None
    tool: Move | None = None


def move(ctx: Table, ref: Referee, side: SideId, steps: Sequence[Step]) -> None:
    """A move action (L543, L573-612, L1526-1533): each model in turn, checked where the ones before it now stand;
    out of coherency, or a second move, ends the activation."""
    unit = _action(ctx, side, "move")
    world = ref.world(ctx)
    moving = [s.model for s in steps]
    if len(set(moving)) != len(moving) or any(m not in ctx.state.alive(unit) for m in moving):
        raise IllegalCommand(f"name each model of {unit.id} once at most ({', '.join(ctx.state.alive(unit))})",
                             verb="move")
    parry = "passive:Parry" in unit.effects
    planned: list[ModelMove] = []
    for step in steps:
        planned.append(plan_model_move(world, step.model, step.to, via=step.via, wanted=step.tool, parry=parry,
                                       moved=moved_spots(planned)))
    ctx.emit(ActionTaken(unit=unit.id, action="move"))
    for plan in planned:
        start = world.base(plan.model).xy
        bend = plan.path.joint if plan.path.joint not in (plan.path.start, plan.path.end) else None
        path = (start, *((bend,) if bend else ()), plan.end)
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(path))
        facing = bearing(start, plan.end) if plan.end != start else ctx.state.models[plan.model].facing
        ctx.emit(ModelMoved(model_id=plan.model, path=path, distance=round(length, 2), facing=facing))
    apart = not in_coherency(ref.world(ctx), unit)
    over = activation_over(ctx.state, out_of_coherency=apart)
    if over is not None:
        end_activation(ctx, ref, over)


def disengage(ctx: Table, side: SideId) -> None:
    """A Disengage action: the unit gains Parry until the end of its activation (L546)."""
    unit = _action(ctx, side, "disengage")
    ctx.emit(ActionTaken(unit=unit.id, action="disengage"))
    ctx.emit(EffectChanged(unit=unit.id, effect="passive:Parry", expiry="activation", why="Disengage, L546"))


def shake(ctx: Table, side: SideId, condition: str) -> None:
    """A Shake action removes one condition (L547; Stunned first, L1421)."""
    unit = _action(ctx, side, "shake")
    left = shaken(unit, condition)
    ctx.emit(ActionTaken(unit=unit.id, action="shake"))
    ctx.emit(ConditionsChanged(unit=unit.id, conditions=left, removed=(condition,), why="Shake, L547"))


def forfeit(ctx: Table, ref: Referee, side: SideId, *, end: bool = True) -> str:
    """End the activation: the actions not taken are forfeited (L551), and a player done with actions and abilities
    ends it so (L555, L1519-1520). Without ``end`` the caller ends it (after Reposition's offer, L1363); the reason
    the activation ends."""
    unit = _activating(ctx, side)
    activation = ctx.state.activation
    assert activation is not None
    forfeited = 2 - len(activation.actions)
    for _ in range(forfeited):
        ctx.emit(ActionTaken(unit=unit.id, action="forfeit"))
    why = "its remaining actions forfeited" if forfeited else "its player ends it"
    if end:
        end_activation(ctx, ref, why)
    return why


def start_attack_action(ctx: Table, side: SideId) -> None:
    """Take an Attack action: its models then attack one after another (L545, L725-740)."""
    unit = _action(ctx, side, "attack")
    ctx.emit(ActionTaken(unit=unit.id, action="attack"))


def attack(ctx: Table, ref: Referee, side: SideId, model: ModelId, weapon: str, target: str | None, *,
           choosers: Choosers = NO_CHOICES, infusions: dict[str, Infusion] | None = None) -> AttackPlan:
    """One model's attack with one profile in the current Attack action (L727-742): every hit roll first, then a
    damage roll for each target hit (L799, L807); damage marked, models destroyed, 3 VP for an essence weaver."""
    unit = _activating(ctx, side)
    activation = ctx.state.activation
    assert activation is not None
    if not activation.actions or activation.actions[-1] != "attack":
        raise IllegalCommand(f"{unit.id} attacks in an Attack action; take one first (L545)", verb="attack")
    if model not in unit.models:
        raise IllegalCommand(f"{model} is not a model of the activating unit {unit.id}", verb="attack")
    world = ref.world(ctx)
    used = activation.used.get(model, [])
    used_types = [w.type for w in world.card(model).weapons if w.name in used]
    plan = check_attack(world, side, model, weapon, target, used=used, used_types=used_types,
                        attacked=list(activation.used))
    infusions = infusions or {}

    def roll(dice: Sequence[Die], purpose: str) -> tuple[DieRoll, ...]:
        return ctx.roll(dice, purpose, roller_side=side)

    def reroll(previous: DieRoll, die: Die) -> DieRoll:
        return ctx.reroll(previous, die, f"{model} re-roll", roller_side=side, limit=None)

    hits = {t: roll_hit(world, plan, t, roll, reroll, choosers, infusions.get(f"hit:{t}")) for t in plan.targets}
    for target_id, judged in hits.items():
        if not judged.hit.hit:
            ctx.emit(AttackRolled(attacker=model, target=target_id, weapon=plan.weapon.name, hit_total=judged.hit.total,
                                  defence=judged.hit.defence, hit=False, critical=False, lines=judged.lines,
                                  melee=plan.weapon.type == "melee"))
    for target_id, judged in hits.items():
        if judged.hit.hit:
            damage = roll_damage(ref.world(ctx), plan, target_id, roll, reroll, choosers,
                                 infusions.get(f"damage:{target_id}"))
            _wound(ctx, ref, plan, target_id, judged, damage)
    return plan


def _wound(ctx: Table, ref: Referee, plan: AttackPlan, target: ModelId, hit: HitRoll, damage: DamageRoll) -> None:
    """Mark an attack's damage (L1560): the working, the damage, a destroyed model and what follows."""
    marked = mark_damage(ref.world(ctx), target, damage.wound.damage)
    ctx.emit(AttackRolled(attacker=plan.attacker, target=target, weapon=plan.weapon.name, hit_total=hit.hit.total,
                          defence=hit.hit.defence, hit=True, critical=hit.hit.critical,
                          damage_total=damage.wound.total, armour=damage.wound.armour, damage=damage.wound.damage,
                          lines=(*hit.lines, *damage.lines, *marked.lines()), melee=plan.weapon.type == "melee"))
    record_damage(ctx, ref, target, damage.wound.damage, f"destroyed by {plan.attacker}")
