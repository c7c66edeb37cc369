"""The table every game on inches stands on: placed models with poses, terrain, zones and maps; measuring,
sight, templates, routed moves and suggestions; one deployment algorithm; and the manual overrides.

A game's state subclasses :class:`TableState`; its system includes :data:`TABLE_EVENTS` and
:data:`TABLE_COMMANDS`, hands table commands to a :class:`TableHandlers`, declares ``table_actions(...)`` and
draws with ``table_board``. Its own choices (what blocks sight, which terrain it knows) are a
:class:`TableRules`.
"""

from engine.table.actions import map_preview_board, table_actions
from engine.table.commands import (
    TABLE_COMMANDS,
    AddModel,
    AddTerrain,
    ChangeToken,
    DeployAuto,
    ImportMap,
    LoadForce,
    MoveModel,
    PlaceModel,
    RemoveModel,
    RemoveTerrain,
    WoundModel,
    parse_shape,
)
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
from engine.table.handlers import MoveCheck, TableHandlers, default_facing
from engine.table.maps import map_board, preset_layout
from engine.table.random_layout import RANDOM_MAP, random_layout
from engine.table.rules import (
    BLOCKING,
    TERRAIN_HEIGHTS,
    Ground,
    Perceive,
    Perception,
    TableRules,
    blocking_terrain_by_height,
)
from engine.table.state import PlacedModel, Point, TableState
from engine.table.suggestions import MoveCandidate, move_candidates
from engine.table.views import table_board

__all__ = [
    "BLOCKING",
    "RANDOM_MAP",
    "TABLE_COMMANDS",
    "TABLE_EVENTS",
    "TERRAIN_HEIGHTS",
    "AddModel",
    "AddTerrain",
    "ChangeToken",
    "DeployAuto",
    "Ground",
    "ImportMap",
    "LoadForce",
    "MapImported",
    "ModelAdded",
    "ModelMoved",
    "ModelPlaced",
    "ModelRemoved",
    "ModelWounded",
    "MoveCandidate",
    "MoveCheck",
    "MoveModel",
    "Perceive",
    "Perception",
    "PlaceModel",
    "PlacedModel",
    "Point",
    "RemoveModel",
    "RemoveTerrain",
    "TableHandlers",
    "TableRules",
    "TableSet",
    "TableState",
    "Tally",
    "TerrainAdded",
    "TerrainRemoved",
    "TokenChanged",
    "WoundModel",
    "ZoneAdded",
    "blocking_terrain_by_height",
    "default_facing",
    "map_board",
    "map_preview_board",
    "move_candidates",
    "parse_shape",
    "preset_layout",
    "random_layout",
    "table_actions",
    "table_board",
]
