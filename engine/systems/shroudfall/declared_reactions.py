"""Reactions offered in a window, declared (Shroudfall beta rulebook v1.4, L885-889, L1541-1561, L1589-1595): the
decision a side with a reaction it may use gets (``reaction_to`` the trigger, so ``/pass until:`` covers it), its
options read live from the table, and what a reaction played does; then the interrupted play carries on. Beside them,
a player's choice of dice in a roll's re-roll window (L809-813, L1563-1571; asked by ``rolling``), the active
player's essence re-roll of a roll that fell short (L933-937, ``essence_reroll``), and of what an ability may do
(``choosing``).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Context, Decision, ModelId, Option, Part, parse_point
from engine.systems.shroudfall.actives import passed_on
from engine.systems.shroudfall.agenda import REACT, resume, run
from engine.systems.shroudfall.choosing import CHOICE
from engine.systems.shroudfall.declared import RULES, referee
from engine.systems.shroudfall.essence import pay, unit_cost
from engine.systems.shroudfall.essence_reroll import ALWAYS, ESSENCE_REROLL, essence_options
from engine.systems.shroudfall.events import ReserveChanged
from engine.systems.shroudfall.events_flow import ReactionUsed
from engine.systems.shroudfall.flow import suffer
from engine.systems.shroudfall.hazards import placed_into
from engine.systems.shroudfall.reacting import Offer, infusion_asked, offers, place_spots
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rolling import REROLL, choose, choose_essence
from engine.systems.shroudfall.state import ShroudfallState, Task
from engine.systems.shroudfall.targeting import target_refusal
from engine.table import ModelPlaced

__all__ = ["window_task"]

PASS = "pass"
FORGOTTEN = "no-one-is-forgotten"
BELOVED = "beloved-commander"


def window_task(decision: Decision) -> Task:
    """The window a reaction decision was opened for."""
    return Task.model_validate(decision.context["task"])


def _offers(world: Reading, decision: Decision) -> list[Offer]:
    task = window_task(decision)
    return offers(world.world, decision.owner, task.why, task)


def _options(world: Reading, decision: Decision, answers: Mapping[str, str]) -> list[Option]:
    found = _offers(world, decision)
    return [Option(key=PASS, label="no reaction"), *(Option(key=o.key, label=o.label) for o in found)]


def _placed(answers: Mapping[str, str]) -> ModelId | None:
    parts = answers.get("react", "").split("/")
    return ModelId(parts[2]) if len(parts) == 3 and parts[1] == FORGOTTEN else None


def _spots(world: Reading, decision: Decision, answers: Mapping[str, str]) -> list[Option]:
    model = _placed(answers)
    if model is None or model not in world.state.models:
        return []
    return [Option(key=f"{x:g},{y:g}", label=f"{x:g},{y:g}") for x, y in place_spots(world.world, model)]


def _first_spot(world: Reading, decision: Decision, answers: Mapping[str, str]) -> str | None:
    spots = _spots(world, decision, answers)
    return spots[0].key if spots else None


@RULES.decision(REACT, parts=(
    Part("react", "Use a reaction?", options=_options, default=PASS),
    Part("at", "Where is it placed?", options=_spots, default=_first_spot,
         asked_when=lambda world, decision, answers: _placed(answers) is not None)),
    rule="Shroudfall beta rulebook v1.4, L885-889, L1541-1561")
def _reacted(ctx: Context[ShroudfallState], decision: Decision, answers: dict[str, str]) -> None:
    ref = referee(ctx)
    rest = resume(ctx)
    front: list[Task] = []
    if answers["react"] != PASS:
        front = _use(ctx, ref, decision, answers)
        parts = answers["react"].split("/")
        if len(parts) == 3 and parts[1] == BELOVED:
            rest = passed_on(rest, window_task(decision), ModelId(parts[2]))
    run(ctx, ref, [*front, *rest])


@RULES.decision(CHOICE, rule="Shroudfall beta rulebook v1.4, L354, L729, L959, L1319, L1359, L1363, L1541")
def _chosen(ctx: Context[ShroudfallState], decision: Decision, answers: dict[str, str]) -> None:
    """The player's answer to an ability's choice (the options stored when it asked); the step carries on."""
    first, *rest = resume(ctx)
    run(ctx, referee(ctx), [first.model_copy(update={"answer": answers["choice"]}), *rest])


@RULES.decision(REROLL, rule="Shroudfall beta rulebook v1.4, L809-813, L933-937, L1563-1571")
def _rerolled(ctx: Context[ShroudfallState], decision: Decision, answers: dict[str, str]) -> None:
    """The dice a player chose to re-roll (the options stored when the roll asked); the roll carries on."""
    ref = referee(ctx)
    first, *rest = resume(ctx)
    which = "hit" if first.kind == "hit" else "damage"
    run(ctx, ref, [choose(ctx, ref, first, which, answers["dice"]), *rest])


def _essence_options(world: Reading, decision: Decision, answers: Mapping[str, str]) -> list[Option]:
    return essence_options(world.state, world.catalogue, decision.owner, str(decision.context["unit"]))


@RULES.decision(ESSENCE_REROLL, parts=(Part("reroll", "Re-roll it?", options=_essence_options, default=ALWAYS),),
                rule="Shroudfall beta rulebook v1.4, L933-937, L1565")
def _essence_rerolled(ctx: Context[ShroudfallState], decision: Decision, answers: dict[str, str]) -> None:
    """The active player's answer to the essence re-roll of a roll that fell short; the roll carries on."""
    ref = referee(ctx)
    first, *rest = resume(ctx)
    which = "hit" if first.kind == "hit" else "damage"
    run(ctx, ref, [choose_essence(ctx, ref, first, which, answers["reroll"]), *rest])


