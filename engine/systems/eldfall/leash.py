"""A Personal Guard's leash (Eldfall core rules v1.5, L2904-2906): the summoned creature it is given to may not fully
leave its model's Awareness.

The leash binds the creature's own moves (Walk, Run, Climb, Jump, Flicker, dodge moves, Follow-Up, Hit and Retreat,
Protector's step, free moves): like a move declared too far (ruling ``move-too-far``), one that would take its
hitbox wholly outside the Awareness, at its end or on the way, stops at the last point where it still touches it
(ruling ``personal-guard-leash``). A Guard already outside (its model walked away, a Knockback pushed it) may move only
closer to its model. Moves the Guard does not make (Knockback, falls) and its model's own moves are not held back.
"""

from __future__ import annotations

import itertools
import math

from engine.core import ModelId
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.world import World
from engine.table import Point

__all__ = ["LEASH_RULE", "leash_stop"]

LEASH_RULE = "a Personal Guard may not fully leave its model's Awareness (L2906)"
_STEP = 0.05
"""How finely a path is walked to find where the leash holds it (inches)."""


def leash_stop(world: World, guard: Fighter, path: tuple[Point, ...]) -> tuple[float, str] | None:
    """Where along ``path`` the Guard must stop, and why; None when the leash lets the whole move be made.

    :raises ValueError: with the reason, when the move may not be made at all (the leash refuses it, by ruling or
        because the Guard is outside and would end no closer to its model).
    """
    model = guard.figure.guard_of
    if model is None or model not in world.state.models or len(path) < 2:
        return None
    end = path[-1]
    what = f"{guard.id} is {model}'s Personal Guard: {LEASH_RULE}"
    if not world.aware(model, guard.id, other_at=path[0]):
        if world.aware(model, guard.id, other_at=end) \
                or world.gap(model, guard.id, b_at=end) < world.gap(model, guard.id) - 0.005:
            return None
        raise ValueError(f"{what}; outside it, it may only move closer to {model}")
    stop = _last_inside(world, model, guard.id, path)
    if stop is None:
        return None
    if world.rulings.personal_guard_leash == "refused":
        raise ValueError(f"{what}; this move would take it wholly outside")
    return stop, f"it stops at the edge of {model}'s Awareness ({LEASH_RULE})"


def _last_inside(world: World, model: ModelId, guard: ModelId, path: tuple[Point, ...]) -> float | None:
    """How far along ``path`` the Guard's hitbox last touches the model's Awareness before it would first leave it
    wholly (L2906: not even in the middle of a move); None when it stays in touch all the way."""
    walked = 0.0
    last = 0.0
    for a, b in itertools.pairwise(path):
        leg = math.dist(a, b)
        steps = max(1, math.ceil(leg / _STEP))
        for i in range(1, steps + 1):
            k = i / steps
            at = (round(a[0] + (b[0] - a[0]) * k, 2), round(a[1] + (b[1] - a[1]) * k, 2))
            if not world.aware(model, guard, other_at=at):
                return last
            last = walked + leg * k
        walked += leg
    return None
