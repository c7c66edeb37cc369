"""Dismissing a summoned creature (Eldfall core rules v1.5, L992): in its Strategic phase a caster may send one of
its summoned creatures away, off the field at once.

The Strategic phase runs by itself, so the dismissal is a standing order, like a Warrior's stance: ``/act
action:dismiss model:<creature>`` (``choice:off`` withdraws it) asks for it at the side's next Strategic phase, one
creature a caster. It goes as the phase begins, its Summoning Limit freed (``support.summons_of``) and its Personal
Guard back with its model (``guards.release_guards``, L2906).
"""

from __future__ import annotations

from engine.core import Context, IllegalCommand, InvalidCommand, NotYourTurn, SideId, side_only
from engine.systems.eldfall.commands import Dismiss
from engine.systems.eldfall.events import FigureNoted
from engine.systems.eldfall.guards import release_guards
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState
from engine.table import ModelRemoved

__all__ = ["dismiss_ordered", "order_dismissal"]

Ctx = Context[EldfallState]


def order_dismissal(ctx: Ctx, kit: Kit, command: Dismiss) -> None:
    """Record (or withdraw) the order to dismiss a creature at its side's next Strategic phase (L992)."""
    state = ctx.state
    side = ctx.acting_side()
    figure = state.figures.get(command.model)
    if figure is None or command.model not in state.models or figure.gone is not None:
        raise InvalidCommand(f"there is no model {command.model} on the table", verb=command.verb)
    if figure.side != side:
        raise NotYourTurn(f"{command.model} belongs to side {figure.side}", verb=command.verb)
    caster = figure.summoner
    if caster is None:
        raise IllegalCommand(f"{command.model} was not summoned: a caster dismisses only its summoned creatures "
                             "(L992)", verb=command.verb)
    if command.on:
        other = next((f.id for f in state.figures.values() if f.summoner == caster and f.dismiss
                      and f.id != figure.id and f.gone is None), None)
        if other is not None:
            raise IllegalCommand(f"{caster} already dismisses {other} at its next Strategic phase: one creature a "
                                 f"Strategic phase (L992); withdraw that with /act action:dismiss model:{other} "
                                 "choice:off", verb=command.verb)
    shown = (f"{command.model} will be dismissed at side {side}'s next Strategic phase (L992)." if command.on else
             f"{command.model} will not be dismissed.")
    ctx.emit(FigureNoted(model=figure.id, changes={"dismiss": command.on}, shown=shown), side_only(side))


def dismiss_ordered(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """As ``side``'s Strategic phase begins, each creature ordered away leaves the field (L992)."""
    state = ctx.state
    going = [f for f in state.figures.values() if f.side == side and f.dismiss and f.gone is None
             and f.id in state.models and f.summoner is not None]
    for figure in going:
        ctx.emit(ModelRemoved(model_id=figure.id))
        ctx.emit(FigureNoted(model=figure.id, changes={"gone": f"dismissed by {figure.summoner}", "dismiss": False},
                             shown=f"{figure.summoner} dismisses {figure.id}: it leaves the field (L992)."))
    if going:
        release_guards(ctx, kit)  # given again at the party's next summoning (L2906)
