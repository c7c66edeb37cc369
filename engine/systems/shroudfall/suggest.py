"""Spots the table suggests in the set-up (Shroudfall beta rulebook v1.4, L1120-1154): a few legal, spread-out places
for a terrain piece, and where a unit may deploy in formation within its deployment depth. Every suggestion is
checked by the rules' own refusals (``setup.terrain_refusal``, ``setup.deploy_refusal``), so a suggestion offered is a
placement accepted.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Literal

import numpy as np
import shapely
from shapely.geometry import Polygon

from engine.core import InvalidCommand, ModelId, SideId
from engine.geometry import XY
from engine.systems.shroudfall.movement import coherency_range
from engine.systems.shroudfall.setup import (
    DEPLOY_DEPTH,
    TURNS,
    Placing,
    _inside,
    _too_close,
    deploy_refusal,
    piece_outline,
    terrain_refusal,
)
from engine.systems.shroudfall.state import UnitRecord
from engine.systems.shroudfall.terrain_schema import TerrainPiece
from engine.systems.shroudfall.world import World, level_of

__all__ = ["Spot", "anchors_shown", "deployment_spots", "formation", "parse_anchor", "parse_spot", "shown_spot",
           "terrain_spots"]

Spot = tuple[XY, float]
"""A place for a piece: its centre and its turn in degrees."""
_SPOT = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*(?:@\s*(-?\d+(?:\.\d+)?))?\s*")


def parse_spot(text: str) -> Spot:
    """Read ``x,y`` or ``x,y@turn`` (degrees counter-clockwise).

    :raises InvalidCommand: naming the form accepted.
    """
    match = _SPOT.fullmatch(text)
    if match is None:
        raise InvalidCommand(f"{text[:40]!r} is not a spot; write x,y in inches, or x,y@turn with the turn in degrees "
                             "(e.g. 12,9@45)")
    return (round(float(match[1]), 2), round(float(match[2]), 2)), float(match[3] or 0) % 360


def shown_spot(spot: Spot) -> str:
    (x, y), turn = spot
    return f"{x:g},{y:g}" + (f"@{turn:g}" if turn else "")


def _spread(found: list[Spot], count: int) -> list[Spot]:
    """Up to ``count`` of ``found``, the first and then each the farthest from those already taken."""
    if not found:
        return []
    taken = [found[0]]
    while len(taken) < count:
        rest = [s for s in found if s not in taken]
        if not rest:
            break
        taken.append(max(rest, key=lambda s: min(math.dist(s[0], t[0]) for t in taken)))
    return taken


def terrain_spots(world: World, piece: TerrainPiece, *, main: bool, half: Literal["bottom", "top"] | None,
                  main_outline: Polygon | None, count: int = 4, step: float = 1.0) -> list[Spot]:
    """Up to ``count`` legal, spread-out spots for a piece (searched on a grid of ``step`` inches at four turns, the
    middle of its area first); none when it has no legal spot (then it is not used, L1137)."""
    if main_outline is not None:
        x0, y0, x1, y1 = (float(v) for v in main_outline.buffer(4.0 + 6).bounds)
    else:
        x0, y0, x1, y1 = 0.0, 0.0, world.state.width, world.state.height
    grid_x, grid_y = np.meshgrid(np.arange(x0, x1 + step / 2, step), np.arange(y0, y1 + step / 2, step))
    grid = np.column_stack([grid_x.ravel(), grid_y.ravel()])
    middle = np.array([(x0 + x1) / 2, (y0 + y1) / 2]) if main_outline is None else \
        np.array(main_outline.centroid.coords[0])
    grid = grid[np.argsort(np.hypot(*(grid - middle).T), kind="stable")]
    crowded = _too_close(world, main_outline)
    found: list[Spot] = []
    for turn in TURNS:
        ring = np.array(piece_outline(piece, (0.0, 0.0), turn).exterior.coords, dtype=float)
        low, high = ring.min(axis=0), ring.max(axis=0)
        centres = grid[_inside(world, np.column_stack([grid + low, grid + high]), main, half)]
        if not len(centres):
            continue
        outlines = shapely.polygons(ring[None, :, :] + centres[:, None, :])
        clear = ~shapely.intersects(crowded, outlines) if not crowded.is_empty else np.ones(len(centres), bool)
        for checked, index in enumerate(np.nonzero(clear)[0]):
            placing = Placing(outlines[index], main=main, half=half, main_outline=main_outline)
            if terrain_refusal(world, placing) is None:
                x, y = centres[index]
                found.append(((round(float(x), 2), round(float(y), 2)), turn))
            if len(found) >= 3 * count or checked > 60:
                break
    return _spread(found, count)


def formation(world: World, unit: UnitRecord, anchor: XY, rows: int = 1) -> dict[ModelId, XY]:
    """The unit's models set out around ``anchor`` in ``rows`` rows, each a little apart (within coherency)."""
    card = world.catalogue.card(unit.card)
    diameter = card.base_mm / 25.4
    gap = min(0.5, coherency_range(unit) / 2)
    models = list(unit.models)
    per_row = math.ceil(len(models) / rows)
    spots: dict[ModelId, XY] = {}
    for index, model in enumerate(models):
        row, col = divmod(index, per_row)
        width = (min(per_row, len(models) - row * per_row) - 1) * (diameter + gap)
        x = anchor[0] - width / 2 + col * (diameter + gap)
        y = anchor[1] - row * (diameter + gap) * (1 if world.state.record(unit.side).edge != "top" else -1)
        spots[model] = (round(x, 2), round(y, 2))
    return spots


