"""What a table on inches holds: its size, terrain, zones and the models standing on it.

Every game played on a continuous table (freeplay, Eldfall, Shroudfall, Sunshard) keeps its state in a
subclass of :class:`TableState`, so the table's events, geometry, moves, suggestions, deployment, maps and
manual overrides serve them all. Terrain and zones are stored as the very marks a picture draws
(``TerrainMark``, ``ZoneMark``); the geometry layer builds its Shapely objects from them in one place
(``engine.table.geometry``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core import CoreState, ModelId, SideId, TerrainMark, ZoneMark

__all__ = ["PlacedModel", "Point", "TableState"]

Point = tuple[float, float]


class PlacedModel(BaseModel):
    """A model on the table: position in inches (rounded to 0.01"), the height its feet stand at (``z``),
    facing in degrees (0 = +x, counter-clockwise), wounds, tokens and the profile it was added from."""

    model_config = ConfigDict(extra="forbid")

    id: ModelId
    name: str
    unit: str
    side: SideId
    base_mm: float
    x: float
    y: float
    z: float = 0.0
    facing: float = 90.0
    wounds: int
    wounds_taken: int = 0
    stats: dict[str, int | float | str] = {}
    tokens: list[str] = []
    points: int = 0  # the unit's points when it was added; 0 when the profile gives none

    @property
    def radius(self) -> float:
        return self.base_mm / 25.4 / 2

    @property
    def wounds_left(self) -> int:
        return max(0, self.wounds - self.wounds_taken)


class TableState(CoreState):
    """A game state with a table on inches; games add their own fields in a subclass."""

    model_config = ConfigDict(extra="forbid")

    width: float = 36.0
    height: float = 36.0
    map_name: str | None = None
    terrain: dict[str, TerrainMark] = {}
    zones: dict[str, ZoneMark] = {}
    models: dict[ModelId, PlacedModel] = {}
    fallen: dict[ModelId, PlacedModel] = {}
    """Models taken off the table, as they last stood: a picture leaves a marker there and its roster lists them."""
    models_added: dict[SideId, int] = {}
    terrain_added: int = 0

    def fielded(self, side: SideId) -> tuple[int, int]:
        """The points and the number of models ``side`` has on the table, for the running total players
        check their list against (a model whose profile gives no points counts 0)."""
        mine = [model for model in self.models.values() if model.side == side]
        return sum(model.points for model in mine), len(mine)

    def deployment_zone(self, side: SideId) -> ZoneMark | None:
        """The side's deployment zone (the first one, if a map gives it several), or ``None``."""
        return next((z for z in self.zones.values() if z.kind == "deployment" and z.side == side
                     and len(z.polygon) >= 3), None)
