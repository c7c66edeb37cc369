"""Where a Cone or Wall template may be laid, as a declared attack's ``at:`` offers it (Sunshard:Embren core rules
v1.0, L553, L559): the placement the menus always made first, then a few others the one rule check accepts that
catch more enemies or fewer friends. Worked out only when the question is asked (never for ``/act``'s first menu).

- A Cone's white line touches the attacker's base and some of it touches the target (L553; ruling cone-reach): the
  first placement points it straight at the target's centre (``at:0``); the others turn it about the attacker's base
  (``at:15``: 15 degrees to the attacker's left, ``at:-15`` to its right). Any other is typed as ``x,y;degrees``, the
  white line's middle and the way the Cone points.
- A Wall lies completely within X" of the attacker, over no friendly model, and the attacker sees a model under it
  (L559): the first lies across the target, square to the attacker's line to it; the others turn it about the target
  or lay it through the target and another enemy. Any other is typed as ``x,y;degrees``, its centre and the way its
  length runs.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from engine.core import Choice, RulesError, SideId
from engine.geometry import bearing
from engine.systems.sunshard.attack_plan import check_attack, cone_reaches, lay_template, read_placement, under_template
from engine.systems.sunshard.modifiers import weapon_ability
from engine.systems.sunshard.schema import WeaponProfile
from engine.systems.sunshard.world import Miniature, World

__all__ = ["OTHERS", "STRAIGHT", "first_at", "placement_choices"]

OTHERS = 4
"""How many placements a menu offers beside the first."""

STRAIGHT = "0"
"""A Cone straight at its target's centre, turned by nothing."""

STEP = 5
"""The degrees between the turns of a Cone the menu tries."""


def _square(attacker: Miniature, target: Miniature, profile: WeaponProfile) -> str:
    """A Cone straight at the target's centre; a Wall across the target, square to the attacker's line to it."""
    if weapon_ability(profile, "Wall") is None:
        return STRAIGHT
    here, there = attacker.base().xy, target.base().xy
    return f"{there[0]:g},{there[1]:g};{(bearing(here, there) + 90) % 360:.0f}"


def first_at(world: World, side: SideId, wanted: Mapping[str, str]) -> str:
    """The placement the menus offer first for the attack ``wanted`` names, and the one an attack typed without
    ``at:`` takes: a Cone straight at the target's centre; a Wall across the target square to the attacker's line,
    else (over a friend, say) the first other Wall through the target the check accepts."""
    attacker, target = world.model(wanted["model"]), world.model(wanted["target"])
    profile = attacker.weapon(wanted["weapon"])
    square = _square(attacker, target, profile)
    if weapon_ability(profile, "Wall") is None:
        return square
    for at in (square, *_wall_spots(world, attacker, target)):
        try:
            check_attack(world, side, {**wanted, "at": at})
        except RulesError:
            continue
        return at
    return square


def _caught(world: World, attacker: Miniature, target: Miniature, profile: WeaponProfile, at: str
            ) -> frozenset[str] | None:
    """The models a placement lays the template over (the target counted), or None where it misses the target."""
    wall = weapon_ability(profile, "Wall") is not None
    template = lay_template(world, attacker, profile, target, read_placement(at, cone=not wall))
    under = {m.id for m in under_template(world, template, skip=None if wall else attacker.id)}
    if target.id not in under if wall else not cone_reaches(world, template, target):
        return None
    return frozenset(under | {target.id})


Laid = tuple[str, frozenset[str]]
"""A placement and the models it lays the template over."""


def _cone_turns(world: World, attacker: Miniature, target: Miniature, profile: WeaponProfile) -> list[Laid]:
    """Turns of the Cone every :data:`STEP` degrees each way while it still reaches the target, least turned first."""
    laid: list[Laid] = []
    for sign in (1, -1):
        for turn in range(sign * STEP, sign * 90, sign * STEP):
            under = _caught(world, attacker, target, profile, str(turn))
            if under is None:
                break
            laid.append((str(turn), under))
    return sorted(laid, key=lambda item: (abs(int(item[0])), -int(item[0])))


def _walls(world: World, attacker: Miniature, target: Miniature, profile: WeaponProfile) -> list[Laid]:
    laid = []
    for at in _wall_spots(world, attacker, target):
        under = _caught(world, attacker, target, profile, at)
        if under is not None:
            laid.append((at, under))
    return laid


def _wall_spots(world: World, attacker: Miniature, target: Miniature) -> Iterator[str]:
    """Walls through the target turned about it, and through the target and each other enemy near it."""
    there = target.base().xy
    square = bearing(attacker.base().xy, there) + 90
    for turn in (90, 45, -45):
        yield f"{there[0]:g},{there[1]:g};{(square + turn) % 360:.0f}"
    length = world.data.templates["wall"].length
    for other in world.on_table():
        if other.side == target.side and other.id != target.id and \
                math.dist(other.base().xy, there) <= length + other.base().radius:
            x, y = other.base().xy
            middle = (round((x + there[0]) / 2, 2), round((y + there[1]) / 2, 2))
            yield f"{middle[0]:g},{middle[1]:g};{bearing(there, (x, y)) % 360:.0f}"


def _named(at: str, wall: bool) -> str:
    """A placement in words: a Wall's centre and the way it runs, a Cone's turn."""
    if wall:
        point, _, degrees = at.partition(";")
        return f"Centred at {point}, running {degrees}°"
    turn = float(at)
    return f"Turned {abs(turn):g}° {'left' if turn > 0 else 'right'}"


def _described(world: World, attacker: Miniature, caught: frozenset[str]) -> str:
    names = sorted(caught)
    friends = [m for m in names if world.model(m).side == attacker.side]
    shown = ", ".join(f"{m} (a friend)" if m in friends else m for m in names)
    return f"under it {shown}"


def placement_choices(world: World, side: SideId, wanted: Mapping[str, str]) -> list[Choice]:
    """The placements offered for the attack ``wanted`` names (``model``, ``weapon``, ``target``, ``kind``,
    ``aim``): the first one, then up to :data:`OTHERS` the check accepts that lay the template over another set of
    models, most enemies first, then fewest friends, then the least turned."""
    attacker, target = world.model(wanted["model"]), world.model(wanted["target"])
    profile = attacker.weapon(wanted["weapon"])
    wall = weapon_ability(profile, "Wall") is not None
    first = first_at(world, side, wanted)
    caught = _caught(world, attacker, target, profile, first)
    shown = _described(world, attacker, caught) if caught is not None else "the target"
    lead = f"{'Across' if wall else 'Straight at'} {target.name}" if first == _square(attacker, target, profile) \
        else _named(first, wall)
    choices = [Choice(first, f"{lead}: {shown}")]
    found: dict[frozenset[str], str] = {}
    for at, under in (_walls if wall else _cone_turns)(world, attacker, target, profile):
        if under != caught and under not in found:
            found[under] = at
    enemies = {m.id for m in world.on_table() if m.side != attacker.side}

    def rank(item: tuple[frozenset[str], str]) -> tuple[int, int]:
        under, _ = item
        return (-len(under & enemies), len(under - enemies))

    for under, at in sorted(found.items(), key=rank):
        if len(choices) > OTHERS:
            break
        try:
            check_attack(world, side, {**wanted, "at": at})
        except RulesError:
            continue
        choices.append(Choice(at, f"{_named(at, wall)}: {_described(world, attacker, under)}"))
    return choices
