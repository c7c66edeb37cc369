"""Where a player may place an Objective at set-up (Sunshard:Embren core rules v1.0, L335, L692, L889): the one rule
check both the placing command and the Objective menu read, kept apart from the set-up's flow so the menu's batch of
spots and the command's single spot are measured by the same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import shapely

from engine.core import SideId, parse_point
from engine.geometry import TOLERANCE, Base, Pose
from engine.systems.sunshard.quest_schema import QuestSpec
from engine.systems.sunshard.terrain import objectives, pieces
from engine.systems.sunshard.world import World, refuse
from engine.systems.sunshard.zones import contested

__all__ = ["check_place_objective", "objective_problem", "objective_problems"]


def objective_problem(world: World, at: tuple[float, float]) -> tuple[str, str] | None:
    """Why an Objective may not go at ``at``: outside Contested Ground, too near an edge or another Objective
    (L860, L889, L913, L1149), or on an Impassable piece."""
    return objective_problems(world, [at])[0]


def objective_problems(world: World, spots: Sequence[tuple[float, float]]) -> list[tuple[str, str] | None]:
    """:func:`objective_problem` of each spot, every shape measured against all the spots in one call (the Objective
    menu tries every inch of Contested Ground)."""
    quest = world.data.quest(world.state.quest)
    radius = Base("objective", Pose(0.0, 0.0), quest.objective.base_mm, 0.0).radius
    points = shapely.points(np.array(spots, dtype=float).reshape(-1, 2))
    area = contested(world)
    inside = [False] * len(spots)
    if area is not None:  # completely within: holding the centre, and the outline a radius away at least
        inside = (shapely.contains(area, points)
                  & (shapely.distance(area.exterior, points) >= radius - TOLERANCE)).tolist()
    apart = [(mark.id, (shapely.distance(shapely.Polygon(mark.polygon), points) - radius).tolist())
             for mark in objectives(world)]
    # a base stands apart from a piece when the piece holds not its centre and is more than a touch away (L694-700)
    touched = [(terrain.id, (shapely.contains(terrain.polygon, points)
                             | (shapely.distance(terrain.polygon, points) <= radius + TOLERANCE)).tolist())
               for terrain in pieces(world) if terrain.has("impassable")]
    found: list[tuple[str, str] | None] = []
    for k, (x, y) in enumerate(spots):
        found.append(_objective_problem(world, quest, radius, (x, y), inside[k], [(i, gaps[k]) for i, gaps in apart],
                                        [i for i, hits in touched if hits[k]]))
    return found


def _objective_problem(world: World, quest: QuestSpec, radius: float, at: tuple[float, float], inside: bool,
                       gaps: list[tuple[str, float]], impassable: list[str]) -> tuple[str, str] | None:
    """The first problem of one spot, given what was measured there, in the order a player reads them."""
    if not inside:
        return "an Objective goes completely within Contested Ground", "L889"
    x, y = at
    edge = min(x, y, world.state.width - x, world.state.height - y) - radius
    if edge < quest.min_edge - TOLERANCE:
        return f"an Objective stays at least {quest.min_edge:g}\" from a table edge ({edge:.2f}\" here)", "L889"
    for mark, gap in gaps:
        if gap < quest.min_apart - TOLERANCE:
            return f"an Objective stays at least {quest.min_apart:g}\" from {mark} ({gap:.2f}\" here)", "L889"
    if impassable:
        return f"{impassable[0]} is Impassable", "L692"
    return None


def check_place_objective(world: World, side: SideId, filled: Mapping[str, str]) -> tuple[float, float]:
    """The one rule check of placing an Objective at ``filled["at"]``."""
    if world.state.step != "objectives" or world.state.active_side != side:
        raise refuse(f"it is not side {side}'s turn to place an Objective", "L335")
    at = parse_point(filled.get("at", ""))
    problem = objective_problem(world, at)
    if problem is not None:
        raise refuse(*problem)
    return at
