"""Whether a declared move has a way to where it heads, without working the route out: what the move menus ask of
every model and place they name (the route itself, its cuts and what it meets, are ``routes``'s). Any route will do,
not the shortest (``has_route``); the leash a Personal Guard's move is cut at is not asked (Eldfall core rules v1.5,
L620-645, L1322-1357)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.core import IllegalCommand
from engine.geometry import Battlefield, Contact, GeometryError, Toward, has_route, parse_position
from engine.geometry.anchors import Asked, has_route_each
from engine.geometry.positions import Position
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.heights import LADDER
from engine.systems.eldfall.movement import MovementKind
from engine.systems.eldfall.routes import allies_passed, goals_of, headed_up, setting, smaller_models
from engine.systems.eldfall.world import World

__all__ = ["WayAsked", "has_way", "has_way_any", "has_way_each"]


def has_way(world: World, f: Fighter, how: MovementKind, to: str, allowance: float, *, trample: bool = False) -> bool:
    """Whether ``route`` finds a way for ``f``'s ``how`` movement toward ``to`` (not a Jump's or a Flicker's straight
    line): any route, not the shortest (``has_route``); the leash, which ``route`` applies after, is not asked."""
    assert how != "jump"
    smaller = smaller_models(world, f) if trample else frozenset()
    try:
        position, _, field = setting(world, f, how, to, smaller, flicker=False)
    except (GeometryError, IllegalCommand):
        return False
    return has_route(field, f.id, position, max_distance=allowance)


def has_way_any(world: World, f: Fighter, how: MovementKind, tos: Sequence[str], allowance: Callable[[], float], *,
                trample: bool = False) -> bool:
    """Whether ``has_way`` holds for one of ``tos`` (``has_way_each`` of them)."""
    return has_way_each(world, [(f, how, tos, allowance, trample)])[0]


WayAsked = tuple[Fighter, MovementKind, Sequence[str], Callable[[], float], bool]
"""A model, its movement, the places it might head for, its allowance (worked out if asked) and whether it Tramples."""


def has_way_each(world: World, asked: Sequence[WayAsked]) -> list[bool]:
    """Whether ``has_way`` holds for one of the places of each ask: for each model, the places whose moves meet the
    table alike (the same scenery walked round, the same models passed through) asked together, and all the models'
    asked of the router at once (``has_route_each``: a menu asks it of every model it offers); the allowance is
    worked out only for a place other than toward or into contact with something (any way there will do)."""
    routed: list[Asked] = []
    owners: list[int] = []
    for i, (f, how, tos, allowance, trample) in enumerate(asked):
        assert how != "jump"
        for field, positions in _alike_fields(world, f, how, tos, trample).values():
            routed.append((field, f.id, positions, _far(positions, allowance)))
            owners.append(i)
    found = [False] * len(asked)
    for i, ok in zip(owners, has_route_each(routed), strict=True):
        found[i] = found[i] or ok
    return found


def _alike_fields(world: World, f: Fighter, how: MovementKind, tos: Sequence[str],
                  trample: bool) -> dict[tuple[object, ...], tuple[Battlefield, list[Position]]]:
    """The places ``tos`` (those that name one) by what their moves meet alike (``_alike``), with the table as they
    meet it."""
    smaller = smaller_models(world, f) if trample else frozenset()
    heads_up = world.heights and how in ("walk", "run", "dodge") and not f.is_("flying") \
        and bool(world.kept(("ladders",), lambda: tuple(p for p in world.field().terrain if p.has(LADDER))))
    alike: dict[tuple[object, ...], tuple[Battlefield, list[Position]]] = {}
    by_target: dict[str, tuple[object, ...] | None] = {}  # toward and into contact with one thing meet it alike
    for to in tos:
        try:
            position = _parsed(to)
            target = position.target if isinstance(position, Toward | Contact) else None
            key = by_target[target] if target in by_target else _alike(world, f, position, smaller, heads_up)
            if target is not None:
                by_target[target] = key
            if key is None or key not in alike:
                alike[key or (to,)] = (setting(world, f, how, to, smaller, flicker=False)[2], [])
        except (GeometryError, IllegalCommand):
            continue
        alike[key or (to,)][1].append(position)
    return alike


def _far(positions: list[Position], allowance: Callable[[], float]) -> float | None:
    """The allowance a move to one of ``positions`` is cut at, None where none asks it (``has_route_any``)."""
    return allowance() if any(not isinstance(p, Toward | Contact) for p in positions) else None


_parsed = lru_cache(maxsize=1024)(parse_position)
"""A place a menu names, read once (the same few names are asked of every model it offers)."""


def _alike(world: World, f: Fighter, position: Position, smaller: frozenset[str],
           heads_up: bool) -> tuple[object, ...] | None:
    """What the table as a move toward or into contact with something meets depends on (``_field``): the models it
    passes through and the ladders it heads up (``heads_up``: a Walk, Run or dodge on the ground, where ladders
    stand); None for any other position (its points are checked one by one)."""
    if not isinstance(position, Toward | Contact):
        return None
    passable = allies_passed(world, f, position)
    return (smaller | passable if smaller else passable,
            headed_up(world, goals_of(world, position)) if heads_up else None)
