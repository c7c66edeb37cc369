"""Movement limits as distances and heights (Eldfall core rules v1.5, L620-645, L876-889, L1322-1357).

- Walk up to SPD, Run up to twice SPD, Climb at half SPD rounded up (full with Climbing), Jump half SPD (full with
  Leap); a dodge moves up to half SPD rounded up (L1328, L1357, L1341, L1348, L1387, L1918, L1972).
- Ladders and surfaces narrower than the base cost double (L642-644); scenery no taller than the hitbox is crossed
  freely, anything taller needs Climb, Jump or a ladder (L645).
- A move ends at the first base contact with an enemy (L638); an Engaged model walks only straight at an engager
  (L1453-1455).
- A fall longer than half SPD costs an AG roll for each full half-SPD fallen (L883-889).
- A Panicked model that fails its roll runs its full Run toward the nearest open edge and leaves the game past it
  (L1764); Knockback pushes a hit model straight away from the attacker (L2105).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import shapely

from engine.geometry import TOLERANCE, XY, Base, Table, Terrain, bearing
from engine.systems.eldfall.rulings import Rulings

__all__ = [
    "Contact",
    "JumpOutcome",
    "Leg",
    "MovementKind",
    "PanicRun",
    "Push",
    "allowance",
    "engaged_walk_refusal",
    "fall_rolls",
    "first_contact",
    "jump",
    "knockback",
    "obstacle_refusal",
    "panic_run",
    "path_cost",
]

MovementKind = Literal["walk", "idle", "run", "climb", "jump", "dodge"]
XYZ = tuple[float, float, float]


def _half(speed: int, rulings: Rulings) -> float:
    return float(math.ceil(speed / 2)) if rulings.jump_rounding == "round-up" else speed / 2


def allowance(kind: MovementKind, speed: int, *, climbing: bool = False, leap: bool = False,
              rulings: Rulings) -> float:
    """How far a model of (modified) ``speed`` may go with one kind of movement, in inches."""
    if speed < 0:
        raise ValueError(f"SPD cannot be negative, got {speed}")
    if kind == "idle":
        return 0.0
    if kind == "walk":
        return float(speed)
    if kind == "run":
        return 2.0 * speed
    if kind == "climb":
        return float(speed) if climbing else float(math.ceil(speed / 2))
    if kind == "jump":
        return float(speed) if leap else _half(speed, rulings)
    return float(math.ceil(speed / 2))


@dataclass(frozen=True, slots=True)
class Leg:
    """A stretch of a path: its length in inches and whether it costs double (a ladder, a narrow surface)."""

    length: float
    double: bool = False


def path_cost(legs: Sequence[Leg]) -> float:
    """The SPD a path spends: double on ladders and narrow surfaces (2 inches up a ladder cost 4)."""
    return sum(leg.length * (2 if leg.double else 1) for leg in legs)


def obstacle_refusal(obstacle_top: float, feet: float, hitbox_height: float, kind: MovementKind, *,
                     ladder: bool = False, flying: bool = False) -> str | None:
    """Why a model cannot cross scenery whose top is ``obstacle_top`` (its feet at ``feet``), or None."""
    rise = obstacle_top - feet
    if flying or ladder or kind in ("climb", "jump") or rise <= hitbox_height + TOLERANCE:
        return None
    return (f'the obstacle rises {rise:g}" above its feet, taller than its {hitbox_height:.2f}" hitbox: only Climb, '
            "Jump or a ladder crosses it (L645)")


def fall_rolls(drop: float, speed: int) -> int:
    """AG rolls for a fall of ``drop`` inches: none unless it is longer than half SPD (rounded up), then one per
    full half-SPD (SPD 6: 3 inches gives none, 5 one, 6 two)."""
    if drop < 0:
        raise ValueError(f"a fall cannot be negative, got {drop}")
    interval = math.ceil(speed / 2)
    if interval <= 0 or drop <= interval + TOLERANCE:
        return 0
    return int((drop + TOLERANCE) // interval)


@dataclass(frozen=True, slots=True)
class JumpOutcome:
    """How a jump ends: ``lands`` at the destination, ``pulls-up`` onto the destination's edge, or ``falls`` at
    ``at`` down ``drop`` inches."""

    kind: Literal["lands", "pulls-up", "falls"]
    at: XYZ
    drop: float
    working: str


def jump(start: XYZ, destination: XYZ, speed: int, hitbox_height: float, *, leap: bool = False,
         ground_below: float = 0.0, rulings: Rulings) -> JumpOutcome:
    """A jump measured in a straight line (L1348-1353); ``ground_below`` is the surface height where a short jump
    comes down. A short jump pulls itself up when it gets across horizontally and the hitbox, from where it
    started, reaches the destination's height (our reading of L1351); otherwise it falls where its reach runs out."""
    reach = allowance("jump", speed, leap=leap, rulings=rulings)
    length = math.dist(start, destination)
    if length <= reach + TOLERANCE:
        return JumpOutcome("lands", destination, 0.0, f'a {length:.2f}" jump within its {reach:g}" (L1348)')
    f = reach / length
    at: XYZ = (start[0] + (destination[0] - start[0]) * f, start[1] + (destination[1] - start[1]) * f,
               start[2] + (destination[2] - start[2]) * f)
    across = math.dist(start[:2], destination[:2])
    if across <= reach + TOLERANCE and start[2] + hitbox_height >= destination[2] - TOLERANCE:
        return JumpOutcome("pulls-up", destination, 0.0,
                           f"short by {length - reach:.2f}\", but it gets across and its hitbox reaches the surface: "
                           "it pulls itself up onto the edge (L1351)")
    drop = max(at[2] - ground_below, 0.0)
    return JumpOutcome("falls", (at[0], at[1], ground_below), drop,
                       f'short by {length - reach:.2f}": it falls {drop:.2f}" where its jump runs out (L1352)')


