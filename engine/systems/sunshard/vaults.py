"""Vaults and falls (Sunshard:Embren core rules v1.0, L455, L463, L467, L469-479, L714).

A vault carries a model straight to a new spot outside a movement action (Disengage L409, Fade L1514), engaged or
not: it may pass through models (L463) and over Impassable terrain no more than 1 HGT above it, but may not end within
Impassable terrain (L714) or on another base (L463), nor go within any terrain, Impassable or not, more than 1 HGT
above its functional HGT (L467). A model that ends a move or vault 3 or more HGT below the surface it started on falls
(L471; ruling falling-drop): it gains Floored and takes a falling Armor test at ARM minus the drop, losing 1 HP on
failure (L473-479).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import shapely

from engine.checks import Modifier
from engine.core import Context, IllegalCommand, ModelId
from engine.geometry import TOLERANCE, bearing, overlaps, path_length
from engine.systems.sunshard.harm import Cause, gain
from engine.systems.sunshard.resume import Resume
from engine.systems.sunshard.rolls import tn
from engine.systems.sunshard.saves import armor_like_test
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import pieces, relation, surface
from engine.systems.sunshard.world import RULE, Miniature, World, world_of
from engine.table import ModelMoved

__all__ = ["check_vault", "fall", "falls", "vault", "vault_along", "vault_spots"]

Point = tuple[float, float]


def falls(world: World, start: int, end: int) -> bool:
    """Whether going from a surface of HGT ``start`` to one of HGT ``end`` is a fall (ruling falling-drop)."""
    drop = start - end
    return drop >= 3 if world.rulings.falling_drop == "three-or-more" else drop > 0


def fall(ctx: Context[SunshardState], model_id: ModelId, start: int, end: int, then: Resume | None = None) -> bool:
    """A fall: Floored, then the falling Armor test at ARM - |drop| (L471-479); False when its Fortune re-roll was
    offered and ``then`` waits for the answer (:func:`saves.armor_like_test`)."""
    world = world_of(ctx)
    model = world.model(model_id)
    drop = abs(start - end)
    gain(ctx, model.id, "Floored", cause=Cause(f"it fell {drop} HGT ({RULE}, L471)"))
    if not world_of(ctx).model(model_id).on_table:
        return True
    goal = tn(model.characteristic("ARM").value, [Modifier.add(f"a fall of {drop} HGT", -drop, f"{RULE}, L477")],
              label=f"{model.id}'s ARM")
    return armor_like_test(ctx, model.id, goal, f"{model.id}'s falling Armor test", Cause(f"a fall ({RULE}, L479)"),
                           then)


def check_vault(world: World, model: Miniature, to: tuple[float, float], reach: float) -> float:
    """Refuse a vault the rules forbid; return its length.

    :raises IllegalCommand: naming the rule.
    """
    here = (model.placed.x, model.placed.y)
    length = math.dist(here, to)
    if length > reach + TOLERANCE:
        raise IllegalCommand(f"{model.id} may vault {reach:g}\" and {to[0]:g},{to[1]:g} is {length:.2f}\" away")
    end = model.base().at(*to)
    radius = end.radius
    if not (radius - TOLERANCE <= to[0] <= world.state.width - radius + TOLERANCE
            and radius - TOLERANCE <= to[1] <= world.state.height - radius + TOLERANCE):
        raise IllegalCommand(f"{model.id}'s base would leave the battlefield (ruling table-edge)")
    clash = [m.id for m in world.on_table() if m.id != model.id and overlaps(end, m.base())]
    if clash:
        raise IllegalCommand(f"{model.id} cannot end on another base ({', '.join(clash)}) ({RULE}, L463)")
    swept = shapely.LineString([here, to]).buffer(radius - TOLERANCE) if length > 0 else None
    height = model.functional_hgt(for_sight=False)
    for piece in pieces(world):
        if piece.has("impassable") and relation(end, piece) in ("within", "completely"):
            raise IllegalCommand(f"{model.id} cannot end a vault within Impassable terrain {piece.id} ({RULE}, L714)")
        if (swept is not None and piece.height > height + 1
                and swept.intersection(piece.polygon).area > TOLERANCE ** 2):
            raise IllegalCommand(f"{model.id} (functional HGT {height:g}) cannot vault within {piece.id} (HGT "
                                 f"{piece.height:g}), more than 1 above it ({RULE}, L467)")
    return length


def vault_spots(world: World, model: Miniature, reach: float) -> list[tuple[float, float]]:
    """Spots a vault of ``reach`` may end on, for a menu: staying put first, then eight directions at the full reach
    and at half of it, each one :func:`check_vault` accepts."""
    here = (model.placed.x, model.placed.y)
    found = [here]
    for length in (reach - TOLERANCE, reach / 2):
        for step in range(8):
            angle = math.radians(step * 45)
            spot = (round(here[0] + length * math.cos(angle), 2), round(here[1] + length * math.sin(angle), 2))
            try:
                check_vault(world, model, spot, reach)
            except IllegalCommand:
                continue
            found.append(spot)
    return found


def vault(ctx: Context[SunshardState], model_id: ModelId, to: tuple[float, float], reach: float, *, why: str,
          then: Resume | None = None) -> float:
    """Vault ``model_id`` straight to ``to`` (checked), falling if it drops far; returns the distance. With ``then``,
    a failed falling test may be offered its Fortune re-roll, ``then`` carrying on after the answer."""
    world = world_of(ctx)
    model = world.model(model_id)
    length = check_vault(world, model, to, reach)
    here = (model.placed.x, model.placed.y)
    facing = round(bearing(here, to), 2) if length else model.placed.facing
    vault_along(ctx, model_id, (here, (round(to[0], 2), round(to[1], 2))), facing, surface(world, model), why=why,
                then=then)
    return length


def vault_along(ctx: Context[SunshardState], model_id: ModelId, path: Sequence[Point], facing: float, start: int, *,
                why: str, then: Resume | None = None) -> bool:
    """Carry a checked vault along ``path`` (the rest of it, after a Held Shot, L461: only its end when the shot came
    there), falling if it ends far below ``start``, the surface it began on (L471); False when the fall's Fortune
    re-roll waits with ``then``."""
    world = world_of(ctx)
    model = world.model(model_id)
    end = surface(world, model, at=path[-1])
    if len(path) > 1:
        ctx.emit(ModelMoved(model_id=model.id, path=tuple(path), distance=round(path_length(path), 2), facing=facing,
                            z=float(end), acted_by=why))
    return not falls(world, start, end) or fall(ctx, model.id, start, end, then)
