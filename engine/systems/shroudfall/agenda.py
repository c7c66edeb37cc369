"""Resolving play step by step, so a reaction window can stop a command half-way and the next command carries on
(Shroudfall beta rulebook v1.4, L1535-1595; ruling ``reactive-resume``).

A command's handler hands :func:`run` the steps it sets going (a move action, an attack action, the end of the
activation), each a :class:`~engine.systems.shroudfall.state.Task`. Each step may add steps ahead of the rest (an
attack action becomes one strike per model and profile; a hit becomes its damage roll; damage becomes its reaction
window and its marking). When a step opens a decision (a reaction offered to a player), what is left is saved in the
state (``AgendaSaved``) and the command ends; the decision's answer takes it up again with :func:`resume`. A played
reaction's steps go first (chains resolve as a stack).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Decision, DecisionPart, IllegalCommand, ModelId, Option, SideId
from engine.systems.shroudfall.abilities import COMBINED, combined, essence_attack_cost
from engine.systems.shroudfall.actives import active_uses, whirlwind_dancing
from engine.systems.shroudfall.choosing import CHOOSERS
from engine.systems.shroudfall.essence import can_pay, unit_cost
from engine.systems.shroudfall.events import ActionTaken, AttackRolled, BeamHitNoOne, EffectChanged
from engine.systems.shroudfall.events_flow import AgendaSaved
from engine.systems.shroudfall.flow import record_damage, suffer
from engine.systems.shroudfall.hazards import standing
from engine.systems.shroudfall.move_steps import STEP_EXECUTORS, move_steps
from engine.systems.shroudfall.movement import in_coherency
from engine.systems.shroudfall.plans import CLOSE, parse_destination, plan_unit_move
from engine.systems.shroudfall.reacting import Offer, offers
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.rolling import roll_step
from engine.systems.shroudfall.rounds import action_refusal, activation_over
from engine.systems.shroudfall.schema import AttackType
from engine.systems.shroudfall.state import Task, UnitRecord
from engine.systems.shroudfall.strike import AttackPlan, damage_from, hit_from
from engine.systems.shroudfall.strikes import choose_target, damage_line, hit_line, plan_strike, takes
from engine.systems.shroudfall.targeting import types_allowed, weapon_refusal
from engine.systems.shroudfall.world import World

__all__ = ["EXECUTORS", "REACT", "Standing", "attack_tasks", "fallen_windows", "on_table", "resume", "run"]

REACT = "react"
"""The decision kind of a reaction offered in a window."""

Executor = Callable[[Table, Referee, Task], list[Task]]


def _refuse(why: str | None, verb: str) -> None:
    if why is not None:
        raise IllegalCommand(why, verb=verb)


def _move(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """A move action toward an anchor (a plan's move: its end spots are found as it goes)."""
    unit = ctx.state.units[task.unit]
    if not _acting(ctx, unit.id):
        return []
    _refuse(action_refusal(ctx.state, unit, "move"), "move")
    ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="move"))
    parry = "passive:Parry" in unit.effects
    where = parse_destination(task.to)
    return move_steps(ctx, unit.id, plan_unit_move(ref.world(ctx), unit, where, parry=parry,
                                                   stop=task.reach or CLOSE))


def _acting(ctx: Table, unit_id: str) -> bool:
    """Whether ``unit_id`` is still activating (a plan's later step is dropped once its activation has ended)."""
    activation = ctx.state.activation
    return activation is not None and activation.unit == unit_id and bool(ctx.state.alive(ctx.state.units[unit_id]))