def deployment_spots(world: World, side: SideId, unit: UnitRecord, count: int = 4) -> list[tuple[XY, int]]:
    """Up to ``count`` anchors (with the rows of the formation) where the whole unit may deploy, the middle of the
    zone's front first, then spread along it (L1143-1154); searched once per table."""
    question = ("deployment-spots", side, world.state.record(side).edge, unit.id, unit.deployed, count)
    return list(world.settled(question, lambda: tuple(_deployment_spots(world, side, unit, count))))


def _deployment_spots(world: World, side: SideId, unit: UnitRecord, count: int) -> list[tuple[XY, int]]:
    card = world.catalogue.card(unit.card)
    radius = card.base_mm / 25.4 / 2
    depth = DEPLOY_DEPTH + float(level_of(card.passives, "Scout") or 0)
    top = world.state.record(side).edge == "top"
    width = world.state.width
    found: list[tuple[XY, int]] = []
    xs = sorted(np.arange(radius + 0.2, width - radius, 1.0), key=lambda x: (abs(x - width / 2), x))
    for rows in (1, 2):
        for depth_in in (depth - radius - 0.05, depth / 2, radius + 0.1):
            y = world.state.height - depth_in if top else depth_in
            for x in xs:
                anchor = (round(float(x), 2), round(y, 2))
                spots = formation(world, unit, anchor, rows)
                if deploy_refusal(world, side, unit, spots) is None:
                    found.append((anchor, rows))
                    if len(found) >= 3 * count:
                        return _spread_anchors(found, count)
    return _spread_anchors(found, count)


def _spread_anchors(found: list[tuple[XY, int]], count: int) -> list[tuple[XY, int]]:
    spots = _spread([(a, float(r)) for a, r in found], count)
    return [(a, int(r)) for a, r in spots]


def anchors_shown(anchor: XY, rows: int) -> str:
    return f"{anchor[0]:g},{anchor[1]:g}" + (f"@{rows}" if rows > 1 else "")


def parse_anchor(text: str) -> tuple[XY, int] | Mapping[ModelId, XY]:
    """Read a deployment: ``x,y`` (the unit in a row centred there), ``x,y@2`` (in two rows) or
    ``A3@10,2;A4@11,2`` (each model's spot).

    :raises InvalidCommand: naming the forms accepted.
    """
    match = _SPOT.fullmatch(text)
    if match is not None:
        rows = int(float(match[3] or 1))
        if rows not in (1, 2, 3):
            raise InvalidCommand("a formation stands in 1 to 3 rows (x,y@2)")
        return (round(float(match[1]), 2), round(float(match[2]), 2)), rows
    each: dict[ModelId, XY] = {}
    for part in (p.strip() for p in text.split(";") if p.strip()):
        found = re.fullmatch(r"([A-Za-z]\w*)\s*@\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)", part)
        if found is None:
            raise InvalidCommand(f"at:{text[:40]} is not a deployment; write x,y (the unit in a row centred there), "
                                 "x,y@2 (in two rows) or A3@10,2;A4@11,2 (each model's spot)")
        each[ModelId(found[1].upper())] = (round(float(found[2]), 2), round(float(found[3]), 2))
    return each

