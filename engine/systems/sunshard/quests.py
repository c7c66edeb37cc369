"""What each quest scores at the end of a round and of the game, and who wins (Sunshard:Embren core rules v1.0,
L852-1161). Kills are scored as they happen (:mod:`engine.systems.sunshard.triggers`); the quests' special actions
are in :mod:`engine.systems.sunshard.quest_actions`.
"""

from __future__ import annotations

from engine.core import Context, EndReason, Outcome, SideId
from engine.systems.sunshard.engagement import engaged
from engine.systems.sunshard.harm import Cause, gain
from engine.systems.sunshard.scoring import score_quest
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import objectives, piece, relation, touches
from engine.systems.sunshard.world import RULE, Miniature, World, world_of
from engine.systems.sunshard.zones import (
    contested,
    deployment,
    half,
    in_area,
    overlaps_line,
    wholly_in,
    wholly_past_centerline,
)

__all__ = ["controllers", "end_of_game_scoring", "end_of_round_scoring", "quest_outcome", "standing", "sudden_death"]


def standing(world: World, side: SideId) -> list[Miniature]:
    """The side's models on the battlefield without a Downed token."""
    return [m for m in world.on_table(side) if not m.downed]


def controllers(world: World) -> dict[str, SideId | None]:
    """Who controls each Objective: more models not Downed in base contact than the opponent (L1111)."""
    found: dict[str, SideId | None] = {}
    for mark in objectives(world):
        terrain = piece(world, mark)
        counts = {side: sum(1 for m in standing(world, side) if relation(m.base(), terrain) != "apart")
                  for side in world.state.sides}
        best = max(counts.values(), default=0)
        leaders = [side for side, n in counts.items() if n == best]
        found[mark.id] = leaders[0] if best and len(leaders) == 1 else None
    return found


def end_of_round_scoring(ctx: Context[SunshardState]) -> None:
    """The quest's end-of-round rules (L375: step 4 of the End Phase)."""
    world = world_of(ctx)
    quest, round_ = ctx.state.quest, ctx.state.round
    for side in ctx.state.sides:
        opponent = world.opponent(side)
        mine = standing(world, side)
        if quest == "treasures-from-the-past":
            holders = [m for m in world.on_table(side) if m.holds("Treasure")]
            count = sum(m.holds("Treasure") for m in holders) if world.rulings.treasure_vp == "per-marker" \
                else len(holders)
            if count:
                score_quest(ctx, side, 2 * count, f"{count} Treasure marker{'s' if count > 1 else ''} held")
        elif quest == "steady-advance":
            _steady_advance(ctx, world, side, mine, round_)
        elif quest == "blood-meridian" and round_ >= 2:
            on_line = [m for m in mine if overlaps_line(world, m.base())]
            at_objective = [m for m in on_line if any(touches(m.base(), piece(world, o)) for o in objectives(world))]
            if on_line:
                score_quest(ctx, side, len(on_line) + len(at_objective),
                            f"{len(on_line)} model(s) on the Centerline, {len(at_objective)} at an Objective")
        elif quest == "cover-of-darkness":
            free = [m for m in mine if not engaged(world, m)]
            if any(in_area(m.base(), half(world, opponent)) for m in free):
                score_quest(ctx, side, 2, "a model on the opponent's half")
            if any(in_area(m.base(), deployment(world, opponent)) for m in free):
                score_quest(ctx, side, 4, "a model in the opponent's deployment zone")
    if quest == "stake-a-claim" and round_ >= 2:
        _stake_a_claim(ctx, world)
    if quest == "grim-tableau":
        for model in world.on_table():
            if model.downed:
                gain(ctx, model.id, "Blight", cause=Cause(f"Grim Tableau's end of the round ({RULE}, L953)"))


def _steady_advance(ctx: Context[SunshardState], world: World, side: SideId, mine: list[Miniature],
                    round_: int) -> None:
    """L1029-1033 (ruling steady-advance-ground)."""
    ground, own, opponent = contested(world), half(world, side), world.opponent(side)
    strict = world.rulings.steady_advance_ground == "completely"
    if ground is None:
        return
    own_ground = ground.intersection(own)
    if round_ >= 2 and any((wholly_in(m.base(), own_ground) if strict else in_area(m.base(), own_ground))
                           for m in mine):
        score_quest(ctx, side, 3, "a model in Contested Ground on its own half")
    if round_ >= 3 and any((wholly_in(m.base(), ground) and wholly_past_centerline(world, m.base(), side)) if strict
                           else in_area(m.base(), ground.intersection(half(world, opponent))) for m in mine):
        score_quest(ctx, side, 3, "a model in Contested Ground on the opponent's half")
    if round_ >= 4 and any(in_area(m.base(), deployment(world, opponent)) for m in mine):
        score_quest(ctx, side, 5, "a model in the opponent's deployment zone")


def _stake_a_claim(ctx: Context[SunshardState], world: World) -> None:
    """1 VP per Objective controlled, 3 more for controlling more than the opponent (L1111)."""
    held = controllers(world)
    counts = {side: sum(1 for who in held.values() if who == side) for side in ctx.state.sides}
    for side, count in counts.items():
        if count:
            score_quest(ctx, side, count, f"controlling {count} Objective{'s' if count > 1 else ''}")
        if count > counts[world.opponent(side)]:
            score_quest(ctx, side, 3, "controlling more Objectives than the opponent")


def sudden_death(world: World) -> SideId | None:
    """Stake a Claim: after the round's scoring a player with 20 VP and more than the opponent wins at once (L1113;
    ruling sudden-death)."""
    if world.state.quest != "stake-a-claim":
        return None
    for side in world.state.sides:
        record, other = world.record(side), world.record(world.opponent(side))
        mine = record.vp if world.rulings.sudden_death == "at-least" else record.quest_vp
        theirs = other.vp if world.rulings.sudden_death == "at-least" else other.quest_vp
        if mine >= 20 and mine > theirs:
            return side
    return None


def end_of_game_scoring(ctx: Context[SunshardState]) -> None:
    """The quest's end-of-game VP (L1004, L1091, L1134)."""
    world = world_of(ctx)
    quest = ctx.state.quest
    for side in ctx.state.sides:
        if quest == "chance-encounter":
            count = len(standing(world, side))
            if count:
                score_quest(ctx, side, 2 * count, f"{count} model(s) still standing")
        elif quest == "to-the-end":
            points = sum(m.card.points for m in standing(world, side))
            if points:
                score_quest(ctx, side, points, "the points of its models still standing")
        elif quest == "calm-before-the-storm":
            left = [f for f in ctx.state.figures.values() if f.side == side and f.status == "left"]
            if left:
                score_quest(ctx, side, 4 * len(left), f"{len(left)} model(s) that left the battlefield")


def quest_outcome(world: World, reason: EndReason = EndReason.SCORE) -> Outcome:
    """Who wins once the game is over (L874, L899, L930, L955, L1006 and the rest): the Rescue marker's holder, the
    most models with Reflection or still standing, or the most VP; equal is a tie (ruling quest-tie)."""
    quest, sides = world.state.quest, world.state.sides
    if quest == "rescue":
        counts = {s: sum(m.holds("Rescue") for m in world.on_table(s)) for s in sides}
    elif quest == "crystal-vein":
        counts = {s: sum(1 for m in standing(world, s) if m.holds("Reflection")) for s in sides}
    elif quest == "grim-tableau":
        counts = {s: len(standing(world, s)) for s in sides}
    else:
        counts = {s: world.record(s).vp for s in sides}
    return Outcome.from_scores(reason, counts)
