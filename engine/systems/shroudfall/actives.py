"""Active abilities and Orders the referee plays (Shroudfall beta rulebook v1.4, L348-354, L511-517, L523-525,
L881-909): which a unit may use now and how it pays, whom it may choose, and the lasting effects they leave, read by
the rules where they count.

- An active ability is used in its unit's activation between actions (L883), paying its cost, or with an action in
  place of the cost (``A``) or beside it (``A+``, L897-901); one marked so once per activation.
- *Choose* picks a unit within range, sight disregarded, and always takes effect (L907-909).
- A unit benefits once from effects of the same name (L286): an ability whose effect the unit it would leave it on
  has already (Inspiring Presence used again, Hold the Line! on a unit holding the line) would take the essence for
  nothing, so it is neither offered nor accepted (``held_refusal``).
- Hold the Line! keeps enemy effects from pushing the chosen unit until the round's end (L511-513).
- Inspiring Presence infuses the melee hit rolls of friendly models within 8" of the unit until its next activation
  (L523-525; a grey die, ruling ``inspiring-presence-die``), a stronger infusion the player pays for replacing it.
- Whirlwind Dance: in the unit's next attack action this activation, a model that damages an enemy with a melee
  attack may make another melee attack, at a model no melee attack of that action has targeted (L352-354): its
  player picks it, or none (``choosing``); an extra attack may chain (ruling ``whirlwind-dance-target``).
- Beloved Commander: once per activation, when a model of the unit is hit by an enemy attack, another friendly model
  within 2" of it may be hit instead, sight and range disregarded (L360-362; its own ARM, ruling ``beloved-commander``).
- Thunderstorm places a 32 mm manifestation within 8" of a model of the unit, on no base and on no IMPASSABLE or
  LINEAR TERRAIN (L947, L663); what it does to models near it is in ``hazards.py``.
- The Orders: a COMMANDER gives its own Order to one friendly unit for the round, at no cost (ruling
  ``silver-line-orders``), before its player's first activation of the round (ruling ``order-timing``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core import ModelId, SideId
from engine.geometry import TOLERANCE, XY, Base, Pose, ToolWorld, spot_problem
from engine.systems.shroudfall.essence import Infusion, can_pay, strength, unit_cost
from engine.systems.shroudfall.movement import manifestation_bases
from engine.systems.shroudfall.rounds import action_refusal
from engine.systems.shroudfall.schema import AbilitySpec, Colour, Weapon
from engine.systems.shroudfall.state import Expiry, Task, UnitRecord
from engine.systems.shroudfall.targeting import target_refusal
from engine.systems.shroudfall.world import World

__all__ = [
    "ACTIVE_EFFECTS",
    "ATTUNEMENT",
    "CHOOSE_RANGE",
    "INSPIRING_DIE",
    "ORDER_EFFECTS",
    "STORM_BASE_MM",
    "ActiveUse",
    "active_uses",
    "attuned_after",
    "beloved_candidates",
    "chosen_units",
    "effect_of",
    "held_refusal",
    "inspired",
    "order_refusal",
    "orders",
    "passed_on",
    "storm_refusal",
    "storm_spots",
    "used_mark",
    "whirlwind_dancing",
    "whirlwind_targets",
]

CHOOSE_RANGE = {"hold-the-line": 8.0}
"""How far a *choose* ability reaches from a model of its unit (L513)."""
INSPIRING_RANGE = 8.0
INSPIRING_DIE: Colour = "grey"
"""Inspiring Presence's infusion (the icon is lost, L525; ruling ``inspiring-presence-die``)."""

ACTIVE_EFFECTS: dict[str, Expiry] = {"hold-the-line": "round", "inspiring-presence": "next-activation",
                                     "whirlwind-dance": "activation", "thunderstorm": "round"}
"""The active abilities the referee plays, by effect, and how long what they leave lasts (L513, L525, L354)."""

