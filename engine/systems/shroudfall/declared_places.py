"""Placing a unit's models, declared (Shroudfall beta rulebook v1.4, L656-663, L1333, L1363): ``/act action:ethereal``
is a move action that places each model within X" of itself instead (Ethereal (X)); ``/act action:reposition``
places each model within X" of itself and ends the activation (Reposition (X), at the end of its activation). The
rules are in :mod:`engine.systems.shroudfall.places`; what the models are placed into strikes them
(:mod:`engine.systems.shroudfall.hazards`).

Declared after the activations' actions, so no menu (nor the bot's policy) puts them first.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Ask, Choice, Context, FreeForm, IllegalCommand, Param, RulesError
from engine.systems.shroudfall import declared_play  # noqa: F401  (declared first: menus list these after it)
from engine.systems.shroudfall.agenda import fallen_windows, on_table, run
from engine.systems.shroudfall.choosing import DONE, emit_places
from engine.systems.shroudfall.declared import ROUNDS, RULES, referee
from engine.systems.shroudfall.events import ActionTaken
from engine.systems.shroudfall.naming import unit_choice
from engine.systems.shroudfall.places import (
    PLACING,
    Placed,
    ethereal_apart,
    placing_inches,
    placing_refusal,
    plan_places,
)
from engine.systems.shroudfall.plans import parse_destination
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.rounds import action_refusal
from engine.systems.shroudfall.state import ShroudfallState, Task

__all__: list[str] = []

_RULE = "Shroudfall beta rulebook v1.4"
_TO = "Toward where? (toward <id>, away <id>, x,y for the first model, or A3@x,y;A4@x,y)"


def _placers(action: str) -> Callable[[Reading, Ask], list[Choice]]:
    def values(world: Reading, ask: Ask) -> list[Choice]:
        unit = world.activating(ask.acting)
        if unit is None or placing_inches(world.world, unit, PLACING[action]) is None or \
                placing_refusal(unit, PLACING[action]) is not None:
            return []
        if action == "ethereal" and action_refusal(world.state, unit, "move") is not None:
            return []
        return [unit_choice(world.state, unit)]
    return values


def _place_refused(action: str) -> Callable[[Reading, Ask, str], RulesError | None]:
    """Why the activating unit typed for a place is refused by the rule (Frostbite, L1401); None where the list of
    what is accepted says enough."""
    def refused(world: Reading, ask: Ask, typed: str) -> RulesError | None:
        unit = world.activating(ask.acting)
        if unit is None or unit.id != typed:
            return None
        why = placing_refusal(unit, PLACING[action])
        return IllegalCommand(why) if why else None
    return refused


def _anchors(world: Reading, ask: Ask) -> list[Choice]:
    unit = world.state.units[ask.text("model")]
    return [Choice(value, label, distance=gap) for value, label, gap in world.anchors(unit)]


def _typed(action: str) -> Callable[[Reading, Ask, str], str | None]:
    def accepts(world: Reading, ask: Ask, typed: str) -> str | None:
        unit = world.state.units[ask.text("model")]
        inches = placing_inches(world.world, unit, PLACING[action]) or 0.0
        try:
            plan_places(world.world, unit, parse_destination(typed), inches, lock=action == "ethereal")
        except IllegalCommand as error:
            return str(error)
        return None
    return accepts


def _place(ctx: Context[ShroudfallState], ask: Ask, action: str) -> tuple[list[Placed], list[Task]]:
    """Place the unit's models as asked: where they went, and the Regeneration questions what they were placed into
    leaves."""
    ref = referee(ctx)
    unit = ctx.state.units[ask.text("model")]
    inches = placing_inches(ref.world(ctx), unit, PLACING[action])
    if inches is None:
        raise IllegalCommand(f"{unit.id} has no {PLACING[action]}", verb=f"act {action}")
    frozen = placing_refusal(unit, PLACING[action])
    if frozen is not None:
        raise IllegalCommand(frozen, verb=f"act {action}")
    placed = plan_places(ref.world(ctx), unit, parse_destination(ask.text("to")), inches, lock=action == "ethereal")
    if action == "ethereal":
        ctx.emit(ActionTaken(unit=unit.id, name=unit.name, action="move"))
    return placed, emit_places(ctx, ref, placed)


def _params(action: str) -> tuple[Param[Reading], ...]:
    return (Param("model", "Which unit?", values=_placers(action), noun="units", refused=_place_refused(action)),
            Param("to", _TO, values=_anchors, accepts=_typed(action), noun="destinations",
                  free_form=FreeForm.POINT | FreeForm.PHRASE))


@RULES.action("ethereal", "A move action that places each model within X\" of itself instead (Ethereal (X))",
              label="Ethereal move (place)", when=ROUNDS, per="model", rule=f"{_RULE}, L656-663, L1333",
              params=_params("ethereal"))
def _ethereal(ctx: Context[ShroudfallState], ask: Ask) -> None:
    before = on_table(ctx)
    placed, asks = _place(ctx, ask, "ethereal")
    unit = ask.text("model")
    apart = ethereal_apart(referee(ctx).world(ctx), ctx.state.units[unit], placed)
    after = [Task(kind="end", why=f"{apart} was placed out of coherency of the first model placed (L1333)")] \
        if apart is not None else [Task(kind="moved", unit=unit), Task(kind="finish", unit=unit)]
    run(ctx, referee(ctx), [*fallen_windows(ctx, before), *asks, Task(kind="acted", unit=unit, type="move"), *after])


@RULES.action("reposition", "Place each model within X\" of itself and end the activation (Reposition (X))",
              label="Reposition and end", when=ROUNDS, per="model", rule=f"{_RULE}, L656-663, L1363",
              params=_params("reposition"))
def _reposition(ctx: Context[ShroudfallState], ask: Ask) -> None:
    before = on_table(ctx)
    _, asks = _place(ctx, ask, "reposition")
    run(ctx, referee(ctx), [*fallen_windows(ctx, before), *asks,
                            Task(kind="end", why="Reposition at the end of its activation (L1363)", answer=DONE)])
