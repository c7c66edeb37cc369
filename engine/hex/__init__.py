"""Hex boards for any hex game: axial coordinates, readable ids, paths, line of sight, pushes, joined tiles.

Pure and exact: adjacency, distance and paths are integer arithmetic on axial coordinates; sight uses Shapely
hex polygons on an integer lattice, so touching a corner is decided without rounding. Nothing here knows a
particular game: kinds such as ``starting`` or ``lethal`` are words a game gives meaning to, and only
``blocked`` is understood (no entering, no standing, no seeing through).
"""

from engine.hex.board import BLOCKED, Cell, HexBoard
from engine.hex.coords import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    direction_index,
    distance,
    from_offset,
    ring,
    to_offset,
    within,
)
from engine.hex.naming import HexIdError, cell_name, parse_cell_name
from engine.hex.paths import PathError, destinations, path_cost, reachable, shortest_path
from engine.hex.push import away_hexes, directly_away, drive_back_hexes, push_hexes, straight_on
from engine.hex.shapes import board_centre, board_corners, lattice_centre, lattice_polygon
from engine.hex.sight import Contact, Sight, SightRule, can_see, line_of_sight
from engine.hex.tiles import Edge, Joined, Layout, Placement, Tile, join, layouts, place

__all__ = [
    "BLOCKED",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "Cell",
    "Contact",
    "Edge",
    "Hex",
    "HexBoard",
    "HexIdError",
    "Joined",
    "Layout",
    "PathError",
    "Placement",
    "Sight",
    "SightRule",
    "Tile",
    "away_hexes",
    "board_centre",
    "board_corners",
    "can_see",
    "cell_name",
    "destinations",
    "direction_index",
    "directly_away",
    "distance",
    "drive_back_hexes",
    "from_offset",
    "join",
    "lattice_centre",
    "lattice_polygon",
    "layouts",
    "line_of_sight",
    "parse_cell_name",
    "path_cost",
    "place",
    "push_hexes",
    "reachable",
    "ring",
    "shortest_path",
    "straight_on",
    "to_offset",
    "within",
]