ORDER_EFFECTS = {"order-melee-damage": "melee-damage+1", "order-claim-ground": "passive:Claim Ground (2)"}
"""Each Order's effect on the chosen unit for the round (L350, L517)."""
ORDER_GIVEN = "order-given"
STORM_BASE_MM = 32.0
STORM_REACH = 8.0
"""The Thunderstorm manifestation's base and how far from a model of the unit it is placed (L947)."""
BELOVED_RANGE = 2.0


@dataclass(frozen=True, slots=True)
class ActiveUse:
    """One way to use an active ability now: its key (``<ability>`` paying essence, ``<ability>/action`` with an
    action instead), the ability, whether an action is spent, and what it is shown as."""

    key: str
    ability: AbilitySpec
    action: bool
    label: str


def used_mark(ability: AbilitySpec) -> str:
    """The effect that marks an ability used this activation (once per activation, L947)."""
    return f"used:{ability.id}"


def _pays(world: World, unit: UnitRecord, cost: tuple[Colour, ...]) -> bool:
    reserve = world.state.record(unit.side).reserve
    return can_pay(reserve, unit_cost(reserve, cost, unit.conditions))


def active_uses(world: World, unit: UnitRecord) -> list[ActiveUse]:
    """The active abilities ``unit`` may use now, each way it may pay (L883, L897-901)."""
    activation = world.state.activation
    if activation is None or activation.unit != unit.id or activation.ended or not world.state.alive(unit):
        return []
    acting = action_refusal(world.state, unit, "sacrifice") is None
    found: list[ActiveUse] = []
    for ability in world.catalogue.card(unit.card).abilities:
        if ability.kind != "active" or ability.effect not in ACTIVE_EFFECTS:
            continue
        if ability.once_per_activation and used_mark(ability) in unit.effects:
            continue
        if not _takes_effect(world, unit, ability):
            continue
        paid = _pays(world, unit, ability.cost)
        if ability.action == "plus" and paid and acting:
            found.append(ActiveUse(ability.id, ability, True, f"{ability.name} (an action and its essence)"))
        elif ability.action != "plus" and paid:
            found.append(ActiveUse(ability.id, ability, False, ability.name))
        if ability.action == "instead" and acting:
            found.append(ActiveUse(f"{ability.id}/action", ability, True, f"{ability.name}, an action paying for it"))
    return found


def chosen_units(world: World, unit: UnitRecord, ability: AbilitySpec) -> list[UnitRecord]:
    """The units a *choose* ability may pick: any with a model within its range of a model of ``unit``, sight
    disregarded (L907-909), that has not its effect already (L286); empty for an ability that chooses none."""
    reach = CHOOSE_RANGE.get(ability.effect or "")
    if reach is None:
        return []
    own = world.state.alive(unit)
    return [other for other in world.state.units.values()
            if any(world.gap(m, o) <= reach + 1e-9 for m in own for o in world.state.alive(other))
            and held_refusal(world, ability, other) is None]


_LASTING = {"round": "until the end of the round", "next-activation": "until its next activation",
            "activation": "for its next attack action"}


def held_refusal(world: World, ability: AbilitySpec, holder: UnitRecord) -> str | None:
    """Why ``ability`` used now would give ``holder`` nothing: it has the effect the ability leaves already, and a
    unit benefits once from effects of the same name (L286); None when it would take effect."""
    activation = world.state.activation
    effect = effect_of(ability, len(activation.actions) if activation is not None else 0)
    if effect not in holder.effects:
        return None
    lasting = _LASTING.get(holder.effects[effect], "already")
    return (f"{holder.id} already has {ability.name} ({lasting}): a unit benefits once from effects of the same name "
            "(L286)")


def _takes_effect(world: World, unit: UnitRecord, ability: AbilitySpec) -> bool:
    """Whether using ``ability`` now leaves its effect somewhere new (L286): on a unit it may choose, or its own."""
    if ability.effect == "thunderstorm":
        return True
    if ability.effect in CHOOSE_RANGE:
        return bool(chosen_units(world, unit, ability))
    return held_refusal(world, ability, unit) is None