@dataclass(frozen=True, slots=True)
class Contact:
    """Where a moving base first comes within ``within`` inches of another: distance along the path, point, whom."""

    along: float
    point: XY
    other: str


def _first_on_leg(p0: XY, p1: XY, centre: XY, reach: float) -> float | None:
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy)
    wx, wy = p0[0] - centre[0], p0[1] - centre[1]
    c = wx * wx + wy * wy - reach * reach
    if c <= 0:
        return 0.0
    if length == 0:
        return None
    ux, uy = dx / length, dy / length
    b = wx * ux + wy * uy
    disc = b * b - c
    if disc < 0:
        return None
    t = -b - math.sqrt(disc)
    return t if 0 <= t <= length else None


def first_contact(path: Sequence[XY], mover: Base, others: Sequence[Base], within: float = 0.0) -> Contact | None:
    """The first point of ``path`` (the mover's centre) where its base comes within ``within`` inches of another
    base: 0 for base contact (L638), a weapon's reach for the first point an attack of opportunity can strike."""
    walked = 0.0
    for p0, p1 in itertools.pairwise(path):
        hits = []
        for other in others:
            if other.id == mover.id:
                continue
            t = _first_on_leg(p0, p1, other.xy, mover.radius + other.radius + within + TOLERANCE)
            if t is not None:
                hits.append((t, other.id))
        if hits:
            t, who = min(hits)
            length = math.dist(p0, p1) or 1.0
            point = (p0[0] + (p1[0] - p0[0]) * t / length, p0[1] + (p1[1] - p0[1]) * t / length)
            return Contact(walked + t, point, who)
        walked += math.dist(p0, p1)
    return None


