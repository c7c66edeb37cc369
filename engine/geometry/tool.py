"""A hinged movement tool: a strip of fixed width, two straight legs joined at a joint, laid flat touching the moving
model's base; the model then stands anywhere touching the tool.

Shroudfall moves this way (Shroudfall beta rulebook v1.4, L583-600, L628-634): the tool may overlap no base (the
mover's own included) and no impassable terrain and stays on the table; the model ends touching it, overlapping no
other base and nothing its game forbids ending on. A model therefore passes gaps narrower than its base when the tool
fits, and its centre travels up to the tool's length plus its base's diameter. Models that may pass over others
(Flying, Nimble) hover the tool over bases.

:func:`check_tool_move` judges a laid tool and an end spot; :func:`lay_tool` finds a tool for an end spot (straight
first, then one bend, through a joint the player names or the shortest one found), so players name only where the
model goes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Literal

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString, Polygon

from .clearance import segment_gap
from .errors import GeometryError
from .shapes import XY, Base, Table
from .tolerance import TOLERANCE

__all__ = [
    "MovementTool",
    "ToolPath",
    "ToolRefused",
    "ToolWorld",
    "check_tool_move",
    "lay_tool",
    "spot_problem",
    "tool_polygon",
]

Joint = Literal["anywhere", "middle"]


class ToolRefused(GeometryError):
    """A tool or an end spot the rules do not allow; the message says why."""


@dataclass(frozen=True, slots=True)
class MovementTool:
    """A tool ``length`` inches long along its centre line and ``width`` wide; ``joint`` says where it bends:
    anywhere (two legs adding up to at most the length) or at the middle (each leg at most half)."""

    length: float
    width: float = 1.0
    joint: Joint = "anywhere"
    name: str = ""

    def __post_init__(self) -> None:
        if not (self.length > 0 and self.width > 0):
            raise ValueError(f"a movement tool needs a positive length and width, got {self.length} x {self.width}")

    def refusal(self, path: ToolPath) -> str | None:
        """Why ``path`` is longer than this tool allows, or None."""
        first, second = path.legs
        label = self.name or f'{self.length:g}"'
        if self.joint == "middle" and max(first, second) > self.length / 2 + TOLERANCE:
            return (f"the {label} tool bends at its middle: each leg is at most {self.length / 2:g}\", "
                    f"these are {first:.2f}\" and {second:.2f}\"")
        if first + second > self.length + TOLERANCE:
            return f"the path needs {first + second:.2f}\" of tool, the {label} tool is {self.length:g}\" long"
        return None


@dataclass(frozen=True, slots=True)
class ToolPath:
    """The tool's centre line: from ``start`` (touching the mover's base) through ``joint`` to ``end``."""

    start: XY
    joint: XY
    end: XY

    @property
    def legs(self) -> tuple[float, float]:
        return math.dist(self.start, self.joint), math.dist(self.joint, self.end)

    @property
    def length(self) -> float:
        return sum(self.legs)

    def points(self) -> tuple[XY, ...]:
        """The centre line's points, without a repeated joint."""
        pts = [self.start] + [p for p in (self.joint, self.end) if math.dist(p, self.start) > 1e-9]
        return tuple(dict.fromkeys(pts))


def tool_polygon(path: ToolPath, width: float = 1.0) -> Polygon:
    """The tool's footprint: the centre line widened to ``width``, square at both ends, round at the joint."""
    points = path.points()
    if len(points) == 1:  # a tool of no length: a square nub
        x, y = points[0]
        h = width / 2
        return shapely.box(x - h, y - h, x + h, y + h)
    result = LineString(points).buffer(width / 2, cap_style="flat", join_style="round")
    if not isinstance(result, Polygon):  # a second leg folding back over the first leaves slivers: join the legs
        legs = [LineString(pair).buffer(width / 2, cap_style="flat") for pair in pairwise(points)]
        result = shapely.union_all([*legs, shapely.Point(points[1]).buffer(width / 2)])
    if not isinstance(result, Polygon):
        result = result.convex_hull
    assert isinstance(result, Polygon)
    return result


