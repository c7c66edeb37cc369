"""Scoring VP and Fortune: quest VP under the quest's cap (L834, L1004), each deed once per game per player
(L1165-1169), Fortune gained and spent (L749-753)."""

from __future__ import annotations

from engine.core import Context, RulesError, SideId
from engine.systems.sunshard.events import FortuneChanged, VpScored
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE, World, world_of

__all__ = ["deed_open", "gain_fortune", "score_deed", "score_quest", "spend_fortune"]


def score_quest(ctx: Context[SunshardState], side: SideId, amount: int, what: str) -> int:
    """Give ``side`` quest VP, no more than the quest's cap allows (L1004, L1059, L1091); returns what it scored."""
    world = world_of(ctx)
    quest = world.data.quests.get(ctx.state.quest)
    cap = quest.vp_cap if quest is not None else None
    have = world.record(side).quest_vp
    given = amount if cap is None else max(0, min(amount, cap - have))
    if amount <= 0:
        return 0
    ctx.emit(VpScored(side=side, amount=given, source="quest", what=what,
                      capped_from=amount if given != amount else None))
    return given


def deed_open(world: World, side: SideId, deed_id: str) -> bool:
    """Whether ``side`` may still score the deed: the quest uses deeds (starter quests do not, L838-840), the deed is
    common or of the side's alignment (L1169), and it has not scored it yet (L1167)."""
    deed = world.data.deeds.get(deed_id)
    if deed is None or not world.state.deeds_used:
        return False
    record = world.record(side)
    return deed.alignment in ("common", record.alignment) and deed_id not in record.deeds


def score_deed(ctx: Context[SunshardState], side: SideId, deed_id: str, detail: str = "") -> bool:
    """Score a deed for ``side`` the moment it is met (scoring is never worth declining, so it is automatic); once per
    game (L1167). Returns whether it scored."""
    world = world_of(ctx)
    if not deed_open(world, side, deed_id):
        return False
    deed = world.data.deeds[deed_id]
    what = f"the deed {deed.name}{f' ({detail})' if detail else ''}"
    ctx.emit(VpScored(side=side, amount=deed.vp, source="deed", what=what, deed=deed_id))
    if deed.fortune:
        gain_fortune(ctx, side, deed.fortune, f"the deed {deed.name}")
    return True


def gain_fortune(ctx: Context[SunshardState], side: SideId, amount: int, why: str) -> None:
    """``side`` gains Fortune (no cap is stated, L1333)."""
    total = world_of(ctx).record(side).fortune + amount
    ctx.emit(FortuneChanged(side=side, amount=amount, total=total, why=why))


def spend_fortune(ctx: Context[SunshardState], side: SideId, amount: int, why: str) -> None:
    """``side`` spends Fortune; :raises RulesError: without enough (L751)."""
    have = world_of(ctx).record(side).fortune
    if have < amount:
        raise RulesError(f"{why} costs {amount} Fortune and side {side} has {have} ({RULE}, L751)")
    ctx.emit(FortuneChanged(side=side, amount=-amount, total=have - amount, why=why))
