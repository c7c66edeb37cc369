"""What an ability or an attack lets its player choose, asked of that player (Shroudfall beta rulebook v1.4): the
target of a model of an attacking unit that cannot take the one its player named (L725-729, L1538-1541: each model
declares its own target, and may forfeit its attacks); Follow up's two pushes, each a "may" (L959); Backswing's one
more melee attack, a "may", with one of the model's weapons (L1319); Whirlwind Dance's extra melee attack, a "may",
at a model not yet targeted (L354); Regeneration's 1 damage removed, a "may" (L1359); and Reposition's place at the
end of the activation, a "may" (L1363).

Each is a decision of the controlling player, owner-only in its answer's effect but open like a re-roll question:
its options listed with the sensible answer first (the one the referee made before these were asked, so one click
keeps it), asked only when more than one answer is possible (no push that can be made, no target left: nothing is
asked). Follow up's first answer also stands for the rest of the activation, so a unit of three striking twice is
asked once; so does an attack's "the nearest it may take", the referee's pick before it was asked. While the player
chooses, the step waits in the agenda, and the answer carries it on (``Task.answer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Decision, DecisionPart, ModelId, Option, SideId
from engine.systems.shroudfall.abilities import backswing_strikes, follow_up_pushes
from engine.systems.shroudfall.actives import whirlwind_targets
from engine.systems.shroudfall.conditions import condition_damage_candidates
from engine.systems.shroudfall.events import possessive
from engine.systems.shroudfall.events_flow import ChoiceKept
from engine.systems.shroudfall.flow import activation_end_effects, close_activation, regenerate, regenerates, suffer
from engine.systems.shroudfall.hazards import placed_into
from engine.systems.shroudfall.places import Placed, placing_inches, plan_places
from engine.systems.shroudfall.plans import parse_destination
from engine.systems.shroudfall.reading import anchors
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.state import Task, UnitRecord
from engine.systems.shroudfall.strikes import takeable
from engine.systems.shroudfall.targeting import target_refusal
from engine.table import ModelMoved, ModelPlaced

__all__ = ["CHOICE", "CHOOSERS", "DONE", "emit_places"]

CHOICE = "ability-choice"
"""The decision kind of an ability's choice."""
NONE = "none"
STAY = "stay"
DONE = "done"
"""An end step's answer when the player placed the models already (``/act action:reposition``)."""
_ALWAYS = "-always"


@dataclass(frozen=True, slots=True)
class _Offer:
    key: str
    label: str


def _ask(ctx: Table, task: Task, owner: SideId, prompt: str, offers: Sequence[_Offer]) -> list[Task]:
    """Open ``owner``'s decision among ``offers`` (the first the default) and keep ``task`` waiting for it."""
    ctx.open_decision(Decision(
        id=f"d{ctx.state.seq + 1}", owner=owner, kind=CHOICE, prompt=prompt, optional=False,
        parts=(DecisionPart(key="choice", prompt="Which?", default=offers[0].key,
                            options=tuple(Option(key=o.key, label=o.label) for o in offers)),),
        context={"ability": task.kind}))
    return [task]


def _answered(task: Task, offers: Sequence[_Offer]) -> str | None:
    """The player's answer, where it is one of ``offers`` (an answer no longer offered counts as the default)."""
    if not task.answer:
        return None
    return task.answer if any(o.key == task.answer for o in offers) else offers[0].key


# -- an attack's target (L725-729, L1538-1541) ---------------------------------------------------------------------

_RETARGET = "retarget"