@dataclass(frozen=True, slots=True)
class ToolWorld:
    """What a tool and a moved model must respect: the other bases (scenario elements included), polygons the tool
    may not overlap (impassable terrain), polygons the model may not end on (impassable and, in Shroudfall, linear
    terrain), the table, and whether the tool hovers over bases (Flying, Nimble)."""

    table: Table
    bases: Sequence[Base] = ()
    tool_blockers: Sequence[tuple[str, Polygon]] = ()
    end_blockers: Sequence[tuple[str, Polygon]] = ()
    hover: bool = False
    _shrunk: dict[str, Polygon] = field(default_factory=dict, compare=False, repr=False)
    _centres: list[tuple[NDArray[np.float64], NDArray[np.float64]]] = field(default_factory=list, compare=False,
                                                                           repr=False)
    _points: list[tuple[NDArray[np.object_], NDArray[np.float64]]] = field(default_factory=list, compare=False,
                                                                          repr=False)

    def centres(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The other bases' centres (n, 2) and radii (n,), for checking many spots against them."""
        if not self._centres:
            self._centres.append((np.array([b.xy for b in self.bases], dtype=float).reshape(-1, 2),
                                  np.array([b.radius for b in self.bases], dtype=float)))
        return self._centres[0]

    def points(self) -> tuple[NDArray[np.object_], NDArray[np.float64]]:
        """The other bases' centres as shapely points, and their radii, for checking many tools against them."""
        if not self._points:
            centres, radii = self.centres()
            self._points.append((shapely.points(centres), radii))
        return self._points[0]

    def shrunk(self, name: str, polygon: Polygon) -> Polygon:
        """``polygon`` less the tolerance, so touching it is not overlapping it."""
        found = self._shrunk.get(name)
        if found is None:
            found = polygon.buffer(-TOLERANCE)
            self._shrunk[name] = found
        return found


def _tool_problem(mover: Base, path: ToolPath, tool: MovementTool, world: ToolWorld,
                  poly: Polygon | None = None) -> str | None:
    why = tool.refusal(path)
    if why is not None:
        return why
    poly = tool_polygon(path, tool.width) if poly is None else poly
    touch = float(shapely.distance(poly, shapely.Point(mover.xy)))
    if touch > mover.radius + TOLERANCE:
        return f"the tool must touch {mover.id}'s base where it starts"
    hit = [mover.id] if touch < mover.radius - TOLERANCE else []
    if not world.hover and world.bases:
        points, radii = world.points()
        gaps = shapely.distance(poly, points)
        hit += [b.id for b, over in zip(world.bases, (gaps < radii - TOLERANCE).tolist(), strict=True) if over]
    if hit:
        return f"the tool may not overlap a base: it overlaps {', '.join(hit)}"
    walls = [name for name, p in world.tool_blockers if poly.intersects(world.shrunk(name, p))]
    if walls:
        return f"the tool may not overlap impassable terrain: it overlaps {', '.join(walls)}"
    x0, y0, x1, y1 = poly.bounds  # inside the table's rectangle exactly when its bounding box is
    if x0 < -TOLERANCE or y0 < -TOLERANCE or x1 > world.table.width + TOLERANCE or y1 > world.table.height + TOLERANCE:
        return "the tool may not leave the table (its edges are impassable)"
    return None


def spot_problem(mover: Base, end: XY, world: ToolWorld) -> str | None:
    """Why ``mover`` may not stand at ``end`` (off the table, on another base, on terrain it may not end on), or
    None; the tool does not matter here."""
    if not world.table.holds(mover.at(*end)):
        return f"{mover.id} would stand off the table"
    centres, radii = world.centres()
    near = np.hypot(centres[:, 0] - end[0], centres[:, 1] - end[1]) < radii + mover.radius - TOLERANCE
    clash = [b.id for b, hit in zip(world.bases, near.tolist(), strict=True) if hit]
    if clash:
        return f"{mover.id} may not end overlapping {', '.join(clash)}"
    point = shapely.Point(end)
    walls = [name for name, p in world.end_blockers if float(shapely.distance(p, point)) < mover.radius - TOLERANCE]
    if walls:
        return f"{mover.id} may not end on {', '.join(walls)}"
    return None


def _off_tool(mover: Base, end: XY, poly: Polygon) -> str | None:
    if float(shapely.distance(poly, shapely.Point(end))) > mover.radius + TOLERANCE:
        return f"{mover.id} must end touching the tool"
    return None


def _problem(mover: Base, path: ToolPath, end: XY, tool: MovementTool, world: ToolWorld, *,
             spot_checked: bool = False) -> str | None:
    """Why this laid tool and end spot are refused, or None (the tool's footprint built once for both checks)."""
    why = tool.refusal(path)
    if why is not None:
        return why
    poly = tool_polygon(path, tool.width)
    return (_tool_problem(mover, path, tool, world, poly) or _off_tool(mover, end, poly)
            or (None if spot_checked else spot_problem(mover, end, world)))


def check_tool_move(mover: Base, path: ToolPath, end: XY, tool: MovementTool, world: ToolWorld) -> None:
    """Judge a laid tool and the spot its model ends at.

    :raises ToolRefused: saying what is wrong: too long, not touching the base, over a base, impassable terrain or
        the table edge, or an end spot off the tool, on another base or on forbidden terrain.
    """
    why = _problem(mover, path, end, tool, world)
    if why is not None:
        raise ToolRefused(why)


def _unit(a: XY, b: XY) -> XY:
    d = math.dist(a, b)
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d) if d > 1e-9 else (1.0, 0.0)


