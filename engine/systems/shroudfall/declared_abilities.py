"""Active abilities and Orders, declared (Shroudfall beta rulebook v1.4, L348-354, L511-517, L523-525, L881-909):
``/act action:ability`` uses one of the activating unit's active abilities the referee plays (Hold the Line!,
Inspiring Presence, Whirlwind Dance, Thunderstorm), paying its essence or the action it takes; ``/act action:order``
gives a COMMANDER's Order to a friendly unit for the round. The rules are in :mod:`engine.systems.shroudfall.actives`.

Declared after the activations' actions, so no menu (nor the bot's policy) puts them first.
"""

from __future__ import annotations

from engine.core import Ask, Choice, Context, FreeForm, IllegalCommand, InvalidCommand, Param, RulesError, parse_point
from engine.systems.shroudfall import declared_play  # noqa: F401  (declared first: menus list these after it)
from engine.systems.shroudfall.actives import (
    ACTIVE_EFFECTS,
    CHOOSE_RANGE,
    ORDER_EFFECTS,
    ORDER_GIVEN,
    STORM_BASE_MM,
    ActiveUse,
    active_uses,
    chosen_units,
    effect_of,
    held_refusal,
    order_refusal,
    orders,
    storm_refusal,
    storm_spots,
    used_mark,
)
from engine.systems.shroudfall.agenda import run
from engine.systems.shroudfall.declared import ROUNDS, RULES, referee
from engine.systems.shroudfall.essence import pay, unit_cost
from engine.systems.shroudfall.events import ActionTaken, EffectChanged, ReserveChanged, possessive
from engine.systems.shroudfall.events_flow import ManifestationPlaced
from engine.systems.shroudfall.naming import unit_choice
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.state import Manifestation, ShroudfallState, Task, UnitRecord

__all__: list[str] = []

_RULE = "Shroudfall beta rulebook v1.4"


def _acting(world: Reading, ask: Ask) -> UnitRecord | None:
    return world.activating(ask.acting)


def _uses(world: Reading, ask: Ask) -> list[ActiveUse]:
    unit = _acting(world, ask)
    return active_uses(world.world, unit) if unit is not None else []


def _users(world: Reading, ask: Ask) -> list[Choice]:
    unit = _acting(world, ask)
    return [unit_choice(world.state, unit)] if unit is not None and _uses(world, ask) else []


def _abilities(world: Reading, ask: Ask) -> list[Choice]:
    return [Choice(u.key, u.label) for u in _uses(world, ask)]


def _use(world: Reading, ask: Ask) -> ActiveUse | None:
    return next((u for u in _uses(world, ask) if u.key == ask.text("choice")), None)


def _choice_refused(world: Reading, ask: Ask, typed: str) -> RulesError | None:
    """An ability typed that the menu leaves out because its unit has its effect already (L286)."""
    unit = _acting(world, ask)
    if unit is None:
        return None
    ability = next((a for a in world.catalogue.card(unit.card).abilities if a.id == typed.split("/")[0]), None)
    if ability is None or ability.effect in CHOOSE_RANGE or ability.effect not in ACTIVE_EFFECTS:
        return None
    why = held_refusal(world.world, ability, unit)
    return IllegalCommand(why) if why else None


def _target_refused(world: Reading, ask: Ask, typed: str) -> RulesError | None:
    """A unit typed for a *choose* ability that has its effect already (L286)."""
    use, holder = _use(world, ask), world.state.units.get(typed)
    if use is None or holder is None:
        return None
    why = held_refusal(world.world, use.ability, holder)
    return IllegalCommand(why) if why else None


def _chosen(world: Reading, ask: Ask) -> list[Choice]:
    use, unit = _use(world, ask), _acting(world, ask)
    if use is None or unit is None:
        return []
    return [unit_choice(world.state, u) for u in chosen_units(world.world, unit, use.ability)]


def _chooses(world: Reading, ask: Ask) -> bool:
    use = _use(world, ask)
    return use is not None and use.ability.effect == "hold-the-line"


def _places(world: Reading, ask: Ask) -> bool:
    use = _use(world, ask)
    return use is not None and use.ability.effect == "thunderstorm"


def _spots(world: Reading, ask: Ask) -> list[Choice]:
    unit = _acting(world, ask)
    return [Choice(f"{x:g},{y:g}") for x, y in storm_spots(world.world, unit)] if unit is not None else []


def _typed_spot(world: Reading, ask: Ask, typed: str) -> str | None:
    try:
        at = parse_point(typed)
    except InvalidCommand as error:
        return error.reason
    unit = _acting(world, ask)
    return storm_refusal(world.world, unit, at) if unit is not None else "no unit of yours is activating"


