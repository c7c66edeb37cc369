"""Terrain as the rules read it (Sunshard:Embren core rules v1.0, L682-747): each piece's rules now, and how a
base stands to it (completely within, within, in contact, apart; L694-700).

A piece's rules are its map keywords read as terrain rules, plus any it has for a while (the Shardborn Fortune's
Seeded, L784). The undefined Dangerous rule reads as Hazardous (ruling dangerous-terrain).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import shapely

from engine.core import TerrainMark
from engine.geometry import TOLERANCE, Base, Terrain, shape_key
from engine.systems.sunshard.abilities import TERRAIN_RULES, terrain_rule
from engine.systems.sunshard.world import Miniature, World

__all__ = ["OBJECTIVE_KINDS", "Relation", "is_objective", "objectives", "piece", "pieces", "relation", "rules_of",
           "surface", "touches"]

OBJECTIVE_KINDS = ("objective", "crystal-vein")
"""Terrain kinds that are Objectives (L1367); the Crystal Vein counts as one for every purpose but the Objective
Rules of its quest (L913)."""

Relation = Literal["completely", "within", "contact", "apart"]


def rules_of(world: World, mark: TerrainMark) -> frozenset[str]:
    """The terrain rules a piece has now (unknown keywords ignored: a shared map may carry others)."""
    found = {terrain_rule(k) for k in mark.keywords if k.strip().casefold().replace(" ", "-") in _KNOWN}
    found |= set(world.state.lasting_rules.get(mark.id, {}))
    if "seeded" in found:
        found |= {rule for model, rule in _phaseformers(world) if _near(model, mark, PHASEFORMING)}
    if "dangerous" in found and world.rulings.dangerous_terrain == "as-hazardous":
        found.add("hazardous")
    return frozenset(found)


PHASEFORMING = 6.0
"""Phaseforming reaches Seeded terrain within 6" (L1463)."""


def _phaseformers(world: World) -> list[tuple[Miniature, str]]:
    """The models whose Phaseforming works now, with the rule each chose: On Guard, their choice made (L1463)."""
    return world.memo("phaseformers", lambda: [
        (m, m.figure.phased) for m in world.on_table() if m.figure.phased is not None and m.holds("On Guard")
        and m.card.has("Phaseforming")])


def _near(model: Miniature, mark: TerrainMark, reach: float) -> bool:
    """Whether some of the piece lies within ``reach`` of the model's base (closest points, L274)."""
    base = model.base()
    return float(shapely.Polygon(mark.polygon).distance(shapely.Point(base.xy))) <= base.radius + reach + TOLERANCE


_KNOWN = {*TERRAIN_RULES, "impassible"}


def piece(world: World, mark: TerrainMark) -> Terrain:
    """A piece as geometry, keyworded with its rules now (the same piece with the same rules is built once: its
    polygon is read by every sight line, move and cover check)."""
    return _piece(mark.id, mark.kind, tuple(mark.polygon), mark.height, rules_of(world, mark))


@lru_cache(maxsize=512)
def _piece(id: str, kind: str, polygon: tuple[tuple[float, float], ...], height: float,
           rules: frozenset[str]) -> Terrain:
    return Terrain.from_points(id, kind, polygon, height, rules)


def pieces(world: World) -> list[Terrain]:
    """Every piece as geometry, in id order."""
    return world.memo("pieces", lambda: [piece(world, mark) for _, mark in sorted(world.state.terrain.items())])


def is_objective(mark: TerrainMark) -> bool:
    return mark.kind in OBJECTIVE_KINDS


def objectives(world: World) -> list[TerrainMark]:
    """The Objectives on the battlefield (the Crystal Vein among them), in id order."""
    return [mark for _, mark in sorted(world.state.terrain.items()) if is_objective(mark)]


def relation(base: Base, terrain: Terrain) -> Relation:
    """How a base stands to a piece (L694-700): completely within, within (more than a touch), in contact (a touch
    only: not within, L700) or apart."""
    x, y = base.xy
    left, bottom, right, top = _bounds(terrain.polygon)
    reach = base.radius + TOLERANCE + 1e-9  # a hair more: no rounding settles a base touching the piece
    if x < left - reach or x > right + reach or y < bottom - reach or y > top + reach:
        return "apart"  # farther than that from its bounding box, farther from the piece
    centre = shapely.Point(x, y)
    poly = terrain.polygon
    if poly.contains(centre):
        inner = float(poly.exterior.distance(centre))
        return "completely" if inner >= base.radius - TOLERANCE else "within"
    gap = float(poly.distance(centre))
    if gap < base.radius - TOLERANCE:
        return "within"
    return "contact" if gap <= base.radius + TOLERANCE else "apart"


_BOUNDS: dict[bytes, tuple[float, float, float, float]] = {}
"""Each piece's bounding box by its shape (``shape_key``): every menu asks how each model stands to each piece."""


def _bounds(shape: shapely.Geometry) -> tuple[float, float, float, float]:
    key = shape_key(shape)
    found = _BOUNDS.get(key)
    if found is None:
        if len(_BOUNDS) >= 4096:
            _BOUNDS.clear()
        left, bottom, right, top = shape.bounds
        found = _BOUNDS[key] = (left, bottom, right, top)
    return found


def touches(base: Base, terrain: Terrain) -> bool:
    """Within or in contact with: what most rules ask ("within or in contact with", L706, L1475)."""
    return relation(base, terrain) != "apart"


def surface(world: World, model: Miniature, at: tuple[float, float] | None = None) -> int:
    """The HGT of what the model stands on at its place (or ``at``): the terrain it is completely within, the highest
    of several (ruling terrain-surface), else the battlefield's 0 (L280, L686; ruling falling-surface)."""
    placed = model.placed
    here = model.base().at(*(at or (placed.x, placed.y)))
    heights = [t.height for t in pieces(world)
               if (relation(here, t) == "completely"
                   or (world.rulings.falling_surface == "within" and relation(here, t) == "within"))
               and "impassable" not in t.keywords]
    if not heights:
        return 0
    return int(max(heights) if world.rulings.terrain_surface == "highest" else min(heights))
