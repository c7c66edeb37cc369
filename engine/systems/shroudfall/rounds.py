"""Game rounds and activations (Shroudfall beta rulebook v1.4, L531-571, L1156-1184, L1487-1533): who may activate
which unit, passing, the two actions and what ends an activation early, the Activated and Exhausted tokens, and the
essence each activation and each round start brings."""

from __future__ import annotations

from engine.core import SideId
from engine.systems.shroudfall.schema import Colour
from engine.systems.shroudfall.state import Action, ShroudfallState, UnitRecord

__all__ = [
    "ACTIONS_PER_ACTIVATION",
    "ROUNDS",
    "action_refusal",
    "activation_over",
    "activation_refusal",
    "eligible_units",
    "ends_exhausted",
    "essence_at_activation_end",
    "essence_at_round_start",
    "exhausted_cleared",
    "generates_essence",
    "may_pass",
    "next_turn",
    "unactivated",
]

ROUNDS = 5
"""A game lasts five game rounds (L533)."""
ACTIONS_PER_ACTIVATION = 2
"""Each activation allows two actions, the same one twice if wished (L537, L541)."""


def _alive(state: ShroudfallState, unit: UnitRecord) -> bool:
    return unit.deployed and bool(state.alive(unit))


def unactivated(state: ShroudfallState, side: SideId) -> list[UnitRecord]:
    """The side's units on the table without an Activated token."""
    return [u for u in state.units_of(side) if _alive(state, u) and not u.activated]


def eligible_units(state: ShroudfallState, side: SideId) -> list[UnitRecord]:
    """The units ``side`` may activate now: no Activated token, and no Exhausted token while it has not finished an
    activation this round, unless only Exhausted units are left (L537, L563, L1180)."""
    left = unactivated(state, side)
    fresh = [u for u in left if not u.exhausted]
    if state.record(side).activations == 0 and fresh:
        return fresh
    return left


def activation_refusal(state: ShroudfallState, side: SideId, unit_id: str) -> str | None:
    """Why ``side`` may not activate ``unit_id`` now, or None."""
    if state.step != "rounds":
        return "units activate once the game rounds have begun (L1100)"
    if state.activation is not None:
        return f"{state.activation.unit} is activating; finish its activation first (L1520)"
    if state.turn != side:
        return f"it is {state.turn}'s turn to activate a unit (L537)"
    unit = state.units.get(unit_id)
    if unit is None or unit.side != side:
        return f"{unit_id!r} is not one of {side}'s units"
    if not _alive(state, unit):
        return f"{unit_id} has no models on the table"
    if unit.activated:
        return f"{unit_id} has an Activated token (L555)"
    if unit not in eligible_units(state, side):
        return f"{unit_id} has an Exhausted token: it cannot be {side}'s first unit this round (L563)"
    return None


def may_pass(state: ShroudfallState, side: SideId) -> bool:
    """A player may pass only with fewer units without an Activated token than the opponent (L571)."""
    return len(unactivated(state, side)) < len(unactivated(state, state.opponent(side)))


def next_turn(state: ShroudfallState, side: SideId) -> SideId | None:
    """Who activates after ``side``: the opponent, unless they have nothing left (then ``side`` goes on, L1158); None
    when every unit has activated (L533)."""
    other = state.opponent(side)
    if unactivated(state, other):
        return other
    if unactivated(state, side):
        return side
    return None


def action_refusal(state: ShroudfallState, unit: UnitRecord, action: Action) -> str | None:
    """Why the activating unit may not take ``action`` now (L541-551, L1421)."""
    activation = state.activation
    if activation is None or activation.unit != unit.id:
        return f"{unit.id} is not activating"
    if activation.ended:
        return f"{unit.id}'s activation has ended"
    if len(activation.actions) >= ACTIONS_PER_ACTIVATION:
        return f"{unit.id} has taken its two actions (L541)"
    if "stunned" in unit.conditions and not activation.actions and action not in ("shake", "forfeit"):
        return f"{unit.id} is Stunned: its first action must be a Shake that removes Stunned (L1421)"
    return None


def activation_over(state: ShroudfallState, *, out_of_coherency: bool = False) -> str | None:
    """Why the activation ends at once after the action just resolved, or None: a second Move (L543, L1533), a move
    that left the unit out of coherency (L610, L1532), or both actions spent (L555)."""
    activation = state.activation
    if activation is None:
        return None
    last = activation.actions[-1] if activation.actions else None
    if last == "move" and out_of_coherency:
        return "the unit ended a move out of coherency, L610"
    if last == "move" and activation.moves >= 2:
        return "a second move action ends the activation, L543"
    return None


def ends_exhausted(state: ShroudfallState, unit: UnitRecord) -> bool:
    """Whether ``unit`` takes an Exhausted token as its activation ends: the last unit of the player without the
    starting token to activate this round (L563, L1524; ruling ``exhausted-corner``)."""
    if unit.side == state.token:
        return False
    return [u.id for u in unactivated(state, unit.side)] == [unit.id]


def exhausted_cleared(state: ShroudfallState, unit: UnitRecord, *, exhausted_now: bool) -> tuple[str, ...]:
    """The Exhausted tokens removed as ``unit``'s activation ends: every one of its player's once that player concludes
    their first activation of the round, the activating unit's own included unless it takes a new one now (L563,
    L1181, L1524)."""
    if state.record(unit.side).activations:
        return ()
    return tuple(u.id for u in state.units_of(unit.side) if u.exhausted and not (u.id == unit.id and exhausted_now))


def generates_essence(unit: UnitRecord) -> bool:
    """Whether ``unit`` generates essence as its activation ends: not with Void, by any of the ways essence is
    generated (its value, abilities, scenario and terrain effects, L837-841, L1389; ruling ``void-essence``)."""
    return "void" not in unit.conditions


def essence_at_activation_end(state: ShroudfallState, unit: UnitRecord,
                              value: tuple[Colour, ...]) -> tuple[Colour, ...]:
    """What a unit adds to its reserve as its activation ends: its essence value, none with Void (L845, L1389), none
    when it was destroyed at the end of its activation (ruling ``burning-essence``)."""
    if not generates_essence(unit) or not state.alive(unit):
        return ()
    return value


def essence_at_round_start(state: ShroudfallState, side: SideId,
                           values: dict[str, tuple[Colour, ...]]) -> tuple[Colour, ...]:
    """What a player adds at the start of a round: the essence value of each of their units completely destroyed
    earlier in the game (L849, L1177); ``values`` maps unit ids to essence values."""
    crystals: list[Colour] = []
    for unit in state.units_of(side):
        if unit.deployed and not state.alive(unit):
            crystals += values[unit.id]
    return tuple(crystals)
