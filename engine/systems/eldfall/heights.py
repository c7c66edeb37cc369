"""Heights on the field: the surfaces models stand on, and what a path climbs, drops and costs on its way (Eldfall
core rules v1.5, L620-645, L876-889, L1339-1353; ruling ``flat-table``).

Every terrain piece is a solid block from the table up to its height, whose top a model may stand on, except:

- ``impassable`` pieces, which are never entered (moves go round them), and
- ``area`` pieces (woods, water), entered at ground level; their height only matters for sight.

A path is followed by its base centre (the spot a move is measured from, L629). Where the ground under it rises or
drops by no more than the model's hitbox, the step is free (L645). A taller rise needs Climb (its height counts
against the allowance), a piece carrying a ``ladder`` (its height counts double, no Climb needed, L642-644) or
flight; a Walk or Run meeting one without a ladder stops at its foot. A taller drop is climbed down the same way, or
taken as a fall (ruling ``ledge-drop``). A surface narrower than the base costs double to cross (L642-644). An
allowance that runs out half way up a face leaves the model on that vertical surface (L1343).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely

from engine.geometry import IMPASSABLE, TOLERANCE, XY, Base, Terrain
from engine.systems.eldfall.movement import MovementKind
from engine.systems.eldfall.rulings import Rulings

__all__ = [
    "AREA",
    "INFINITE",
    "LADDER",
    "Fall",
    "Travel",
    "ground_at",
    "is_solid",
    "ladders_headed",
    "supported_share",
    "travel",
    "walk_obstacles",
]

AREA = "area"
"""A piece entered at ground level (woods, water): no solid body to climb or stand on."""
LADDER = "ladder"
"""A piece whose sides carry a ladder, vines or holds: climbed at double cost without declaring Climb (L642-644)."""
INFINITE = "infinite"
"""A piece of infinite height: even a Flying model goes round it (L1734)."""


def is_solid(piece: Terrain) -> bool:
    """Whether a model may climb onto and stand on the piece (anything but impassable or area scenery)."""
    return not piece.has(IMPASSABLE) and not piece.has(AREA) and piece.height > 0


def ground_at(terrain: Sequence[Terrain], point: XY) -> float:
    """The height of the surface under ``point``: the top of the highest solid piece there, else the table (0)."""
    tops = [piece.height for piece in terrain if is_solid(piece)
            and shapely.contains_xy(piece.polygon, point[0], point[1])]
    return max(tops, default=0.0)


def supported_share(terrain: Sequence[Terrain], base: Base) -> float:
    """How much of ``base`` rests on the surface its centre stands on (deployment needs half, L1108)."""
    floor = ground_at(terrain, base.xy)
    disc = base.circle.to_polygon()
    if floor > TOLERANCE:
        tops = [p.polygon for p in terrain if is_solid(p) and abs(p.height - floor) <= TOLERANCE]
        return float(disc.intersection(shapely.union_all(tops)).area / disc.area) if tops else 0.0
    above = [p.polygon for p in terrain if is_solid(p) and p.height > TOLERANCE]
    return float(1.0 - disc.intersection(shapely.union_all(above)).area / disc.area) if above else 1.0


def ladders_headed(terrain: Sequence[Terrain], goals: Sequence[XY]) -> frozenset[str]:
    """The pieces with a ladder that one of ``goals`` (where a move is headed) stands on, every piece and goal
    tested in one call (shapely's cost is per call: a menu asks it for each enemy a move may head for)."""
    ladders = [p for p in terrain if p.has(LADDER)]
    if not ladders or not goals:
        return frozenset()
    shapes = np.empty((len(ladders), 1), dtype=object)
    shapes[:, 0] = [p.polygon for p in ladders]
    xs, ys = zip(*goals, strict=True)
    inside = shapely.contains_xy(shapes, np.array(xs, dtype=float), np.array(ys, dtype=float)).any(axis=1)
    return frozenset(p.id for p, headed in zip(ladders, inside.tolist(), strict=True) if headed)


def walk_obstacles(terrain: Sequence[Terrain], feet: float, hitbox: float,
                   up: frozenset[str] = frozenset()) -> tuple[Terrain, ...]:
    """The terrain as a Walk, Run or dodge must treat it: solid pieces rising more than the hitbox above ``feet``
    become impassable, so a route goes round them (L645), except the pieces with a ladder the move is headed up
    (``up``, see ``ladders_headed``): the route goes up its ladder."""
    return tuple(_walled(p) if is_solid(p) and p.height - feet > hitbox + TOLERANCE and p.id not in up else p
                 for p in terrain)


_WALLS: dict[int, tuple[Terrain, Terrain]] = {}
"""Each piece made impassable so far, by its id (the piece held, so the id stays its own): scenery no move changes,
each piece checked once (a new ``Terrain`` tests its polygon's validity, a GEOS call, for every state's menu)."""
_WALLS_KEPT = 1024


def _walled(piece: Terrain) -> Terrain:
    """``piece`` made impassable (``walk_obstacles``), made once per piece."""
    found = _WALLS.get(id(piece))
    if found is None or found[0] is not piece:
        if len(_WALLS) >= _WALLS_KEPT:
            _WALLS.clear()
        found = _WALLS[id(piece)] = (piece, Terrain(piece.id, piece.kind, piece.polygon, piece.height,
                                                    piece.keywords | {IMPASSABLE}))
    return found[1]


@dataclass(frozen=True, slots=True)
class Fall:
    """A drop taken without Climb: where (the edge left) and how far down, in inches (L878-881)."""

    at: XY
    drop: float


@dataclass(frozen=True, slots=True)
class _Stretch:
    start: float
    end: float
    floor: float
    piece: Terrain | None
    narrow: bool


@dataclass(frozen=True, slots=True)
class Travel:
    """A move followed along its path: the part made (base centre), the SPD it spent, the height its feet end at,
    the piece whose side it ended hanging on (a vertical surface, L1343), the falls on the way, why it stopped short
    (if it did), and the floor under each stretch made (``levels``: from, to, floor, along the path)."""

    path: tuple[XY, ...]
    cost: float
    z: float
    clinging: str | None = None
    falls: tuple[Fall, ...] = ()
    stopped: str | None = None
    levels: tuple[tuple[float, float, float], ...] = field(default=())

    @property
    def length(self) -> float:
        return sum(math.dist(a, b) for a, b in itertools.pairwise(self.path))


def _stretches(path: Sequence[XY], pieces: Sequence[Terrain], radius: float, hitbox: float) -> list[_Stretch]:
    """The path cut wherever the ground under its centre changes, each stretch with its floor (merged when equal);
    a stretch on a piece narrower than the base and taller than the hitbox costs double (scenery no taller than the
    hitbox is stepped over freely, L645)."""
    found: list[_Stretch] = []
    walked = 0.0
    narrow = {p.id: p.height > hitbox + TOLERANCE and bool(p.polygon.buffer(-radius).is_empty) for p in pieces}
    for a, b in itertools.pairwise(path):
        leg = math.dist(a, b)
        if leg <= 1e-9:
            continue
        line = shapely.LineString([a, b])
        ts = [0.0, 1.0]
        for piece in pieces:
            if line.intersects(piece.polygon):
                crossed = shapely.get_coordinates(line.intersection(piece.polygon.boundary))
                ts += [float(line.project(shapely.Point(c))) / leg for c in crossed]
        cuts = sorted({round(t, 9) for t in ts})
        for lo, hi in itertools.pairwise(cuts):
            if hi - lo <= 1e-9:
                continue
            mid = (a[0] + (b[0] - a[0]) * (lo + hi) / 2, a[1] + (b[1] - a[1]) * (lo + hi) / 2)
            under = [p for p in pieces if shapely.contains_xy(p.polygon, mid[0], mid[1])]
            top = max(under, key=lambda p: (p.height, p.id), default=None)
            floor = top.height if top is not None else 0.0
            s = _Stretch(walked + lo * leg, walked + hi * leg, floor, top,
                         narrow.get(top.id, False) if top is not None else False)
            if found and abs(found[-1].floor - floor) <= TOLERANCE and found[-1].narrow == s.narrow \
                    and abs(found[-1].end - s.start) <= 1e-6:
                found[-1] = _Stretch(found[-1].start, s.end, found[-1].floor, found[-1].piece, s.narrow)
            else:
                found.append(s)
        walked += leg
    return found


def _point_at(path: Sequence[XY], along: float) -> XY:
    walked = 0.0
    for a, b in itertools.pairwise(path):
        leg = math.dist(a, b)
        if walked + leg >= along - 1e-9:
            f = 0.0 if leg <= 1e-12 else (along - walked) / leg
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        walked += leg
    return path[-1]


def _prefix(path: Sequence[XY], along: float) -> tuple[XY, ...]:
    kept: list[XY] = [path[0]]
    walked = 0.0
    for a, b in itertools.pairwise(path):
        leg = math.dist(a, b)
        if walked + leg >= along - 1e-9:
            end = _point_at(path, along)
            if math.dist(end, kept[-1]) > 1e-9:
                kept.append(end)
            return tuple(kept)
        kept.append(b)
        walked += leg
    return tuple(kept)


def travel(path: Sequence[XY], terrain: Sequence[Terrain], *, feet: float, hitbox: float, radius: float,
           kind: MovementKind, allowance: float, flying: bool = False, rulings: Rulings) -> Travel:
    """Follow ``path`` from a model whose feet are at ``feet``: what it climbs, drops and spends, cut where its
    ``allowance`` (SPD inches) runs out or an obstacle stops it (see the module's rules)."""
    pieces = [p for p in terrain if is_solid(p)]
    z = feet
    spent = 0.0
    falls: list[Fall] = []
    levels: list[tuple[float, float, float]] = []
    previous: Terrain | None = None
    for s in _stretches(path, pieces, radius, hitbox):
        at = _point_at(path, s.start)
        dz = s.floor - z
        if abs(dz) > TOLERANCE and not flying and abs(dz) > hitbox + TOLERANCE:
            higher = s.piece if dz > 0 else previous
            ladder = higher is not None and higher.has(LADDER)
            factor = 2.0 if ladder else 1.0 if kind == "climb" else 0.0
            if factor == 0.0 and dz > 0:
                why = (f"{s.piece.id if s.piece else 'the scenery'} rises {dz:g}\" above its feet, taller than its "
                       f"{hitbox:.2f}\" hitbox: only Climb, Jump or a ladder goes up it (L645)")
                back = max(0.0, s.start - radius)
                return Travel(_prefix(path, back), round(spent - (s.start - back), 2), z, None, tuple(falls), why,
                              tuple(levels))
            if factor == 0.0 and rulings.ledge_drop == "stops":
                why = f"a drop of {-dz:g}\" is only climbed down (ruling ledge-drop)"
                return Travel(_prefix(path, s.start), round(spent, 2), z, None, tuple(falls), why, tuple(levels))
            if factor == 0.0:
                falls.append(Fall((round(at[0], 2), round(at[1], 2)), round(-dz, 2)))
            elif spent + abs(dz) * factor > allowance + TOLERANCE:
                climbed = max(0.0, allowance - spent) / factor
                end_z = round(z + math.copysign(climbed, dz), 2)
                face = higher.id if higher is not None else "the scenery"
                return Travel(_prefix(path, s.start), round(allowance, 2), end_z, face, tuple(falls), None,
                              tuple(levels))
            else:
                spent += abs(dz) * factor
        z = s.floor
        factor = 2.0 if s.narrow else 1.0
        length = s.end - s.start
        if spent + length * factor > allowance + TOLERANCE:
            go = max(0.0, allowance - spent) / factor
            levels.append((s.start, s.start + go, z))
            return Travel(_prefix(path, s.start + go), round(allowance, 2), z, None, tuple(falls), None,
                          tuple(levels))
        spent += length * factor
        levels.append((s.start, s.end, z))
        previous = s.piece
    return Travel(tuple(path), round(spent, 2), z, None, tuple(falls), None, tuple(levels))
