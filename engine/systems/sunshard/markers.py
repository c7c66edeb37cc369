"""Quest markers: on Objectives, on models (where they count as tokens, L632) and loose on the battlefield on
30 mm bases (L632, L1349). A model holding a Rescue or Treasure marker that is Downed or Killed has its owner put
the marker down in base contact with it, clear of other bases and Impassable terrain where possible (L872, L981);
the referee picks the first such spot around the model, from the side facing its own deployment zone."""

from __future__ import annotations

import math

from engine.core import Context, ModelId
from engine.geometry import MM_PER_INCH, TOLERANCE, Base, Pose, overlaps
from engine.systems.sunshard.events import MarkerPlaced, TokensChanged
from engine.systems.sunshard.state import LooseMarker, SunshardState
from engine.systems.sunshard.terrain import pieces, relation
from engine.systems.sunshard.world import RULE, world_of

__all__ = ["CARRIED", "MARKER_MM", "drop_markers", "marker_base"]

MARKER_MM = 30.0
"""A loose marker's base (L632)."""

CARRIED = ("Rescue", "Treasure")
"""Markers a model carries and drops when Downed or Killed (L872, L981)."""


def marker_base(marker: LooseMarker) -> Base:
    return Base(marker.id, Pose(marker.x, marker.y), MARKER_MM, 0.0)


def drop_markers(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """Put down every Rescue and Treasure marker ``model_id`` holds, each in base contact with it (L872, L981)."""
    world = world_of(ctx)
    model = world.model(model_id)
    held = [token for token in model.placed.tokens if token in CARRIED]
    if not held:
        return
    here = model.base()
    radius = MARKER_MM / MM_PER_INCH / 2
    reach = here.radius + radius + TOLERANCE / 2
    zone = ctx.state.deployment_zone(model.side)
    start = 270.0 if zone is None or zone.polygon[0][1] < ctx.state.height / 2 else 90.0
    taken = [m.base() for m in world.on_table() if m.id != model.id]
    taken += [marker_base(m) for m in ctx.state.markers.values()]
    walls = [t for t in pieces(world) if t.has("impassable")]
    for token in held:
        spot = None
        for step in range(24):
            angle = math.radians(start + 15 * ((step + 1) // 2) * (1 if step % 2 else -1))
            x, y = here.pose.x + reach * math.cos(angle), here.pose.y + reach * math.sin(angle)
            probe = Base("probe", Pose(x, y), MARKER_MM, 0.0)
            on_table = radius <= x <= ctx.state.width - radius and radius <= y <= ctx.state.height - radius
            if on_table and not any(overlaps(probe, b) for b in taken) and not any(
                    relation(probe, w) in ("within", "completely") for w in walls):
                spot = (round(x, 2), round(y, 2))
                break
        if spot is None:
            spot = (round(here.pose.x, 2), round(here.pose.y - reach if start == 270.0 else here.pose.y + reach, 2))
        marker = LooseMarker(id=f"M{ctx.state.markers_added + 1}", kind=token, x=spot[0], y=spot[1])
        ctx.emit(TokensChanged(model_id=model.id, lost=(token,), why=f"it drops the {token} marker"))
        ctx.emit(MarkerPlaced(marker=marker, why=f"dropped in base contact with {model.id} ({RULE}, "
                                                  f"{'L872' if token == 'Rescue' else 'L981'})"))
        taken.append(marker_base(marker))
