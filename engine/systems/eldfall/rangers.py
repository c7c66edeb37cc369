"""The Ranger's End-phase move (Eldfall core rules v1.5, L1849-1851): in the End phase of its side's turn, each
standing Ranger may make a Normal Movement that provokes no reaction (``free_moves``). Its player answers one
decision, a part per Ranger; an Engaged Ranger makes none by ruling ``ranger-move-engaged``."""

from __future__ import annotations

from engine.core import Context, Decision, DecisionPart, ModelId, PartKind, SideId
from engine.systems.eldfall.free_moves import can_move_freely, free_move, move_parts
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState

__all__ = ["RANGER_KIND", "answer_ranger_moves", "offer_ranger_moves"]

Ctx = Context[EldfallState]
RANGER_KIND = "ranger-move"


def offer_ranger_moves(ctx: Ctx, kit: Kit, side: SideId) -> bool:
    """Ask the side's player where its Rangers move; returns whether it was asked."""
    world = kit.world(ctx.state)
    parts: list[DecisionPart] = []
    for f in world.fighters(side, standing=True):
        if f.has("Ranger") and can_move_freely(world, f) \
                and (f.rulings.ranger_move_engaged == "free" or not world.engagers(f.id)):
            parts += move_parts(f)
    if not parts:
        return False
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind=RANGER_KIND, optional=True,
                               prompt="End phase: your Rangers may make a Normal Movement, provoking no reaction "
                                      "(L1851).", parts=tuple(parts)))
    return True


def answer_ranger_moves(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Move each Ranger its player sent somewhere."""
    for part in decision.parts:
        if part.kind is PartKind.POSITION:
            free_move(ctx, kit, ModelId(part.key), answers, "Ranger, End phase, L1851")
