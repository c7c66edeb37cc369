"""A seeded random map for any table on inches, balanced by point symmetry.

Every piece has a twin turned half a turn about the table's centre (an odd piece sits on the centre and is
its own twin), so whatever one deployment zone faces, the other faces too. Pieces keep clear of each other
(a base can pass between them), of the table edges, of the deployment zones and of the objectives.

Pure: the same seed and table give the same map. Only ``random.Random.random`` is used, the one draw Python
promises to keep stable for a given seed. A game still stores the result as concrete polygons, so a replay
never regenerates it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import Polygon

from engine.core import SideId, TerrainMark, ZoneMark
from engine.table.state import Point

__all__ = [
    "EDGE_GAP",
    "MAX_PIECES",
    "MIN_PIECES",
    "MIN_SIDE",
    "PIECE_GAP",
    "RANDOM_MAP",
    "ZONE_GAP",
    "RandomLayout",
    "layout_seed",
    "mirror",
    "random_layout",
]

RANDOM_MAP = "random"
"""The ``map`` option that asks for a generated map instead of a preset."""

MIN_PIECES, MAX_PIECES = 6, 10
MIN_SIDE = 24.0
"""Inches: on a smaller table the two deployment zones leave no room for six pieces between them."""
PIECE_GAP = 1.0
"""Clear inches between two pieces (and between a piece and an objective), so a base can walk between."""
ZONE_GAP = 0.5
"""Clear inches between a piece and a deployment zone: no model deploys on or against terrain."""
EDGE_GAP = 0.5
"""Clear inches between a piece and the table edge."""

_ATTEMPTS = 400  # placement tries before giving up; a 24" table needs a few dozen at most
_SHRINK_EVERY = 60  # after this many failed tries in a row, the pieces get 10% smaller
_OBJECTIVE_RADIUS = 0.8

Outline = Callable[[random.Random, float], list[Point]]


def _uniform(rng: random.Random, low: float, high: float) -> float:
    return low + (high - low) * rng.random()


def _pick(rng: random.Random, count: int) -> int:
    return min(count - 1, int(rng.random() * count))


def _turned(points: Sequence[Point], degrees: float) -> list[Point]:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return [(x * c - y * s, x * s + y * c) for x, y in points]


def _rect(width: float, depth: float) -> list[Point]:
    w, d = width / 2, depth / 2
    return [(-w, -d), (w, -d), (w, d), (-w, d)]


def _circle(radius: float, corners: int = 24) -> list[Point]:
    return [(radius * math.cos(2 * math.pi * k / corners), radius * math.sin(2 * math.pi * k / corners))
            for k in range(corners)]


def _blob(rng: random.Random, corners: int, low: float, high: float, symmetric: bool = False) -> list[Point]:
    """An irregular ring (a wood, a pond): each corner at its own distance; ``symmetric`` repeats the first
    half of the ring on the far side, so the blob is its own twin about its centre."""
    half = corners // 2 if symmetric else corners
    radii = [_uniform(rng, low, high) for _ in range(half)]
    jitter = [_uniform(rng, -0.3, 0.3) for _ in range(half)]
    start = _uniform(rng, 0, 2 * math.pi)
    step = 2 * math.pi / corners
    return [(radii[k % half] * math.cos(start + (k + jitter[k % half]) * step),
             radii[k % half] * math.sin(start + (k + jitter[k % half]) * step)) for k in range(corners)]


def _building(rng: random.Random, scale: float) -> list[Point]:
    return _turned(_rect(_uniform(rng, 5, 8) * scale, _uniform(rng, 4, 6) * scale), 15 * _pick(rng, 12))


def _ruin(rng: random.Random, scale: float) -> list[Point]:
    """Two broken walls meeting in an L."""
    w, d, t = _uniform(rng, 5, 7) * scale, _uniform(rng, 5, 7) * scale, _uniform(rng, 1.5, 2.2) * scale
    ring = [(0.0, 0.0), (w, 0.0), (w, t), (t, t), (t, d), (0.0, d)]
    return _turned([(x - w / 2, y - d / 2) for x, y in ring], 90 * _pick(rng, 4))


def _forest(rng: random.Random, scale: float) -> list[Point]:
    return _blob(rng, 9, 2.6 * scale, 4 * scale)


def _hill(rng: random.Random, scale: float) -> list[Point]:
    return _circle(_uniform(rng, 2.5, 3.5) * scale)


def _wall(rng: random.Random, scale: float) -> list[Point]:
    return _turned(_rect(_uniform(rng, 5, 7) * scale, 0.5), 15 * _pick(rng, 12))


def _pond(rng: random.Random, scale: float) -> list[Point]:
    return _blob(rng, 10, 1.8 * scale, 2.8 * scale)


def _centre_wood(rng: random.Random, scale: float) -> list[Point]:
    return _blob(rng, 10, 2.6 * scale, 4 * scale, symmetric=True)


@dataclass(frozen=True, slots=True)
class _Kind:
    kind: str
    height: float
    keywords: tuple[str, ...]
    weight: int
    outline: Outline


_PAIRED = (
    _Kind("building", 4, ("impassable", "blocking"), 3, _building),
    _Kind("ruin", 3, ("cover", "obscuring"), 3, _ruin),
    _Kind("forest", 3, ("obscuring", "difficult"), 3, _forest),
    _Kind("hill", 2, (), 2, _hill),
    _Kind("wall", 1, ("cover",), 2, _wall),
    _Kind("water", 0, ("difficult",), 1, _pond),
)
_CENTRED = (  # shapes that are their own twin about their centre
    _Kind("hill", 2, (), 1, _hill),
    _Kind("building", 4, ("impassable", "blocking"), 1, _building),
    _Kind("forest", 3, ("obscuring", "difficult"), 1, _centre_wood),
)


def _weighted(rng: random.Random, kinds: Sequence[_Kind]) -> _Kind:
    roll = _pick(rng, sum(kind.weight for kind in kinds))
    for kind in kinds:
        if roll < kind.weight:
            return kind
        roll -= kind.weight
    return kinds[-1]


def mirror(point: Point, width: float, height: float) -> Point:
    """The point turned half a turn about the table's centre, rounded to 0.01" like every stored position."""
    return round(width - point[0], 2), round(height - point[1], 2)


