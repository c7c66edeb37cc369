"""The Ranger's End-phase move (Eldfall core rules v1.5, L1849-1851): in the End phase of its side's turn, each
standing Ranger may make a Normal Movement that provokes no reaction (``free_moves``). Its player answers one
decision, a part per Ranger; an Engaged Ranger makes none by ruling ``ranger-move-engaged``. The Nightshade's Swift
Retreat stratagem gives its Assassins and Rogues the same move while it lasts (its card, Guild Hall data)."""

from __future__ import annotations

from engine.core import Context, Decision, DecisionPart, ModelId, PartKind, SideId
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.free_moves import can_move_freely, free_move, move_parts
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState

__all__ = ["RANGER_KIND", "SWIFT_RETREAT", "answer_ranger_moves", "offer_ranger_moves"]

Ctx = Context[EldfallState]
RANGER_KIND = "ranger-move"
SWIFT_RETREAT = "swift-retreat"
"""The stratagem whose Assassins and Rogues move in the End phase as Rangers do."""


def _moves_at_end(f: Fighter) -> bool:
    """A Ranger (L1851), or an Assassin or Rogue under its Leader's Swift Retreat."""
    return f.has("Ranger") or (f.under(SWIFT_RETREAT) and (f.has("Assassin") or f.has("Rogue")))


def offer_ranger_moves(ctx: Ctx, kit: Kit, side: SideId) -> bool:
    """Ask the side's player where its Rangers move; returns whether it was asked."""
    world = kit.world(ctx.state)
    parts: list[DecisionPart] = []
    movers = [f for f in world.fighters(side, standing=True)
              if _moves_at_end(f) and can_move_freely(world, f)
              and (f.rulings.ranger_move_engaged == "free" or not world.engagers(f.id))]
    for f in movers:
        parts += move_parts(f)
    if not parts:
        return False
    who = "Rangers" if all(f.has("Ranger") for f in movers) else "Rangers and Swift Retreat's Assassins and Rogues"
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind=RANGER_KIND, optional=True,
                               prompt=f"End phase: your {who} may make a Normal Movement, provoking no reaction "
                                      "(L1851).", parts=tuple(parts)))
    return True


def answer_ranger_moves(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Move each Ranger (or Swift Retreat's model) its player sent somewhere."""
    world = kit.world(ctx.state)
    for part in decision.parts:
        if part.kind is PartKind.POSITION:
            ranger = world.fighter(ModelId(part.key)).has("Ranger")
            free_move(ctx, kit, ModelId(part.key), answers,
                      "Ranger, End phase, L1851" if ranger else "Swift Retreat, End phase")
