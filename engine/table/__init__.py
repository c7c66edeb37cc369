"""The table every game on inches stands on: placed models with poses, terrain, zones and maps; measuring,
sight, templates, routed moves and suggestions; one deployment algorithm; and the manual overrides.

A game's state subclasses :class:`TableState`; its system includes :data:`TABLE_EVENTS`, gives the table its data
and its :class:`TableRules` (``OnTable``: what blocks sight, which terrain it knows, its own limit on touching models
by hand), includes the table's declared actions and questions (:data:`TABLE`) in its own declarations, and draws
with ``table_board``.
"""

from engine.table import actions, setting  # noqa: F401 (each declares its share of TABLE)
from engine.table.actions import Newcomer, acted_by, new_model, off_the_table, on_the_table, standing_height
from engine.table.deploy import default_facing
from engine.table.events import (
    TABLE_EVENTS,
    MapImported,
    ModelAdded,
    ModelMoved,
    ModelPlaced,
    ModelRemoved,
    ModelWounded,
    TableSet,
    Tally,
    TerrainAdded,
    TerrainRemoved,
    TokenChanged,
    ZoneAdded,
)
from engine.table.maps import map_board, preset_layout
from engine.table.random_layout import RANDOM_MAP, random_layout
from engine.table.rules import (
    BLOCKING,
    TERRAIN_HEIGHTS,
    Ground,
    ModelName,
    MoveLimit,
    Perceive,
    Perception,
    TableRules,
    blocking_terrain_by_height,
    by_name,
)
from engine.table.setting import map_preview_board, parse_shape
from engine.table.state import PlacedModel, Point, TableState
from engine.table.suggestions import MoveCandidate, move_candidates
from engine.table.views import table_board
from engine.table.world import TABLE, OnTable, TableWorld

__all__ = [
    "BLOCKING",
    "RANDOM_MAP",
    "TABLE",
    "TABLE_EVENTS",
    "TERRAIN_HEIGHTS",
    "Ground",
    "MapImported",
    "ModelAdded",
    "ModelMoved",
    "ModelName",
    "ModelPlaced",
    "ModelRemoved",
    "ModelWounded",
    "MoveCandidate",
    "MoveLimit",
    "Newcomer",
    "OnTable",
    "Perceive",
    "Perception",
    "PlacedModel",
    "Point",
    "TableRules",
    "TableSet",
    "TableState",
    "TableWorld",
    "Tally",
    "TerrainAdded",
    "TerrainRemoved",
    "TokenChanged",
    "ZoneAdded",
    "acted_by",
    "blocking_terrain_by_height",
    "by_name",
    "default_facing",
    "map_board",
    "map_preview_board",
    "move_candidates",
    "new_model",
    "off_the_table",
    "on_the_table",
    "parse_shape",
    "preset_layout",
    "random_layout",
    "standing_height",
    "table_board",
]