def layout_seed(values: Sequence[int]) -> int:
    """The layout seed read from d100 results, as one number whose digits are the dice (00 for 100)."""
    seed = 0
    for value in values:
        seed = seed * 100 + value % 100
    return seed


@dataclass(frozen=True, slots=True)
class RandomLayout:
    """A generated table: concrete terrain polygons and zones, ready to be stored in events."""

    seed: int
    width: float
    height: float
    terrain: tuple[TerrainMark, ...]
    zones: tuple[ZoneMark, ...]


def _zones(width: float, height: float, sides: tuple[SideId, SideId], centre: bool) -> tuple[ZoneMark, ...]:
    depth = round(height / 6, 2)
    near, far = sides
    zones = [
        ZoneMark(id=f"D{near}", kind="deployment", side=near,
                   polygon=((0.0, 0.0), (width, 0.0), (width, depth), (0.0, depth))),
        ZoneMark(id=f"D{far}", kind="deployment", side=far,
                   polygon=((0.0, height - depth), (width, height - depth), (width, height), (0.0, height))),
    ]
    spots = [(width / 4, height / 2), (width * 3 / 4, height / 2)]
    if centre:
        spots.insert(0, (width / 2, height / 2))
    ring = _circle(_OBJECTIVE_RADIUS, 32)
    for number, (x, y) in enumerate(spots, start=1):
        zones.append(ZoneMark(id=f"O{number}", kind="objective",
                                polygon=tuple((round(x + dx, 2), round(y + dy, 2)) for dx, dy in ring)))
    return tuple(zones)


