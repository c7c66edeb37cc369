"""Preparing a Shroudfall game (Shroudfall beta rulebook v1.4, L1084-1154, L1473-1485): the roll-off and the winner's
choice, the scenarios (each player's secret veto, revealed together, then a random draw from what is left, and the
duplicate rule), the terrain in the book's order with every distance checked on the table, the leadership ability,
and deployment within 6" of one's own edge (Scout adds its inches), in coherency, on nothing.

Pure rule functions: the game asks the players, rolls the dice and emits the events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Polygon

from engine.core import ModelId, SideId
from engine.geometry import TOLERANCE, XY, Base, Pose, ToolWorld, spot_problem
from engine.systems.shroudfall.movement import coherency_range, connected
from engine.systems.shroudfall.rulings import Rulings
from engine.systems.shroudfall.schema import Colour
from engine.systems.shroudfall.state import ShroudfallState, UnitRecord
from engine.systems.shroudfall.terrain_schema import TerrainPiece
from engine.systems.shroudfall.world import World, level_of

__all__ = [
    "DEPLOY_DEPTH",
    "MAIN_EDGE_GAP",
    "TERRAIN_GAP",
    "TURNS",
    "Placing",
    "any_legal_spot",
    "deploy_refusal",
    "deployment_turn",
    "draw_scenarios",
    "edge_distance",
    "leadership_options",
    "piece_outline",
    "roll_off_pool",
    "terrain_order",
    "terrain_refusal",
    "veto_refusal",
]

DEPLOY_DEPTH = 6.0
"""Units deploy within 6" of their own table edge (L1145)."""
MAIN_EDGE_GAP = (4.0, 2.0)
"""A main terrain piece keeps 4" from both deployment edges and 2" from the other edges (L1132-1133)."""
TERRAIN_GAP = 2.0
"""Every terrain piece keeps 2" from every other piece and every scenario element (L1135-1136)."""
SIDE_REACH = 4.0
"""A side piece stands within 4" of its own main piece (L1134)."""

ROLL_OFF_POOLS: Mapping[str, tuple[Colour, ...]] = {"one-yellow": ("yellow",), "one-of-each": ("grey", "yellow", "red")}


def roll_off_pool(rulings: Rulings) -> tuple[Colour, ...]:
    """The dice each player rolls in the pre-game roll-off (ruling ``roll-off-pool``; the icon is lost, L1088)."""
    return ROLL_OFF_POOLS[rulings.roll_off_pool]


# -- scenarios ---------------------------------------------------------------------------------------------------


def veto_refusal(state: ShroudfallState, side: SideId, scenario: str) -> str | None:
    """Why ``side`` may not veto ``scenario``: a player discards one of the opponent's three (L1108, L1479)."""
    theirs = state.record(state.opponent(side)).scenarios
    if scenario not in theirs:
        return f"{scenario!r} is not one of {state.opponent(side)}'s scenarios ({', '.join(theirs)}) (L1108)"
    return None


def draw_scenarios(remaining: Mapping[SideId, Sequence[str]], drawn: Mapping[SideId, int],
                   token: SideId) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The two scenarios played: each player's random draw from their two left (``drawn`` is the index each draw
    picked); when both drew the same scenario, the starting player discards theirs and plays their other one
    (L1109-1112, L1480-1481). Returns the scenarios, in seat order, and the working."""
    picks = {side: remaining[side][drawn[side]] for side in remaining}
    lines = [f"{side} draws {pick} from {', '.join(remaining[side])}" for side, pick in picks.items()]
    others = [s for s in picks if s != token]
    if others and picks[token] == picks[others[0]]:
        spare = next(s for s in remaining[token] if s != picks[token])
        lines.append(f"both drew {picks[token]}: {token}, holding the starting player token, discards it and plays "
                     f"{spare} (L1112)")
        picks[token] = spare
    return tuple(picks.values()), tuple(lines)


# -- terrain -------------------------------------------------------------------------------------------------------

TerrainStep = tuple[SideId, Literal["main", "sides"], Literal["own-half", "anywhere"] | None]


def terrain_order(first: SideId, second: SideId, rulings: Rulings) -> tuple[TerrainStep, ...]:
    """The book's terrain order (L1120-1128): A main in A's half, B its sides, B main in B's half, A its sides, A main
    anywhere, B its sides, then steps 3-6 again until five mains: B's second main in its own half (ruling
    ``terrain-loop``) and A's third anywhere."""
    b_again: Literal["own-half", "anywhere"] = "own-half" if rulings.terrain_loop == "own-half" else "anywhere"
    return ((first, "main", "own-half"), (second, "sides", None), (second, "main", "own-half"), (first, "sides", None),
            (first, "main", "anywhere"), (second, "sides", None), (second, "main", b_again), (first, "sides", None),
            (first, "main", "anywhere"), (second, "sides", None))


