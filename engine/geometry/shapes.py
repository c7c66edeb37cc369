"""The value objects on a table: poses, round bases, circles, the table and its edges, terrain and zones.

All lengths are inches, with the origin at the table's bottom-left corner, x to the right and y up; angles
are degrees counter-clockwise from the +x axis. Base sizes alone are in millimetres, as the hobby sells them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import shapely
from shapely.geometry import Polygon

from .tolerance import TOLERANCE

__all__ = ["MM_PER_INCH", "XY", "Base", "Circle", "Edge", "Pose", "Table", "Terrain", "Zone", "shape_key"]

MM_PER_INCH = 25.4

XY = tuple[float, float]
"""A point on the table, in inches."""


_SHAPE_KEYS: dict[int, tuple[shapely.Geometry, bytes]] = {}
"""Each shape keyed so far, by its id (the shape held, so the id stays its own), with its key."""
_SHAPE_KEYS_KEPT = 4096


def shape_key(shape: shapely.Geometry) -> bytes:
    """A dict key standing for ``shape``'s exact coordinates, written once per shape object: shapely hashes a shape by
    writing its WKB on every lookup (a route's caches look up every piece of scenery several times a move), where a
    bytes object keeps its hash. Equal shapes get equal keys."""
    found = _SHAPE_KEYS.get(id(shape))
    if found is None or found[0] is not shape:
        if len(_SHAPE_KEYS) >= _SHAPE_KEYS_KEPT:
            _SHAPE_KEYS.clear()
        found = _SHAPE_KEYS[id(shape)] = (shape, shapely.to_wkb(shape))
    return found[1]


def _finite(*values: float) -> None:
    """Refuse NaN and infinities, which no table position can hold."""
    if not all(math.isfinite(v) for v in values):
        raise ValueError(f"coordinates must be finite numbers, got {values}")


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a model stands: x, y (inches), z (height of its feet, inches) and facing (degrees, 0 = +x, CCW).

    The facing is normalised to [0, 360).
    """

    x: float
    y: float
    z: float = 0.0
    facing: float = 0.0

    def __post_init__(self) -> None:
        _finite(self.x, self.y, self.z, self.facing)
        for name in ("x", "y", "z"):
            object.__setattr__(self, name, float(getattr(self, name)))
        object.__setattr__(self, "facing", float(self.facing) % 360.0)

    @property
    def xy(self) -> XY:
        """The point under the model's centre."""
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Circle:
    """A disc in inches: a circular zone, a blast template, or a base's footprint."""

    x: float
    y: float
    radius: float

    def __post_init__(self) -> None:
        _finite(self.x, self.y, self.radius)
        if self.radius < 0:
            raise ValueError(f"a circle's radius cannot be negative, got {self.radius}")

    @property
    def xy(self) -> XY:
        """The centre."""
        return (self.x, self.y)

    def to_polygon(self, quad_segs: int = 32) -> Polygon:
        """Return a polygon whose vertices lie on the circle (for drawing and shapely-only queries)."""
        return shapely.Point(self.x, self.y).buffer(self.radius, quad_segs=quad_segs)


@dataclass(frozen=True, slots=True)
class Base:
    """A model's round base: an id like ``A2``, a pose, the diameter in mm, and the model's height in inches.

    The height (feet to top of head, default 1") is what line of sight compares with terrain heights.
    """

    id: str
    pose: Pose
    diameter_mm: float
    height: float = 1.0

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a base needs a non-empty id")
        if not self.diameter_mm > 0 or not self.height >= 0:
            raise ValueError(f"base {self.id}: diameter must be > 0 mm and height >= 0, got "
                             f"{self.diameter_mm} mm and {self.height}\"")

    @property
    def radius(self) -> float:
        """Radius in inches (mm / 25.4 / 2)."""
        return self.diameter_mm / MM_PER_INCH / 2.0

    @property
    def xy(self) -> XY:
        """The base's centre."""
        return self.pose.xy

    @property
    def top(self) -> float:
        """Height of the top of the model above the table, in inches (z + height)."""
        return self.pose.z + self.height

    @property
    def circle(self) -> Circle:
        """The footprint as an exact circle."""
        return Circle(self.pose.x, self.pose.y, self.radius)

    def at(self, x: float, y: float, facing: float | None = None) -> Base:
        """Return this base moved to (x, y), keeping z, and turned to ``facing`` when given."""
        f = self.pose.facing if facing is None else facing
        return replace(self, pose=Pose(x, y, self.pose.z, f))


@dataclass(frozen=True, slots=True)
class Edge:
    """One side of the table, as a segment; named ``bottom``, ``right``, ``top`` or ``left``."""

    name: str
    start: XY
    end: XY

    @property
    def line(self) -> shapely.LineString:
        """The edge as a shapely segment."""
        return shapely.LineString([self.start, self.end])


@dataclass(frozen=True, slots=True)
class Table:
    """The rectangular playing area, ``width`` x ``height`` inches, from (0, 0) to (width, height)."""

    width: float
    height: float

    def __post_init__(self) -> None:
        if not (self.width > 0 and self.height > 0 and math.isfinite(self.width * self.height)):
            raise ValueError(f"a table needs positive finite sides, got {self.width} x {self.height}")

    @property
    def edges(self) -> tuple[Edge, Edge, Edge, Edge]:
        """The four edges, counter-clockwise from the bottom one."""
        w, h = self.width, self.height
        return (Edge("bottom", (0.0, 0.0), (w, 0.0)), Edge("right", (w, 0.0), (w, h)),
                Edge("top", (w, h), (0.0, h)), Edge("left", (0.0, h), (0.0, 0.0)))

    def edge(self, name: str) -> Edge:
        """Return the edge called ``name`` (bottom, right, top, left)."""
        for e in self.edges:
            if e.name == name:
                return e
        raise ValueError(f"no table edge {name!r}; edges are bottom, right, top, left")

    @property
    def polygon(self) -> Polygon:
        """The playing area as a polygon."""
        return shapely.box(0.0, 0.0, self.width, self.height)

    def holds(self, base: Base) -> bool:
        """Tell whether the whole base is on the table, allowing it to hang over an edge by the tolerance."""
        r = base.radius - TOLERANCE
        x, y = base.xy
        return r <= x <= self.width - r and r <= y <= self.height - r


def _polygon(points_or_polygon: Polygon | Iterable[XY], what: str) -> Polygon:
    """Accept a shapely polygon or a sequence of vertices, and refuse anything that is not a valid area."""
    geom = points_or_polygon if isinstance(points_or_polygon, shapely.Geometry) else Polygon(
        list(points_or_polygon))
    if not isinstance(geom, Polygon) or geom.is_empty or not geom.is_valid or geom.area <= 0:
        raise ValueError(f"{what}: needs a valid polygon with an area, got {geom.wkt[:80]}")
    return geom


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain piece: an id like ``T3``, a kind (``ruin``, ``forest``), a footprint polygon (inches),
    a height in inches above the table, and lower-case keywords such as ``impassable``, ``blocking``,
    ``obscuring`` or ``cover``. Build it from vertices with :meth:`from_points`.
    """

    id: str
    kind: str
    polygon: Polygon
    height: float
    keywords: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a terrain piece needs a non-empty id")
        object.__setattr__(self, "polygon", _polygon(self.polygon, f"terrain {self.id}"))
        object.__setattr__(self, "keywords", frozenset(k.lower() for k in self.keywords))
        if not self.height >= 0:
            raise ValueError(f"terrain {self.id}: height must be >= 0 inches, got {self.height}")

    @classmethod
    def from_points(cls, id: str, kind: str, points: Iterable[XY], height: float,
                    keywords: Iterable[str] = ()) -> Terrain:
        """Build a piece from its outline's vertices (inches, in either winding order)."""
        return cls(id, kind, Polygon(list(points)), height, frozenset(keywords))

    def has(self, keyword: str) -> bool:
        """Tell whether the piece carries ``keyword`` (case-insensitive)."""
        return keyword.lower() in self.keywords

    @property
    def centre(self) -> XY:
        """A point inside the piece to face or aim at (its representative point)."""
        p = self.polygon.centroid
        if not self.polygon.contains(p):
            p = self.polygon.representative_point()
        return (float(p.x), float(p.y))


@dataclass(frozen=True, slots=True)
class Zone:
    """A marked area: an id, a kind (``deployment``, ``objective``) and a polygon or :class:`Circle` area."""

    id: str
    kind: str
    area: Polygon | Circle

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a zone needs a non-empty id")
        if not isinstance(self.area, Circle):
            object.__setattr__(self, "area", _polygon(self.area, f"zone {self.id}"))

    @classmethod
    def circle(cls, id: str, kind: str, x: float, y: float, radius: float) -> Zone:
        """Build a circular zone centred on (x, y) with ``radius`` inches."""
        return cls(id, kind, Circle(x, y, radius))

    @classmethod
    def from_points(cls, id: str, kind: str, points: Iterable[XY]) -> Zone:
        """Build a polygonal zone from its vertices (inches)."""
        return cls(id, kind, Polygon(list(points)))

    @property
    def centre(self) -> XY:
        """The centre of a circle, or a point inside a polygon."""
        if isinstance(self.area, Circle):
            return self.area.xy
        p = self.area.representative_point()
        return (float(p.x), float(p.y))
