"""The Ranger's End-phase move (Eldfall core rules v1.5, L1849-1851): in the End phase of its side's turn, each
standing Ranger may make a Normal Movement (a Walk; a Climb with Climbing, a Jump with Leap, L1918, L1972) that
provokes no reaction. Its player answers one decision, a part per Ranger (where it goes, staying by default, and
how); an Engaged Ranger makes none by ruling ``ranger-move-engaged``."""

from __future__ import annotations

import math

from engine.core import (
    Context,
    Decision,
    DecisionPart,
    IllegalCommand,
    ModelId,
    Option,
    PartKind,
    SideId,
    parse_point,
)
from engine.systems.eldfall.events import AttackResolved
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import MovementKind, allowance
from engine.systems.eldfall.moving import make_move, route
from engine.systems.eldfall.quests import touch_tokens
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World

__all__ = ["RANGER_KIND", "answer_ranger_moves", "offer_ranger_moves"]

Ctx = Context[EldfallState]
RANGER_KIND = "ranger-move"


def _kinds(f: Fighter) -> tuple[MovementKind, ...]:
    """The Normal Movements open to it: Walk, and Climb or Jump when a skill makes them Normal (L1918, L1972)."""
    found: list[MovementKind] = ["walk"]
    if f.has("Climbing"):
        found.append("climb")
    if f.has("Leap"):
        found.append("jump")
    return tuple(found)


def _reach(f: Fighter, how: MovementKind) -> float:
    return allowance(how, max(f.speed, 0), climbing=f.has("Climbing"), leap=f.has("Leap"), rulings=f.rulings)


def _movers(world: World, side: SideId) -> list[Fighter]:
    state = world.state
    return [f for f in world.fighters(side, standing=True)
            if f.has("Ranger") and not f.is_("immobilized") and not f.over_encumbered and f.speed > 0
            and (state.duel is None or f.id in state.duel)
            and (f.rulings.ranger_move_engaged == "free" or not world.engagers(f.id))]


def offer_ranger_moves(ctx: Ctx, kit: Kit, side: SideId) -> bool:
    """Ask the side's player where its Rangers move; returns whether it was asked."""
    world = kit.world(ctx.state)
    parts: list[DecisionPart] = []
    for f in _movers(world, side):
        here = (f.model.x, f.model.y)
        kinds = _kinds(f)
        reach = max(_reach(f, k) for k in kinds)
        parts.append(DecisionPart(key=f.id, prompt=f"where {f.id} {f.name} moves (x,y within {reach:g}\"; it may "
                                                   "stay)", kind=PartKind.POSITION, center=here, radius=reach,
                                  default=f"{here[0]:g},{here[1]:g}"))
        if len(kinds) > 1:
            parts.append(DecisionPart(key=f"{f.id}.how", prompt=f"how {f.id} moves",
                                      options=tuple(Option(key=k, label=k.capitalize()) for k in kinds),
                                      default="walk"))
    if not parts:
        return False
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind=RANGER_KIND, optional=True,
                               prompt="End phase: your Rangers may make a Normal Movement, provoking no reaction "
                                      "(L1851).", parts=tuple(parts)))
    return True


def answer_ranger_moves(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Move each Ranger its player sent somewhere (stopping where its allowance runs out, ruling move-too-far)."""
    for part in decision.parts:
        if part.kind is not PartKind.POSITION or part.key not in answers:
            continue
        model = ModelId(part.key)
        if model not in ctx.state.models:
            continue
        world = kit.world(ctx.state)
        f = world.fighter(model)
        to = answers[part.key]
        if math.dist(parse_point(to), (f.model.x, f.model.y)) < 0.01:
            continue
        how: MovementKind = next((k for k in _kinds(f) if k == answers.get(f"{model}.how")), "walk")
        try:
            trip = route(world, f, how, to, _reach(f, how))
        except IllegalCommand as error:
            ctx.emit(AttackResolved(summary=f"{model} cannot move to {to}: {error.reason}."))
            continue
        make_move(ctx, world, f, trip, why="Ranger, End phase")
        touch_tokens(ctx, kit, model)
        ctx.emit(AttackResolved(summary=f"{model} moves in the End phase (Ranger, L1851)."))