def piece_outline(piece: TerrainPiece, at: XY, turn: float) -> Polygon:
    """A piece's footprint set down by its centre at ``at``, turned ``turn`` degrees counter-clockwise."""
    shape = Polygon(piece.outline())
    turned = affinity.rotate(shape, turn, origin=(0, 0))
    return affinity.translate(turned, at[0], at[1])


def edge_distance(poly: Polygon | shapely.Geometry, edge: Literal["bottom", "top", "left", "right"],
                  size: float) -> float:
    """How far a shape lies from one table edge (its nearest point)."""
    x0, y0, x1, y1 = (float(v) for v in poly.bounds)
    return {"bottom": y0, "top": size - y1, "left": x0, "right": size - x1}[edge]


@dataclass(frozen=True, slots=True)
class Placing:
    """A terrain piece being set down: its outline, main or side, the half it must lie in (a main's step), and for a
    side piece the outline of its main."""

    outline: Polygon
    main: bool
    half: Literal["bottom", "top"] | None = None
    main_outline: Polygon | None = None


def _main_refusal(world: World, placing: Placing) -> str | None:
    size = world.state.width
    poly = placing.outline
    edges: tuple[Literal["bottom", "top", "left", "right"], ...] = ("bottom", "top", "left", "right")
    for edge in edges:
        deploying = edge in ("bottom", "top")
        gap = MAIN_EDGE_GAP[0] if deploying else MAIN_EDGE_GAP[1]
        found = edge_distance(poly, edge, size)
        if found < gap - TOLERANCE:
            what, rule = ("both deployment edges", "L1132") if deploying else ("the other table edges", "L1133")
            return f'a main piece keeps {gap:g}" from {what}; this is {found:.2f}" from the {edge} edge ({rule})'
    if placing.half is not None:
        middle = world.state.height / 2
        low, high = (0.0, middle) if placing.half == "bottom" else (middle, world.state.height)
        if poly.bounds[1] < low - TOLERANCE or poly.bounds[3] > high + TOLERANCE:
            return f"this main piece goes completely within its player's half, the {placing.half} half (L1120-1122)"
    return None


def _gap_refusal(world: World, placing: Placing) -> str | None:
    poly = placing.outline
    exempt = world.rulings.side_piece_gap == "own-main-exempt"
    for ident in world.state.terrain:
        other = world.terrain(ident).polygon
        if exempt and placing.main_outline is not None and other.equals(placing.main_outline):
            continue
        if poly.distance(other) < TERRAIN_GAP - TOLERANCE:
            return f'every terrain piece keeps 2" from the others; this is {poly.distance(other):.2f}" from ' \
                   f"{ident} (L1135)"
    for element in world.state.elements.values():
        gap = max(0.0, poly.distance(shapely.Point(element.x, element.y)) - element.radius)
        if gap < TERRAIN_GAP - TOLERANCE:
            return f'a terrain piece keeps 2" from scenario elements; this is {gap:.2f}" from {element.id} (L1136)'
    return None


