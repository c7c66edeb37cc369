"""What is measured of a Shroudfall table once and shared by every World of one set of rulings (held by the
``Referee``): terrain shapes, bases, the sight blockers per layout, and the answers that depend on the table alone.
A World is built per command and per trial position, but most of what it measures stands the same through many."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from engine.core import TerrainMark
from engine.geometry import Base, LineOfSight, Pose, Terrain

__all__ = ["Measured"]

_T = TypeVar("_T")


class Measured:
    """What is measured once and shared by every World of one set of rulings: a World is built per command and per
    trial position, but the terrain and most bases stand the same through many of them. Kept: each terrain piece's
    shape (per mark), the sight blockers' geometry per layout (the bases and the terrain as they stand), and each
    pair's sight per layout and per set of models with Stealth (all the blocking rule reads beyond the layout,
    L683-688, L1373, L1461)."""

    LIMIT = 256
    """Layouts kept before the oldest are forgotten (a bot game passes through a few hundred)."""

    def __init__(self) -> None:
        self._terrain: dict[TerrainMark, tuple[Terrain, tuple[float, float, float, float]]] = {}
        self._lines: dict[Hashable, LineOfSight] = {}
        self._answers: dict[Hashable, Any] = {}
        self._terrain_keys: dict[tuple[tuple[TerrainMark, str | None], ...], str] = {}
        self._bases: dict[tuple[str, float, float, float, float, float], Base] = {}

    def terrain(self, mark: TerrainMark) -> tuple[Terrain, tuple[float, float, float, float]]:
        """The piece's shape and its bounding box."""
        found = self._terrain.get(mark)
        if found is None:
            piece = Terrain.from_points(mark.id, mark.kind, mark.polygon, mark.height, mark.keywords)
            found = self._terrain[mark] = (piece, piece.polygon.bounds)
            _forget_oldest(self._terrain, self.LIMIT)
        return found

    def terrain_key(self, terrain: tuple[tuple[TerrainMark, str | None], ...]) -> str:
        """A short name for the terrain as it stands (each mark and its type), the same for equal terrain."""
        found = self._terrain_keys.get(terrain)
        if found is None:
            found = self._terrain_keys[terrain] = f"terrain-{len(self._terrain_keys)}"
        return found

    def base(self, ident: str, x: float, y: float, z: float, facing: float, mm: float) -> Base:
        """A base where it stands, built once."""
        key = (ident, x, y, z, facing, mm)
        found = self._bases.get(key)
        if found is None:
            found = self._bases[key] = Base(ident, Pose(x, y, z, facing), mm)
            _forget_oldest(self._bases, 16 * self.LIMIT)
        return found

    def answer(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """A question's answer for one table (``key`` holds the table and the question), made once."""
        if key in self._answers:
            found: _T = self._answers[key]
            return found
        made = self._answers[key] = make()
        _forget_oldest(self._answers, 64 * self.LIMIT)
        return made

    def lines(self, key: Hashable, build: Callable[[], LineOfSight]) -> LineOfSight:
        found = self._lines.get(key)
        if found is None:
            found = self._lines[key] = build()
            _forget_oldest(self._lines, self.LIMIT)
        return found


def _forget_oldest(held: dict[Any, Any], limit: int) -> None:
    while len(held) > limit:
        del held[next(iter(held))]
