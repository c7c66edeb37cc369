"""Line of sight in height: straight 3D lines between two model cylinders, past terrain prisms and other models.

The flat survey (:class:`engine.geometry.LineOfSight`) lets a blocker stop every line between two models when it is
as tall as the taller of them, which serves models standing on the table. Once a model stands on a raised surface
the lines rise and fall, so this module samples each hitbox across its width (square to the line between the two
centres) and at its point nearest the other model, each up its height, and follows every 3D segment between them.

- A terrain piece is a prism from the table up to its height. A segment is blocked by it when, over a stretch where
  its ground track runs inside the footprint, the segment passes below the top. A segment that only grazes the top
  (feet standing on a roof) is not blocked.
- Another model is a cylinder from its feet (``z``) to its top; a segment is blocked when, over the stretch inside
  its base, it passes strictly between the two. A flat hitbox (height 0) blocks nothing.
- Bases that touch at overlapping heights always see each other, with nothing hidden.

The result is a :class:`engine.geometry.Sight`: whether some segment is clear, the share of the target's sampled
points that no observer point sees (0 in plain view, 1 out of sight), and which blockers cut a segment.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from numpy.typing import NDArray

from .shapes import Base, Terrain
from .sight import Sight
from .sight_lines import across as sampled_across
from .sight_lines import polygon_edges
from .tolerance import TOLERANCE

__all__ = ["sight_in_height"]

_F = NDArray[np.float64]
_B = NDArray[np.bool_]


def _points(base: Base, toward: tuple[float, float], samples: int, levels: int) -> _F:
    """Sample points of a hitbox, as (n, 3): ``samples`` across its width (square to ``toward``, the unit vector to
    the other model) and its nearest point to the other model, each at ``levels`` heights up the hitbox."""
    across = sampled_across(samples) * base.radius
    xs = np.append(base.pose.x - across * toward[1], base.pose.x + base.radius * toward[0])
    ys = np.append(base.pose.y + across * toward[0], base.pose.y + base.radius * toward[1])
    height = max(base.height, 0.02)
    zs = base.pose.z + height * np.linspace(0.05, 0.95, levels)
    grid = np.array([(x, y, z) for x, y in zip(xs, ys, strict=True) for z in zs], dtype=float)
    return grid


def _touching(a: Base, b: Base) -> bool:
    flat = math.hypot(a.pose.x - b.pose.x, a.pose.y - b.pose.y) - a.radius - b.radius
    upright = max(0.0, b.pose.z - a.top, a.pose.z - b.top)
    return flat <= TOLERANCE and upright <= TOLERANCE


def _crossings(start: _F, end: _F, edges: _F) -> _F:
    """Where each segment's ground track crosses each polygon edge, as fractions along the segment (nan: none)."""
    a, d = start[:, None, :2], (end - start)[:, None, :2]
    c, e = edges[None, :, 0, :], edges[None, :, 1, :] - edges[None, :, 0, :]
    denom = d[..., 0] * e[..., 1] - d[..., 1] * e[..., 0]
    ca = c - a
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (ca[..., 0] * e[..., 1] - ca[..., 1] * e[..., 0]) / denom
        u = (ca[..., 0] * d[..., 1] - ca[..., 1] * d[..., 0]) / denom
    ok = (np.abs(denom) > 1e-12) & (t >= 0.0) & (t <= 1.0) & (u >= 0.0) & (u <= 1.0)
    return np.where(ok, t, np.nan)