@RULES.action("ability", "Use an active ability of the activating unit, between its actions",
              label="Use an ability", when=ROUNDS, per="model", rule=f"{_RULE}, L881-909", params=(
                  Param("model", "Which unit?", values=_users, noun="units"),
                  Param("choice", "Which ability?", values=_abilities, noun="abilities", refused=_choice_refused),
                  Param("target", "Which unit does it choose (within 8\")?", values=_chosen, asked_when=_chooses,
                        noun="units", refused=_target_refused),
                  Param("at", "Where is the manifestation placed (x,y)?", values=_spots, accepts=_typed_spot,
                        asked_when=_places, noun="spots", free_form=FreeForm.POINT)))
def _ability(ctx: Context[ShroudfallState], ask: Ask) -> None:
    ref = referee(ctx)
    world = ref.world(ctx)
    activation = ctx.state.activation
    unit = ctx.state.units[ask.text("model")]
    use = next((u for u in active_uses(world, unit) if u.key == ask.text("choice")), None)
    if use is None or activation is None:
        raise IllegalCommand(f"{unit.id} may not use {ask.text('choice')} now (L883)", verb="act ability")
    ability = use.ability
    if not use.action or ability.action == "plus":
        reserve = ctx.state.record(unit.side).reserve
        left, spent = pay(reserve, unit_cost(reserve, ability.cost, unit.conditions), what=ability.name)
        ctx.emit(ReserveChanged(side=unit.side, reserve=left, spent=spent, why=ability.name))
    if use.action:
        ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="sacrifice"))
    if ability.once_per_activation:
        ctx.emit(EffectChanged(unit=unit.id, name=unit.name, effect=used_mark(ability), expiry="activation"))
    assert ability.effect is not None
    if ability.effect == "thunderstorm":
        at = parse_point(ask.text("at"))
        why = storm_refusal(world, unit, at)
        if why is not None:
            raise IllegalCommand(f"Thunderstorm: {why}", verb="act ability")
        ctx.emit(ManifestationPlaced(manifestation=Manifestation(
            id=f"{unit.id}-storm", name=ability.name, effect=ability.effect, x=at[0], y=at[1],
            base_mm=STORM_BASE_MM, by=unit.side), why=f"{unit.id}'s {ability.name} (L947)"))
    else:
        holder = ask.text("target") if ability.effect == "hold-the-line" else unit.id
        ctx.emit(EffectChanged(unit=holder, name=ctx.state.units[holder].name,
                               effect=effect_of(ability, len(activation.actions)),
                               expiry=ACTIVE_EFFECTS[ability.effect], why=f"{possessive(unit.name)} {ability.name}"))
    acted = [Task(kind="acted", unit=unit.id)] if use.action else []
    run(ctx, ref, [*acted, Task(kind="finish", unit=unit.id)])


def _order_refusal(world: Reading, ask: Ask) -> str | None:
    return order_refusal(world.world, ask.acting)


def _orders(world: Reading, ask: Ask) -> list[Choice]:
    return [Choice(f"{u.id}/{a.id}", f"{u.id}: {a.name}") for u, a in orders(world.world, ask.acting)]


def _ordered(world: Reading, ask: Ask) -> list[Choice]:
    return [unit_choice(world.state, u) for u in world.state.units_of(ask.acting) if world.state.alive(u)]


@RULES.action("order", "Give a COMMANDER's Order to a friendly unit for the round, before your first activation",
              label="Give an Order", when=ROUNDS, available=_order_refusal,
              rule=f"{_RULE}, L348-350, L515-517; rulings silver-line-orders, order-timing", params=(
                  Param("choice", "Which Order?", values=_orders, noun="orders"),
                  Param("target", "To which unit?", values=_ordered, noun="units")))
def _order(ctx: Context[ShroudfallState], ask: Ask) -> None:
    world = referee(ctx).world(ctx)
    giver, ability = next((u, a) for u, a in orders(world, ask.acting) if f"{u.id}/{a.id}" == ask.text("choice"))
    assert ability.effect is not None
    ctx.emit(EffectChanged(unit=giver.id, name=giver.name, effect=ORDER_GIVEN, expiry="round"))
    ctx.emit(EffectChanged(unit=ask.text("target"), name=ctx.state.units[ask.text("target")].name,
                           effect=ORDER_EFFECTS[ability.effect], expiry="round",
                           why=f"{possessive(giver.name)} {ability.name}"))
