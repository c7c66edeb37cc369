"""Suggested moves for one model: the menu of ``/move model:A1``'s destination is a short lettered list.

A first evening goes faster when a player picks "B) behind T5" instead of working out coordinates. Each
suggestion is found by the very routing ``/move`` uses, with the text a player would type, so choosing one
ends exactly where it was shown. Suggestions are never applied: they are an answer, not a move.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

import shapely
from shapely.ops import nearest_points

from engine.core import (
    Choice,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    TerrainMark,
)
from engine.geometry import IMPASSABLE, TOLERANCE, distance
from engine.table import geometry as geo
from engine.table.rules import TableRules
from engine.table.state import PlacedModel, Point, TableState

__all__ = [
    "MAX_CANDIDATES",
    "MoveCandidate",
    "move_candidates",
    "named_destinations",
    "reach",
]

MAX_CANDIDATES = 8
"""A short list reads at a glance and fits a Discord select with room to spare."""
SAME_SPOT = 0.5
"""Inches: ends closer than this are the same choice on the table, so only one is offered."""
COVER_KEYWORDS = ("cover", "obscuring")

NAMED_ENEMIES = 8
"""Enemies offered by name as a move's end: the nearest few when the game lets a player measure."""

_HUG = 1.0
"""Inches a spot hugging a piece of cover may stand from it (more than the anchors' search ever takes)."""

_OBJECTIVE, _COVER, _CONTACT = 0, 1, 2  # shown in this order
_KEEP_FIRST = (_CONTACT, _COVER, _OBJECTIVE)  # when two ends coincide, the more telling outcome stays


@dataclass(frozen=True, slots=True)
class MoveCandidate:
    """One suggested move: ``to`` is the text that, given to ``/move``, ends at ``end`` after ``distance``."""

    letter: str
    label: str
    to: str
    distance: float
    end: Point
    path: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class _Found:
    kind: int
    label: str
    to: str
    route: geo.Route


def reach(model: PlacedModel, rules: TableRules) -> float:
    """The model's reach stat in inches (``6``, ``6.5`` or ``6"``), else the game's default reach."""
    value = model.stats.get(rules.reach_stat)
    if isinstance(value, str):
        try:
            value = float(value.strip().rstrip('"').removesuffix("in").strip())
        except ValueError:
            return rules.default_reach
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0 and math.isfinite(value):
        return float(value)  # 0 is a model that does not move: nothing is in its reach
    return rules.default_reach


def _route(state: TableState, model: PlacedModel, text: str) -> geo.Route | None:
    """The move ``/move`` would make for ``text`` (with no ``max:``), or ``None`` when there is none."""
    try:
        return geo.route_move(state, model, text, None)
    except (IllegalCommand, InvalidCommand):
        return None


def _inches(value: float) -> str:
    return f"{value:.1f}\""


def _objectives(state: TableState, model: PlacedModel, far: float) -> list[_Found]:
    """Into contact with each objective in reach, else as far toward it as the reach goes."""
    found = []
    for zone in sorted(state.zones.values(), key=lambda z: z.id):
        if zone.kind != "objective":
            continue
        gap = shapely.Polygon(zone.polygon).distance(shapely.Point(model.x, model.y))
        whole = None if _beyond(model, far, gap) else _route(state, model, f"contact {zone.id}")
        if whole is not None and whole.distance <= far + TOLERANCE:
            found.append(_Found(_OBJECTIVE, f"contact {zone.id} ({_inches(whole.distance)})", f"contact {zone.id}",
                                whole))
            continue
        text = f"toward {zone.id} {far:g}"
        route = _route(state, model, text)
        if route is not None:
            found.append(_Found(_OBJECTIVE, f"furthest toward {zone.id} ({_inches(route.distance)})", text, route))
    return found


def _inside_spot(piece: TerrainMark, model: PlacedModel) -> Point | None:
    """The point nearest the model where its whole base stands inside the piece, or ``None`` if none fits."""
    inner = shapely.Polygon(piece.polygon).buffer(-(model.radius + 0.05))
    if inner.is_empty:
        return None
    near = nearest_points(inner, shapely.Point(model.x, model.y))[0]
    return (round(float(near.x), 2), round(float(near.y), 2))


def _beyond(model: PlacedModel, far: float, gap: float) -> bool:
    """Whether a place ``gap`` inches from the model's centre is out of its reach whatever the route (a route is
    never shorter than the straight line), so no route need be worked out to know it."""
    return gap - model.radius - _HUG > far + TOLERANCE


