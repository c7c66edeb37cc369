"""Hit and Retreat's Walk (Eldfall core rules v1.5, L1950-1952): a model with the skill that declared an Attack in
its activation may Walk at the end of the Resolution step. Its player is asked where, once the sequence's own moves
(dodges, pushes) are made; by default it stays."""

from __future__ import annotations

import math

from engine.core import Context, Decision, DecisionPart, IllegalCommand, ModelId, PartKind, parse_point
from engine.systems.eldfall.events import AttackResolved
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import allowance
from engine.systems.eldfall.quests import touch_tokens
from engine.systems.eldfall.routes import make_move, route
from engine.systems.eldfall.state import Declared, EldfallState

__all__ = ["RETREAT_KIND", "answer_retreat", "offer_retreat"]

Ctx = Context[EldfallState]
RETREAT_KIND = "hit-and-retreat"


def offer_retreat(ctx: Ctx, kit: Kit, model: ModelId, action: Declared) -> None:
    """Ask the owner of an activated model with Hit and Retreat that attacked where it walks (L1952)."""
    if action.kind != "attack" or model not in ctx.state.models:
        return
    f = kit.world(ctx.state).fighter(model)
    if not f.has("Hit and Retreat") or f.out or f.is_("immobilized") or f.over_encumbered:
        return
    here = (f.model.x, f.model.y)
    reach = allowance("walk", max(f.speed, 0), rulings=f.rulings)
    if reach <= 0:
        return
    part = DecisionPart(key=f.id, prompt=f"where {f.id} walks (x,y within {reach:g}\"; it may stay)",
                        kind=PartKind.POSITION, center=here, radius=reach, default=f"{here[0]:g},{here[1]:g}")
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=f.side, kind=RETREAT_KIND, optional=True,
                               prompt=f"{f.id} attacked: it may Walk now (Hit and Retreat, L1952)", parts=(part,)))


def answer_retreat(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Walk the model to the point its player gave (stopping where its SPD runs out, ruling move-too-far)."""
    part = decision.parts[0]
    model = ModelId(part.key)
    to = answers.get(part.key)
    if to is None or model not in ctx.state.models:
        return
    world = kit.world(ctx.state)
    f = world.fighter(model)
    if math.dist(parse_point(to), (f.model.x, f.model.y)) < 0.01:
        return
    try:
        trip = route(world, f, "walk", to, allowance("walk", max(f.speed, 0), rulings=f.rulings))
    except IllegalCommand as error:
        ctx.emit(AttackResolved(summary=f"{model} cannot walk to {to}: {error.reason}."))
        return
    make_move(ctx, world, f, trip, why="Hit and Retreat")
    touch_tokens(ctx, kit, model)
    ctx.emit(AttackResolved(summary=f"{model} walks away after its attack (Hit and Retreat, L1952)."))
