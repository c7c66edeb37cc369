"""The sums behind every sight line: where a base is sampled across its width, and which sampled lines pass through
a polygon's interior or strictly inside a circle (``engine.geometry.sight`` surveys with them, ``elevation`` reuses
the sampling and the edges). Grazing an edge, a corner or a rim never counts as crossing."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import shapely
from numpy.typing import NDArray

from .clearance import segment_gap

__all__ = ["across", "cross_circles", "cross_polygon", "cross_polygons", "polygon_edges", "strip_middles"]

_F = NDArray[np.float64]
_B = NDArray[np.bool_]


def cross_polygon(poly: shapely.Polygon, edges: _F, start: _F, end: _F) -> _B:
    """Tell which lines pass through the interior of ``poly`` (its boundary segments ``edges``); shapes
    (..., 2) -> (...)."""
    lines = start.reshape(1, -1, 1, 2), end.reshape(1, -1, 1, 2)
    return cross_polygons(np.array([poly], dtype=object).reshape(1), edges[None], *lines).reshape(start.shape[:-1])


def cross_polygons(polys: NDArray[np.object_], edges: _F, start: _F, end: _F) -> _B:
    """For each row, which of its lines pass through the interior of its polygon: ``polys`` (C,), their boundary
    segments ``edges`` (C, E, 2, 2), the lines' ends ``start`` and ``end`` (C, mo, mt, 2) -> (C, mo, mt). A line
    crossing an edge does; one touching an edge or a corner is settled by shapely's exact interior test; one meeting
    no edge does when it lies inside."""
    p, q = start[..., None, :], end[..., None, :]
    ea, eb = edges[:, None, None, :, 0, :], edges[:, None, None, :, 1, :]
    dx, dy = q[..., 0] - p[..., 0], q[..., 1] - p[..., 1]
    o1 = dx * (ea[..., 1] - p[..., 1]) - dy * (ea[..., 0] - p[..., 0])
    o2 = dx * (eb[..., 1] - p[..., 1]) - dy * (eb[..., 0] - p[..., 0])
    ex, ey = eb[..., 0] - ea[..., 0], eb[..., 1] - ea[..., 1]
    o3 = ex * (p[..., 1] - ea[..., 1]) - ey * (p[..., 0] - ea[..., 0])
    o4 = ex * (q[..., 1] - ea[..., 1]) - ey * (q[..., 0] - ea[..., 0])
    s12, s34 = o1 * o2, o3 * o4
    crossed = np.asarray(((s12 < 0) & (s34 < 0)).any(axis=-1), dtype=bool)
    touched = ((s12 <= 0) & (s34 <= 0)).any(axis=-1) & ~crossed
    result = crossed
    if touched.any():
        lines = shapely.linestrings(np.stack([start[touched], end[touched]], axis=1))
        result[touched] = shapely.relate_pattern(lines, polys[np.nonzero(touched)[0]], "T********")
    apart = ~crossed & ~touched
    if apart.any():
        pts = start[apart]
        result[apart] = shapely.contains_xy(polys[np.nonzero(apart)[0]], pts[:, 0], pts[:, 1])
    return result


def across(samples: int) -> _F:
    """``samples`` points evenly across a width from rim to rim, as fractions of the radius (exactly symmetric)."""
    return np.asarray((2.0 * np.arange(samples) - (samples - 1)) / (samples - 1), dtype=float)


def strip_middles(strips: int) -> _F:
    """The middle of each of ``strips`` equal strips across a width, as fractions of the radius."""
    return np.asarray((2.0 * np.arange(strips) + 1.0) / strips - 1.0, dtype=float)


@lru_cache(maxsize=2048)
def polygon_edges(poly: shapely.Polygon) -> _F:
    """All boundary segments of a polygon, holes included, as an (E, 2, 2) array (kept by shape: a table's scenery
    is the same for every sight line of a game; read only)."""
    rings = [poly.exterior, *poly.interiors]
    parts = []
    for ring in rings:
        xy = np.asarray(ring.coords, dtype=float)
        parts.append(np.stack([xy[:-1], xy[1:]], axis=1))
    edges = np.concatenate(parts, axis=0)
    edges.setflags(write=False)
    return edges


def cross_circles(start: _F, end: _F, centre: _F, radius: _F) -> _B:
    """Tell which lines pass strictly inside the circle of their candidate; (C, m, m, 2) -> (C, m, m)."""
    result: _B = segment_gap(start, end, centre[:, None, None, :]) < radius[:, None, None]
    return result