def _cover(state: TableState, model: PlacedModel, far: float) -> list[_Found]:
    """For each cover piece: the nearest spot it hides from the nearest enemy, and a spot inside it when the
    piece can be entered; each only when in reach."""
    enemies = [m for m in state.models.values() if m.side != model.side]
    field = geo.battlefield(state)
    mover = field.base(model.id)
    nearest = min(enemies, key=lambda e: (distance(mover, field.base(e.id)), e.id)) if enemies else None
    found = []
    for piece in sorted(state.terrain.values(), key=lambda t: (_number(t.id), t.id)):
        if not any(k in piece.keywords for k in COVER_KEYWORDS):
            continue
        if _beyond(model, far, shapely.Polygon(piece.polygon).distance(shapely.Point(model.x, model.y))):
            continue
        if nearest is not None:
            text = f"behind {piece.id} from {nearest.id}"
            route = _route(state, model, text)
            if route is not None and route.distance <= far + TOLERANCE:
                found.append(_Found(_COVER, f"cover behind {piece.id} from {nearest.id} ({_inches(route.distance)})",
                                    text, route))
        spot = None if IMPASSABLE in piece.keywords else _inside_spot(piece, model)
        if spot is not None:
            text = f"{spot[0]:g},{spot[1]:g}"
            route = _route(state, model, text)
            if route is not None and route.distance <= far + TOLERANCE:
                found.append(_Found(_COVER, f"into {piece.kind} {piece.id} ({_inches(route.distance)})", text, route))
    return found


def _contacts(state: TableState, model: PlacedModel, far: float) -> list[_Found]:
    """Base contact with each enemy model the reach gets to."""
    found = []
    for enemy in sorted((m for m in state.models.values() if m.side != model.side), key=lambda m: _number(m.id)):
        if _beyond(model, far, math.dist((model.x, model.y), (enemy.x, enemy.y)) - enemy.radius):
            continue
        text = f"contact {enemy.id}"
        route = _route(state, model, text)
        if route is not None and route.distance <= far + TOLERANCE:
            found.append(_Found(_CONTACT, f"contact {enemy.id} ({_inches(route.distance)})", text, route))
    return found


def _number(ident: str) -> tuple[str, int]:
    """Order ids as players count them: B2 before B10."""
    digits = re.search(r"\d+$", ident)
    return (ident[: digits.start()] if digits else ident, int(digits.group()) if digits else 0)


def _distinct(model: PlacedModel, found: list[_Found]) -> list[_Found]:
    """Drop suggestions that end where another (more telling) one does, or where the model already stands."""
    kept: list[_Found] = []
    ends: list[Point] = [(model.x, model.y)]
    for item in sorted(found, key=lambda f: (_KEEP_FIRST.index(f.kind), f.route.distance, f.label)):
        end = item.route.path[-1]
        if all(math.dist(end, other) >= SAME_SPOT for other in ends):
            kept.append(item)
            ends.append(end)
    return kept


def _shortlist(found: list[_Found]) -> list[_Found]:
    """At most :data:`MAX_CANDIDATES`, taking the nearest of each kind in turn so no kind crowds out the
    others; shown by kind (objectives, cover, contacts), then by distance."""
    by_kind: dict[int, list[_Found]] = {}
    for item in sorted(found, key=lambda f: (f.route.distance, f.label)):
        by_kind.setdefault(item.kind, []).append(item)
    ranked = sorted(found, key=lambda f: (by_kind[f.kind].index(f), f.kind, f.route.distance, f.label))
    chosen = ranked[:MAX_CANDIDATES]
    return sorted(chosen, key=lambda f: (f.kind, f.route.distance, f.label))


def move_candidates(state: TableState, model_id: str, rules: TableRules) -> list[MoveCandidate]:
    """Suggested moves for ``model_id`` within its reach, lettered A, B, C...: toward each objective, into
    cover from the nearest enemy, into contact with each enemy in reach. Pure: nothing on the table changes.

    Raises :class:`InvalidCommand` for an unknown model.
    """
    model = geo.model_named(state, model_id, "move")
    far = reach(model, rules)
    found = [*_objectives(state, model, far), *_cover(state, model, far), *_contacts(state, model, far)]
    shortlist = _shortlist(_distinct(model, found))
    return [MoveCandidate(letter=chr(ord("A") + index), label=item.label, to=item.to, distance=item.route.distance,
                          end=item.route.path[-1], path=item.route.path)
            for index, item in enumerate(shortlist)]


def named_destinations(state: TableState, model_id: str, *, measured: bool,
                       shown: Callable[[PlacedModel], str | None] | None = None) -> list[Choice]:
    """Ends a move can name, cheap enough for every keystroke and every menu (no routing): toward each
    objective as far as the move goes, then into contact with enemies. ``measured`` (the game lets a player
    measure before declaring) lists the nearest enemies first; otherwise they come in id order, so the list
    itself measures nothing. ``shown`` names an enemy as the asker may know it, or None for one it may not see
    (a game with secret identities); by default every enemy by its name."""
    model = state.models.get(ModelId(model_id.upper()))
    if model is None:
        return []
    name_of = shown or (lambda m: m.name)
    objectives = [Choice(f"toward {z.id} max", f"toward objective {z.id}, as far as it goes")
                  for z in state.zones.values() if z.kind == "objective"]
    enemies = [m for m in state.models.values() if m.side != model.side and name_of(m) is not None]
    if measured:
        enemies.sort(key=lambda m: (m.x - model.x) ** 2 + (m.y - model.y) ** 2)
    else:
        enemies.sort(key=lambda m: m.id)
    return [*objectives, *(Choice(f"contact {m.id}", f"into contact with {m.id} {name_of(m)}")
                           for m in enemies[:NAMED_ENEMIES])]
