"""Spending AP (Sunshard:Embren core rules v1.0, L379-383, L1375), and the Burning test each AP spent on anything
but Rally sets off (L599-604; ruling burning-per-ap). A failed Burning test is offered its Fortune re-roll (L758-760,
``saves.armor_like_test``) when the action says how it carries on: the action then waits for the answer (the
``burning`` continuation runs the tests left, then the action's own)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pydantic import JsonValue

from engine.checks import Modifier
from engine.core import Context, IllegalCommand, ModelId
from engine.systems.sunshard.events import ApSpent, GuardKept
from engine.systems.sunshard.harm import Cause, lose
from engine.systems.sunshard.resume import Resume, carry_on, continues
from engine.systems.sunshard.rolls import tn
from engine.systems.sunshard.saves import armor_like_test
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE, world_of

__all__ = ["burning_test", "can_still_act", "drop_kept_guards", "spend_ap"]


def spend_ap(ctx: Context[SunshardState], model_id: ModelId, amount: int, on: str, *, rally: bool = False,
             target: ModelId | None = None, then: Callable[[], Resume] | None = None) -> bool:
    """The activating model spends ``amount`` AP on ``on`` (an attack names its ``target``); while Burning, it tests
    once per AP (or once, ruling burning-per-ap) unless it is a Rally. Enemies that kept their On Guard token to
    Anticipate an attack lose it unless this is that attack (ruling held-strike-offer). Returns False when a failed
    Burning test's Fortune re-roll is asked: ``then()`` (how the action carries on) waits for the answer.

    :raises IllegalCommand: when it is not activating or has too few AP (L383).
    """
    activation = ctx.state.activation
    if activation is None or activation.model != model_id:
        raise IllegalCommand(f"{model_id} is not activating ({RULE}, L379)")
    if activation.ap < amount:
        raise IllegalCommand(f"{model_id} has {activation.ap} AP left; {on} costs {amount} ({RULE}, L383)")
    drop_kept_guards(ctx, unless_target=target)
    if amount <= 0:
        return True
    ctx.emit(ApSpent(model_id=model_id, amount=amount, left=activation.ap - amount, on=on))
    world = world_of(ctx)
    if rally or not world.model(model_id).holds("Burning"):
        return True
    tests = amount if world.rulings.burning_per_ap == "per-ap" else 1
    return _burn(ctx, model_id, tests, then() if then is not None else None)


def _burn(ctx: Context[SunshardState], model_id: ModelId, tests: int, then: Resume | None) -> bool:
    """Make ``tests`` Burning tests while the model stands; False when one waits for its re-roll's answer."""
    for left in range(tests - 1, -1, -1):
        if not can_still_act(ctx, model_id):
            return True
        resume: Resume | None = None if then is None else {"kind": "burning", "model": model_id, "left": left,
                                                            "then": then}
        if not burning_test(ctx, model_id, resume):
            return False
    return True


@continues("burning")
def _burning_goes_on(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    """After a Burning test's re-roll: the tests left, then the action that paid the AP."""
    then = resume["then"]
    assert isinstance(then, dict)
    if _burn(ctx, ModelId(str(resume["model"])), int(str(resume["left"])), then):
        carry_on(ctx, then)


def burning_test(ctx: Context[SunshardState], model_id: ModelId, then: Resume | None = None) -> bool:
    """A Burning model's test: ARM - 4, 1 HP lost on failure (L599-604); False when its Fortune re-roll is asked
    and ``then`` waits for the answer."""
    model = world_of(ctx).model(model_id)
    goal = tn(model.characteristic("ARM").value, [Modifier.add("Burning", -4, f"{RULE}, L602")],
              label=f"{model.id}'s ARM")
    return armor_like_test(ctx, model.id, goal, f"{model.id}'s Burning test", Cause(f"Burning ({RULE}, L604)"), then)


def can_still_act(ctx: Context[SunshardState], model_id: ModelId) -> bool:
    """Whether the model is still on the battlefield and not Downed (a Downed model does not activate, L622)."""
    model = world_of(ctx).model(model_id)
    return model.on_table and not model.downed


def drop_kept_guards(ctx: Context[SunshardState], unless_target: ModelId | None = None) -> None:
    """The activating model did something other than attack a model keeping its token for Anticipate Attack: those
    models lose their tokens (L435; ruling held-strike-offer)."""
    activation = ctx.state.activation
    if activation is None or not activation.guard_kept:
        return
    for model_id in list(activation.guard_kept):
        if model_id != unless_target and world_of(ctx).model(model_id).holds("On Guard"):
            lose(ctx, model_id, "On Guard", why=f"kept, but no attack on it came at once ({RULE}, L435)")
    ctx.emit(GuardKept(model_id=None))
