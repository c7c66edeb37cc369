"""What a game decides about its table on inches: which pieces stop sight, whether a model sees by its own rules
(facing, states), what terrain it knows, and how far a model reaches when nothing else is said.

The table layer's functions take a :class:`TableRules`, so freeplay, Eldfall, Shroudfall and Sunshard share
the mechanics and differ only in these choices.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.core import ModelId, Viewer
from engine.geometry import Base, BlockRule, Terrain, blocks_by_height
from engine.table.state import Point, TableState

__all__ = ["BLOCKING", "TERRAIN_HEIGHTS", "Ground", "Perceive", "Perception", "TableRules",
           "blocking_terrain_by_height"]

BLOCKING = ("blocking", "obscuring")
"""Keywords of terrain that can stop sight; a piece with neither never does (low walls, water)."""

TERRAIN_HEIGHTS: Mapping[str, float] = {
    "forest": 3.0, "ruin": 3.0, "building": 5.0, "wall": 1.0, "hill": 2.0, "water": 0.0, "rocks": 2.0,
}
"""The kinds of terrain a table knows, each with its usual height in inches (a table convention of this
project, used when a blocking piece is added without a height)."""


def blocking_terrain_by_height(blocker: Terrain | Base, observer: Base, target: Base) -> bool:
    """Bases, and terrain marked blocking or obscuring, stop sight when at least as tall as the taller model."""
    if isinstance(blocker, Terrain) and not any(blocker.has(keyword) for keyword in BLOCKING):
        return False
    return blocks_by_height(blocker, observer, target)


Ground = Callable[[TableState, Point], float]
"""The height (inches) of the surface a model set down at a point stands on, by a game's own terrain rules."""



@dataclass(frozen=True, slots=True)
class Perception:
    """A game's own answer to whether one model sees another, by its rules (a front arc, a state), with the rule
    that decided, and what else those rules make of the pair (an Awareness): what ``/los`` and ``/measure`` say."""

    sees: bool
    why: str
    """The rule that decided, with its citation: "outside its front arc (L655-657)"."""
    notes: tuple[str, ...] = ()
    """Whole sentences a player may be told about the pair: "B2 is within A2's Awareness (5\")."."""


Perceive = Callable[[TableState, Viewer, ModelId, ModelId], Perception | None]
"""Whether the first model sees the second by a game's own sight rules, told to this viewer (what it may measure);
``None`` where those rules do not apply (a model the game does not know), so the table's geometry alone answers."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """A game's choices for its table."""

    sight: BlockRule = blocking_terrain_by_height
    terrain_heights: Mapping[str, float] = field(default_factory=lambda: dict(TERRAIN_HEIGHTS))
    reach_stat: str = "move"
    default_reach: float = 6.0
    """Inches a model may be offered in suggestions when its profile gives no ``reach_stat``."""
    ground: Ground | None = None
    """Where models stand on raised surfaces: placing or moving one by hand sets its height from this; ``None``
    keeps every model on the table at height 0."""
    perceive: Perceive | None = None
    """A game's own sight rule (facing, Blinded, Awareness) that ``/los`` and ``/measure`` answer by; ``None`` sees
    all round, across what ``sight`` lets block (freeplay)."""
