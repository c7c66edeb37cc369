"""Eldfall's templates: circles of 70 and 120 mm and teardrop sprays of 213 and 260 mm (Eldfall core rules v1.5,
L764-791).

A template affects every model whose hitbox it covers or touches, and the main target must be wholly covered (L768,
L780, L786); a spray's narrow end touches its user's base (L786); the user never suffers its own template (L776). A
Targetless Casting-Aura template on the ground must lie wholly inside the caster's Awareness (L2173). Spray widths
and "Circular 5" are rulings ``teardrop-size`` and ``blinding-light-template``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.geometry import (
    MM_PER_INCH,
    XY,
    Base,
    Circle,
    Template,
    circle_template,
    covered_by,
    is_completely_within,
    teardrop_template,
    touched_by,
)
from engine.systems.eldfall.rulings import Rulings

__all__ = ["TemplateHits", "aim_spray", "aura_holds", "circle_at", "spray_from", "template_hits", "template_size"]

_CIRCLE_MM = {"circular-s": 70.0, "circular-l": 120.0}
_SPRAY_MM = {"spray-s": 213.0, "spray-l": 260.0}
_SPRAY_WIDTH = {"flamer": 0.42, "slim": 0.30}


def template_size(aoe: str, rulings: Rulings) -> tuple[float, float]:
    """(length, width) in inches: a circle's diameter twice, or a spray's length and its round end's width."""
    if aoe == "circular-5":
        if rulings.blinding_light_template == "five-inch":
            return 5.0, 5.0
        aoe = rulings.blinding_light_template
    if aoe in _CIRCLE_MM:
        d = _CIRCLE_MM[aoe] / MM_PER_INCH
        return d, d
    if aoe in _SPRAY_MM:
        length = _SPRAY_MM[aoe] / MM_PER_INCH
        return length, length * _SPRAY_WIDTH[rulings.teardrop_size]
    raise ValueError(f'unknown template "{aoe}"; templates are circular-s, circular-l, circular-5, spray-s, spray-l')


def circle_at(aoe: str, centre: XY, rulings: Rulings) -> Template:
    """A circular template centred on ``centre``."""
    diameter, _ = template_size(aoe, rulings)
    if aoe.startswith("spray"):
        raise ValueError(f"{aoe} is a spray, not a circle")
    return circle_template(centre, diameter / 2)


def spray_from(user: Base, direction: float, aoe: str, rulings: Rulings) -> Template:
    """A spray pointing ``direction`` degrees, its narrow end on the edge of ``user``'s base."""
    if not aoe.startswith("spray"):
        raise ValueError(f"{aoe} is not a spray template")
    length, width = template_size(aoe, rulings)
    a = math.radians(direction)
    tip = (user.pose.x + user.radius * math.cos(a), user.pose.y + user.radius * math.sin(a))
    return teardrop_template(tip, direction, length, width)


def aim_spray(user: Base, target: Base, aoe: str, rulings: Rulings,
              step: float = 1.0) -> Template | None:
    """A spray from ``user`` that wholly covers ``target``: straight at it first, then turning by ``step`` degrees
    either way; None when none does."""
    ahead = math.degrees(math.atan2(target.pose.y - user.pose.y, target.pose.x - user.pose.x))
    turns = [0.0] + [sign * n * step for n in range(1, int(90 / step) + 1) for sign in (1, -1)]
    for turn in turns:
        template = spray_from(user, ahead + turn, aoe, rulings)
        if covered_by(template, [target]):
            return template
    return None


@dataclass(frozen=True, slots=True)
class TemplateHits:
    """Whether the main target is wholly covered (None: no main target), and every model affected."""

    main_covered: bool | None
    affected: tuple[str, ...]


def template_hits(template: Template, bases: Sequence[Base], *, user: str | None,
                  main_target: str | None = None) -> TemplateHits:
    """The models ``template`` affects: touched or covered, never its user (L768, L776)."""
    affected = tuple(i for i in touched_by(template, bases) if i != user)
    covered = None
    if main_target is not None:
        main = [b for b in bases if b.id == main_target]
        if not main:
            raise ValueError(f'the main target "{main_target}" is not among the bases')
        covered = bool(covered_by(template, main))
    return TemplateHits(covered, affected)


def aura_holds(caster: Base, agility: int, template: Template) -> bool:
    """Whether a ground template lies wholly inside the caster's Casting Aura (its Awareness, L752 and L2173)."""
    aura = Circle(caster.pose.x, caster.pose.y, caster.radius + agility)
    return is_completely_within(template.area, aura)