def engaged_walk_refusal(start: XY, end: XY, engagers: Sequence[Base], *, angle_tolerance: float = 1.0) -> str | None:
    """Why an Engaged model may not Walk from ``start`` to ``end``: it must head straight at one engager (L1453)."""
    if math.dist(start, end) <= TOLERANCE:
        return None
    heading = bearing(start, end)
    for enemy in engagers:
        off = abs((bearing(start, enemy.xy) - heading + 180.0) % 360.0 - 180.0)
        if off <= angle_tolerance:
            return None
    names = ", ".join(e.id for e in engagers) or "no engager"
    return f"an Engaged model may only Walk straight toward an enemy engaging it ({names}) (L1453-1455)"


@dataclass(frozen=True, slots=True)
class PanicRun:
    """A failed panic in the Active role: the nearest edges (several when equally near: the owner picks), where the
    Run toward ``edge`` ends, and whether it carries the model off the table (removed, a loss)."""

    edges: tuple[str, ...]
    edge: str
    end: XY
    leaves_table: bool


def panic_run(base: Base, speed: int, table: Table, *, edge: str | None = None,
              rulings: Rulings) -> PanicRun:
    """Run twice SPD straight toward the nearest open edge (``edge`` picks among equally near ones)."""
    x, y = base.xy
    gaps = {"left": x, "right": table.width - x, "bottom": y, "top": table.height - y}
    nearest = min(gaps.values())
    edges = tuple(name for name, g in gaps.items() if g <= nearest + TOLERANCE)
    chosen = edge or edges[0]
    if chosen not in edges:
        raise ValueError(f'"{chosen}" is not a nearest edge; the nearest are {", ".join(edges)}')
    run = 2.0 * speed
    limit = gaps[chosen] - (base.radius if rulings.panic_edge == "touches-edge" else 0.0)
    leaves = run > limit + TOLERANCE
    direction = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "bottom": (0.0, -1.0), "top": (0.0, 1.0)}[chosen]
    end = (x + direction[0] * run, y + direction[1] * run)
    return PanicRun(edges, chosen, end, leaves)


@dataclass(frozen=True, slots=True)
class Push:
    """A Knockback: where the model ends, what stopped it (if anything) and how far it went."""

    end: XY
    moved: float
    stopped_by: str | None


def knockback(target: Base, attacker: XY, direction: float, inches: float, *, bases: Sequence[Base] = (),
              terrain: Sequence[Terrain] = (), rulings: Rulings) -> Push:
    """Push ``target`` ``inches`` toward ``direction`` (degrees), which must lead away from the attacker (L2105).

    It stops at the first base it would touch and, under ruling ``knockback-collision: stop-at-contact``, at the
    first scenery taller than its hitbox; a push off a ledge is a fall for the caller to work out.
    :raises ValueError: for a direction that does not lead away from the attacker.
    """
    away = bearing(attacker, target.xy)
    off = abs((direction - away + 180.0) % 360.0 - 180.0)
    if off >= 90.0 - TOLERANCE:
        raise ValueError(f"a Knockback must push away from the attacker: {direction:g} degrees is {off:.0f} degrees "
                         f"off the line from it (L2105)")
    a = math.radians(direction)
    end = (target.pose.x + inches * math.cos(a), target.pose.y + inches * math.sin(a))
    stop = first_contact([target.xy, end], target, bases)
    best: tuple[float, str] | None = (stop.along, stop.other) if stop else None
    if rulings.knockback_collision == "stop-at-contact":
        line = shapely.LineString([target.xy, end])
        for piece in terrain:
            if piece.height <= target.top + TOLERANCE:
                continue
            grown = piece.polygon.buffer(target.radius)
            if not line.intersects(grown):
                continue
            inside = shapely.get_coordinates(line.intersection(grown))
            entry = min(float(line.project(shapely.Point(p))) for p in inside)
            if best is None or entry < best[0]:
                best = (entry, piece.id)
    if best is None:
        return Push(end, inches, None)
    along, who = best
    return Push((target.pose.x + along * math.cos(a), target.pose.y + along * math.sin(a)), along, who)
