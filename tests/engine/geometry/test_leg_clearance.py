"""A straight leg keeps clear of the impassable scenery exactly when it keeps the mover's reach (its radius less the
tolerance) from every piece, as GEOS measures it: the shortcuts that settle most legs without measuring them (a leg
far outside a piece's bounding disc, or within reach of the disc a round or square piece holds about its centre)
never decide otherwise."""

from __future__ import annotations

import math
import random

import numpy as np
import shapely

from engine.geometry import TOLERANCE, Base, Battlefield, Obstacles, Pose, Table, Terrain


def _round(ident: str, x: float, y: float, r: float) -> Terrain:
    """A round Objective as a map draws it: a 32-sided polygon."""
    ring = [(x + r * math.cos(2 * math.pi * k / 32), y + r * math.sin(2 * math.pi * k / 32)) for k in range(32)]
    return Terrain.from_points(ident, "objective", ring, 3, {"impassable"})


def _wall(ident: str, x: float, y: float, w: float, h: float, turn: float) -> Terrain:
    c, s = math.cos(turn), math.sin(turn)
    corners = [(x + u * c - v * s, y + u * s + v * c) for u, v in ((0, 0), (w, 0), (w, h), (0, h))]
    return Terrain.from_points(ident, "wall", corners, 3, {"impassable"})


def test_a_leg_is_clear_exactly_when_it_keeps_its_reach_from_every_piece() -> None:
    rng = random.Random(7)
    pieces = (_round("O1", 12, 12, 1.0), _round("O2", 20, 8, 0.6), _wall("T1", 4, 16, 5, 1, 0.0),
              _wall("T2", 16, 18, 4, 1.5, 0.7))
    mover = Base("M0", Pose(2, 2), 32)
    obstacles = Obstacles(Battlefield(Table(24, 24), pieces, (mover,)), mover)
    starts = np.array([(rng.uniform(1, 23), rng.uniform(1, 23)) for _ in range(600)])
    ends = np.array([(x + rng.uniform(-6, 6), y + rng.uniform(-6, 6)) for x, y in starts]).clip(1, 23)
    clear = obstacles.legs_clear(starts, ends)
    reach = mover.radius - TOLERANCE
    for (a, b), ok in zip(zip(starts.tolist(), ends.tolist(), strict=True), clear.tolist(), strict=True):
        leg = shapely.LineString([a, b]) if a != b else shapely.Point(a)
        assert ok == all(shapely.distance(leg, p.polygon) > reach for p in pieces), (a, b)
    assert 0 < int(clear.sum()) < len(clear)


def test_a_few_legs_get_the_answers_of_a_batch() -> None:
    """A few legs are tested in plain Python (numpy's cost per call outweighs the work): each gets the answer the
    batch of numpy sums gives it, bases and pieces alike, legs grazing a base's reach included."""
    rng = random.Random(11)
    pieces = (_round("O1", 12, 12, 1.0), _wall("T1", 4, 16, 5, 1, 0.0), _wall("T2", 16, 18, 4, 1.5, 0.7))
    mover = Base("M0", Pose(2, 2), 32)
    others = (Base("B1", Pose(8, 8), 40), Base("B2", Pose(18, 6), 25))
    obstacles = Obstacles(Battlefield(Table(24, 24), pieces, (mover, *others)), mover)
    starts = np.array([(rng.uniform(0, 24), rng.uniform(0, 24)) for _ in range(400)])
    ends = np.array([(x + rng.uniform(-8, 8), y + rng.uniform(-8, 8)) for x, y in starts])
    reach = mover.radius + others[0].radius - TOLERANCE  # legs passing B1 at its reach exactly
    grazing = [((8 - reach, 0.0), (8 - reach, 20.0)), ((8.0, 8 + reach), (20.0, 8 + reach)), ((5.0, 5.0), (5.0, 5.0))]
    starts = np.vstack([starts, [a for a, _ in grazing]])
    ends = np.vstack([ends, [b for _, b in grazing]])
    batch = obstacles.on_table(ends) & obstacles.bases_clear(starts, ends)
    batch = obstacles._pieces_clear(starts, ends, batch)
    alone = [bool(obstacles.legs_clear(starts[i:i + 1], ends[i:i + 1])[0]) for i in range(len(starts))]
    assert alone == batch.tolist()
    assert 0 < sum(alone) < len(alone)
    # places to stand (each leg's start and end one array) get the answers of legs of no length
    assert obstacles.legs_clear(starts, starts).tolist() == obstacles.legs_clear(starts, starts.copy()).tolist()
