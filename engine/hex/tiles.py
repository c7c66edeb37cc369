"""Boards made of tiles: rectangular hex boards with half-hexes on their edges, joined edge to edge.

A tile is drawn in the odd-r offset layout with an odd number of rows: even rows hold ``width`` hexes flush
with the short edges, odd rows hold ``width - 1`` hexes set in by half a hex. So each short edge cuts a
half-hex at the end of every odd row, and each long edge cuts a row of ``width - 1`` half-hexes (the odd row
just beyond it). Half-hexes are not part of the board until a second tile's half-hex completes them.

Joining places tiles by whole hexes: a tile moves by any number of columns, and by an even number of rows,
since an odd shift would slide its rows half a hex against the grid. Where two tiles' half-hexes fall on the
same position the joined board gains a complete hex that belongs to nobody's region. The joined board is
shifted so its ids start at ``A1``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.hex.board import Cell, HexBoard
from engine.hex.coords import from_offset

__all__ = ["Edge", "Joined", "Layout", "Placement", "Tile", "join", "layouts", "place"]

Offset = tuple[int, int]


def _turn(position: Offset, width: int, rows: int) -> Offset:
    """Rotate an offset position half a turn about the tile's centre (half-hex positions included)."""
    column, row = position
    return ((width - 1 if row % 2 == 0 else width - 2) - column, rows - 1 - row)


@dataclass(frozen=True, slots=True)
class Tile:
    """A rectangular board: ``rows`` rows (odd) of ``width`` and ``width - 1`` hexes, with kinds per hex.

    :raises ValueError: for an even row count, a width under 2, or a kind on a position that is not a hex.
    """

    name: str
    width: int = 8
    rows: int = 5
    kinds: tuple[tuple[Offset, frozenset[str]], ...] = ()

    def __post_init__(self) -> None:
        if self.rows < 1 or self.rows % 2 == 0:
            raise ValueError(f"tile {self.name!r}: the odd-r tile needs an odd number of rows, got {self.rows}")
        if self.width < 2:
            raise ValueError(f"tile {self.name!r}: a tile needs a width of at least 2, got {self.width}")
        outside = sorted(p for p, _ in self.kinds if p not in self.cells())
        if outside:
            raise ValueError(f"tile {self.name!r}: kinds given for positions that are not hexes: {outside}")

    @classmethod
    def build(cls, name: str, kinds: Mapping[str, Iterable[Offset]], *, width: int = 8, rows: int = 5) -> Tile:
        """Build a tile from lists of positions per kind: ``{"blocked": [(3, 2)], "starting": [...]}``."""
        merged: dict[Offset, set[str]] = {}
        for kind, positions in kinds.items():
            for position in positions:
                merged.setdefault((position[0], position[1]), set()).add(kind)
        return cls(name, width, rows, tuple(sorted((p, frozenset(k)) for p, k in merged.items())))

    def cells(self) -> frozenset[Offset]:
        """Return the complete hexes (column, row)."""
        return frozenset((c, r) for r in range(self.rows) for c in range(self.width if r % 2 == 0 else self.width - 1))

    def halves(self) -> frozenset[Offset]:
        """Return the half-hex positions cut by the four edges."""
        long_edges = {(c, r) for r in (-1, self.rows) for c in range(self.width - 1)}
        short_edges = {(c, r) for r in range(1, self.rows, 2) for c in (-1, self.width - 1)}
        return frozenset(long_edges | short_edges)

    def kinds_at(self, position: Offset) -> frozenset[str]:
        """Return the kinds of the hex at ``position`` (empty for a plain hex)."""
        return dict(self.kinds).get(position, frozenset())

    def turned(self) -> Tile:
        """Return this tile rotated half a turn."""
        return Tile(self.name, self.width, self.rows,
                    tuple(sorted((_turn(p, self.width, self.rows), k) for p, k in self.kinds)))


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile on the battlefield: its top-left hex at (``column``, ``row``), turned or not, and whose it is.

    :raises ValueError: for an odd ``row`` (the tile would sit half a hex off the grid).
    """

    tile: Tile
    column: int = 0
    row: int = 0
    turned: bool = False
    region: str | None = None

    def __post_init__(self) -> None:
        if self.row % 2:
            raise ValueError(f"tile {self.tile.name!r} placed at row {self.row}: tiles move by whole pairs of "
                             "rows, or their hexes would not line up with the grid")

    def _shown(self) -> Tile:
        return self.tile.turned() if self.turned else self.tile

    def cells(self) -> frozenset[Offset]:
        return frozenset((c + self.column, r + self.row) for c, r in self._shown().cells())

    def halves(self) -> frozenset[Offset]:
        return frozenset((c + self.column, r + self.row) for c, r in self._shown().halves())

    def kinds(self) -> dict[Offset, frozenset[str]]:
        return {(c + self.column, r + self.row): k for (c, r), k in self._shown().kinds}


@dataclass(frozen=True, slots=True)
class Joined:
    """A joined battlefield, with the tiles as placed (after the shift to ``A1``) and what each join completed."""

    board: HexBoard
    placements: tuple[Placement, ...]
    completed: tuple[Offset, ...]
    """The completed half-hexes, as (column, row) on the joined board: nobody's region."""


