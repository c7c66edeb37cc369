"""Handlers of an activation's steps (Shroudfall beta rulebook v1.4, L535-551, L1511-1561): activating a unit, its
Disengage and Shake actions, forfeiting, passing. Each checks with the rule functions, then emits the outcome through
the command's table; nothing is emitted when a check refuses. Move and Attack actions run as the agenda's steps
(:mod:`engine.systems.shroudfall.agenda`), with their hazards and reaction windows.

The end of an activation and of a round are in :mod:`engine.systems.shroudfall.flow`.
"""

from __future__ import annotations

from engine.core import IllegalCommand, SideId
from engine.systems.shroudfall.conditions import shaken
from engine.systems.shroudfall.events import (
    ActionTaken,
    ActivationBegan,
    ConditionsChanged,
    EffectChanged,
    TurnChanged,
)
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.rounds import action_refusal, activation_refusal, may_pass
from engine.systems.shroudfall.state import Action, UnitRecord

__all__ = [
    "activate",
    "disengage",
    "forfeit",
    "pass_turn",
    "shake",
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
    unit = ctx.state.units[unit_id]
    ctx.emit(ActivationBegan(unit=unit_id, side=side, models=tuple(ctx.state.alive(unit)), name=unit.name))


def pass_turn(ctx: Table, side: SideId) -> None:
    """Pass: only with fewer units left to activate than the opponent, who activates at once (L571)."""
    if ctx.state.turn != side or ctx.state.activation is not None:
        raise IllegalCommand(f"{side} may pass only on its own turn to activate a unit (L571)", verb="pass")
    if not may_pass(ctx.state, side):
        raise IllegalCommand(f"{side} may pass only with fewer units left to activate than the opponent (L571)",
                             verb="pass")
    following = ctx.state.opponent(side)
    ctx.emit(TurnChanged(side=following, passed=side, player=ctx.state.seats.get(following)))


def disengage(ctx: Table, side: SideId) -> None:
    """A Disengage action: the unit gains Parry until the end of its activation (L546)."""
    unit = _action(ctx, side, "disengage")
    ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="disengage"))
    ctx.emit(EffectChanged(unit=unit.id, name=unit.name,
                           effect="passive:Parry", expiry="activation", why="Disengage, L546"))


def shake(ctx: Table, side: SideId, condition: str) -> None:
    """A Shake action removes one condition (L547; Stunned first, L1421)."""
    unit = _action(ctx, side, "shake")
    left = shaken(unit, condition)
    ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="shake"))
    ctx.emit(ConditionsChanged(unit=unit.id, name=unit.name, conditions=left, removed=(condition,), why="Shake, L547"))


def forfeit(ctx: Table, ref: Referee, side: SideId) -> str:
    """The actions not taken are forfeited (L551), as a player done with actions and abilities ends the activation
    (L555, L1519-1520); the caller ends it (the agenda's end step, after Reposition's offer, L1363). The reason the
    activation ends."""
    unit = _activating(ctx, side)
    activation = ctx.state.activation
    assert activation is not None
    forfeited = 2 - len(activation.actions)
    for _ in range(forfeited):
        ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="forfeit"))
    return "its remaining actions forfeited" if forfeited else "its player ends it"
