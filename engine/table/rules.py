"""What a game decides about its table on inches: which pieces stop sight, whether a model sees by its own rules
(facing, states), what terrain it knows, and how far a model reaches when nothing else is said.

The table layer's functions take a :class:`TableRules`, so freeplay, Eldfall, Shroudfall and Sunshard share
the mechanics and differ only in these choices.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import ModelId, SideId, Viewer
from engine.geometry import Base, BlockRule, Terrain, blocks_by_height
from engine.table.state import PlacedModel, Point, TableState

__all__ = ["BLOCKING", "TERRAIN_HEIGHTS", "Ground", "ModelName", "MoveLimit", "Perceive", "Perception", "TableRules",
           "blocking_terrain_by_height", "by_name"]

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


ModelName = Callable[[Any, Viewer, PlacedModel], str | None]
"""How a viewer may know a model (its name, a game's stand-in such as a Shrouded token), or None for one it may not
see yet."""

MoveLimit = Callable[[Any, SideId, bool], str | None]
"""A game's own limit on touching a side's models by hand now (the state, that side, whether the host asks): why
not, or None (freeplay's turn order once one is kept; Eldfall's set-up, where models are placed its own way)."""


def by_name(state: Any, viewer: Viewer, model: PlacedModel) -> str | None:
    """Every model by its name: nothing on the table is secret."""
    return model.name


@dataclass(frozen=True, slots=True)
class TableRules:
    """A game's choices for its table, the hooks the table's shared actions read (``engine.table.actions``)."""

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
    shown: ModelName = by_name
    """How the table's menus name a model to a viewer; one it may not see is left out."""
    may_move: MoveLimit | None = None
    """The game's own limit on placing, moving and adding a side's models by hand; ``None``: none."""
    laid_maps: Mapping[str, str] = field(default_factory=dict)
    """Maps the game lays itself when a game starts (freeplay's ``random``), each with why ``/map use`` and ``/map
    preview`` cannot lay or show it."""
    tokens: tuple[str, ...] = ("activated", "stunned", "pinned", "hidden")
    """Tokens a ``/model token`` menu suggests beside those already on the table (any other may be typed)."""