def effect_of(ability: AbilitySpec, activation_actions: int) -> str:
    """The effect id an active ability leaves; Whirlwind Dance's names the actions taken before it, so it applies to
    the next attack action only (L354)."""
    effect = ability.effect or ability.id
    return f"{effect}@{activation_actions}" if effect == "whirlwind-dance" else effect


def inspired(world: World, attacker: ModelId, weapon: Weapon, infused: Infusion | None) -> Infusion | None:
    """A melee hit roll's infusion with Inspiring Presence: a grey die when a friendly unit under its effect has a
    model within 8" of the attacker (L523-525), unless the roll is infused with a stronger die already (L931)."""
    if weapon.type != "melee":
        return infused
    side = world.state.models[attacker].side
    for unit in world.state.units_of(side):
        if "inspiring-presence" not in unit.effects:
            continue
        if any(world.gap(attacker, m) <= INSPIRING_RANGE + 1e-9 for m in world.state.alive(unit)):
            if infused is None or strength(infused.colour) < strength(INSPIRING_DIE):
                return Infusion(INSPIRING_DIE)
            return infused
    return infused


def whirlwind_dancing(world: World, unit: UnitRecord) -> bool:
    """Whether ``unit``'s attack action now is the first it takes after using Whirlwind Dance (L354)."""
    activation = world.state.activation
    if activation is None or activation.unit != unit.id or not activation.actions:
        return False
    now = len(activation.actions) - 1
    for effect in unit.effects:
        name, _, since = effect.partition("@")
        if name == "whirlwind-dance" and since.isdigit():
            attacks = [i for i, a in enumerate(activation.actions) if a == "attack" and i >= int(since)]
            return bool(attacks) and attacks[0] == now
    return False


def whirlwind_targets(world: World, model: ModelId, targeted: list[str]) -> list[tuple[Weapon, ModelId]]:
    """Whirlwind Dance's extra melee attack: each enemy the model may take with a melee profile that no melee attack
    of this action has targeted, nearest first (its player chooses, the first one click away)."""
    return [(weapon, enemy) for enemy in sorted(world.enemies(model), key=lambda e: world.gap(model, e))
            if enemy not in targeted for weapon in world.melee_weapons(model)
            if target_refusal(world, model, enemy, weapon) is None]


ATTUNEMENT = ("DISCORD", "HARMONY")
"""The Chosen's two keywords, one on every unit of the faction (S4; its faction card is not public)."""


def attuned_after(world: World, unit: UnitRecord) -> str | None:
    """The unit its player activated before ``unit`` this round when ``unit`` becomes Attuned by it: the two bear
    the other of DISCORD and HARMONY (a unit with both counts as either). What Attuned unlocks is not public, so it
    is played by hand (ruling ``attunement``)."""
    record = world.state.record(unit.side)
    before = world.state.last_activated.get(unit.side)
    if not record.activations or before is None or before not in world.state.units:
        return None
    now = {k for k in world.catalogue.card(unit.card).keywords if k in ATTUNEMENT}
    then = {k for k in world.catalogue.card(world.state.units[before].card).keywords if k in ATTUNEMENT}
    return before if any(a != b for a in now for b in then) else None


def orders(world: World, side: SideId) -> list[tuple[UnitRecord, AbilitySpec]]:
    """The Orders ``side`` may still give this round: each COMMANDER on the table with an Order it has not given."""
    found = []
    for unit in world.state.units_of(side):
        card = world.catalogue.card(unit.card)
        if "COMMANDER" not in card.keywords or not world.state.alive(unit) or ORDER_GIVEN in unit.effects:
            continue
        found += [(unit, a) for a in card.abilities if a.effect in ORDER_EFFECTS]
    return found


def order_refusal(world: World, side: SideId) -> str | None:
    """Why ``side`` may not give an Order now: in the rounds, on its turn, before its first activation of the round
    (ruling ``order-timing``), with a COMMANDER that has not given its Order."""
    state = world.state
    if state.step != "rounds" or state.turn != side or state.activation is not None:
        return "an Order is given on its player's turn, before a unit activates (ruling order-timing)"
    if state.record(side).activations:
        return "an Order is given at the start of the round, before its player's first activation (ruling order-timing)"
    if not orders(world, side):
        return "no COMMANDER of yours has an Order left to give this round (L348-350, L515-517)"
    return None


