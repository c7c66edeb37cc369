"""Shroudfall's game rounds, declared (Shroudfall beta rulebook v1.4, L531-571, L573-742, L1156-1184, L1511-1561).

On its turn a player activates a unit and takes two actions with it. The menus offer first, for each unit that may
activate, one whole activation that fits where it stands (every answer still the player's):

- **Attack twice** (an enemy in reach now: both actions attack it, the second at the nearest each model may take if it
  has fallen);
- **Move and attack** (an enemy a move brings within reach: move toward it, then attack it);
- **Advance** (two moves toward a place: an enemy, a scenario element, or typed).

and **Activate** for any other plan, then one action at a time: Move, Attack, Disengage, Shake, Interact, the
Essence Attack, and End. An attack asks its target, then (while the reserve holds essence) what it spends before
rolling (``attack_params``); the essence re-roll is asked after a roll.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.core import Ask, Choice, Context, FreeForm, IllegalCommand, ModelId, Param, RulesError, SideId
from engine.core.params import Order
from engine.systems.shroudfall import play
from engine.systems.shroudfall.abilities import (
    essence_attack_cost,
    essence_attack_refusal,
    free_interaction,
    interaction_refusal,
)
from engine.systems.shroudfall.actives import attuned_after
from engine.systems.shroudfall.agenda import run
from engine.systems.shroudfall.attack_params import AttackOrder, attack_order, attack_params
from engine.systems.shroudfall.conditions import shake_refusal
from engine.systems.shroudfall.declared import ROUNDS, RULES, referee
from engine.systems.shroudfall.essence import can_pay, pay, unit_cost
from engine.systems.shroudfall.events import ActionTaken, EffectChanged, ReserveChanged
from engine.systems.shroudfall.events_flow import ElementTaken
from engine.systems.shroudfall.move_steps import move_steps
from engine.systems.shroudfall.naming import unit_choice, unit_shown
from engine.systems.shroudfall.plans import UnitMove, parse_destination, plan_unit_move
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.rounds import action_refusal, may_pass
from engine.systems.shroudfall.state import Action, ShroudfallState, Task, UnitRecord
from engine.systems.shroudfall.target_choices import aimed_choices

__all__ = ["MoveOrder"]

_RULE = "Shroudfall beta rulebook v1.4"
Values = Callable[[Reading, Ask], list[Choice]]
Asked = Callable[[Reading, Ask], bool]
INTERACT = "ACTION INTERACT"


# -- which units -----------------------------------------------------------------------------------------------


def _fresh(world: Reading, side: SideId) -> list[UnitRecord]:
    """The units a whole-activation entry may take: those ``side`` may activate now, or its unit activating that has
    taken no action yet; a Stunned unit shakes first (L1421), so it takes none."""
    units = world.eligible(side)
    acting = world.activating(side)
    if acting is not None and world.actions_left(acting) == 2:
        units = [acting]
    return [u for u in units if "stunned" not in u.conditions]


def _planned(plan: str) -> Values:
    def values(world: Reading, ask: Ask) -> list[Choice]:
        side = ask.acting
        return [unit_choice(world.state, u) for u in _fresh(world, side)
                if (world.plan_for(u) == plan if world.activating(side) is None else _offered(world, u, plan))]
    return values


def _offered(world: Reading, unit: UnitRecord, plan: str) -> bool:
    if plan == "attack":
        return bool(world.useful(unit))
    if plan == "charge":
        return bool(world.charges(unit))
    return not _locked(world, unit)


def _locked(world: Reading, unit: UnitRecord) -> bool:
    return any(world.world.engaged(m) for m in world.state.alive(unit)) and "passive:Parry" not in unit.effects


def _acting_for(action: Action) -> Values:
    def values(world: Reading, ask: Ask) -> list[Choice]:
        unit = world.activating(ask.acting)
        if unit is None or action_refusal(world.state, unit, action) is not None:
            return []
        return [unit_choice(world.state, unit)]
    return values


def _unit(world: Reading, ask: Ask) -> UnitRecord:
    return world.state.units[ask.text("model")]


def _action_refused(action: Action) -> Callable[[Reading, Ask, str], RulesError | None]:
    """Why a unit typed for an action of the activation is refused, by the rule (a third action, L541; a unit not
    activating, L537); None where the list of what is accepted says enough."""
    def refused(world: Reading, ask: Ask, typed: str) -> RulesError | None:
        unit = world.state.units.get(typed)
        acting = world.activating(ask.acting)
        if unit is None or acting is None:
            return None
        if acting.id != unit.id:
            return IllegalCommand(f"{acting.id} is activating, not {unit.id} (L537)")
        why = action_refusal(world.state, unit, action)
        if why is None and action == "attack" and not world.reaches(unit):
            why = f"no enemy is within range and sight of {unit.id}'s weapons now (L681-688, L729); move it first " \
                  "or take another action"
        return IllegalCommand(why) if why else None
    return refused


def _attackers(world: Reading, ask: Ask) -> list[Choice]:
    """The activating unit, when it may take an attack action and some model of it has an enemy in reach."""
    return [c for c in _acting_for("attack")(world, ask) if world.reaches(world.state.units[c.value])]


def _activating(world: Reading, ask: Ask) -> list[Choice]:
    """The unit activating now: the one a player means when none may take the action (its refusal says why)."""
    unit = world.activating(ask.acting)
    return [unit_choice(world.state, unit)] if unit is not None else []


def _attack_params(units: Values, source: str) -> tuple[Param[Reading], ...]:
    if source != "attack":
        return attack_params(units, source, None)
    first, *rest = attack_params(units, source, _action_refused("attack"))
    return (replace(first, candidates=_activating), *rest)


def _activate(ctx: Context[ShroudfallState], side: SideId, unit: str) -> None:
    if ctx.state.activation is None:
        _begin(ctx, side, unit)


def _begin(ctx: Context[ShroudfallState], side: SideId, unit: str) -> None:
    """Activate the unit; a Chosen unit activated right after its player's unit of the other keyword is Attuned
    (S4, ruling ``attunement``), which the table shows and the players play by hand."""
    play.activate(ctx, side, unit)
    before = attuned_after(referee(ctx).world(ctx), ctx.state.units[unit])
    if before is not None:
        after = unit_shown(ctx.state, ctx.state.units[before])
        ctx.emit(EffectChanged(unit=unit, name=ctx.state.units[unit].name, effect="Attuned", expiry="activation",
                               why=f"activated after {after}, DISCORD and HARMONY alternating; what it unlocks is "
                                   "played by hand, as the faction's card says"))


def _attack_task(order: AttackOrder, kind: str = "attack") -> Task:
    return Task(kind=kind, unit=order.unit, target=order.target, type=order.kind, essence=order.essence,
                each=order.each)


@RULES.action("attack-twice", "Activate a unit and attack with both its actions", label="Attack twice", when=ROUNDS,
              per="model", check=attack_order("attack"), rule=f"{_RULE}, L537-545, L725-742",
              params=_attack_params(_planned("attack"), "attack"))
def _attack_twice(ctx: Context[ShroudfallState], order: AttackOrder) -> None:
    _activate(ctx, order.side, order.unit)
    run(ctx, referee(ctx), [_attack_task(order), _attack_task(order, "again"), Task(kind="end", why="two actions")])


@RULES.action("charge", "Activate a unit, move it toward an enemy, then attack it", label="Move and attack",
              when=ROUNDS, per="model", check=attack_order("charge"), rule=f"{_RULE}, L537-545, L573-612, L725-742",
              params=_attack_params(_planned("charge"), "charge"))
def _charge(ctx: Context[ShroudfallState], order: AttackOrder) -> None:
    _activate(ctx, order.side, order.unit)
    run(ctx, referee(ctx), [Task(kind="move", unit=order.unit, to=f"toward {order.target}", reach=order.reach),
                            _attack_task(order), Task(kind="end", why="two actions")])


# -- moving --------------------------------------------------------------------------------------------------------


def _destinations(world: Reading, ask: Ask) -> list[Choice]:
    unit = _unit(world, ask)
    return [Choice(value, label, distance=gap) for value, label, gap in world.anchors(unit)]


def _typed_destination(world: Reading, ask: Ask, typed: str) -> str | None:
    try:
        _planned_move(world, ask, typed)
    except IllegalCommand as error:
        return str(error)
    return None


def _planned_move(world: Reading, ask: Ask, typed: str) -> UnitMove:
    unit = _unit(world, ask)
    return plan_unit_move(world.world, unit, parse_destination(typed), parry="passive:Parry" in unit.effects)


@dataclass(frozen=True, slots=True)
class MoveOrder:
    side: SideId
    unit: str
    to: str
    move: UnitMove


def _move_check(world: Reading, ask: Ask) -> MoveOrder:
    return MoveOrder(ask.acting, ask.text("model"), ask.text("to"), _planned_move(world, ask, ask.text("to")))


_TO = "Where to? (toward <id>, away <id>, x,y for the unit's first model, or A3@x,y;A4@x,y)"


@RULES.action("advance", "Activate a unit and move it twice (the second move ends the activation)",
              label="Advance (two moves)", when=ROUNDS, per="model", check=_move_check,
              rule=f"{_RULE}, L537-543, L573-612", params=(
                  Param("model", "Which unit?", values=_planned("advance"), noun="units"),
                  Param("to", "Toward where?", values=_destinations, order=Order.GIVEN, noun="destinations")))
def _advance(ctx: Context[ShroudfallState], order: MoveOrder) -> None:
    _activate(ctx, order.side, order.unit)
    ref = referee(ctx)
    run(ctx, ref, [*_move_now(ctx, order), Task(kind="move", unit=order.unit, to=order.to)])


def _move_now(ctx: Context[ShroudfallState], order: MoveOrder) -> list[Task]:
    """Take the move action: its models' moves, one by one, each answered by the enemy's window (``move_steps``)."""
    unit = ctx.state.units[order.unit]
    why = action_refusal(ctx.state, unit, "move")
    if why is not None:
        raise IllegalCommand(why, verb="act move")
    ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="move"))
    return move_steps(ctx, unit.id, order.move)


@RULES.action("move", "Move the activating unit (a move action, L543)", label="Move", when=ROUNDS, per="model",
              check=_move_check, rule=f"{_RULE}, L543, L573-612", params=(
                  Param("model", "Which unit?", values=_acting_for("move"), noun="units",
                        refused=_action_refused("move"), candidates=_activating),
                  Param("to", _TO, values=_destinations, accepts=_typed_destination, order=Order.GIVEN,
                        noun="destinations", free_form=FreeForm.POINT | FreeForm.PHRASE)))
def _move(ctx: Context[ShroudfallState], order: MoveOrder) -> None:
    run(ctx, referee(ctx), [*_move_now(ctx, order), Task(kind="finish", unit=order.unit)])


# -- activating and single actions -----------------------------------------------------------------------------


def _activatable(world: Reading, ask: Ask) -> list[Choice]:
    return [unit_choice(world.state, u) for u in world.eligible(ask.acting)]


@RULES.action("activate", "Activate a unit, then take its actions one at a time", label="Activate a unit",
              when=ROUNDS, rule=f"{_RULE}, L537, L1513", params=(
                  Param("model", "Which unit?", values=_activatable, noun="units"),))
def _activate_unit(ctx: Context[ShroudfallState], ask: Ask) -> None:
    _begin(ctx, ask.acting, ask.text("model"))


@RULES.action("attack", "The activating unit attacks (an attack action, L545; choice:each: each model names its own "
              "target, L729)", label="Attack", when=ROUNDS, per="model", check=attack_order("attack"),
              rule=f"{_RULE}, L545, L725-742",
              params=_attack_params(_attackers, "attack"))
def _attack(ctx: Context[ShroudfallState], order: AttackOrder) -> None:
    run(ctx, referee(ctx), [_attack_task(order), Task(kind="finish", unit=order.unit)])


@RULES.action("disengage", "The activating unit gains Parry for the rest of its activation (L546)",
              label="Disengage", when=ROUNDS, per="model", rule=f"{_RULE}, L546, L654", params=(
                  Param("model", "Which unit?", values=_acting_for("disengage"), noun="units"),))
def _disengage(ctx: Context[ShroudfallState], ask: Ask) -> None:
    play.disengage(ctx, ask.acting)
    run(ctx, referee(ctx), [Task(kind="acted", unit=ask.text("model")), Task(kind="finish", unit=ask.text("model"))])


def _conditions(world: Reading, ask: Ask) -> list[Choice]:
    unit = _unit(world, ask)
    return [Choice(c) for c in unit.conditions if shake_refusal(unit, c) is None]


def _shakers(world: Reading, ask: Ask) -> list[Choice]:
    unit = world.activating(ask.acting)
    values = _acting_for("shake")(world, ask)
    return values if unit is not None and unit.conditions else []


@RULES.action("shake", "The activating unit removes one condition (L547; Stunned first, L1421)", label="Shake",
              when=ROUNDS, per="model", rule=f"{_RULE}, L547, L815-821", params=(
                  Param("model", "Which unit?", values=_shakers, noun="units"),
                  Param("choice", "Which condition?", values=_conditions, noun="conditions")))
def _shake(ctx: Context[ShroudfallState], ask: Ask) -> None:
    play.shake(ctx, ask.acting, ask.text("choice"))
    run(ctx, referee(ctx), [Task(kind="acted", unit=ask.text("model")), Task(kind="finish", unit=ask.text("model"))])


def _interactable(world: Reading, ask: Ask) -> list[Choice]:
    unit = _unit(world, ask)
    alive = world.state.alive(unit)
    return [Choice(e.id, f"{e.id} {e.name}") for e in world.state.elements.values()
            if INTERACT in e.keywords and e.scenario in world.state.scenarios and e.control != unit.side
            and any(world.world.gap(m, e.id) <= 1.0 + 1e-9 for m in alive)]


def _interactors(world: Reading, ask: Ask) -> list[Choice]:
    unit = world.activating(ask.acting)
    free = unit is not None and free_interaction(world.world, unit)
    values = [unit_choice(world.state, unit)] if free and unit is not None else _acting_for("interact")(world, ask)
    return [v for v in values if _interactable(world, Ask(ask.verb, ask.asker, ask.viewer, {"model": v.value}))]


def _may_interact(world: Reading, ask: Ask) -> str | None:
    unit = world.activating(ask.acting)
    return None if unit is None else interaction_refusal(world.world, unit)


@RULES.action("interact", "Sacrifice an action to put your control token on an ACTION INTERACT element within 1\"",
              label="Interact", when=ROUNDS, per="model", rule=f"{_RULE}, L1227-1237, L1369", available=_may_interact,
              params=(
                  Param("model", "Which unit?", values=_interactors, noun="units"),
                  Param("at", "Which scenario element?", values=_interactable, noun="elements")))
def _interact(ctx: Context[ShroudfallState], ask: Ask) -> None:
    unit = ctx.state.units[ask.text("model")]
    free = free_interaction(referee(ctx).world(ctx), unit)
    if not free:
        ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="interact"))
    ctx.emit(ElementTaken(element=ask.text("at"), side=ask.acting))
    acted = [] if free else [Task(kind="acted", unit=unit.id)]
    run(ctx, referee(ctx), [*acted, Task(kind="finish", unit=unit.id)])


# -- the Essence Attack --------------------------------------------------------------------------------------------


def _weaver_models(world: Reading, ask: Ask) -> list[Choice]:
    unit = world.activating(ask.acting)
    reserve = world.state.record(ask.acting).reserve
    if unit is None or not can_pay(reserve, unit_cost(reserve, essence_attack_cost(world.world), unit.conditions)):
        return []
    models = [m for m in world.state.alive(unit)
              if essence_attack_refusal(world.world, ask.acting, m) is None and world.profiles_aimed(m)]
    return [Choice(m, f"{m} {world.state.models[m].name}") for m in models]


def _essence_profiles(world: Reading, ask: Ask) -> list[Choice]:
    return [Choice(weapon.name) for weapon, _ in world.profiles_aimed(ModelId(ask.ident("model")))]


def _essence_targets(world: Reading, ask: Ask) -> list[Choice]:
    """The enemies the profile may be aimed at, as an attack's target menu says them (an area profile names none: it
    takes whom it reaches)."""
    model = ModelId(ask.ident("model"))
    for weapon, aims in world.profiles_aimed(model):
        if weapon.name == ask.text("with") and weapon.shape != "area":
            return aimed_choices(world, ask.acting, model, weapon, aims)
    return []


def _needs_target(world: Reading, ask: Ask) -> bool:
    return bool(_essence_targets(world, ask))


@RULES.action("essence-attack", "An essence weaver's model attacks with one profile, for essence (L911-917)",
              label="Essence Attack", when=ROUNDS, per="model", rule=f"{_RULE}, L911-917", params=(
                  Param("model", "Which model?", values=_weaver_models, noun="models"),
                  Param("with", "With which profile?", values=_essence_profiles, noun="profiles"),
                  Param("target", "At which enemy?", values=_essence_targets, asked_when=_needs_target,
                        order=Order.GIVEN, noun="targets")))
def _essence_attack(ctx: Context[ShroudfallState], ask: Ask) -> None:
    side = ask.acting
    world = referee(ctx).world(ctx)
    reserve, model = ctx.state.record(side).reserve, ask.ident("model")
    cost = unit_cost(reserve, essence_attack_cost(world), world.unit(ModelId(model)).conditions)
    left, spent = pay(reserve, cost, what="the Essence Attack", rule="L915, L1397")
    ctx.emit(ReserveChanged(side=side, reserve=left, spent=spent, why="the Essence Attack (L915)"))
    run(ctx, referee(ctx), [Task(kind="strike", unit=world.unit(ModelId(model)).id, model=model,
                                 weapon=ask.text("with"), target=ask.text("target", ""), why="essence"),
                            Task(kind="finish", unit=world.unit(ModelId(model)).id)])


# -- ending and passing ----------------------------------------------------------------------------------------------


def _enders(world: Reading, ask: Ask) -> list[Choice]:
    unit = world.activating(ask.acting)
    return [unit_choice(world.state, unit)] if unit is not None else []


@RULES.action("end", "End the activation; its actions not taken are forfeited (L551, L555)",
              label="End the activation", when=ROUNDS, per="model", rule=f"{_RULE}, L551, L555, L1519-1524",
              params=(Param("model", "Which unit?", values=_enders, noun="units"),))
def _end(ctx: Context[ShroudfallState], ask: Ask) -> None:
    ref = referee(ctx)
    run(ctx, ref, [Task(kind="end", why=play.forfeit(ctx, ref, ask.acting))])


def _may_pass(world: Reading, ask: Ask) -> str | None:
    state = world.state
    if state.step != "rounds" or state.activation is not None or state.turn != ask.acting:
        return "a player passes on their turn to activate a unit"
    if not may_pass(state, ask.acting):
        return "a player may pass only with fewer units left to activate than the opponent (L571)"
    return None


@RULES.action("pass", "Let the opponent activate instead (only with fewer units left to activate, L571)",
              label="Pass", when=ROUNDS, available=_may_pass, rule=f"{_RULE}, L571")
def _pass(ctx: Context[ShroudfallState], ask: Ask) -> None:
    play.pass_turn(ctx, ask.acting)