def _acted(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """An action completed: the hazards each model of the unit stands in strike it (L1431-1435, L1465, L947)."""
    unit = ctx.state.units.get(task.unit)
    if unit is None:
        return []
    asks = []
    for model in ctx.state.alive(unit):
        asks += suffer(ctx, ref, model, standing(ref.world(ctx), model, move=task.type == "move"),
                       "completes an action at")
    return asks


def _moved(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    unit = ctx.state.units[task.unit]
    if ctx.state.activation is None or ctx.state.activation.unit != unit.id:
        return []
    over = activation_over(ctx.state, out_of_coherency=not in_coherency(ref.world(ctx), unit))
    return [Task(kind="end", why=over)] if over is not None else []


def attack_tasks(ctx: Table, ref: Referee, unit_id: str, target: str, kind: AttackType, essence: str, *,
                 each: bool = False) -> list[Task]:
    """An attack action's strikes: each model in turn with each of its profiles of the chosen type, then those of
    the types Gunblade or Spellblade let it add (L1341, L1371), at the named target (or the nearest it may take when
    it cannot take that one, L725-742); a profile it may not use by then is passed over as its strike comes. With
    ``each`` every model after the first is asked its own target as its turn comes (L727-729)."""
    unit = ctx.state.units[unit_id]
    together = combined(ref.world(ctx), unit, kind, target) if "combined" in essence.split("+") else None
    if together is not None:
        return _combined_tasks(ctx, ref, unit, together, target, kind, essence)
    found = []
    world = ref.world(ctx)
    weapons = ref.catalogue.card(unit.card).weapons
    for n, model in enumerate(ctx.state.alive(unit)):
        first = _kind_for(world, ModelId(model), kind)
        kinds = (first, *(t for t in types_allowed(world, ModelId(model), (first,)) if t != first))
        asked = each and n > 0
        found += [Task(kind="retarget" if asked and weapon.shape != "area" else "strike", unit=unit.id, model=model,
                       weapon=weapon.name, target=target, essence=essence, why="action", each=asked)
                  for t in kinds for weapon in weapons if weapon.type == t]
    return found


def _kind_for(world: World, model: ModelId, kind: AttackType) -> AttackType:
    """The type of profiles ``model`` attacks with when its unit attacks with ``kind``: that type, unless the model may
    use none of its profiles of it now (a ranged profile in melee, L716), then its melee profiles: each model of a
    unit picks its own type (L545; the book's Lawbringer B strikes in melee as Lawbringer A shoots, L734)."""
    if kind == "melee" or any(weapon_refusal(world, model, w, (), ()) is None
                              for w in world.card(model).weapons if w.type == kind):
        return kind
    return "melee"


def _combined_tasks(ctx: Table, ref: Referee, unit: UnitRecord, together: tuple[ModelId, int], target: str,
                    kind: AttackType, essence: str) -> list[Task]:
    """A Combined Shot or Strike: one model's attack with +1 to hit and damage for each remaining model that could
    make it, the attacker included (L1323-1327), the bonus lasting for that attack only."""
    model, bonus = together
    effect = f"combined+{bonus}"
    ctx.emit(EffectChanged(unit=unit.id, name=unit.name, effect=effect, expiry="activation",
                           why=COMBINED[kind]))
    strikes = [Task(kind="strike", unit=unit.id, model=model, weapon=w.name, target=target, essence=essence,
                    why="action") for w in ref.catalogue.card(unit.card).weapons if w.type == kind]
    return [*strikes, Task(kind="uncombine", unit=unit.id, to=effect)]


def _uncombine(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    if task.unit in ctx.state.units and task.to in ctx.state.units[task.unit].effects:
        ctx.emit(EffectChanged(unit=task.unit, name=ctx.state.units[task.unit].name, effect=task.to, expiry=None))
    return []


def _attack(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """An attack action (L545)."""
    unit = ctx.state.units[task.unit]
    if not _acting(ctx, unit.id):
        return []
    _refuse(action_refusal(ctx.state, unit, "attack"), "attack")
    ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="attack"))
    strikes = attack_tasks(ctx, ref, unit.id, task.target, task.type, task.essence,  # type: ignore[arg-type]
                           each=task.each)
    return [*strikes, Task(kind="acted", unit=unit.id)]


def _drawn(ctx: Table, attacker: ModelId, target: ModelId, reach: float) -> dict[str, Any]:
    """What the picture draws for an attack: the sight line and the profile's range around the attacker."""
    a, b = ctx.state.models.get(attacker), ctx.state.models.get(target)
    if a is None or b is None:
        return {}
    return {"line": ((a.x, a.y), (b.x, b.y)), "reach": reach, "radius": a.radius}


def _strike(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """One model's attack with one profile: the hit roll of each target in turn (``_hit``), then a damage step for
    each target hit."""
    model = ModelId(task.model)
    if model not in ctx.state.models or ctx.state.outcome is not None:
        return []
    world = ref.world(ctx)
    weapon = next(w for w in world.card(model).weapons if w.name == task.weapon)
    side = ctx.state.models[model].side
    activation = ctx.state.activation
    used = activation.used.get(model, []) if task.why == "action" and activation else []
    used_types = [w.type for w in world.card(model).weapons if w.name in used]
    if task.why == "action" and weapon.shape != "area" and not takes(world, model, weapon, task.target):
        return [task.model_copy(update={"kind": "retarget"})]  # its player picks another target, or none (L729)
    target = choose_target(world, model, weapon, task.target)
    if target is None:
        return []
    plan = plan_strike(world, side, model, weapon, target or None, used=used, used_types=used_types)
    if plan is None:
        return []
    if not plan.targets:
        if weapon.shape == "beam":
            ctx.emit(BeamHitNoOne(attacker=model, aim=ModelId(target), weapon=weapon.name, length=weapon.range,
                                  in_action=task.why == "action"))
        return []
    first, *rest = plan.targets
    return [task.model_copy(update={"kind": "hit", "unit": world.unit(model).id, "target": first,
                                    "rest": tuple(rest), "reach": weapon.range})]


def _hit(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """One target's hit roll, its re-rolls chosen by the players (``rolling``); every target's hit roll comes before
    any damage roll (L799, L807), so what a hit leads to waits in ``then`` until the last target's is rolled."""
    model, target = ModelId(task.model), ModelId(task.target)
    if model not in ctx.state.models or ctx.state.outcome is not None:
        return []
    then = list(task.then)
    if target in ctx.state.models:
        rolling, waits = roll_step(ctx, ref, task, "hit")
        if waits:
            return [task.model_copy(update={"roll": rolling.saved()})]
        world = ref.world(ctx)
        plan = AttackPlan(ctx.state.models[model].side, model, next(w for w in world.card(model).weapons
                                                                    if w.name == task.weapon), (target,))
        hit = hit_from(world, plan, target, rolling.pool, rolling.first)
        line = hit_line(world, plan, target, hit, rolling.infused)
        if not hit.hit.hit:
            ctx.emit(AttackRolled(attacker=model, target=target, weapon=task.weapon, hit_total=hit.hit.total,
                                  defence=hit.hit.defence, hit=False, critical=False, lines=hit.lines,
                                  in_action=task.why == "action", melee=plan.weapon.type == "melee",
                                  summary=f"{_attacks(ctx, model, target)} with {task.weapon}: {line}.",
                                  **_drawn(ctx, model, target, task.reach)))
        else:
            common = {"unit": task.unit, "model": model, "weapon": task.weapon, "target": target,
                      "essence": task.essence}
            then += [Task(kind="window", why="hit", sides=(ctx.state.models[target].side, plan.side), **common),
                     Task(kind="damage", hit_total=hit.hit.total, defence=hit.hit.defence, critical=hit.hit.critical,
                          lines=(line, *hit.lines), why=task.why, **common)]
    if task.rest:
        return [task.model_copy(update={"target": task.rest[0], "rest": task.rest[1:], "then": tuple(then),
                                        "roll": {}})]
    return then


def _attacks(ctx: Table, attacker: ModelId, target: ModelId) -> str:
    """``B1 attacks A2``, or ``B1 attacks its own side's B6`` when a beam or area attack takes a friend (L776, L797,
    L803, ruling ``template-targets``): the line says so, as the menu did."""
    models = ctx.state.models
    own = attacker in models and target in models and models[attacker].side == models[target].side
    return f"{attacker} attacks its own side's {target}" if own else f"{attacker} attacks {target}"


def _damage(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """A target's damage roll, its re-rolls chosen by the players; damage opens the damaged window before it is
    marked (L1554-1560)."""
    attacker, target = ModelId(task.model), ModelId(task.target)
    if attacker not in ctx.state.models or target not in ctx.state.models:
        return []
    rolling, waits = roll_step(ctx, ref, task, "damage")
    if waits:
        return [task.model_copy(update={"roll": rolling.saved()})]
    world = ref.world(ctx)
    weapon = next(w for w in world.card(attacker).weapons if w.name == task.weapon)
    side = ctx.state.models[attacker].side
    plan = AttackPlan(side, attacker, weapon, (target,))
    damage = damage_from(world, plan, target, rolling.pool, rolling.first)
    line = damage_line(plan, damage, rolling.infused)
    hit_line_, *working = task.lines
    lines = (*working, *damage.lines)
    amount = damage.wound.damage
    summary = f"{_attacks(ctx, attacker, target)} with {weapon.name}: {hit_line_}; {line}"
    if amount <= 0:
        ctx.emit(AttackRolled(attacker=attacker, target=target, weapon=weapon.name, hit_total=task.hit_total,
                              defence=task.defence, hit=True, critical=task.critical, damage_total=damage.wound.total,
                              armour=damage.wound.armour, damage=0, lines=lines, in_action=task.why == "action",
                              melee=weapon.type == "melee", summary=f"{summary}: no damage.",
                              **_drawn(ctx, attacker, target, weapon.range)))
        return [_follow_up_task(task)]
    defender = ctx.state.models[target].side
    mark = Task(kind="mark", unit=task.unit, model=attacker, weapon=weapon.name, target=target, amount=amount,
                reach=weapon.range, hit_total=task.hit_total, defence=task.defence,
                critical=task.critical, lines=lines, why=task.why, to=f"{damage.wound.total}/{damage.wound.armour}",
                shown=f"{summary}: {amount} damage.")
    return [Task(kind="window", why="damaged", sides=(defender, side), model=attacker, target=target,
                 unit=task.unit), mark]


def _mark(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """Mark the damage (L1560): the attack's line, the wounds, a model destroyed and its reaction window."""
    attacker, target = ModelId(task.model), ModelId(task.target)
    if target not in ctx.state.models:
        return []
    total, _, armour = task.to.partition("/")
    ctx.emit(AttackRolled(attacker=attacker, target=target, weapon=task.weapon, hit_total=task.hit_total,
                          defence=task.defence, hit=True,
                          critical=task.critical, damage_total=int(total), armour=int(armour), damage=task.amount,
                          lines=task.lines, in_action=task.why == "action", summary=task.shown,
                          melee=_melee(ctx, ref, task),
                          **_drawn(ctx, attacker, target, task.reach)))
    record_damage(ctx, ref, target, task.amount, f"by {attacker}")
    if ctx.state.outcome is not None:
        return []
    return [Task(kind="regenerate", target=target), _follow_up_task(task), *_backswing(task),
            *_whirlwind(ctx, ref, task)]


def _melee(ctx: Table, ref: Referee, task: Task) -> bool:
    """Whether the strike's profile is a melee one (read from its unit's card: the attacker may be gone by now)."""
    unit = ctx.state.units.get(task.unit)
    weapons = ref.catalogue.card(unit.card).weapons if unit is not None else ()
    return any(w.name == task.weapon and w.type == "melee" for w in weapons)


def _follow_up_task(task: Task) -> Task:
    """Follow up's pushes after a hit, once the damage (if any) is marked (L957-959)."""
    return Task(kind="follow-up", model=task.model, target=task.target, weapon=task.weapon)


def _backswing(task: Task) -> list[Task]:
    """Backswing's one more melee attack, which makes no further attack (L1319), offered to its player."""
    if task.why == "backswing":
        return []
    return [Task(kind="backswing", unit=task.unit, model=task.model, weapon=task.weapon, target=task.target)]


def _whirlwind(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """Whirlwind Dance's extra melee attack after a melee attack of the unit's next attack action damaged an enemy
    (L352-354), offered to its player; an extra attack that damages may lead to another (ruling
    ``whirlwind-dance-target``)."""
    attacker = ModelId(task.model)
    if attacker not in ctx.state.models or ctx.state.activation is None or task.why not in ("action", "whirlwind"):
        return []
    world = ref.world(ctx)
    weapon = next((w for w in world.card(attacker).weapons if w.name == task.weapon), None)
    if weapon is None or weapon.type != "melee" or not whirlwind_dancing(world, world.unit(attacker)):
        return []
    return [Task(kind="whirlwind", unit=task.unit, model=attacker, weapon=weapon.name, target=task.target)]


def _window(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """Offer the trigger's reactions to each side in order: a side with one it may use now is asked (a decision of
    its own, ``reaction_to`` the trigger); the sides after it are offered once it has answered."""
    world = ref.world(ctx)
    for index, side in enumerate(task.sides):
        found = offers(world, side, task.why, task)
        if not found:
            continue
        shown = {"damaged": f"{task.target} damaged by {task.model}", "hit": f"{task.target} hit by {task.model}",
                 "targeted": f"{task.target} targeted by {task.model}",
                 "friendly-destroyed": f"{task.target} destroyed",
                 "enemy-ends-move": f"{task.unit} ending its move"}.get(task.why, task.why)
        ctx.open_decision(Decision(
            id=f"d{ctx.state.seq + 1}", owner=side, kind=REACT, prompt=f"React to {shown}?",
            parts=_react_parts(found), optional=True, reaction_to=task.why,
            context={"task": task.model_dump(mode="json")}))
        rest = task.sides[index + 1:]
        return [task.model_copy(update={"sides": rest})] if rest else []
    return []


def _react_parts(found: Sequence[Offer]) -> tuple[DecisionPart, ...]:
    return (DecisionPart(key="react", prompt="Use a reaction?", default="pass",
                         options=(Option(key="pass", label="no reaction"),
                                  *(Option(key=o.key, label=o.label) for o in found))),)


def _again(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """The second attack action of an activation that attacks twice: at the same target, or the nearest each model may
    take once it has fallen."""
    if not _acting(ctx, task.unit):
        return []
    return [task.model_copy(update={"kind": "attack"})]


def _finish(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """End the activation once both actions are taken and nothing else may be used (L555, L1519-1524): the Essence
    Attack needs an essence weaver and its cost, an active ability its essence (T16: an ability may follow the last
    action)."""
    activation = ctx.state.activation
    if activation is None or activation.unit != task.unit or len(activation.actions) < 2:
        return []
    unit = ctx.state.units[activation.unit]
    reserve = ctx.state.record(activation.side).reserve
    if ref.catalogue.card(unit.card).essence_weaver and \
            can_pay(reserve, unit_cost(reserve, essence_attack_cost(ref.world(ctx)), unit.conditions)):
        return []
    if any(not use.action for use in active_uses(ref.world(ctx), unit)):
        return []
    return [Task(kind="end", why="both its actions are taken")]


EXECUTORS: dict[str, Executor] = {
    "move": _move, "moved": _moved, "acted": _acted, "attack": _attack, "again": _again,
    "strike": _strike, "hit": _hit, "damage": _damage, "mark": _mark, "window": _window, "finish": _finish,
    "uncombine": _uncombine, **STEP_EXECUTORS, **CHOOSERS,
}


def run(ctx: Table, ref: Referee, tasks: Sequence[Task]) -> None:
    """Resolve ``tasks`` in order, each adding its own steps ahead of the rest, until they are done, the game is
    over, or a decision holds play up (then the rest is saved for :func:`resume`)."""
    queue = list(tasks)
    while queue and ctx.state.outcome is None:
        if ctx.state.pending:
            ctx.emit(AgendaSaved(tasks=tuple(queue)))
            return
        task = queue.pop(0)
        before = on_table(ctx)
        following = EXECUTORS[task.kind](ctx, ref, task)
        queue[:0] = [*fallen_windows(ctx, before), *following]
    activation = ctx.state.activation
    if ctx.state.outcome is None and not ctx.state.pending and activation is not None and not activation.ended \
            and not ctx.state.alive(ctx.state.units[activation.unit]):
        run(ctx, ref, [Task(kind="end", why="its last model was destroyed: it can take no action (L555)")])


Standing = dict[ModelId, tuple[float, float, float, SideId]]
"""Where each model on the table stands, by id: its centre, base radius and side."""


def on_table(ctx: Table) -> Standing:
    """Where each model stands now, to find the ones a step destroys (:func:`fallen_windows`)."""
    return {m: (p.x, p.y, p.radius, p.side) for m, p in ctx.state.models.items()}


def fallen_windows(ctx: Table, before: Standing) -> list[Task]:
    """The friendly-destroyed window of each model destroyed since ``before``, whatever destroyed it (an attack, a
    hazard, Burning): "when a friendly model ... is destroyed" names no cause (No one is forgotten, L356-358)."""
    if ctx.state.outcome is not None:
        return []
    return [Task(kind="window", why="friendly-destroyed", sides=(side,), target=model, points=((x, y),), radius=r)
            for model, (x, y, r, side) in before.items() if model not in ctx.state.models]


def resume(ctx: Table) -> list[Task]:
    """The steps a decision interrupted, taken out of the state to be run again."""
    tasks = list(ctx.state.agenda)
    if tasks:
        ctx.emit(AgendaSaved(tasks=()))
    return tasks

