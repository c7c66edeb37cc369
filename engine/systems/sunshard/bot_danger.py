"""How dangerous a spot is for one of the bot's models, so that a model with nothing to attack this activation closes
in where the enemy can hurt it least (docs/sunshard.md, "The bot"), as a careful player would: behind what blocks
sight, in cover (heavy cover counts twice under Fortified Hold, L741), out of the reach of enemy fighters.

A spot's danger is the wounds the enemy could expect to deal there in its next activations: for each enemy model
standing (not Downed), one aimed shot of its longest-ranged weapon when it sees the spot from where it stands and
could move into range with one AP kept to shoot (L387, L565), and one Charge of its best melee weapon when its whole
move reaches the spot (L405-407). Each is the chance to hit (AA + the mover's EVA, L497, with the cover the spot
would have, L569-573) times the chance the Armor test fails (ARM - ST, L512). A guess for choosing, never a rule
check: the cover is read from the line between the two bases' centres (with L304's and L305's exceptions), not
from every sight line as ``sight.cover`` reads it, which costs too much to ask of every spot weighed.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely

from engine.geometry import TOLERANCE, Base, distance
from engine.systems.sunshard.modifiers import is_melee, is_template
from engine.systems.sunshard.schema import WeaponProfile
from engine.systems.sunshard.sight import CoverKind, sight_of
from engine.systems.sunshard.terrain import pieces
from engine.systems.sunshard.world import Miniature, World

__all__ = ["dangers", "gap_from"]


def _chance(goal: int) -> float:
    """The chance a d20 rolls at or under ``goal``, a 1 always passing and a 20 always failing (L487-489)."""
    return min(max(goal, 1), 19) / 20


def _wounds(profile: WeaponProfile, mover: Miniature, to_hit: int, to_save: int) -> float:
    """Hit chance times the chance the Armor test fails, for ``profile`` against ``mover``."""
    strength = int(profile.ST) if profile.ST != "*" else 0
    hit = _chance(profile.AA + mover.characteristic("EVA").value + to_hit)
    return hit * (1 - _chance(mover.characteristic("ARM").value - strength + to_save))


def _cover(world: World, there: Base, here: Base) -> CoverKind:
    """The cover a model on ``here`` would have from a shot from ``there``: what the line between their centres
    crosses or ``here`` touches, but a piece within 1" of the shooter and not of the target (L304) or that the
    target tops by more than 2 (L305); heavy wins (L307)."""
    line: shapely.LineString | None = None
    kinds = set()
    left, right = min(there.xy[0], here.xy[0]) - 2, max(there.xy[0], here.xy[0]) + 2
    bottom, top = min(there.xy[1], here.xy[1]) - 2, max(there.xy[1], here.xy[1]) + 2
    for piece in pieces(world):
        kind = "heavy" if piece.has("heavy-cover") else "light" if piece.has("light-cover") else None
        x0, y0, x1, y1 = piece.polygon.bounds
        if kind is None or x1 < left or x0 > right or y1 < bottom or y0 > top \
                or here.top - piece.height > 2 + TOLERANCE:
            continue
        near = distance(here, piece) <= 1 + TOLERANCE
        if distance(there, piece) <= 1 + TOLERANCE and not near:
            continue
        line = line if line is not None else shapely.LineString([there.xy, here.xy])
        if distance(here, piece) <= TOLERANCE or line.intersects(piece.polygon):
            kinds.add(kind)
    return "heavy" if "heavy" in kinds else "light" if kinds else "none"


def gap_from(here: Base, world: World, side: str) -> float:
    """The distance from ``here`` to the nearest enemy of ``side`` standing on the battlefield."""
    return min((distance(here, e.base()) for e in world.on_table() if e.side != side), default=99.0)


def dangers(world: World, mover: Miniature, spots: Sequence[tuple[float, float]]) -> list[float]:
    """The wounds the enemy could expect to deal ``mover`` standing at each of ``spots`` (see the module's
    docstring); sight from every enemy to every spot is worked out in one pass."""
    heres = [mover.base(for_sight=True).at(x, y) for x, y in spots]
    enemies = [e for e in world.on_table() if e.side != mover.side and not e.downed]
    theres = [e.base(for_sight=True) for e in enemies]
    seen = sight_of(world).matrix(theres, heres) if theres and heres else None
    fortified = world.battlefield_rule("fortified-hold")
    totals = [0.0] * len(heres)
    for i, enemy in enumerate(enemies):
        speed, ap = enemy.characteristic("SPD").value, enemy.card.AP
        shots = [p for p in enemy.card.weapons if not is_melee(p) and not is_template(p)]
        shot = max(shots, key=lambda p: int(p.RN), default=None)
        blows = [p for p in enemy.card.weapons if is_melee(p)]
        blow = max((_wounds(p, mover, 1, -1) for p in blows), default=0.0)
        for j, here in enumerate(heres):
            apart = distance(here, theres[i])
            if shot is not None and apart <= int(shot.RN) + speed * max(ap - 1, 0) and seen is not None \
                    and seen[i, j]:
                kind = _cover(world, theres[i], here)
                save = (2 + (2 if fortified else 0)) if kind == "heavy" else 0
                totals[j] += _wounds(shot, mover, 2 - (2 if kind != "none" else 0), save)
            if blows and apart <= speed * ap:
                totals[j] += blow
    return totals