def terrain_refusal(world: World, placing: Placing) -> str | None:
    """Why a piece may not stand there (L1130-1137): on the table; a main 4" from both deployment edges and 2" from
    the others, completely within its player's half when its step says so; a side piece within 4" of its main; every
    piece 2" from every other (its own main too, ruling ``side-piece-gap``) and from every scenario element's base
    (ruling ``element-gap``)."""
    if not placing.outline.within(world.table.polygon.buffer(TOLERANCE)):
        return "the piece must lie on the table"
    if placing.main:
        why = _main_refusal(world, placing)
        if why is not None:
            return why
    elif placing.main_outline is not None:
        gap = placing.outline.distance(placing.main_outline)
        if gap > SIDE_REACH + TOLERANCE:
            return f'a side piece stands within 4" of its main piece; this is {gap:.2f}" away (L1134)'
    return _gap_refusal(world, placing)


TURNS = (0.0, 45.0, 90.0, 135.0)
"""The turns a piece is tried at when looking for any legal spot."""


def _too_close(world: World, main_outline: Polygon | None) -> shapely.Geometry:
    """Where no part of a new piece may lie: within 2" of another piece (not its own main when exempt) or of a
    scenario element (L1135-1136)."""
    exempt = world.rulings.side_piece_gap == "own-main-exempt"
    zones = [world.terrain(t).polygon.buffer(TERRAIN_GAP - TOLERANCE) for t in world.state.terrain
             if not (exempt and main_outline is not None and world.terrain(t).polygon.equals(main_outline))]
    zones += [shapely.Point(e.x, e.y).buffer(e.radius + TERRAIN_GAP - TOLERANCE) for e in world.state.elements.values()]
    found = shapely.union_all(zones) if zones else shapely.Polygon()
    shapely.prepare(found)
    return found


def _inside(world: World, bounds: np.ndarray, main: bool, half: Literal["bottom", "top"] | None) -> np.ndarray:
    """Which outlines (by their bounds) keep to the table, and for a main piece to its edge gaps and its half."""
    width, height = world.state.width, world.state.height
    low_x, low_y = (MAIN_EDGE_GAP[1], MAIN_EDGE_GAP[0]) if main else (0.0, 0.0)
    top = height - low_y
    if half == "bottom":
        top = min(top, height / 2)
    if half == "top":
        low_y = max(low_y, height / 2)
    slack = TOLERANCE
    ok: np.ndarray = ((bounds[:, 0] >= low_x - slack) & (bounds[:, 2] <= width - low_x + slack)
                      & (bounds[:, 1] >= low_y - slack) & (bounds[:, 3] <= top + slack))
    return ok


def any_legal_spot(world: World, piece: TerrainPiece, *, main: bool, half: Literal["bottom", "top"] | None,
                   main_outline: Polygon | None, step: float = 0.5) -> tuple[XY, float] | None:
    """A spot and turn where the piece may stand, searched on a grid of ``step`` inches and four turns (a side piece
    near its main only), or None: then it is not used (L1137). Spots whose outline reaches within 2" of other
    terrain or an element are dropped at once; the rest are judged by :func:`terrain_refusal`."""
    if main_outline is not None:
        x0, y0, x1, y1 = (float(v) for v in main_outline.buffer(SIDE_REACH + 6).bounds)
    else:
        x0, y0, x1, y1 = 0.0, 0.0, world.state.width, world.state.height
    grid_x, grid_y = np.meshgrid(np.arange(x0, x1 + step / 2, step), np.arange(y0, y1 + step / 2, step))
    grid = np.column_stack([grid_x.ravel(), grid_y.ravel()])
    crowded = _too_close(world, main_outline)
    for turn in TURNS:
        ring = np.array(piece_outline(piece, (0.0, 0.0), turn).exterior.coords, dtype=float)
        low, high = ring.min(axis=0), ring.max(axis=0)
        inside = grid[_inside(world, np.column_stack([grid + low, grid + high]), main, half)]
        for first in range(0, len(inside), _CHUNK):  # in grid order, a chunk at a time: the first legal one wins
            centres = inside[first:first + _CHUNK]
            outlines = shapely.polygons(ring[None, :, :] + centres[:, None, :])
            clear = ~shapely.intersects(crowded, outlines) if not crowded.is_empty else np.ones(len(centres), bool)
            for index in np.nonzero(clear)[0]:
                placing = Placing(outlines[index], main=main, half=half, main_outline=main_outline)
                if terrain_refusal(world, placing) is None:
                    x, y = centres[index]
                    return (float(x), float(y)), turn
    return None