def beloved_candidates(world: World, hit: ModelId) -> list[ModelId]:
    """The friendly models Beloved Commander may pass a hit on ``hit`` to: every other model of its side within 2"
    of it, nearest first, sight and range to the attacker disregarded (L360-362)."""
    side = world.state.models[hit].side
    near = [m for m, placed in world.state.models.items()
            if placed.side == side and m != hit and world.gap(hit, m) <= BELOVED_RANGE + 1e-9]
    return sorted(near, key=lambda m: world.gap(hit, m))


def passed_on(rest: list[Task], hit: Task, to: ModelId) -> list[Task]:
    """The attack's steps after Beloved Commander passed its hit on ``hit.target`` to ``to``: the damage roll that
    followed the hit now goes to ``to`` (its ARM, ruling ``beloved-commander``)."""
    for index, task in enumerate(rest):
        if task.kind == "damage" and task.model == hit.model and task.target == hit.target:
            return [*rest[:index], task.model_copy(update={"target": to}), *rest[index + 1:]]
    return rest


def _storm_base(at: XY) -> Base:
    return Base("Thunderstorm", Pose(at[0], at[1]), STORM_BASE_MM)


def storm_refusal(world: World, unit: UnitRecord, at: XY) -> str | None:
    """Why the Thunderstorm may not be placed at ``at``: its base within 8" of a model of the unit, on the table, on
    no base, IMPASSABLE or LINEAR TERRAIN (L947, L663), or None."""
    base = _storm_base(at)
    near = [m for m in world.state.alive(unit)
            if math.dist(world.base(m).xy, at) - world.base(m).radius - base.radius <= STORM_REACH + TOLERANCE]
    if not near:
        return f"the Thunderstorm must be placed within {STORM_REACH:g}\" of a model of {unit.id} (L947)"
    blockers = world.remember("tool-walls-all", lambda: world.polygons_with("Impassable", "Linear Terrain"))
    others = [*world.bases(), *manifestation_bases(world)]
    problem = spot_problem(base, at, ToolWorld(world.table, others, (), blockers))
    return f"{problem} (L663)" if problem is not None else None


def _beside(world: World, unit: UnitRecord, model: ModelId, toward: XY) -> XY | None:
    """The first spot the rules allow for the Thunderstorm just beside ``model``, the side facing ``toward`` first."""
    centre, reach = world.base(model).xy, world.base(model).radius + STORM_BASE_MM / 25.4 / 2 + 0.5
    facing = math.atan2(toward[1] - centre[1], toward[0] - centre[0])
    for step in (0, 1, -1, 2, -2, 3, -3, 4):
        angle = facing + step * math.pi / 4
        spot = (round(centre[0] + reach * math.cos(angle), 2), round(centre[1] + reach * math.sin(angle), 2))
        if storm_refusal(world, unit, spot) is None:
            return spot
    return None


def storm_spots(world: World, unit: UnitRecord) -> list[XY]:
    """Spots for the Thunderstorm, nearest enemies first: beside each enemy model, within 2" of it, where the rules
    allow it; with no enemy in reach, beside the unit's own models (the book places it anywhere within 8", L947), so
    the menu that offers the ability always offers a spot."""
    own = world.state.alive(unit)
    enemies = sorted({e for m in own for e in world.enemies(m)}, key=lambda e: min(world.gap(m, e) for m in own))
    found: list[XY] = []
    for enemy in enemies:
        spot = _beside(world, unit, enemy, world.base(own[0]).xy)
        if spot is not None:
            found.append(spot)
        if len(found) >= 6:
            break
    if not found:
        middle = (world.state.width / 2, world.state.height / 2)
        found = [spot for m in own if (spot := _beside(world, unit, m, middle)) is not None][:1]
    return found
