"""Dismissing a summoned creature (Eldfall core rules v1.5, L992): in its Strategic phase a caster may send one of
its summoned creatures away, off the field at once.

The Strategic phase runs by itself, so the dismissal is a standing order, like a Warrior's stance: ``/act
action:dismiss model:<creature>`` (``choice:off`` withdraws it) asks for it at the side's next Strategic phase, one
creature a caster. It goes as the phase begins, its Summoning Limit freed (``support.summons_of``) and its Personal
Guard back with its model (``guards.release_guards``, L2906).
"""

from __future__ import annotations

from engine.core import Choice, Context, ModelId, SideId, side_only
from engine.systems.eldfall.events import FigureNoted
from engine.systems.eldfall.guards import release_guards
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState
from engine.table import ModelRemoved

__all__ = ["dismiss_ordered", "dismissal_refusal", "order_dismissal", "summoned"]

Ctx = Context[EldfallState]


def summoned(state: EldfallState, side: SideId) -> list[Choice]:
    """The side's summoned creatures on the table, which their casters may dismiss (L992)."""
    return [Choice(f.id, f"{f.id} {state.models[f.id].name} (summoned by {f.summoner})")
            for f in state.figures.values() if f.side == side and f.summoner is not None and f.gone is None
            and f.id in state.models]


def dismissal_refusal(state: EldfallState, model: ModelId) -> str | None:
    """Why ``model`` may not be ordered dismissed: its caster already sends another away at its next Strategic phase,
    one creature a phase (L992)."""
    figure = state.figures[model]
    other = next((f.id for f in state.figures.values() if f.summoner == figure.summoner and f.dismiss
                  and f.id != figure.id and f.gone is None), None)
    if other is not None:
        return (f"{figure.summoner} already dismisses {other} at its next Strategic phase: one creature a Strategic "
                f"phase (L992); withdraw that with /act action:dismiss model:{other} choice:off")
    return None


def order_dismissal(ctx: Ctx, side: SideId, model: ModelId, on: bool) -> None:
    """Record (or withdraw) the order to dismiss a creature at its side's next Strategic phase (L992)."""
    shown = (f"{model} will be dismissed at side {side}'s next Strategic phase (L992)." if on else
             f"{model} will not be dismissed.")
    ctx.emit(FigureNoted(model=model, changes={"dismiss": on}, shown=shown), side_only(side))


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
