"""Follow-Up (Eldfall core rules v1.5, L1942-1944): when an enemy disengages from a model with Follow-Up (its dodge
move takes it out of that model's melee reach, L1392), the model may move up to half its SPD toward it. Its player
is asked at the end of the sequence, one part per model that may follow (by default it follows)."""

from __future__ import annotations

from engine.core import Context, Decision, DecisionPart, IllegalCommand, ModelId, Option
from engine.systems.eldfall.events import AttackResolved
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import allowance
from engine.systems.eldfall.quests import touch_tokens
from engine.systems.eldfall.routes import make_move, route
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World

__all__ = ["FOLLOW_KIND", "answer_follow_up", "engaged_pairs", "offer_follow_up"]

Ctx = Context[EldfallState]
FOLLOW_KIND = "follow-up"


def engaged_pairs(world: World) -> set[tuple[ModelId, ModelId]]:
    """(engaged model, an enemy engaging it that has Follow-Up), as they stand now."""
    return {(f.id, e) for f in world.fighters(standing=True) for e in world.engagers(f.id)
            if world.fighter(e).has("Follow-Up")}


def offer_follow_up(ctx: Ctx, kit: Kit, before: set[tuple[ModelId, ModelId]], dodged: set[ModelId]) -> None:
    """Ask the owners of Follow-Up models that an enemy dodged away from whether they follow (L1944)."""
    world = kit.world(ctx.state)
    now = engaged_pairs(world)
    chases: dict[ModelId, ModelId] = {}
    for model, follower in sorted(before - now):
        if model in dodged and model in ctx.state.models and follower in ctx.state.models \
                and not world.fighter(follower).out and follower not in chases:
            chases[follower] = model
    by_side: dict[str, list[tuple[ModelId, ModelId]]] = {}
    for follower, model in chases.items():
        by_side.setdefault(world.fighter(follower).side, []).append((follower, model))
    for side, pairs in sorted(by_side.items()):
        parts = tuple(DecisionPart(key=follower, prompt=f"{follower} may follow {model} up to half its SPD "
                                                         "(Follow-Up, L1944)",
                                   options=(Option(key="follow", label=f"Follow {model}"),
                                            Option(key="nothing", label="Stay")), default="follow")
                      for follower, model in pairs)
        ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind=FOLLOW_KIND, optional=True,
                                   prompt="An enemy disengaged from your model: follow it? (Follow-Up, L1942-1944)",
                                   parts=parts, context={"chases": {f: m for f, m in pairs}}))


def answer_follow_up(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Each follower told to follow moves up to half its SPD straight toward the model that disengaged."""
    chases = decision.context.get("chases") or {}
    assert isinstance(chases, dict)
    for follower, model in chases.items():
        if answers.get(follower) != "follow" or follower not in ctx.state.models or model not in ctx.state.models:
            continue
        world = kit.world(ctx.state)
        f = world.fighter(ModelId(follower))
        try:
            trip = route(world, f, "walk", f"toward {model}", allowance("dodge", max(f.speed, 0), rulings=f.rulings))
        except IllegalCommand as error:
            ctx.emit(AttackResolved(summary=f"{follower} cannot follow {model}: {error.reason}."))
            continue
        make_move(ctx, world, f, trip, why="Follow-Up")
        touch_tokens(ctx, kit, ModelId(follower))
        ctx.emit(AttackResolved(summary=f"{follower} follows {model} (Follow-Up, L1944)."))
