"""Where the bot spends its side's essence (docs/shroudfall.md, "The bot"). The reserve is emptied at the end of every
game round (L1165), so a crystal kept is a crystal lost: the bot spends it where it pays, from the menus' entries.

- Abilities of the unit activating, first: an ESSENCE WEAVER's Essence Attack at the nearest enemy its first profile
  rolls against (never a beam aimed where it hits only friends or nothing, L797; L911-917), as long as the reserve
  pays it; Whirlwind Dance before an attack action when two enemies are in
  melee reach (L352-354); Inspiring Presence when a friendly unit within 8" has an enemy in melee reach (L523-525);
  Hold the Line! on a friendly unit within 8" that holds a scenario element (CONTROL within 1", L1223) while an enemy
  model whose melee attack pushes (Follow up, L959) stands within 8" of it, not already held (L511-513).
- Every attack infuses each roll with the strongest crystal held (L929-931) when the target is an essence weaver
  (3 VP, L1248) or the crystals left over the units still to activate this round cover two rolls a model; asked
  about a roll that falls short, it takes the essence re-roll question's first answer (re-roll it and each later one
  of the activation, with the cheapest crystal or Silver Line Training's free one; L933-937, L366).
"""

from __future__ import annotations

import math

from engine.core import ActionCommand, ModelId, SideId
from engine.geometry import XY
from engine.systems.shroudfall.abilities import essence_attack_cost, essence_attack_refusal
from engine.systems.shroudfall.actives import STORM_BASE_MM, active_uses, chosen_units, storm_spots
from engine.systems.shroudfall.bot_reactions import holds_element
from engine.systems.shroudfall.essence import can_pay, unit_cost
from engine.systems.shroudfall.hazards import STORM_RANGE
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.schema import COLOURS, AbilitySpec
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.target_choices import essence_tags

__all__ = ["ability_move", "attack_essence", "opens_with_ability"]

INSPIRING_RANGE = 8.0
"""Inspiring Presence reaches friendly models within 8" (L523-525)."""
HOLD_RANGE = 8.0
"""How near a pushing enemy makes Hold the Line! worth its crystal: a move and a melee attack away."""
STORM_MARGIN = 1.0
"""How far beyond the Thunderstorm's 2" the bot keeps its own models, so a step of theirs does not walk into it."""


def _act(name: str, **values: str) -> ActionCommand:
    return ActionCommand(path=("act",), name=name, values=tuple(values.items()))


def attack_essence(reading: Reading, side: SideId, unit: UnitRecord, enemy: str) -> str:
    """The target entry's essence for an attack of ``unit`` at ``enemy`` (``+yellow`` or nothing), always one the
    target menu offers."""
    tags = essence_tags(reading, side, unit)
    reserve = reading.state.record(side).reserve
    held = [c for c in reversed(COLOURS) if c in reserve]
    left = len(reading.eligible(side)) - 1 if reading.activating(side) is None else len(reading.eligible(side))
    spare = len(reserve) - max(left, 0)
    weaver = reading.catalogue.card(reading.world.unit(ModelId(enemy)).card).essence_weaver
    if held and held[0] in tags and (weaver or spare >= 2 * len(reading.state.alive(unit))):
        return f"+{held[0]}"
    return ""


def _melee_reach(reading: Reading, unit: UnitRecord) -> int:
    return sum(1 for r in reading.useful(unit) if "melee" in r.types)


def _inspires(reading: Reading, unit: UnitRecord) -> bool:
    """Whether a friendly unit within 8" of ``unit`` has an enemy in melee reach."""
    own = reading.state.alive(unit)
    for other in reading.state.units_of(unit.side):
        near = other.id != unit.id and any(reading.world.gap(m, o) <= INSPIRING_RANGE
                                           for m in own for o in reading.state.alive(other))
        if near and _melee_reach(reading, other):
            return True
    return False


def _wanted(reading: Reading, unit: UnitRecord, effect: str | None) -> bool:
    """Whether the ability pays now (and its effect is not on the unit already)."""
    if any(e.partition("@")[0] == effect for e in unit.effects):
        return False
    if effect == "whirlwind-dance":
        return reading.actions_left(unit) > 0 and _melee_reach(reading, unit) >= 2
    if effect == "inspiring-presence":
        return _inspires(reading, unit)
    return False


def _pushers_near(reading: Reading, unit: UnitRecord) -> bool:
    """Whether an enemy model whose card pushes with its melee attacks (Follow up) stands within 8" of ``unit``."""
    own = reading.state.alive(unit)
    for enemy in reading.state.units.values():
        card = reading.catalogue.card(enemy.card)
        if enemy.side != unit.side and any(a.effect == "follow-up" for a in card.abilities) and any(
                reading.world.gap(m, e) <= HOLD_RANGE for m in own for e in reading.state.alive(enemy)):
            return True
    return False


