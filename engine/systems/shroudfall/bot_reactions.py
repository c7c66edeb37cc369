"""Which reaction the bot plays when a window offers its side one (docs/shroudfall.md, "The bot"), always one of the
decision's own options, read from the table as the menu reads them:

- Fall back! (L519-521, L961-965) when an enemy model ends a move in melee with a friendly unit and the moving unit
  still has an action to take (it is about to be charged), unless that unit holds a scenario element it would lose
  by leaving (CONTROL within 1", L1223): the first way offered (directly away).
- Anger Issues (L953-957) when the damaged model's melee attack could hurt its attacker: its best hit roll reaches
  the attacker's DEF and its best damage roll gets past ARM.
- Beloved Commander (L360-362) when a friendly model within 2" is worth fewer points a model than the commander hit
  (its card's points over its models; points, L392): the hit goes to the one of them with the most wounds left, the
  nearest of those.

No one is forgotten is declined, as before.
"""

from __future__ import annotations

from engine.core import Answer, BotMove, Decision, ModelId
from engine.systems.shroudfall.agenda import REACT
from engine.systems.shroudfall.essence import pool_dice
from engine.systems.shroudfall.reacting import Offer, offers
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.schema import Colour
from engine.systems.shroudfall.scoring import CONTROL_RANGE
from engine.systems.shroudfall.state import Task
from engine.systems.shroudfall.strike import AttackPlan, base_colours, judge_of
from engine.systems.shroudfall.targeting import target_refusal
from engine.systems.shroudfall.world import World

__all__ = ["holds_element", "reaction_move"]


def _best(colours: tuple[Colour, ...]) -> tuple[int, ...]:
    return tuple(max(face.value for face in die.faces) for die in pool_dice(colours))


def _could_hurt(world: World, model: ModelId, target: ModelId) -> bool:
    """Whether ``model``'s melee attack at ``target`` could deal damage: its highest faces hit and get past ARM."""
    weapon = next((w for w in world.melee_weapons(model) if target_refusal(world, model, target, w) is None), None)
    if weapon is None:
        return False
    plan = AttackPlan(world.state.models[model].side, model, weapon, (target,))
    hit = judge_of(world, plan, target, "hit")(_best(base_colours(world, plan, "hit")))
    damage = judge_of(world, plan, target, "damage")(_best(weapon.damage))
    return hit != (False, False) and isinstance(damage, int) and damage > 0


def _about_to_be_charged(reading: Reading, task: Task) -> bool:
    """Whether the unit that ended its move still has an action to take in its activation."""
    activation = reading.state.activation
    return activation is not None and activation.unit == task.unit and len(activation.actions) < 2


def holds_element(reading: Reading, unit_id: str) -> bool:
    """Whether a model of the unit stands within CONTROL range of a CONTROL scenario element (L1223)."""
    models = reading.state.alive(reading.state.units[unit_id])
    return any("CONTROL" in element.keywords and any(reading.world.gap(m, element.id) <= CONTROL_RANGE + 1e-9
                                                      for m in models)
               for element in reading.state.elements.values())


def _wanted(reading: Reading, task: Task, offer: Offer) -> bool:
    if offer.ability.effect == "fall-back":
        friend = offer.key.split("/")[2]
        return _about_to_be_charged(reading, task) and not holds_element(reading, friend)
    if offer.ability.effect == "anger-issues":
        return _could_hurt(reading.world, ModelId(task.target), ModelId(task.model))
    if offer.ability.effect == "beloved-commander":
        return _worth(reading, _friend(offer)) < _worth(reading, ModelId(task.target))
    return False


def _worth(reading: Reading, model: ModelId) -> float:
    """A model's share of its card's points."""
    card = reading.catalogue.card(reading.world.unit(model).card)
    return card.points / max(1, card.models)


def _friend(offer: Offer) -> ModelId:
    """The friendly model a Beloved Commander offer passes the hit to (its key's last part)."""
    return ModelId(offer.key.rsplit("/", 1)[-1])


def _preferred(reading: Reading, offer: Offer) -> int:
    """Beloved Commander's friends by the wounds they have left, the most first (the menu lists them nearest
    first, and the sort keeps that order among equals); every other offer as the menu orders it."""
    if offer.ability.effect != "beloved-commander":
        return 0
    return -reading.state.models[_friend(offer)].wounds_left


def reaction_move(reading: Reading, decision: Decision) -> BotMove | None:
    """The reaction the bot plays in the window ``decision`` offers, or None (it passes: the default)."""
    if decision.kind != REACT:
        return None
    task = Task.model_validate(decision.context["task"])
    offered = {o.key for o in decision.parts[0].options}
    found = sorted(offers(reading.world, decision.owner, task.why, task), key=lambda o: _preferred(reading, o))
    for offer in found:
        if offer.key in offered and _wanted(reading, task, offer):
            return BotMove(Answer(decision_id=decision.id, answers={"react": offer.key}),
                           (f"{offer.label} ({offer.ability.source})",))
    return None