def _use(ctx: Context[ShroudfallState], ref: Referee, decision: Decision, answers: dict[str, str]) -> list[Task]:
    """Pay for the reaction and resolve it (or set its steps going, ahead of what it interrupted)."""
    side = decision.owner
    task = window_task(decision)
    key = answers["react"]
    offer = next(o for o in offers(ref.world(ctx), side, task.why, task) if o.key == key)
    if offer.ability.cost:
        reserve = ctx.state.record(side).reserve
        cost = unit_cost(reserve, offer.ability.cost, ctx.state.units[offer.unit].conditions)
        left, spent = pay(reserve, cost, what=offer.ability.name)
        ctx.emit(ReserveChanged(side=side, reserve=left, spent=spent, why=offer.ability.name))
    ctx.emit(ReactionUsed(side=side, unit=offer.unit, ability=offer.ability.id, shown=offer.label,
                          name=ctx.state.units[offer.unit].name))
    parts = key.split("/")
    if offer.ability.effect == "anger-issues":
        damaged, attacker = ModelId(task.target), ModelId(task.model)
        world = ref.world(ctx)
        weapon = next(w for w in world.melee_weapons(damaged) if target_refusal(world, damaged, attacker, w) is None)
        return [Task(kind="strike", unit=offer.unit, model=damaged, weapon=weapon.name, target=attacker,
                     why="reaction", essence=infusion_asked(key) or "")]
    if offer.ability.id == FORGOTTEN:
        model = ModelId(parts[2])
        x, y = parse_point(answers["at"])
        start = (ctx.state.models[model].x, ctx.state.models[model].y)
        ctx.emit(ModelPlaced(model_id=model, x=x, y=y, facing=ctx.state.models[model].facing))
        return suffer(ctx, ref, model, placed_into(ref.world(ctx), model, start, (x, y)), "is placed into")
    if offer.ability.effect == "fall-back":
        return [Task(kind="fall-back", unit=parts[2], target=parts[3], to=parts[4] if len(parts) > 4 else "")]
    return []
