"""Geometry of a continuous table, in inches: bases, terrain, distances, sight, moves, routes and templates.

Pure: no I/O. The origin is the table's bottom-left corner, x to the right, y up; angles are degrees
counter-clockwise from +x. One tolerance, :data:`TOLERANCE` (0.01"), serves every predicate.
"""

from .anchors import (
    SHORT_OF_CONTACT,
    resolve_move,
)
from .battlefield import (
    Battlefield,
    Thing,
)
from .clearance import (
    IMPASSABLE,
    TABLE_EDGE,
    Obstacles,
    terrain_label,
)
from .errors import (
    GeometryError,
    MoveBlocked,
    NoCoverSpot,
    NoRoute,
    PlacementError,
    PositionSyntaxError,
    UnknownId,
)
from .measure import (
    Measurable,
    bearing,
    distance,
    is_completely_within,
    is_touching,
    is_within,
    overlaps,
)
from .movement import (
    MoveResult,
    check_placement,
    cut_path,
    finish_move,
    path_length,
    placement_conflicts,
    walk,
)
from .positions import (
    Away,
    Behind,
    Contact,
    FaceAlongPath,
    FaceDegrees,
    FaceThing,
    Facing,
    GoTo,
    Position,
    Toward,
    Via,
    format_position,
    parse_position,
)
from .routing import (
    Goal,
    Router,
)
from .shapes import (
    MM_PER_INCH,
    XY,
    Base,
    Circle,
    Edge,
    Pose,
    Table,
    Terrain,
    Zone,
)
from .sight import (
    BlockRule,
    LineOfSight,
    Sight,
    blocks_by_height,
    in_arc,
)
from .templates import (
    Template,
    circle_template,
    cone_template,
    covered_by,
    polygon_template,
    teardrop_template,
    touched_by,
)
from .tolerance import (
    TOLERANCE,
    round_point,
    round_pos,
)

__all__ = [
    "IMPASSABLE",
    "MM_PER_INCH",
    "SHORT_OF_CONTACT",
    "TABLE_EDGE",
    "TOLERANCE",
    "XY",
    "Away",
    "Base",
    "Battlefield",
    "Behind",
    "BlockRule",
    "Circle",
    "Contact",
    "Edge",
    "FaceAlongPath",
    "FaceDegrees",
    "FaceThing",
    "Facing",
    "GeometryError",
    "GoTo",
    "Goal",
    "LineOfSight",
    "Measurable",
    "MoveBlocked",
    "MoveResult",
    "NoCoverSpot",
    "NoRoute",
    "Obstacles",
    "PlacementError",
    "Pose",
    "Position",
    "PositionSyntaxError",
    "Router",
    "Sight",
    "Table",
    "Template",
    "Terrain",
    "Thing",
    "Toward",
    "UnknownId",
    "Via",
    "Zone",
    "bearing",
    "blocks_by_height",
    "check_placement",
    "circle_template",
    "cone_template",
    "covered_by",
    "cut_path",
    "distance",
    "finish_move",
    "format_position",
    "in_arc",
    "is_completely_within",
    "is_touching",
    "is_within",
    "overlaps",
    "parse_position",
    "path_length",
    "placement_conflicts",
    "polygon_template",
    "resolve_move",
    "round_point",
    "round_pos",
    "teardrop_template",
    "terrain_label",
    "touched_by",
    "walk",
]
