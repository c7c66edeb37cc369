"""Deeds checked at their moments (Sunshard:Embren core rules v1.0, L1163-1269): at the end of the round (Survey,
Advance, Bedlam, Vigilance, Fertilizer, Crystal Migration, Shard Seeding), at the beginning of the End Phase (Bleed
Out), during it (Pandemonium), at the end of the game (Know Who Pays the Bills), and whenever models are moved (Flood).
Deeds met by kills, wounds and Fade vaults are scored where those happen; those granting special actions are in
:mod:`engine.systems.sunshard.quest_actions`. Each scores once per game per player (L1167), automatically.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.core import Context, SideId
from engine.systems.sunshard.engagement import engages
from engine.systems.sunshard.scoring import deed_open, score_deed
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import objectives, piece, pieces, relation, touches
from engine.systems.sunshard.world import Miniature, World, world_of
from engine.systems.sunshard.zones import half, wholly_in, wholly_past_centerline

__all__ = ["beginning_of_end_phase_deeds", "end_of_game_deeds", "end_of_round_deeds", "end_phase_deeds",
           "flood_check"]


def end_of_round_deeds(ctx: Context[SunshardState]) -> None:
    """L1173, L1175, L1191, L1225, L1237, L1239, L1249."""
    world = world_of(ctx)
    for side in ctx.state.sides:
        opponent = world.opponent(side)
        if deed_open(world, side, "survey") and any(
                sum(1 for o in objectives(world) if relation(m.base(), piece(world, o)) != "apart") >= 3
                for m in world.on_table(side) if not m.downed):
            score_deed(ctx, side, "survey")
        if deed_open(world, side, "advance") and _advanced(world, side):
            score_deed(ctx, side, "advance")
        if deed_open(world, side, "bedlam") and len(world.on_table(opponent)) <= 2:
            score_deed(ctx, side, "bedlam")
        if deed_open(world, side, "vigilance") and _most_of_one_warband(
                m for m in world.on_table(side) if m.holds("On Guard")
                and any(touches(m.base(), piece(world, o)) for o in objectives(world))) >= 2:
            score_deed(ctx, side, "vigilance")
        if deed_open(world, side, "fertilizer") and any(
                m.downed and any(t.has("seeded") and touches(m.base(), t) for t in pieces(world))
                for m in world.on_table(opponent)):
            score_deed(ctx, side, "fertilizer")
        if deed_open(world, side, "crystal-migration") and any(
                t.has("seeded") and t.height == 0 and half(world, opponent).contains(t.polygon)
                for t in pieces(world)):
            score_deed(ctx, side, "crystal-migration")
        if deed_open(world, side, "shard-seeding") and sum(
                1 for o in objectives(world) if "Shard Seed" in ctx.state.objective_markers.get(o.id, [])) >= 3:
            score_deed(ctx, side, "shard-seeding")


def _most_of_one_warband(models: Iterable[Miniature]) -> int:
    """The most of ``models`` in any one warband (Vigilance L1225 and Flood L1253 count one warband's models)."""
    counts = Counter(m.figure.warband for m in models)
    return max(counts.values(), default=0)


def _advanced(world: World, side: SideId) -> bool:
    """Every model not Downed on the battlefield of one of the side's warbands is over the Centerline (L1175; ruling
    advance-centerline)."""
    for warband in world.record(side).warbands or sorted({m.figure.warband for m in world.on_table(side)}):
        standing = [m for m in world.on_table(side) if m.figure.warband == warband and not m.downed]
        if not standing:
            continue
        if world.rulings.advance_centerline == "completely":
            over = all(wholly_past_centerline(world, m.base(), side) for m in standing)
        else:
            over = all(not wholly_in(m.base(), half(world, side)) for m in standing)
        if over:
            return True
    return False


def beginning_of_end_phase_deeds(ctx: Context[SunshardState]) -> None:
    """Bleed Out: two or more enemy models Downed and Bleeding (L1227)."""
    world = world_of(ctx)
    for side in ctx.state.sides:
        bleeding = [m for m in world.on_table(world.opponent(side)) if m.downed and m.holds("Bleeding")]
        if len(bleeding) >= 2:
            score_deed(ctx, side, "bleed-out")


def end_phase_deeds(ctx: Context[SunshardState]) -> None:
    """Pandemonium: three or more enemy models Wavering during the End Phase (L1257)."""
    world = world_of(ctx)
    for side in ctx.state.sides:
        if sum(1 for m in world.on_table(world.opponent(side)) if m.wavering) >= 3:
            score_deed(ctx, side, "pandemonium")


def end_of_game_deeds(ctx: Context[SunshardState]) -> None:
    """Know Who Pays the Bills: a Leader of one of the player's warbands neither Downed nor Killed (L1213)."""
    world = world_of(ctx)
    for side in ctx.state.sides:
        if any(m.leader and not m.downed for m in world.on_table(side)):
            score_deed(ctx, side, "know-who-pays-the-bills")


def flood_check(ctx: Context[SunshardState]) -> None:
    """Flood: an enemy model engaged by three or more models of one of the player's warbands (L1253)."""
    world = world_of(ctx)
    for side in ctx.state.sides:
        if not deed_open(world, side, "flood"):
            continue
        mine = world.on_table(side)
        for enemy in world.on_table(world.opponent(side)):
            if _most_of_one_warband(m for m in mine if engages(m, enemy)) >= 3:
                score_deed(ctx, side, "flood", f"{enemy.id} is engaged by three models")
                break