def _retarget(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """A model of an attacking unit whose profile cannot take the target its player named (out of range or sight, or
    destroyed by an earlier attack), or any model after the first where the order said ``choice:each``, attacks the
    enemy its player declares, or none (L729, L1541: each model's target
    is declared, and a model may forfeit its attacks): the nearest it may take first, that answer standing for the
    rest of the activation (``ChoiceKept``); nothing is asked when it may take none."""
    attacker = ModelId(task.model)
    if attacker not in ctx.state.models or ctx.state.outcome is not None:
        return []
    world = ref.world(ctx)
    weapon = next(w for w in world.card(attacker).weapons if w.name == task.weapon)
    enemies = takeable(world, attacker, weapon)
    if not enemies:
        return []
    unit = ctx.state.unit_of(attacker).id
    activation = ctx.state.activation
    kept = activation.kept.get(f"{unit}/{_RETARGET}") if activation is not None else None
    offers = [_Offer(f"{enemies[0]}{_ALWAYS}", f"{attacker} attacks {enemies[0]}, the nearest, and the nearest again "
                     "for each model this activation"),
              *(_Offer(e, f"{attacker} attacks {e} with {weapon.name}, this time") for e in enemies),
              _Offer(NONE, f"{attacker} makes no attack with {weapon.name}")]
    answer = _answered(task, offers) or (enemies[0] if kept else None)
    if answer is None:
        target = ModelId(task.target)
        if task.each and target in enemies and len(enemies) > 1:
            return _ask(ctx, task, ctx.state.models[attacker].side, f"Each model declares its own target: which "
                        f"enemy does {attacker} attack with {weapon.name} (L729)?", offers)
        gone = target_refusal(world, attacker, target, weapon) if target in ctx.state.models else None
        return _ask(ctx, task, ctx.state.models[attacker].side,
                    f"{gone or f'{target} is destroyed'}: which enemy does {attacker} attack with {weapon.name} "
                    "instead (L1541)?", offers)
    if answer.endswith(_ALWAYS):
        ctx.emit(ChoiceKept(unit=unit, ability=_RETARGET, answer=answer))
    if answer == NONE:
        return []
    return [task.model_copy(update={"kind": "strike", "target": answer.removesuffix(_ALWAYS), "answer": ""})]


# -- Follow up (L957-959) ----------------------------------------------------------------------------------------


def _follow_up(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """Follow up after a melee hit: push the enemy 1" away, then, after it, the attacker 1" toward it; each push a
    choice of the attacker's player (the second only after the first, L959); none is asked when no push can be made,
    and an answer "for this activation" stands for the unit's later hits (``ChoiceKept``)."""
    attacker, target = ModelId(task.model), ModelId(task.target)
    pushes = follow_up_pushes(ref.world(ctx), attacker, target, task.weapon)
    if not pushes or pushes[0][0] != target:
        return []
    side = ctx.state.models[attacker].side
    unit = ctx.state.unit_of(attacker).id
    activation = ctx.state.activation
    kept = activation.kept.get(f"{unit}/follow-up") if activation is not None else None
    both = len(pushes) > 1
    offers = [_Offer(f"both{_ALWAYS}" if both else f"enemy{_ALWAYS}",
                     f"push {target} 1\" away" + (f", then {attacker} after it" if both else "") +
                     ", and the same after each hit of this activation"),
              *([_Offer("both", f"push {target} 1\" away, then {attacker} after it, this time")] if both else []),
              _Offer("enemy", f"push {target} 1\" away only" + ("" if both else ", this time")),
              _Offer(NONE, "no push")]
    answer = _answered(task, offers) or (("both" if both else "enemy") if kept else None)
    if answer is None:
        return _ask(ctx, task, side, f"Follow up (L959): {attacker} hit {target}. Push?", offers)
    if answer.endswith(_ALWAYS):
        ctx.emit(ChoiceKept(unit=unit, ability="follow-up", answer=answer))
    made = {"both": pushes, "enemy": pushes[:1], NONE: []}[answer.removesuffix(_ALWAYS)]
    for model, push in made:
        ctx.emit(ModelMoved(model_id=model, path=(push.start, push.end), distance=round(push.travelled, 2),
                            facing=ctx.state.models[model].facing))
    return []


# -- Backswing (L1319) and Whirlwind Dance (L352-354) --------------------------------------------------------------


def _strike_offers(found: Sequence[tuple[str, ModelId]], attacker: ModelId, what: str) -> list[_Offer]:
    offers = [_Offer(f"{weapon}@{enemy}", f"{attacker} attacks {enemy} with {weapon}") for weapon, enemy in found]
    return [*offers, _Offer(NONE, f"no {what}")]


def _extra_strike(ctx: Table, task: Task, found: Sequence[tuple[str, ModelId]], what: str, rule: str,
                  why: str) -> list[Task]:
    """One more melee attack an ability allows (``found``: each weapon and enemy it may take, the referee's pick
    first), made as its player chooses."""
    if not found:
        return []
    attacker = ModelId(task.model)
    offers = _strike_offers(found, attacker, what)
    answer = _answered(task, offers)
    if answer is None:
        return _ask(ctx, task, ctx.state.models[attacker].side,
                    f"{what} ({rule}): {attacker} may make one more melee attack. At which model?", offers)
    if answer == NONE:
        return []
    weapon, _, enemy = answer.partition("@")
    return [Task(kind="strike", unit=task.unit, model=attacker, weapon=weapon, target=enemy, why=why)]


def _backswing(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    attacker = ModelId(task.model)
    if attacker not in ctx.state.models:
        return []
    found = backswing_strikes(ref.world(ctx), attacker, ModelId(task.target), task.weapon)
    return _extra_strike(ctx, task, [(w.name, e) for w, e in found], "Backswing", "L1319", "backswing")


def _whirlwind(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    attacker = ModelId(task.model)
    activation = ctx.state.activation
    if attacker not in ctx.state.models or activation is None:
        return []
    found = whirlwind_targets(ref.world(ctx), attacker, [*activation.targeted, task.target])
    return _extra_strike(ctx, task, [(w.name, e) for w, e in found], "Whirlwind Dance", "L354", "whirlwind")


# -- Regeneration (L1359) -------------------------------------------------------------------------------------------


def _regenerate(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """After an attack's damage roll, the model may remove 1 damage (L1359): its player is asked."""
    model = ModelId(task.target)
    if not regenerates(ctx, ref, model):
        return []
    offers = [_Offer("remove", f"remove 1 damage from {model}"), _Offer("keep", "keep the damage")]
    answer = _answered(task, offers)
    if answer is None:
        return _ask(ctx, task, ctx.state.models[model].side,
                    f"Regeneration (L1359): {model} was damaged. Remove 1 damage?", offers)
    if answer == "remove":
        regenerate(ctx, ref, model)
    return []


# -- Reposition at the end of the activation (L1363) ------------------------------------------------------------------


def emit_places(ctx: Table, ref: Referee, placed: Sequence[Placed]) -> list[Task]:
    """Place the models; what a model is placed into strikes it (ruling ``place-triggers``); the Regeneration
    questions its damage rolls leave."""
    asks = []
    for place in placed:
        ctx.emit(ModelPlaced(model_id=place.model, x=place.end[0], y=place.end[1],
                             facing=ctx.state.models[place.model].facing))
        asks += suffer(ctx, ref, place.model, placed_into(ref.world(ctx), place.model, place.start, place.end),
                       "is placed into")
    return asks


def _reposition_offers(ctx: Table, ref: Referee, unit: UnitRecord) -> tuple[float, list[_Offer]]:
    """Reposition (X)'s answers: staying (the first), or each model placed within X" toward each place the menus
    name where some model may go; none without the passive."""
    world = ref.world(ctx)
    inches = placing_inches(world, unit, "Reposition") if ctx.state.alive(unit) else None
    if inches is None:
        return 0.0, []
    offers = [_Offer(STAY, "leave the models where they stand")]
    for value, label, _ in anchors(world, unit):
        if plan_places(world, unit, parse_destination(value), inches):
            offers.append(_Offer(value, f"place each model within {inches:g}\" {label}"))
    return inches, offers


def _end(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """End the activation; a unit with Reposition (X) is first offered its place within X" (L1363), whatever ended
    the activation (``answer`` "done" when the player placed them already)."""
    activation = ctx.state.activation
    if activation is None:
        return []
    unit = ctx.state.units[activation.unit]
    if not task.answer:
        inches, offers = _reposition_offers(ctx, ref, unit)
        if len(offers) > 1:
            whose = possessive(unit.name)
            return _ask(ctx, task, activation.side, f"Reposition ({inches:g}\", L1363): {whose} activation ends. "
                        "Place its models?", offers)
    asks: list[Task] = []
    if task.answer and task.answer not in (STAY, DONE):
        inches, offers = _reposition_offers(ctx, ref, unit)
        if any(o.key == task.answer for o in offers):
            asks = emit_places(ctx, ref, plan_places(ref.world(ctx), unit, parse_destination(task.answer), inches))
    if ctx.state.activation is not None and ctx.state.outcome is None:
        return [*asks, Task(kind="burn", unit=unit.id, why=task.why or "its player ends it")]
    return asks


def _burn(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """The activation's end-of-activation damage (Burning's roll, the hazards ended in); Burning's roll goes to the
    damaged model with the least health left, and among equals (or when none is damaged) its controller picks which
    (L819): asked only when there is more than one."""
    activation = ctx.state.activation
    if activation is None or ctx.state.outcome is not None:
        return []
    unit = ctx.state.units[activation.unit]
    candidates = condition_damage_candidates(ctx.state, unit) if "burning" in unit.conditions else ()
    target = None
    if len(candidates) > 1:
        offers = [_Offer(model, f"{model} suffers Burning's damage roll") for model in candidates]
        answer = _answered(task, offers)
        if answer is None:
            whose = possessive(unit.name)
            return _ask(ctx, task, unit.side, f"Burning (L1383, L819): {whose} activation ends. Which model suffers "
                        "the damage roll?", offers)
        target = ModelId(answer)
    return [*activation_end_effects(ctx, ref, burning=target), Task(kind="close", why=task.why)]


def _close(ctx: Table, ref: Referee, task: Task) -> list[Task]:
    """Close the activation once what its end-of-activation damage destroyed has been answered."""
    if ctx.state.activation is not None and ctx.state.outcome is None:
        close_activation(ctx, ref, task.why)
    return []


CHOOSERS = {_RETARGET: _retarget, "follow-up": _follow_up, "backswing": _backswing, "whirlwind": _whirlwind,
            "regenerate": _regenerate, "end": _end, "burn": _burn, "close": _close}
"""The steps that may ask their player, by task kind (``agenda.EXECUTORS`` takes them)."""
