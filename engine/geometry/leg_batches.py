"""Legs past several layouts tested in one batch: a menu asks whether each of a side's models can walk somewhere,
and its movers of each size (or standing at each height) walk past their own obstacles. numpy's cost is per call,
not per leg, so the legs of every layout are tested together: each leg against the bases and pieces of its own layout
only, by the very sums :meth:`Obstacles.legs_clear` does, so each answer is the same as its own layout's test.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

import numpy as np
from numpy.typing import NDArray

from .clearance import Obstacles, _clear_of_pieces, _closer
from .shapes import XY
from .tolerance import TOLERANCE

__all__ = ["legs_clear_each", "points"]

_F = NDArray[np.float64]
_I = NDArray[np.intp]


def legs_clear_each(asked: Sequence[tuple[Obstacles, Sequence[XY], Sequence[XY]]]) -> list[list[bool]]:
    """For each layout's obstacles and its legs (where each starts, where each ends), whether each leg hits nothing
    (:meth:`Obstacles.legs_clear`), all tested in one batch."""
    busy = [i for i, (_, froms, _) in enumerate(asked) if froms]
    found: list[list[bool]] = [[] for _ in asked]
    if len(busy) == 1:
        obs, froms, tos = asked[busy[0]]
        found[busy[0]] = obs.legs_clear(points(froms), points(tos)).tolist()
        return found
    if not busy:
        return found
    layouts = [asked[i][0] for i in busy]
    counts = [len(asked[i][1]) for i in busy]
    start = points([xy for i in busy for xy in asked[i][1]])
    end = points([xy for i in busy for xy in asked[i][2]])
    of = np.repeat(np.arange(len(busy)), counts)
    low = np.array([o.low for o in layouts])[of]
    high = np.array([o.high for o in layouts], dtype=float)[of]
    ok = (end[:, 0] >= low) & (end[:, 1] >= low) & (end[:, 0] <= high[:, 0]) & (end[:, 1] <= high[:, 1])
    ok &= _bases_clear(layouts, start, end, of)
    clear = _pieces_clear(layouts, start, end, of, ok).tolist()
    at = 0
    for i, count in zip(busy, counts, strict=True):
        found[i] = clear[at:at + count]
        at += count
    return found


def points(xys: Sequence[XY]) -> _F:
    """An (N, 2) array of the points ``xys``, the same floats ``np.array(xys, dtype=float)`` holds, read flat (numpy
    converts a list of pairs one pair at a time, at about twice the cost: a batch asks a hundred legs or more)."""
    return np.fromiter(chain.from_iterable(xys), dtype=float, count=2 * len(xys)).reshape(-1, 2)


def _bases_clear(layouts: list[Obstacles], start: _F, end: _F, of: _I) -> NDArray[np.bool_]:
    """Whether each leg comes within no base of its own layout (:meth:`Obstacles.bases_clear`)."""
    owner = np.repeat(np.arange(len(layouts)), [len(o.bases) for o in layouts])
    if not len(owner):
        return np.ones(len(start), dtype=bool)
    centres = np.concatenate([o.centres for o in layouts])
    reach = np.concatenate([o.reach - TOLERANCE for o in layouts])
    closer = _closer(start, end, centres, reach) & (owner[:, None] == of[None, :])
    return np.asarray(~closer.any(axis=0), dtype=bool)


def _pieces_clear(layouts: list[Obstacles], start: _F, end: _F, of: _I, ok: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """``ok`` (changed in place) less the legs that come within an impassable piece of their own layout, settled as
    ``Obstacles._pieces_clear`` settles them (:func:`_clear_of_pieces`, each leg meeting its own layout's pieces)."""
    pieces = [o._pieces for o in layouts]
    owner = np.repeat(np.arange(len(layouts)), [len(p.centres) for p in pieces])
    if not len(owner) or not ok.any():
        return ok
    reach = np.array([o.radius - TOLERANCE for o in layouts])[owner]
    return _clear_of_pieces(start, end, ok, np.concatenate([p.centres for p in pieces]),
                            np.concatenate([o._inside for o in layouts]), np.concatenate([o._beyond for o in layouts]),
                            np.concatenate([p.prepared for p in pieces]), reach, owner, of)
