"""Cover against ranged attacks (Eldfall core rules v1.5, L1488-1514).

A Small, Medium or Large target has cover when within 1 inch of scenery rising above its base that hides part of
its hitbox from the attacker. Heavy cover (the piece taller and wider than the model) gives the attacker -4, light
cover -2; players may agree each piece's kind beforehand (L1502), written as the terrain keywords ``heavy-cover``
or ``light-cover``. A Crouched model always has light cover (L1506). No cover against a Casting Aura attack (L756),
a Targetless attack at the ground (L1514), or for a Flying model (L1735). A model standing on raised ground that the
edge of its own surface partly hides from the attacker has light cover (higher ground, L1508); a wall on that ground
gives heavy cover as any scenery does. Once either model stands above the table, what a piece hides is worked out
along 3D lines. Several sources combine by ruling ``cover-stacking``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import shapely

from engine.checks import Modifier
from engine.geometry import TOLERANCE, Base, LineOfSight, Terrain, distance, sight_in_height
from engine.systems.eldfall.heights import is_solid
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.schema import Size

__all__ = ["COVER_MODIFIER", "Cover", "CoverKind", "cover", "piece_width"]

CoverKind = Literal["none", "light", "heavy"]
COVER_MODIFIER: dict[CoverKind, int] = {"none": 0, "light": -2, "heavy": -4}
_SIZES_WITH_COVER = ("Small", "Medium", "Large")


@dataclass(frozen=True, slots=True)
class Cover:
    """The cover a target has against one ranged attack: its kind, the attacker's modifier and the pieces giving it."""

    kind: CoverKind
    modifier: Modifier | None
    pieces: tuple[str, ...]
    working: tuple[str, ...]


def piece_width(piece: Terrain, attacker: Base, target: Base) -> float:
    """How wide the piece is across the line from attacker to target, in inches."""
    dx, dy = target.pose.x - attacker.pose.x, target.pose.y - attacker.pose.y
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    across = [x * nx + y * ny for x, y in piece.polygon.exterior.coords]
    return float(max(across) - min(across))


def _kind(piece: Terrain, attacker: Base, target: Base) -> CoverKind:
    if piece.has("heavy-cover"):
        return "heavy"
    if piece.has("light-cover"):
        return "light"
    taller = piece.height >= target.top - TOLERANCE
    wider = piece_width(piece, attacker, target) >= 2 * target.radius - TOLERANCE
    return "heavy" if taller and wider else "light"


def _hidden_by(piece: Terrain, attacker: Base, target: Base, raised: bool) -> float:
    """The share of ``target`` that ``piece`` alone hides from ``attacker`` (along 3D lines once either is raised)."""
    if raised:
        return sight_in_height(attacker, target, [piece]).hidden_share
    return LineOfSight([piece], rule=lambda *_: True).check(attacker, target).hidden_share


def cover(attacker: Base, target: Base, size: Size, terrain: Sequence[Terrain], *, crouched: bool = False,
          flying: bool = False, casting_aura: bool = False, targetless: bool = False,
          rulings: Rulings) -> Cover:
    """Work out ``target``'s cover from ``attacker``'s ranged attack among the ``terrain`` pieces."""
    for excluded, why in ((targetless, "a Targetless attack at the ground ignores cover (L1514)"),
                          (casting_aura, "a Casting Aura attack ignores cover (L756)"),
                          (flying, "a Flying model never has cover (L1735)"),
                          (size not in _SIZES_WITH_COVER, f"a {size} model never has cover (L1492)")):
        if excluded:
            return Cover("none", None, (), (why,))
    found: list[tuple[str, CoverKind]] = []
    lines: list[str] = []
    raised = attacker.pose.z > TOLERANCE or target.pose.z > TOLERANCE
    for piece in terrain:
        if distance(target, piece) > 1.0 + TOLERANCE or piece.height <= target.pose.z + TOLERANCE:
            continue
        if _hidden_by(piece, attacker, target, raised) <= 0.0:
            continue
        kind = _kind(piece, attacker, target)
        found.append((piece.id, kind))
        lines.append(f"{piece.id} within 1\" hides part of it: {kind} cover (L1492-1500)")
    if target.pose.z > TOLERANCE:
        for piece in terrain:
            if is_solid(piece) and abs(piece.height - target.pose.z) <= TOLERANCE \
                    and shapely.contains_xy(piece.polygon, *target.xy) and _hidden_by(piece, attacker, target, True):
                found.append((piece.id, "light"))
                lines.append(f"higher ground: the edge of {piece.id}, which it stands on, hides part of it from the "
                             "attacker: light cover (L1508)")
                break
    if crouched:
        found.append(("Crouched", "light"))
        lines.append("Crouched: light cover (L1506)")
    if not found:
        return Cover("none", None, (), ("no scenery within 1\" hides it (L1492)",))
    if rulings.cover_stacking == "add-up":
        total = sum(COVER_MODIFIER[kind] for _, kind in found)
        best: CoverKind = "heavy" if any(kind == "heavy" for _, kind in found) else "light"
        pieces = tuple(name for name, _ in found)
    else:
        best = "heavy" if any(kind == "heavy" for _, kind in found) else "light"
        total = COVER_MODIFIER[best]
        pieces = tuple(name for name, kind in found if kind == best)[:1]
        lines.append(f"only the best cover counts: {best} (ruling cover-stacking)")
    return Cover(best, Modifier.add(f"{best} cover", total, "L1498-1500"), pieces, tuple(lines))