def _cut_by_piece(start: _F, end: _F, piece: Terrain) -> _B:
    """Which segments pass below the piece's top where their ground track is inside its footprint."""
    ts = _crossings(start, end, polygon_edges(piece.polygon))
    n = len(start)
    ts = np.sort(np.concatenate([np.zeros((n, 1)), ts, np.ones((n, 1))], axis=1), axis=1)
    lo, hi = ts[:, :-1], ts[:, 1:]
    valid = np.isfinite(lo) & np.isfinite(hi) & (hi - lo > 1e-9)
    mid = np.where(valid, (lo + hi) / 2, 0.0)
    xy = start[:, None, :2] + mid[..., None] * (end - start)[:, None, :2]
    inside = shapely.contains_xy(piece.polygon, xy[..., 0].ravel(), xy[..., 1].ravel()).reshape(mid.shape)
    z0 = start[:, None, 2] + np.where(valid, lo, 0.0) * (end - start)[:, None, 2]
    z1 = start[:, None, 2] + np.where(valid, hi, 0.0) * (end - start)[:, None, 2]
    below = np.minimum(z0, z1) < piece.height - TOLERANCE
    result: _B = np.asarray((valid & inside & below).any(axis=1), dtype=bool)
    return result


def _cut_by_model(start: _F, end: _F, other: Base) -> _B:
    """Which segments pass through another model's hitbox cylinder."""
    if other.height <= 0:
        return np.zeros(len(start), dtype=bool)
    d = (end - start)[:, :2]
    w = start[:, :2] - np.array(other.xy)
    a = (d * d).sum(axis=1)
    b = 2 * (w * d).sum(axis=1)
    c = (w * w).sum(axis=1) - other.radius ** 2
    disc = b * b - 4 * a * c
    hit = (disc > 0) & (a > 1e-12)
    root = np.sqrt(np.where(hit, disc, 0.0))
    safe = np.where(a > 1e-12, a, 1.0)
    t0 = np.clip((-b - root) / (2 * safe), 0.0, 1.0)
    t1 = np.clip((-b + root) / (2 * safe), 0.0, 1.0)
    hit &= t1 - t0 > 1e-9
    dz = end[:, 2] - start[:, 2]
    za, zb = start[:, 2] + t0 * dz, start[:, 2] + t1 * dz
    low, high = np.minimum(za, zb), np.maximum(za, zb)
    result: _B = hit & (high > other.pose.z + TOLERANCE) & (low < other.top - TOLERANCE)
    return result


def sight_in_height(observer: Base, target: Base, terrain: Sequence[Terrain] = (), bases: Sequence[Base] = (), *,
                    samples: int = 5, levels: int = 3) -> Sight:
    """Return whether ``observer`` sees ``target`` along some 3D segment past ``terrain`` and the other ``bases``
    (the two models themselves never block), the share of the target's sampled points hidden, and what cut a
    segment. Heights are the bases' ``z`` (feet) and ``height``; terrain stands on the table up to its height."""
    if _touching(observer, target):
        return Sight(True, 0.0, ())
    dx, dy = target.pose.x - observer.pose.x, target.pose.y - observer.pose.y
    length = math.hypot(dx, dy)
    toward = (dx / length, dy / length) if length > 1e-9 else (1.0, 0.0)
    p = _points(observer, toward, samples, levels)
    q = _points(target, (-toward[0], -toward[1]), samples, levels)
    start = np.repeat(p, len(q), axis=0)
    end = np.tile(q, (len(p), 1))
    corridor = shapely.MultiPoint(np.concatenate([p[:, :2], q[:, :2]])).convex_hull
    lowest = float(min(p[:, 2].min(), q[:, 2].min()))
    blocked = np.zeros(len(start), dtype=bool)
    cut: list[str] = []
    for piece in terrain:
        if piece.height <= lowest + TOLERANCE or not piece.polygon.intersects(corridor):
            continue
        hit = _cut_by_piece(start, end, piece)
        if hit.any():
            blocked |= hit
            cut.append(piece.id)
    for other in bases:
        if other.id in (observer.id, target.id) or other.top <= lowest + TOLERANCE:
            continue
        if float(corridor.distance(shapely.Point(other.xy))) > other.radius:
            continue
        hit = _cut_by_model(start, end, other)
        if hit.any():
            blocked |= hit
            cut.append(other.id)
    clear = ~blocked.reshape(len(p), len(q))
    seen = clear.any(axis=0)
    return Sight(bool(clear.any()), float(1.0 - seen.mean()), tuple(sorted(cut)))
