"""What strikes a model for where it goes and where it acts (Shroudfall beta rulebook v1.4, L919-923, L945-949,
L1335, L1431-1435, L1465): the hazardous terrain keywords and the Thunderstorm manifestation.

- BLAZING, ELECTRIFIED and TOXIC terrain give Burning, Shocked and Poisoned to a model's unit when the model moves
  or is placed into the piece, takes an action in it, or ends its activation in it (L1431, L1435, L1465).
- DANGEROUS TERRAIN deals 1 damage at once on the same occasions, an action counting only when it is not a move
  (L1433).
- A Flying model takes no damage and no conditions from terrain (L1335).
- The Thunderstorm manifestation (a 32 mm base placed within 8" of a Stormcaller): a model that enters, or completes an
  action, within 2" of it suffers a damage roll and its unit Shocked (L945-949; two yellow dice, ruling
  ``thunderstorm-damage``). Manifestations are never friendly nor enemy (L923): they strike every model alike, and
  they are removed at the end of the round (L921).

Ruling ``hazard-once``: a model suffers each hazard at most once per action (entering it and completing the action in
it are one occasion); the end of the activation is an occasion of its own.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely

from engine.core import ModelId
from engine.geometry import TOLERANCE, XY
from engine.systems.shroudfall.schema import Colour
from engine.systems.shroudfall.state import Manifestation
from engine.systems.shroudfall.world import World, keyword_of

__all__ = [
    "STORM_DICE",
    "STORM_RANGE",
    "Hazard",
    "at_activation_end",
    "entered",
    "placed_into",
    "standing",
]

STORM_RANGE = 2.0
"""Thunderstorm strikes models entering or acting within 2" of it (L947)."""
STORM_DICE: tuple[Colour, ...] = ("yellow", "yellow")
"""The Thunderstorm's damage roll (the icon is lost, L947; ruling ``thunderstorm-damage``)."""

_TERRAIN: dict[str, tuple[str | None, int, str]] = {
    "Blazing": ("burning", 0, "L1431"),
    "Dangerous Terrain": (None, 1, "L1433"),
    "Electrified": ("shocked", 0, "L1435"),
    "Toxic": ("poisoned", 0, "L1465"),
}
"""Each hazardous terrain keyword: the condition it gives, the damage it deals at once, its rule."""
_FOLDED = frozenset(keyword_of(k) for k in _TERRAIN)


@dataclass(frozen=True, slots=True)
class Hazard:
    """One hazard striking a model: its source (a terrain piece or a manifestation), the keyword or ability, the
    condition it gives the model's unit, the damage it deals at once, whether it makes a damage roll, its rule."""

    source: str
    name: str
    condition: str | None
    damage: int = 0
    roll: bool = False
    rule: str = ""

    @property
    def key(self) -> str:
        return f"{self.source}/{self.name}"


def _terrain(world: World, model: ModelId, pieces: Sequence[str], *, acting_move: bool = False) -> list[Hazard]:
    if world.has(model, "Flying"):
        return []
    found = []
    for piece in pieces:
        for keyword, (condition, damage, rule) in _TERRAIN.items():
            if not world.piece_has(piece, keyword) or (acting_move and damage):
                continue
            found.append(Hazard(piece, keyword, condition, damage, rule=rule))
    return found


@functools.lru_cache(maxsize=512)
def _is_hazard(keywords: tuple[str, ...]) -> bool:
    return any(keyword_of(k) in _FOLDED for k in keywords)


def _hazardous(world: World) -> list[str]:
    """The hazardous terrain pieces on the table (asked for every model moved or acting: kept cheap)."""
    return [t for t, mark in world.state.terrain.items() if _is_hazard(tuple(mark.keywords))]


def _storm(manifestation: Manifestation) -> Hazard:
    return Hazard(manifestation.id, manifestation.name, "shocked", roll=True, rule="L947")


def _storm_gap(world: World, model: ModelId, at: XY, manifestation: Manifestation) -> float:
    return math.dist(at, (manifestation.x, manifestation.y)) - world.base(model).radius - manifestation.radius


def entered(world: World, model: ModelId, start: XY, path: Sequence[XY]) -> list[Hazard]:
    """The hazards ``model`` moved (or was placed) into on its way from ``start`` along ``path``: hazardous pieces
    its base overlapped on the way and not at the start, manifestations it came within 2" of from farther away."""
    if not world.state.manifestations and not _hazardous(world):
        return []
    radius = world.base(model).radius
    swept = (shapely.LineString([start, *path]) if len(path) else shapely.Point(start)).buffer(radius - TOLERANCE)
    here = shapely.Point(start).buffer(radius - TOLERANCE)
    into = [t for t in _hazardous(world) if swept.intersects(world.terrain(t).polygon)
            and not here.intersects(world.terrain(t).polygon)]
    found = _terrain(world, model, into)
    for storm in world.state.manifestations.values():
        centre = shapely.Point(storm.x, storm.y)
        near = float(shapely.distance(swept, centre)) - storm.radius <= STORM_RANGE + TOLERANCE
        if near and _storm_gap(world, model, start, storm) > STORM_RANGE + TOLERANCE:
            found.append(_storm(storm))
    return found


def standing(world: World, model: ModelId, *, move: bool) -> list[Hazard]:
    """The hazards striking ``model`` as its unit completes an action where it stands: hazardous pieces it is within
    (DANGEROUS TERRAIN only for an action that is not a move, L1433) and manifestations within 2" of it."""
    if not world.state.manifestations and not _hazardous(world):
        return []
    pieces = [t for t in _hazardous(world) if world.within(model, t)]
    found = _terrain(world, model, pieces, acting_move=move)
    at = world.base(model).xy
    found += [_storm(s) for s in world.state.manifestations.values()
              if _storm_gap(world, model, at, s) <= STORM_RANGE + TOLERANCE]
    return found


def at_activation_end(world: World, model: ModelId) -> list[Hazard]:
    """The hazardous pieces ``model`` ends its unit's activation within (L1431-1435, L1465)."""
    return _terrain(world, model, [t for t in _hazardous(world) if world.within(model, t)])


def placed_into(world: World, model: ModelId, start: XY, end: XY) -> list[Hazard]:
    """The hazards a model placed from ``start`` to ``end`` is placed into: what strikes it at ``end`` that did not
    at ``start`` (L1431-1435, L1465: being placed into a piece, DANGEROUS TERRAIN's damage included; ruling
    ``place-triggers``: a place counts, whatever lies between)."""
    moved = world.with_spots({model: end})
    before = {h.key for h in standing(world.with_spots({model: start}), model, move=False)}
    return [h for h in standing(moved, model, move=False) if h.key not in before]
