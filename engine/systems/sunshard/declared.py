"""Sunshard:Embren's declarations: one ``Declarations`` the actions and decision kinds of every module register
on, what they read (the rules' :class:`World`) and when they may be taken.

Every action and every decision kind is declared once (``engine.core.declarations``): the menus, the refusals,
``/help`` and the bot's candidates come from it. The rule functions of the game's modules (``check_*``,
``*_values``, ``apply_*``, ``on_<kind>``) do the work; the declaring modules map the shared verbs' options onto
them (:func:`filled`) and, after each command, let an activation whose model can act no more end (:func:`after`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Ask, Context, Decision, Declarations, RulesError, When
from engine.systems.sunshard.ap import can_still_act
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.rounds import finish_activation
from engine.systems.sunshard.rulings import READS
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE, World, world_of

__all__ = ["PLAY", "REACT", "RULES", "SETUP", "after", "charges", "filled", "kind_handler"]


def _world(system: Any, state: SunshardState) -> World:
    """The rules' view of ``state``: the system's data (with the players' imports) and the table's rulings."""
    found: World = system.world(state)
    return found


RULES: Declarations[SunshardState, World] = Declarations(reader=_world, reads=READS)
"""Everything Sunshard's players do and decide, declared once."""

PLAY = When(phases=("activation",), steps=("activation",), turn=True,
            because=f"players alternate selecting and activating their models ({RULE}, L365)")
"""The Activation Phase, on the side's turn to select a model or while its model activates (L365, L377)."""

REACT = When(phases=("activation",), steps=("activation",), turn=False)
"""During an enemy model's activation (On Guard, L421)."""

SETUP = When(phases=("setup",), turn=False)
"""Setting up, before the first round (L323-341)."""


def filled(ask: Ask, **extra: str) -> dict[str, str]:
    """The answers as the rule functions read them (``model``, ``target``...), with ``extra`` fixed ones."""
    return {**{key: str(value) for key, value in ask.options.items()}, **extra}


def charges(world: World, model_id: str) -> list[tuple[str, str]]:
    """(profile, target) pairs the activating model may Charge with now (L405)."""
    activation = world.state.activation
    if activation is None or activation.model != model_id or not activation.moved_into:
        return []
    model = world.model(model_id)
    found: list[tuple[str, str]] = []
    for target in activation.moved_into:
        for profile in model.card.weapons:
            try:
                check_attack(world, model.side, {"model": model.id, "weapon": profile.name, "target": target,
                                                 "kind": "charge"})
            except RulesError:
                continue
            found.append((profile.name, target))
    return found


def after(ctx: Context[SunshardState]) -> None:
    """Once a command has done its work: an activation whose model is gone or Downed, or has no AP left and no
    Charge to make, ends (L383, L405, L622)."""
    activation = ctx.state.activation
    if activation is None or ctx.state.pending or ctx.state.attack is not None or ctx.state.phase == "over":
        return
    spent = activation.ap == 0 and not charges(world_of(ctx), activation.model)
    if spent or not can_still_act(ctx, activation.model):
        finish_activation(ctx, activation.model)


KindHandler = Callable[[Context[SunshardState], Decision, dict[str, str]], None]


def kind_handler(handler: KindHandler) -> KindHandler:
    """A decision's handler, followed by :func:`after` (the decision may have ended what the activation could do)."""

    def run(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
        handler(ctx, decision, answers)
        after(ctx)

    run.__doc__ = handler.__doc__
    return run
