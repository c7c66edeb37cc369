"""The table's events: terrain, zones, maps and models placed, moved, wounded and removed.

Each records an outcome (an end position, a wound count, concrete polygons) and folds without rules or
geometry, so a stored game replays the same whatever the code does later. They were stored under
``freeplay.*`` kinds before the table layer served every game on inches; those logs still read.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core import EventBody, ModelId, SideId, TerrainMark, ZoneMark
from engine.table.state import PlacedModel, Point, TableState

__all__ = [
    "TABLE_EVENTS",
    "MapImported",
    "ModelAdded",
    "ModelMoved",
    "ModelPlaced",
    "ModelRemoved",
    "ModelWounded",
    "TableSet",
    "Tally",
    "TerrainAdded",
    "TerrainRemoved",
    "TokenChanged",
    "ZoneAdded",
]


def _by(acted_by: str | None) -> str:
    """Who did it, when that is not the model's own player (the host fixing the table, an opponent)."""
    return f" (by {acted_by})" if acted_by else ""


class TableSet(EventBody):
    kind = "table.size"
    former_kinds = ("freeplay.table",)
    width: float
    height: float
    map_name: str | None = None

    def apply(self, state: TableState) -> None:
        state.width, state.height, state.map_name = self.width, self.height, self.map_name

    def describe(self) -> str:
        where = f" with the map {self.map_name}" if self.map_name else ""
        return f"The table is {self.width:g}\" x {self.height:g}\"{where}."


class TerrainAdded(EventBody):
    kind = "table.terrain-added"
    former_kinds = ("freeplay.terrain-added",)
    terrain: TerrainMark
    note: str = ""  # what the table chose for the player (a usual height)

    def apply(self, state: TableState) -> None:
        state.terrain[self.terrain.id] = self.terrain
        state.terrain_added += 1

    def describe(self) -> str:
        keywords = f" ({', '.join(self.terrain.keywords)})" if self.terrain.keywords else ""
        return f"Terrain {self.terrain.id}: {self.terrain.kind}, {self.terrain.height:g}\" high{keywords}.{self.note}"


class TerrainRemoved(EventBody):
    kind = "table.terrain-removed"
    former_kinds = ("freeplay.terrain-removed",)
    terrain_id: str

    def apply(self, state: TableState) -> None:
        state.terrain.pop(self.terrain_id, None)

    def describe(self) -> str:
        return f"Terrain {self.terrain_id} is removed."


class ZoneAdded(EventBody):
    kind = "table.zone-added"
    former_kinds = ("freeplay.zone-added",)
    zone: ZoneMark

    def apply(self, state: TableState) -> None:
        state.zones[self.zone.id] = self.zone

    def describe(self) -> str:
        owner = f" for side {self.zone.side}" if self.zone.side else ""
        return f"Zone {self.zone.id}: {self.zone.kind}{owner}."


class MapImported(EventBody):
    """A player's map replaces the table, its terrain and its zones (only while no model stands on it)."""

    kind = "table.map-imported"
    former_kinds = ("freeplay.map-imported",)
    map_name: str
    width: float
    height: float
    terrain: tuple[TerrainMark, ...]
    zones: tuple[ZoneMark, ...]

    def apply(self, state: TableState) -> None:
        state.width, state.height, state.map_name = self.width, self.height, self.map_name
        state.terrain = {piece.id: piece for piece in self.terrain}
        state.zones = {zone.id: zone for zone in self.zones}
        state.terrain_added = len(self.terrain)

    def describe(self) -> str:
        deployments = sum(zone.kind == "deployment" for zone in self.zones)
        objectives = len(self.zones) - deployments
        return (f"The table is now the map {self.map_name}, {self.width:g}\" x {self.height:g}\": "
                f"{len(self.terrain)} terrain piece{'s' if len(self.terrain) != 1 else ''}, "
                f"{deployments} deployment zone{'s' if deployments != 1 else ''}, "
                f"{objectives} objective{'s' if objectives != 1 else ''}.")


class Tally(BaseModel):
    """A side's running points total once a change is made, so both players check it against their list.

    Carried by the event that changes it (the last one of a force) for the log alone: folding ignores it,
    since the models carry their own points.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: SideId
    points: int
    models: int

    def describe(self) -> str:
        plural = "s" if self.models != 1 else ""
        return f"Side {self.side} now fields {self.points} points ({self.models} model{plural})."


class ModelAdded(EventBody):
    kind = "table.model-added"
    former_kinds = ("freeplay.model-added",)
    model: PlacedModel
    tally: Tally | None = None

    def apply(self, state: TableState) -> None:
        state.models[self.model.id] = self.model.model_copy(deep=True)
        state.fallen.pop(self.model.id, None)
        state.models_added[self.model.side] = state.models_added.get(self.model.side, 0) + 1

    def describe(self) -> str:
        m = self.model
        tally = f" {self.tally.describe()}" if self.tally else ""
        return f"{m.id} {m.name} ({m.unit}, side {m.side}) enters at {m.x:g},{m.y:g}.{tally}"


def _height(z: float | None) -> str:
    """A model's new height, when an event changed it (on a surface above the table, or back on the ground)."""
    if z is None:
        return ""
    return f", {z:g}\" up" if z > 0 else ", on the ground"


