"""Who may react to an activation, and with what (Eldfall core rules v1.5, L1198-1246): a model with an AP of a side
the activated model is an enemy of (an ally's: a Dodge only, ruling alliance-reactions) that sees it or has it in its
Awareness at some point of its path (ruling reaction-sight), Clairvoyance reacting without sight (L1910), Stealth
hiding an unseen mover from Awareness, an Engaged model only with melee; the points of a path where it may strike
(L1482). The Reaction step's decision is reacting."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import (
    ModelId,
)
from engine.systems.eldfall.duel_rules import takes_part
from engine.systems.eldfall.engaged import engaged as is_engaged
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.means import Means
from engine.systems.eldfall.redirecting import REDIRECT_DAMAGE
from engine.systems.eldfall.world import World
from engine.table import Point

__all__ = ["Eligible", "eligible", "melee_barred", "reaction_means", "sample_path", "seen_points"]

_SAMPLE_STEP = 1.5  # inches between the points of a path checked for sight and Awareness


@dataclass(frozen=True, slots=True)
class Eligible:
    """A model that may react: whether it may attack (it saw the mover) and with what, and why its Dodge is
    halved."""

    model: ModelId
    means: tuple[Means, ...]
    dodge: bool
    unseen: bool
    panic_failed: bool
    perceive: bool = False
    """It may Perceive the activated model, a Shrouded token in its Awareness and sight (L1526-1532, ruling
    perceive-shrouded-reaction)."""
    taunted: bool = False
    """It failed its INT roll against a Taunt: it must react (L1987-1989)."""


def sample_path(path: Sequence[Point], step: float = _SAMPLE_STEP) -> list[Point]:
    """The path's corners and points every ``step`` inches along it (its start and end included)."""
    points: list[Point] = [path[0]]
    for a, b in itertools.pairwise(path):
        leg = math.dist(a, b)
        n = max(1, math.ceil(leg / step))
        points += [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(1, n + 1)]
    return points


def reaction_means(world: World, r: Fighter, engaged: bool, *, aloft: bool = False) -> tuple[Means, ...]:
    """What a reacting model may attack with: melee weapons (only those when Engaged), ranged weapons, and
    Sorceries aimed at a model, when its hands leave it free to cast (L944-952, L910, L1457); no melee at all
    against a Flying model it may not strike in melee (``aloft``, ``melee_barred``)."""
    found = [m for m in r.weapons if m.kind == "melee" or not engaged]
    if not r.loadout.hands_full and not engaged:
        found += [m for m in r.spell_means() if m.spell is not None and m.spell.spell_type == "Sorcery"
                  and (m.pw is not None or m.id == REDIRECT_DAMAGE) and not m.focus and not m.targetless]
    return tuple(m for m in found if not (aloft and m.kind == "melee"))


def melee_barred(active: Fighter, r: Fighter, *, struck_in_melee: bool = False) -> bool:
    """Whether ``r`` may not make a Melee Attack on ``active``: a Flying model is a target of melee for Flying
    models only, or for one it has itself declared a Melee Attack against (L1738)."""
    return active.is_("flying") and not r.is_("flying") and not struck_in_melee


def eligible(world: World, active: Fighter, path: Sequence[Point], r: Fighter, *,
             struck_in_melee: bool = False) -> Eligible | None:
    """Whether (and how) ``r`` may react to ``active`` moving along ``path`` (``struck_in_melee``: reacting after
    ``active`` declared a Melee Attack on it, Foresight); None when it may not."""
    state = world.state
    if r.out or r.figure.ap < 1 or r.side == active.side:
        return None
    ally = world.friends(r, active)
    if ally and world.rulings.alliance_reactions == "none":
        return None
    if not takes_part(state.duel, r.id, r.figure.summoner):
        return None
    points = sample_path(path) if len(path) > 1 else [path[0]]
    moving = len(path) > 1
    if moving and state.sequence is not None and "flicker" in state.sequence.skills:
        seen = any(world.sees_along(r.id, active.id, [path[0], path[-1]]))  # its start or its end only (L1934)
    else:
        seen = any(world.sees_along(r.id, active.id, points)) if moving else world.sees(r.id, active.id).visible
    aware = any(world.aware(r.id, active.id, other_at=p if moving else None) for p in points)
    if active.level("Stealth") >= 1 and not seen:
        aware = False
    engaged = is_engaged(world, r)
    if engaged and not aware:
        return None
    if not (seen or aware):
        return None
    if ally:  # an ally's activation: a Dodge to reposition, or Nothing (L2937, ruling alliance-reactions)
        return Eligible(r.id, (), True, not seen, False, False)
    shrouded = active.is_("shrouded")
    clairvoyant = aware and r.has("Clairvoyance")  # it reacts to enemies in its Awareness without LoS (L1910)
    sighted = (seen and not r.is_("blinded")) or clairvoyant
    aloft = melee_barred(active, r, struck_in_melee=struck_in_melee)
    means = reaction_means(world, r, engaged, aloft=aloft) if sighted and not shrouded else ()
    perceive = shrouded and seen and world.aware(r.id, active.id) and not engaged
    return Eligible(r.id, means, True, not seen, False, perceive)


def seen_points(world: World, r: Fighter, active: ModelId, path: tuple[Point, ...]) -> list[str]:
    """The sampled points of the path where ``r`` sees the activated model (or has it in its Awareness with
    Clairvoyance), as a strike point is written (``x.xx,y.yy``)."""
    points = [(round(x, 2), round(y, 2)) for x, y in sample_path(path)]
    seen = world.sees_along(r.id, active, points)  # one batched survey: the Reaction step's menu asks at each state
    clairvoyant = r.has("Clairvoyance")
    return [f"{x:.2f},{y:.2f}" for (x, y), sight in zip(points, seen, strict=True)
            if sight or (clairvoyant and world.aware(r.id, active, other_at=(x, y)))]