def join(placements: Sequence[Placement]) -> Joined:
    """Join placed tiles into one board; half-hexes that meet become complete hexes of nobody's region.

    :raises ValueError: if two tiles overlap (a hex, or a hex and a half-hex, in the same position).
    """
    taken: dict[Offset, int] = {}
    halves: dict[Offset, list[int]] = {}
    for index, placed in enumerate(placements):
        for position in placed.cells():
            if position in taken:
                raise ValueError(f"tiles {placements[taken[position]].tile.name!r} and {placed.tile.name!r} "
                                 f"overlap at column {position[0]}, row {position[1]}")
            taken[position] = index
        for position in placed.halves():
            halves.setdefault(position, []).append(index)
    for position, owners in halves.items():
        if position in taken and taken[position] not in owners:
            raise ValueError(f"tile {placements[taken[position]].tile.name!r} covers a half-hex of "
                             f"{placements[owners[0]].tile.name!r} at column {position[0]}, row {position[1]}")
    completed = sorted(p for p, owners in halves.items() if len(owners) >= 2)
    every = [*taken, *completed]
    dc = -min(c for c, _ in every)
    dr = -min(r for _, r in every)
    dr += dr % 2  # keep the rows' parity: an odd shift would move the grid half a hex
    kinds = {p: k for placed in placements for p, k in placed.kinds().items()}
    cells = [Cell(from_offset(c + dc, r + dr), kinds.get((c, r), frozenset()), placements[i].region)
             for (c, r), i in taken.items()]
    cells += [Cell(from_offset(c + dc, r + dr)) for c, r in completed]
    shifted = tuple(Placement(p.tile, p.column + dc, p.row + dr, p.turned, p.region) for p in placements)
    return Joined(HexBoard(tuple(cells)), shifted, tuple((c + dc, r + dr) for c, r in completed))


class Edge(Enum):
    """Which edges two tiles join along."""

    LONG = "long"  # the second tile below the first
    SHORT = "short"  # the second tile to the right of the first


@dataclass(frozen=True, slots=True)
class Layout:
    """One way to join two tiles: the edge, how far the second slides along it, and which tiles are turned.

    ``slide`` counts whole hexes to the right for a long join and pairs of rows down for a short join.
    """

    edge: Edge
    slide: int = 0
    first_turned: bool = False
    second_turned: bool = False

    @property
    def name(self) -> str:
        """A short readable name: ``long+0``, ``long-2 second-turned``, ``short+0 both-turned``."""
        turned = {(False, False): "", (True, False): " first-turned", (False, True): " second-turned",
                  (True, True): " both-turned"}[(self.first_turned, self.second_turned)]
        return f"{self.edge.value}{self.slide:+d}{turned}"


def place(first: Tile, second: Tile, layout: Layout, *,
          regions: tuple[str | None, str | None] = (None, None)) -> tuple[Placement, Placement]:
    """Return the two placements of ``layout``: the first tile at the origin, the second below or beside it."""
    if layout.edge is Edge.LONG:
        column, row = layout.slide, first.rows + 1
    else:
        column, row = first.width, 2 * layout.slide
    return (Placement(first, 0, 0, layout.first_turned, regions[0]),
            Placement(second, column, row, layout.second_turned, regions[1]))


def layouts(first: Tile, second: Tile, *, min_long: int, min_short: int) -> tuple[Layout, ...]:
    """List every layout whose join completes at least ``min_long`` (long edges) or ``min_short`` (short edges)
    half-hexes, turned either way; the first tile always sits at the top or the left."""
    found = []
    spans = ((Edge.LONG, max(first.width, second.width), min_long), (Edge.SHORT, max(first.rows, second.rows) // 2,
                                                                        min_short))
    for edge, reach, minimum in spans:
        for slide in range(-reach, reach + 1):
            for first_turned in (False, True):
                for second_turned in (False, True):
                    layout = Layout(edge, slide, first_turned, second_turned)
                    a, b = place(first, second, layout)
                    if len(a.halves() & b.halves()) >= minimum and not (a.cells() & (b.cells() | b.halves())):
                        found.append(layout)
    return tuple(found)
