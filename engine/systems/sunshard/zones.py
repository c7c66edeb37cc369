"""The quest's zones and where a model stands in them (Sunshard:Embren core rules v1.0, L816-828; rulings
zone-geometry, zone-predicates).

Deployment zones run the full width along the bottom (side A) and top (side B) edges, ``zone_depth`` deep;
Contested Ground is the band ``contested_half`` either side of the Centerline, the line across the table's middle
parallel to the zones (L816-818). A player's half runs from the Centerline to their own zone, the zone included (L828).
"""

from __future__ import annotations

import functools

import shapely

from engine.core import SideId, ZoneMark
from engine.geometry import TOLERANCE, Base
from engine.systems.sunshard.world import World

__all__ = ["CONTESTED", "centerline_y", "contested", "deployment", "half", "in_area", "layout_zones", "overlaps_line",
           "wholly_in", "wholly_past_centerline", "zone_id"]

CONTESTED = "CG"
"""The id of Contested Ground's zone."""


def zone_id(side: SideId) -> str:
    return f"DZ-{side}"


def layout_zones(width: float, height: float, sides: tuple[SideId, ...], depth: float, contested_half: float
                 ) -> list[ZoneMark]:
    """The deployment zones of the two sides and Contested Ground (ruling zone-geometry)."""
    bottom, top = sides[0], sides[1]
    mid = height / 2
    return [
        ZoneMark(id=zone_id(bottom), kind="deployment", side=bottom,
                 polygon=((0, 0), (width, 0), (width, depth), (0, depth)), label=f"{bottom}'s deployment zone"),
        ZoneMark(id=zone_id(top), kind="deployment", side=top,
                 polygon=((0, height - depth), (width, height - depth), (width, height), (0, height)),
                 label=f"{top}'s deployment zone"),
        ZoneMark(id=CONTESTED, kind="contested", polygon=(
            (0, mid - contested_half), (width, mid - contested_half), (width, mid + contested_half),
            (0, mid + contested_half)), label="Contested Ground"),
    ]


def centerline_y(world: World) -> float:
    return world.state.height / 2


def _area(zone: ZoneMark) -> shapely.Polygon:
    return _polygon(zone.polygon)


@functools.lru_cache(maxsize=256)
def _polygon(points: tuple[tuple[float, float], ...]) -> shapely.Polygon:
    """A zone's area, built once per shape (the Objective menu asks Contested Ground of every spot it tries)."""
    return shapely.Polygon(points)


def deployment(world: World, side: SideId) -> shapely.Polygon | None:
    zone = world.state.zones.get(zone_id(side))
    return _area(zone) if zone is not None else None


def contested(world: World) -> shapely.Polygon | None:
    zone = world.state.zones.get(CONTESTED)
    return _area(zone) if zone is not None else None


def half(world: World, side: SideId) -> shapely.Polygon:
    """The player's half: from the Centerline to their own deployment zone's edge, zone included (L828)."""
    mid = centerline_y(world)
    width, height = world.state.width, world.state.height
    first = world.state.sides[0] if world.state.sides else side
    if side == first:
        return shapely.box(0, 0, width, mid)
    return shapely.box(0, mid, width, height)


def in_area(base: Base, area: shapely.Polygon | None) -> bool:
    """Some of the base lies in the area, more than a touch (ruling zone-predicates)."""
    if area is None:
        return False
    centre = shapely.Point(base.xy)
    return bool(area.contains(centre)) or float(area.distance(centre)) < base.radius - TOLERANCE


def wholly_in(base: Base, area: shapely.Polygon | None) -> bool:
    """All of the base lies in the area (sticking out by the tolerance at most)."""
    if area is None:
        return False
    centre = shapely.Point(base.xy)
    return bool(area.contains(centre)) and float(area.exterior.distance(centre)) >= base.radius - TOLERANCE


def wholly_past_centerline(world: World, base: Base, side: SideId) -> bool:
    """The whole base is on the opponent's side of the Centerline (ruling advance-centerline)."""
    opponent = world.opponent(side)
    return wholly_in(base, half(world, opponent))


def overlaps_line(world: World, base: Base) -> bool:
    """The base overlaps the Centerline (Blood Meridian, L1055)."""
    return abs(base.pose.y - centerline_y(world)) < base.radius - TOLERANCE
