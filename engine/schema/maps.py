"""Map presets: a table size, terrain pieces and zones, all in inches with the origin bottom-left."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from engine.schema.errors import Problem, bundle
from engine.schema.fields import Ident, Keywords, NonNegativeNumber, PositiveNumber, Spec, Text
from engine.schema.shapes import Shaped

__all__ = ["MapPreset", "TerrainSpec", "ZoneSpec"]

_EDGE_TOLERANCE = 0.01
"""The engine's one tolerance in inches: a shape may poke this far past an edge of the table."""


class TerrainSpec(Shaped):
    """A terrain piece: ``kind`` like forest or ruin, ``height`` in inches, free ``keywords`` such as
    impassable, blocking, obscuring, cover or difficult (each game's rules give them meaning)."""

    id: Ident
    kind: Text
    height: NonNegativeNumber = 0.0
    keywords: Keywords = ()


class ZoneSpec(Shaped):
    """A deployment zone (owned by a ``side``, like ``A``) or an objective (no side)."""

    id: Ident
    kind: Literal["deployment", "objective"]
    side: Ident | None = Field(default=None, validate_default=True)

    @field_validator("side")
    @classmethod
    def _side_for_deployment(cls, side: str | None, info: ValidationInfo) -> str | None:
        kind = info.data.get("kind")
        if kind == "deployment" and side is None:
            raise PydanticCustomError("side", "is required for a deployment zone")
        if kind == "objective" and side is not None:
            raise PydanticCustomError("side", "is only allowed on a deployment zone")
        return side


class MapPreset(Spec):
    """A ready table: ``table`` is ``[width, height]`` in inches; ``system`` is a game or ``any``.

    Every shape lies on the table, and terrain and zone ids are unique within the map.
    """

    id: Ident
    name: Text
    system: Text
    table: tuple[PositiveNumber, PositiveNumber]
    description: Text
    terrain: tuple[TerrainSpec, ...] = ()
    zones: tuple[ZoneSpec, ...] = ()

    @model_validator(mode="after")
    def _fits_the_table(self) -> MapPreset:
        problems: list[Problem] = []
        width, height = self.table
        seen: dict[str, str] = {}
        placed: list[tuple[str, int, TerrainSpec | ZoneSpec]] = [
            *(("terrain", index, piece) for index, piece in enumerate(self.terrain)),
            *(("zones", index, zone) for index, zone in enumerate(self.zones)),
        ]
        t = _EDGE_TOLERANCE
        for field, index, piece in placed:
            if piece.id in seen:
                problems.append(Problem((field, index, "id"), f'repeats id "{piece.id}" (also {seen[piece.id]})'))
            seen.setdefault(piece.id, f"{field}[{index}]")
            min_x, min_y, max_x, max_y = piece.bounds()
            if min_x < -t or min_y < -t or max_x > width + t or max_y > height + t:
                problems.append(
                    Problem(
                        (field, index, piece.shape_field),
                        f"lies off the {width:g} x {height:g} inch table "
                        f"(spans x {min_x:g} to {max_x:g}, y {min_y:g} to {max_y:g})",
                    )
                )
        if problems:
            raise bundle(problems)
        return self