def _toward(origin: XY, toward: XY, by: float) -> XY:
    u = _unit(origin, toward)
    return (origin[0] + u[0] * by, origin[1] + u[1] * by)


def _through(mover: Base, joint: XY, end: XY) -> ToolPath:
    """The tool from the mover's edge facing ``joint``, bending there, to the end base's edge facing ``joint``."""
    start = _toward(mover.xy, joint, mover.radius)
    far = _toward(end, joint, mover.radius) if math.dist(joint, end) > mover.radius else joint
    return ToolPath(start, joint, far)


def _straight(mover: Base, end: XY) -> ToolPath:
    """The straight tool from the mover's front edge to the end base's back edge (a sliver for a short step)."""
    start = _toward(mover.xy, end, mover.radius)
    far = _toward(start, end, max(math.dist(mover.xy, end) - 2 * mover.radius, 0.01))
    return ToolPath(start, far, far)


def _joints(mover: Base, end: XY, tool: MovementTool) -> list[XY]:
    """Candidate joints for a bent tool, nearest the straight line first."""
    mid = ((mover.xy[0] + end[0]) / 2, (mover.xy[1] + end[1]) / 2)
    ux, uy = _unit(mover.xy, end)
    nx, ny = -uy, ux
    half = math.dist(mover.xy, end) / 2
    found = []
    for side in (x * 0.25 for x in range(1, int(tool.length * 2) + 1)):
        for along in (0.0, -0.5, 0.5, -0.25, 0.25, -0.75, 0.75):
            for sign in (1, -1):
                t = along * half
                found.append((mid[0] + ux * t + nx * side * sign, mid[1] + uy * t + ny * side * sign))
    return found


def _leg_gaps(start: NDArray[np.float64], end: NDArray[np.float64],
              centres: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """Each centre's distance from each leg's centre line, and whether it lies square to the leg (its foot on the
    leg, where the tool is its full width); legs (P, 1, 2), centres (1, N, 2) -> (P, N)."""
    dx, dy = end[..., 0] - start[..., 0], end[..., 1] - start[..., 1]
    dd = dx * dx + dy * dy
    t = ((centres[..., 0] - start[..., 0]) * dx + (centres[..., 1] - start[..., 1]) * dy) / np.where(dd > 0, dd, 1.0)
    return segment_gap(start, end, centres), (t >= 0.0) & (t <= 1.0) & (dd > 0)


def _clear_of_bases(paths: list[ToolPath], bases: list[Base], width: float) -> list[ToolPath]:
    """Drop the paths whose tool surely overlaps a base: its centre line passes within the base's radius of its
    centre, or the centre lies square to a leg within the radius and half the tool's width of it (where the tool is a
    full-width strip, its distance from the centre is exactly that less half the width)."""
    if not bases or not paths:
        return paths
    ends = np.array([(p.start, p.joint, p.end) for p in paths], dtype=float)
    centres = np.array([b.xy for b in bases], dtype=float)[None]
    radii = np.array([b.radius for b in bases], dtype=float)[None]
    over = np.zeros((len(paths), centres.shape[1]), dtype=bool)
    for a, b in ((0, 1), (1, 2)):
        gaps, square = _leg_gaps(ends[:, None, a], ends[:, None, b], centres)
        over |= (gaps < radii - TOLERANCE) | (square & (gaps - width / 2 < radii - TOLERANCE))
    keep = np.asarray(~over.any(axis=1), dtype=bool).tolist()
    return [p for p, ok in zip(paths, keep, strict=True) if ok]


def lay_tool(mover: Base, end: XY, tool: MovementTool, world: ToolWorld, via: XY | None = None,
             bend: bool = True) -> ToolPath:
    """Find a tool that takes ``mover`` to ``end``: through the joint ``via`` when given, else straight, else (unless
    ``bend`` is False, for a quick look) the shortest single bend that clears everything.

    :raises ToolRefused: with the reason the straight (or the named) tool fails when no tool works.
    """
    spot_why = spot_problem(mover, end, world)
    if spot_why is not None:
        raise ToolRefused(spot_why)
    first = _through(mover, via, end) if via is not None else _straight(mover, end)
    why = _problem(mover, first, end, tool, world, spot_checked=True)
    if why is None or via is not None or not bend:
        if why is not None:
            raise ToolRefused(why)
        return first
    paths = sorted((_through(mover, joint, end) for joint in _joints(mover, end, tool)), key=lambda p: p.length)
    for path in _clear_of_bases(paths, [] if world.hover else list(world.bases), tool.width):
        if tool.refusal(path) is not None:
            break
        if _problem(mover, path, end, tool, world, spot_checked=True) is None:
            return path
    raise ToolRefused(f"no {tool.name or 'movement'} tool reaches {end[0]:g},{end[1]:g}: {why}")
