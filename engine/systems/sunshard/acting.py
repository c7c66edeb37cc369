"""Who may act in the Activation Phase, and the world as it would be once a model is selected.

A player selects a model and it activates (L365, L377). At the table the selection and the model's first action are
one command: taking an action with a model that may be selected now selects it first (its activation begins, with
its AP, On Guard lost and Disoriented paid, L377-383, L435, L606), then the action is made. So each action's check
reads the world *as if* the model were activating (:func:`activating`), and its plan carries the selection to make
before it (:class:`Selected`). The Activate action selects a model without acting yet, with a party if wanted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core import Context, InvalidCommand, SideId
from engine.systems.sunshard.activation import ActivationPlan, apply_activate, can_select
from engine.systems.sunshard.state import Activation, SunshardState
from engine.systems.sunshard.world import Miniature, World, refuse

__all__ = ["Selected", "activating", "actors", "begin", "start_ap"]

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class Selected(Generic[P]):
    """An action's plan, and the selection it makes first when its model was not activating yet."""

    select: ActivationPlan | None
    plan: P


def start_ap(model: Miniature) -> int:
    """The AP a model's activation begins with: its AP (Rescue -1, L872; never below 1, L1303), Disoriented -1
    (L606)."""
    ap = model.characteristic("AP").value
    return max(0, ap - 1) if model.holds("Disoriented") else ap


def activating(world: World, side: SideId, model_id: str) -> tuple[World, ActivationPlan | None]:
    """The world in which ``model_id`` is ``side``'s activating model: this one when it is, else the world once it is
    selected (with the selection that makes it so).

    :raises RulesError: when it is not activating and may not be selected now, naming the rule.
    """
    model = world.model(model_id)
    activation = world.state.activation
    if activation is not None:
        if activation.model == model.id and activation.side == side:
            return world, None
        raise refuse(f"{activation.model} is activating; {model.id} acts in its own activation", "L1279")
    why = can_select(world, side, model)
    if why is not None:
        raise refuse(*why)

    def selected() -> World:
        began = Activation(model=model.id, side=side, ap=start_ap(model))
        return World(world.state.model_copy(update={"activation": began}), world.data, world.rulings, world.shared)

    return world.memo(("activating", side, model.id), selected), ActivationPlan(model.id, side, (), 0)


def actors(world: World, side: SideId) -> list[Miniature]:
    """The models of ``side`` that may act now: the one activating, or each it may select (kept for the state's
    sequence number: every first question of a menu asks it; the worlds sharing that memo all have a model activating
    but this one)."""
    activation = world.state.activation
    if activation is not None:
        return [world.model(activation.model)] if activation.side == side else []
    ids: list[str] = world.memo(("actors", side), lambda: [m.id for m in world.on_table()
                                                           if can_select(world, side, m) is None])
    return [world.model(i) for i in ids]


def begin(ctx: Context[SunshardState], side: SideId, selected: Selected[P]) -> P:
    """Make the selection a plan carries (its model's activation begins), and hand back the action's own plan."""
    if selected.select is not None:
        apply_activate(ctx, side, selected.select)
    activation = ctx.state.activation
    if activation is None or activation.side != side:
        raise InvalidCommand("no model of yours is activating")
    return selected.plan

