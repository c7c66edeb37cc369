"""Maps laid on a table: a preset (shipped or uploaded) becomes concrete terrain and zones.

The events store these polygons, never the preset's id alone, so a stored game keeps its table even if the
data files change later. ``map_board`` draws a map on its own, empty, for previews.
"""

from __future__ import annotations

from engine.core import SPECTATOR, BoardView, GameSetup, SideId, TerrainMark, UserId, ZoneMark
from engine.schema import MapPreset
from engine.table.state import TableState
from engine.table.views import table_board

__all__ = ["map_board", "preset_layout"]


def preset_layout(preset: MapPreset) -> tuple[tuple[TerrainMark, ...], tuple[ZoneMark, ...]]:
    """The preset's terrain and zones as the table stores them (circles become 32-corner polygons)."""
    terrain = tuple(TerrainMark(id=piece.id, kind=piece.kind, polygon=piece.outline(), height=piece.height,
                                keywords=piece.keywords) for piece in preset.terrain)
    zones = tuple(ZoneMark(id=zone.id, kind=zone.kind, polygon=zone.outline(),
                           side=SideId(zone.side) if zone.side else None) for zone in preset.zones)
    return terrain, zones


def map_board(title: str, width: float, height: float, terrain: tuple[TerrainMark, ...],
              zones: tuple[ZoneMark, ...]) -> BoardView:
    """An empty table with this terrain and these zones, as anyone may see it (a map's preview)."""
    sides = tuple(sorted({zone.side for zone in zones if zone.side})) or (SideId("A"), SideId("B"))
    setup = GameSetup(system="preview", sides=sides, host=UserId("preview"), seed_commitment="")
    state = TableState(setup=setup, width=width, height=height, terrain={t.id: t for t in terrain},
                       zones={z.id: z for z in zones})
    return table_board(state, SPECTATOR, title)
