"""Time line of sight and cover for all 900 pairs of 30 v 30 models among 12 terrain pieces on a 36" table.

Prints the vectorised survey (engine.geometry.LineOfSight) beside a naive per-pair loop over shapely
objects that applies the same sampled sight lines and the same rule, and checks both agree.
Budget (docs/budgets.md): <= 25 ms for all 900 pairs. Run: .venv/bin/python bench/los.py
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.geometry import TOLERANCE, Base, LineOfSight, Pose, Terrain, blocks_by_height

SEED = 20240601
SIDE = 36.0
SAMPLES = 5


def layout(seed: int = SEED) -> tuple[list[Terrain], list[Base], list[Base]]:
    """Return 12 terrain pieces and two sides of 30 separate 32 mm bases, reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    terrain: list[Terrain] = []
    while len(terrain) < 12:
        cx, cy = rng.uniform(4, SIDE - 4, 2)
        w, h = rng.uniform(2, 6, 2)
        angle = rng.uniform(0, 180)
        box = shapely.affinity.rotate(shapely.box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), angle)
        if any(box.distance(t.polygon) < 1.5 for t in terrain):
            continue
        terrain.append(Terrain(f"T{len(terrain) + 1}", "ruin", box, float(rng.uniform(0.5, 5)),
                               frozenset({"blocking"})))
    bases: list[Base] = []
    while len(bases) < 60:
        side = "A" if len(bases) < 30 else "B"
        x, y = rng.uniform(1, SIDE - 1, 2)
        candidate = Base(f"{side}{len(bases) % 30 + 1}", Pose(float(x), float(y)), 32.0,
                         float(rng.choice([1.0, 1.25, 1.5, 2.5])))
        footprint = shapely.Point(x, y).buffer(candidate.radius)
        if any(footprint.intersects(t.polygon) for t in terrain):
            continue
        if any(math.dist(candidate.xy, b.xy) < candidate.radius + b.radius + 0.1 for b in bases):
            continue
        bases.append(candidate)
    return terrain, bases[:30], bases[30:]


def naive(blockers: Sequence[Terrain | Base], observers: Sequence[Base],
          targets: Sequence[Base]) -> tuple[np.ndarray, np.ndarray]:
    """Loop over pairs, sight lines and blockers one shapely object at a time."""
    s = [(2 * i - (SAMPLES - 1)) / (SAMPLES - 1) for i in range(SAMPLES)]
    visible = np.ones((len(observers), len(targets)), dtype=bool)
    hidden = np.zeros((len(observers), len(targets)))
    shapes = [b.polygon if isinstance(b, Terrain) else shapely.Point(b.xy) for b in blockers]
    for i, o in enumerate(observers):
        for j, t in enumerate(targets):
            dx, dy = t.pose.x - o.pose.x, t.pose.y - o.pose.y
            length = math.hypot(dx, dy)
            if length <= o.radius + t.radius + TOLERANCE:
                continue
            nx, ny = -dy / length, dx / length
            active = [(blk, geom) for blk, geom in zip(blockers, shapes, strict=True)
                      if blk.id not in (o.id, t.id) and blocks_by_height(blk, o, t)]
            seen = [False] * SAMPLES
            for a in s:
                p = (o.pose.x + a * o.radius * nx, o.pose.y + a * o.radius * ny)
                for bi, b in enumerate(s):
                    q = (t.pose.x + b * t.radius * nx, t.pose.y + b * t.radius * ny)
                    line = shapely.LineString([p, q])
                    if not any(_cuts(line, blk, geom) for blk, geom in active):
                        seen[bi] = True
            visible[i, j] = any(seen)
            hidden[i, j] = 1.0 - sum(seen) / SAMPLES
    return visible, hidden


def _cuts(line: shapely.LineString, blocker: Terrain | Base, geom: shapely.Geometry) -> bool:
    """Tell whether a sight line passes through a terrain interior or strictly inside a base."""
    if isinstance(blocker, Terrain):
        return bool(line.relate_pattern(geom, "T********"))
    return bool(line.distance(geom) < blocker.radius)


def median_ms(fn: Callable[[], object], runs: int) -> float:
    """Return the median wall time of ``runs`` calls, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000.0


def main() -> None:
    terrain, side_a, side_b = layout()
    for label, bases in (("12 terrain pieces", []), ("12 terrain pieces + 60 bases", side_a + side_b)):
        sight = LineOfSight(terrain, bases)
        fast = median_ms(lambda s=sight: s.survey(side_a, side_b), runs=15)
        slow = median_ms(lambda b=bases: naive([*terrain, *b], side_a, side_b), runs=3)
        vis, hid = sight.survey(side_a, side_b)
        ref_vis, ref_hid = naive([*terrain, *bases], side_a, side_b)
        same = bool(np.array_equal(vis, ref_vis) and np.allclose(hid, ref_hid))
        print(f"LOS + cover, 30 x 30 pairs, {label}, {SAMPLES}x{SAMPLES} sight lines per pair:")
        print(f"  vectorised  {fast:8.2f} ms (median of 15)   budget 25 ms")
        print(f"  naive loop  {slow:8.2f} ms (median of 3)")
        print(f"  ratio       {slow / fast:8.1f}x   same matrix and shares: {same}   "
              f"visible pairs: {int(vis.sum())}/900")
        if not same:
            raise SystemExit("the vectorised and naive results differ")


if __name__ == "__main__":
    main()