def _held(reading: Reading, unit: UnitRecord, ability: AbilitySpec) -> UnitRecord | None:
    """The friendly unit Hold the Line! is worth using on: one within reach holding a scenario element that an enemy
    able to push it stands near, not held already."""
    for other in chosen_units(reading.world, unit, ability):
        if other.side == unit.side and "hold-the-line" not in other.effects and \
                holds_element(reading, other.id) and _pushers_near(reading, other):
            return other
    return None


def ability_move(reading: Reading, side: SideId, unit: UnitRecord) -> tuple[ActionCommand, str] | None:
    """An ability the activating ``unit`` uses now, paid in essence, and why; None when none pays."""
    for use in active_uses(reading.world, unit):
        if use.action:
            continue
        if use.ability.effect == "hold-the-line":
            held = _held(reading, unit, use.ability)
            if held is not None:
                return (_act("ability", model=unit.id, choice=use.key, target=held.id),
                        f"{unit.id} uses {use.ability.name} on {held.id}, which holds a scenario element "
                        f"({use.ability.source})")
        elif use.ability.effect == "thunderstorm":
            spot = storm_spot(reading, unit)
            if spot is not None:
                return (_act("ability", model=unit.id, choice=use.key, at=f"{spot[0]:g},{spot[1]:g}"),
                        f"{unit.id} places the {use.ability.name} beside an enemy, clear of its own side "
                        f"({use.ability.source})")
        elif _wanted(reading, unit, use.ability.effect):
            return (_act("ability", model=unit.id, choice=use.key),
                    f"{unit.id} uses {use.ability.name} ({use.ability.source})")
    if not reading.catalogue.card(unit.card).essence_weaver:
        return None
    command = _essence_attack(reading, side, unit)
    if command is None:
        return None
    return command, f"{unit.id} makes an Essence Attack, its reserve paying for it (L911-917)"


def _essence_attack(reading: Reading, side: SideId, unit: UnitRecord) -> ActionCommand | None:
    """The Essence Attack's menu entries the bot takes: the first model and profile that would roll against an enemy,
    at the nearest enemy it takes; never an aim whose beam hits no enemy (only friends, or nothing: L776, L797)."""
    reserve = reading.state.record(side).reserve
    if not can_pay(reserve, unit_cost(reserve, essence_attack_cost(reading.world), unit.conditions)):
        return None
    for model in reading.state.alive(unit):
        if essence_attack_refusal(reading.world, side, model) is not None:
            continue
        for weapon, aims in reading.profiles_aimed(model):
            if weapon.shape == "area":
                return _act("essence-attack", model=model, **{"with": weapon.name})
            useful = [r for r in aims if not r.idle_beam]
            if useful:
                return _act("essence-attack", model=model, target=useful[0].enemy, **{"with": weapon.name})
    return None


def opens_with_ability(reading: Reading, side: SideId, unit: UnitRecord) -> bool:
    """Whether ``unit`` should be activated on its own to use an ability before its actions: an essence weaver whose
    reserve pays the Essence Attack, or a unit whose ability pays now (judged as if it were activating)."""
    card = reading.catalogue.card(unit.card)
    reserve = reading.state.record(side).reserve
    if card.essence_weaver and can_pay(reserve, unit_cost(reserve, essence_attack_cost(reading.world),
                                                          unit.conditions)):
        return bool(reading.useful(unit))
    return any(a.kind == "active" and a.cost and can_pay(reserve, unit_cost(reserve, a.cost, unit.conditions))
               and _pays(reading, unit, a) for a in card.abilities)


def _pays(reading: Reading, unit: UnitRecord, ability: AbilitySpec) -> bool:
    if ability.effect == "hold-the-line":
        return _held(reading, unit, ability) is not None
    if ability.effect == "thunderstorm":
        return storm_spot(reading, unit) is not None
    return _wanted(reading, unit, ability.effect)


def storm_spot(reading: Reading, unit: UnitRecord) -> XY | None:
    """Where the Thunderstorm pays (L947): the first spot the menu offers with an enemy model within 2" of it, which
    suffers its damage roll when it next acts or moves there, and no model of the bot's own side within 3" (it strikes
    every model alike, L923); None when no spot is so."""
    world = reading.world
    radius = STORM_BASE_MM / 25.4 / 2

    def gaps(spot: XY, models: list[ModelId]) -> list[float]:
        return [math.dist(world.base(m).xy, spot) - world.base(m).radius - radius for m in models]

    own = [m for m, placed in reading.state.models.items() if placed.side == unit.side]
    enemies = [m for m, placed in reading.state.models.items() if placed.side != unit.side]
    for spot in storm_spots(world, unit):
        if min(gaps(spot, enemies), default=math.inf) <= STORM_RANGE and \
                min(gaps(spot, own), default=math.inf) > STORM_RANGE + STORM_MARGIN:
            return spot
    return None
