"""What a freeplay table holds: the table, terrain, zones, models, hands and notes."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core import CoreState, ModelId, SideId

__all__ = ["FreeplayState", "PlacedModel", "PlacedTerrain", "PlacedZone", "Point"]

Point = tuple[float, float]


class PlacedTerrain(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: str
    polygon: tuple[Point, ...]
    height: float = 0.0
    keywords: tuple[str, ...] = ()


class PlacedZone(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: str
    polygon: tuple[Point, ...]
    side: SideId | None = None


class PlacedModel(BaseModel):
    """A model on the table; positions in inches, rounded to 0.01"."""

    model_config = ConfigDict(extra="forbid")

    id: ModelId
    name: str
    unit: str
    side: SideId
    base_mm: float
    x: float
    y: float
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


class FreeplayState(CoreState):
    model_config = ConfigDict(extra="forbid")

    width: float = 36.0
    height: float = 36.0
    map_name: str | None = None
    terrain: dict[str, PlacedTerrain] = {}
    zones: dict[str, PlacedZone] = {}
    models: dict[ModelId, PlacedModel] = {}
    hands: dict[SideId, list[str]] = {}
    notes: list[str] = []
    models_added: dict[SideId, int] = {}
    terrain_added: int = 0

    def fielded(self, side: SideId) -> tuple[int, int]:
        """The points and the number of models ``side`` has on the table, for the running total players
        check their list against (a model whose profile gives no points counts 0)."""
        mine = [model for model in self.models.values() if model.side == side]
        return sum(model.points for model in mine), len(mine)