class ModelPlaced(EventBody):
    """A model set down at a spot; ``z`` is the height of the surface it stands on when that changed (``None``
    keeps its height: every log written before heights replays the same)."""

    kind = "table.model-placed"
    former_kinds = ("freeplay.model-placed",)
    model_id: ModelId
    x: float
    y: float
    facing: float
    z: float | None = None

    acted_by: str | None = None
    def apply(self, state: TableState) -> None:
        model = state.models[self.model_id]
        model.x, model.y, model.facing = self.x, self.y, self.facing
        if self.z is not None:
            model.z = self.z

    def describe(self) -> str:
        return (f"{self.model_id} is placed at {self.x:g},{self.y:g}{_height(self.z)} facing {self.facing:g}°"
                f"{_by(self.acted_by)}.")


class ModelMoved(EventBody):
    """A model moved along ``path`` (its base centre, inches); ``z`` is the height it ends at when that changed
    (``None`` keeps its height)."""

    kind = "table.model-moved"
    former_kinds = ("freeplay.model-moved",)
    model_id: ModelId
    path: tuple[Point, ...]
    distance: float
    facing: float
    touches: tuple[str, ...] = ()
    z: float | None = None

    acted_by: str | None = None
    def apply(self, state: TableState) -> None:
        model = state.models[self.model_id]
        model.x, model.y = self.path[-1]
        model.facing = self.facing
        if self.z is not None:
            model.z = self.z

    def describe(self) -> str:
        return self._line(with_turns=False)

    def full(self) -> str:
        return self._line(with_turns=True)

    def _line(self, *, with_turns: bool) -> str:
        """Where it went and how far; the number of turns its path took is for the full log and the working."""
        x, y = self.path[-1]
        turns = len(self.path) - 2
        via = f" via {turns} turn{'s' if turns > 1 else ''}" if with_turns and turns > 0 else ""
        touching = f", touching {', '.join(self.touches)}" if self.touches else ""
        return (f"{self.model_id} moves {self.distance:.2f}\" to {x:g},{y:g}{_height(self.z)}{via}{touching}"
                f"{_by(self.acted_by)}.")

    def working(self) -> tuple[str, ...]:
        points = " -> ".join(f"({x:g}, {y:g})" for x, y in self.path)
        return (f"Path of {self.model_id}'s base centre: {points}.",
                f"Distance: {self.distance:.2f}\", the length of that path (inches, rounded to 0.01\").",
                f"Facing at the end: {self.facing:g} degrees (0 = right, 90 = up).",
                *((f"Height at the end: {self.z:g}\" above the table.",) if self.z is not None else ()),
                f"Touches at the end: {', '.join(self.touches) if self.touches else 'nothing'}.")


class ModelWounded(EventBody):
    kind = "table.model-wounded"
    former_kinds = ("freeplay.model-wounded",)
    model_id: ModelId
    amount: int
    wounds_taken: int

    acted_by: str | None = None
    def apply(self, state: TableState) -> None:
        state.models[self.model_id].wounds_taken = self.wounds_taken

    def describe(self) -> str:
        verb = "takes" if self.amount >= 0 else "heals"
        return f"{self.model_id} {verb} {abs(self.amount)} wound{'s' if abs(self.amount) != 1 else ''} " \
               f"({self.wounds_taken} taken){_by(self.acted_by)}."


class TokenChanged(EventBody):
    kind = "table.token"
    former_kinds = ("freeplay.token",)
    model_id: ModelId
    token: str
    added: bool

    acted_by: str | None = None
    def apply(self, state: TableState) -> None:
        tokens = state.models[self.model_id].tokens
        if self.added:
            tokens.append(self.token)
        else:
            tokens.remove(self.token)

    def describe(self) -> str:
        return f"{self.model_id} {'gains' if self.added else 'loses'} the token {self.token}{_by(self.acted_by)}."


class ModelRemoved(EventBody):
    kind = "table.model-removed"
    former_kinds = ("freeplay.model-removed",)
    model_id: ModelId
    tally: Tally | None = None

    acted_by: str | None = None
    def apply(self, state: TableState) -> None:
        removed = state.models.pop(self.model_id, None)
        if removed is not None:
            state.fallen[self.model_id] = removed

    def describe(self) -> str:
        tally = f" {self.tally.describe()}" if self.tally else ""
        return f"{self.model_id} is taken off the table{_by(self.acted_by)}.{tally}"


TABLE_EVENTS: tuple[type[EventBody], ...] = (
    TableSet, TerrainAdded, TerrainRemoved, ZoneAdded, MapImported, ModelAdded, ModelPlaced, ModelMoved, ModelWounded,
    TokenChanged, ModelRemoved,
)