_CHUNK = 256
"""Grid spots whose outlines are built at once in the search for a legal spot."""


# -- leadership ----------------------------------------------------------------------------------------------------


def leadership_options(world: World, side: SideId) -> list[tuple[str, str]]:
    """``(unit id/ability id, shown name)`` of the leadership abilities a player may declare: one of their ESSENCE
    WEAVERS' (L476-482; ruling ``leadership-holders``)."""
    found = []
    for unit in world.state.units_of(side):
        card = world.catalogue.card(unit.card)
        if not card.essence_weaver:
            continue
        found += [(f"{unit.id}/{a.id}", f"{a.name} ({unit.name})") for a in card.abilities if a.kind == "leadership"]
    return found


# -- deployment ----------------------------------------------------------------------------------------------------


def deployment_turn(state: ShroudfallState) -> SideId | None:
    """Who deploys next: the starting player first, then alternately; a player with nothing left to deploy is skipped
    (L1141, L1154); None when everyone has deployed."""
    left = {side: [u for u in state.units_of(side) if not u.deployed] for side in state.sides}
    deployed = {side: sum(u.deployed for u in state.units_of(side)) for side in state.sides}
    if not any(left.values()):
        return None
    token = state.token or state.sides[0]
    other = state.opponent(token)
    order = token if deployed[token] <= deployed[other] else other
    return order if left[order] else (other if order == token else token)


def deploy_refusal(world: World, side: SideId, unit: UnitRecord, spots: Mapping[ModelId, XY]) -> str | None:
    """Why ``unit`` may not deploy at ``spots`` (L1143-1154): every model at once, each within 6" of its player's edge
    (Scout (X") adds X", L1367; part of the base is enough, ruling ``deployment-within``), in coherency, on no base,
    LINEAR TERRAIN or IMPASSABLE terrain, on the table."""
    if unit.side != side:
        return f"{unit.id} is not side {side}'s"
    if unit.deployed:
        return f"{unit.id} is deployed already; deployed units are not moved again (L1150)"
    if set(spots) != set(unit.models):
        return f"deploy every model of {unit.id} at once ({', '.join(unit.models)}) (L1148)"
    card = world.catalogue.card(unit.card)
    bases = [Base(model, Pose(*spot), card.base_mm) for model, spot in spots.items()]
    edge = world.state.record(side).edge or "bottom"
    depth = DEPLOY_DEPTH + float(level_of(card.passives, "Scout") or 0)
    for base in bases:
        near = base.xy[1] if edge == "bottom" else world.state.height - base.xy[1]
        reach = near - base.radius if world.rulings.deployment_within == "partial" else near + base.radius
        if reach > depth + TOLERANCE:
            scout = ", Scout L1367" if depth > DEPLOY_DEPTH else ""
            return (f'{base.id} would stand {max(reach, 0):.2f}" from {side}\'s edge; units deploy within {depth:g}" '
                    f"of their own table edge (L1145{scout})")
    space = ToolWorld(world.table, world.bases(), (), world.polygons_with("Impassable", "Linear Terrain"))
    for index, base in enumerate(bases):
        others = ToolWorld(world.table, [*space.bases, *bases[:index]], (), space.end_blockers)
        why = spot_problem(base, base.xy, others)
        if why is not None:
            return f"{why} (L1149)"
    if not connected(bases, coherency_range(unit)):
        return f'{unit.id} must deploy in coherency, within {coherency_range(unit):g}" in one formation (L1146)'
    return None