class _Table:
    """The free space being filled: what each new piece must keep clear of."""

    def __init__(self, width: float, height: float, zones: Sequence[ZoneMark]) -> None:
        self.width, self.height = width, height
        self.inside = shapely.box(EDGE_GAP, EDGE_GAP, width - EDGE_GAP, height - EDGE_GAP)
        self.keep_out = [Polygon(zone.polygon).buffer(ZONE_GAP if zone.kind == "deployment" else PIECE_GAP)
                         for zone in zones]
        self.placed: list[Polygon] = []

    def fits(self, ring: tuple[Point, ...]) -> Polygon | None:
        shape = Polygon(ring)
        if not shape.is_valid or not self.inside.contains(shape):
            return None
        if any(shape.intersects(area) for area in self.keep_out):
            return None
        if any(shape.distance(other) < PIECE_GAP for other in self.placed):
            return None
        return shape


def _placed(ring: Sequence[Point], x: float, y: float) -> tuple[Point, ...]:
    return tuple((round(x + dx, 2), round(y + dy, 2)) for dx, dy in ring)


def random_layout(seed: int, width: float = 36.0, height: float = 36.0,
                  sides: tuple[SideId, SideId] = (SideId("A"), SideId("B"))) -> RandomLayout:
    """Generate a balanced map: 6 to 10 pieces in twins about the centre, deployment zones along the bottom
    (first side) and top (second side) edges, a sixth of the table deep, and objectives across the middle.

    :raises ValueError: for a table under 24" a side, or (not seen in practice) one too crowded for six pieces.
    """
    if min(width, height) < MIN_SIDE:
        raise ValueError(f"a random map needs a table of at least {MIN_SIDE:g}\" a side, "
                         f"not {width:g}\" x {height:g}\"")
    rng = random.Random(seed)
    target = MIN_PIECES + _pick(rng, MAX_PIECES - MIN_PIECES + 1)
    centre_piece = target % 2 == 1
    zones = _zones(width, height, sides, centre=not centre_piece)
    table = _Table(width, height, zones)
    scale = max(0.7, min(1.6, min(width, height) / 36))
    band = height / 6  # piece centres stay out of the deployment zones' depth
    pieces: list[tuple[_Kind, tuple[Point, ...]]] = []
    if centre_piece:
        for _ in range(_SHRINK_EVERY):
            kind = _weighted(rng, _CENTRED)
            ring = _placed(kind.outline(rng, scale), width / 2, height / 2)
            shape = table.fits(ring)
            if shape is not None and table.fits(tuple(mirror(p, width, height) for p in ring)) is not None:
                table.placed.append(shape)
                pieces.append((kind, ring))
                break
        else:
            target -= 1  # nothing fits on the centre: the map keeps its pairs only
    failures = 0
    for _ in range(_ATTEMPTS):
        if len(pieces) + 2 > target:
            break
        kind = _weighted(rng, _PAIRED)
        outline = kind.outline(rng, scale * 0.9 ** (failures // _SHRINK_EVERY))
        ring = _placed(outline, _uniform(rng, 0, width), _uniform(rng, band, height - band))
        twin = tuple(mirror(p, width, height) for p in ring)
        shape = table.fits(ring)
        twin_shape = table.fits(twin) if shape is not None else None
        if shape is None or twin_shape is None or shape.distance(twin_shape) < PIECE_GAP:
            failures += 1
            continue
        table.placed += [shape, twin_shape]
        pieces += [(kind, ring), (kind, twin)]
    if len(pieces) < MIN_PIECES:
        raise ValueError(f"could not fit {MIN_PIECES} terrain pieces on a {width:g}\" x {height:g}\" table")
    terrain = tuple(TerrainMark(id=f"T{number}", kind=kind.kind, polygon=ring, height=kind.height,
                                  keywords=kind.keywords)
                    for number, (kind, ring) in enumerate(pieces, start=1))
    return RandomLayout(seed=seed, width=width, height=height, terrain=terrain, zones=zones)
