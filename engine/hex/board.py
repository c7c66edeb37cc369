"""A finite hex board: which hexes exist, what kind each is, whose region it lies in, and its readable ids.

Kinds are free words a game gives meaning to; the hex package itself knows only ``blocked`` (nothing enters
or stands in it, and it blocks sight). A region is whose area a hex belongs to (a player's territory, say);
``None`` is nobody's. Ids come from the hexes' offset positions (``engine.hex.naming``), so a board must
start at column 0 and row 0 (``engine.hex.tiles.join`` shifts joined boards there).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field

from engine.hex.coords import Hex, from_offset, to_offset
from engine.hex.naming import HexIdError, cell_name, parse_cell_name

__all__ = ["BLOCKED", "Cell", "HexBoard"]

BLOCKED = "blocked"
"""The one kind every hex rule knows: no fighter enters, passes through or stands in it, and it blocks sight."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One hex of a board: where it is, its kinds (``blocked``, ``starting``, ...) and its region."""

    hex: Hex
    kinds: frozenset[str] = frozenset()
    region: str | None = None


@dataclass(frozen=True)
class HexBoard:
    """The hexes of a battlefield. Immutable; ``with_kind`` returns a changed copy (a hex that becomes blocked).

    :raises ValueError: if two cells share a hex, or a hex lies left of column 0 or above row 0.
    """

    cells: tuple[Cell, ...]
    _by_hex: dict[Hex, Cell] = field(init=False, repr=False, compare=False)
    _by_id: dict[str, Hex] = field(init=False, repr=False, compare=False)
    _steps: dict[Hex, tuple[Hex, ...]] | None = field(default=None, init=False, repr=False, compare=False)
    """Each hex's passable neighbours, worked out once when a path is first searched (a board joined only to see
    whether its tiles overlap never searches one)."""
    _edges: frozenset[Hex] | None = field(default=None, init=False, repr=False, compare=False)
    """The edge hexes, worked out once when first asked (each objective token placed asks again)."""
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)
    """Its hash, worked out once: the caches of frames, cell marks and paths look a board up by it for every picture
    and every menu, and hashing every cell each time cost more than what they keep."""

    def __post_init__(self) -> None:
        by_hex: dict[Hex, Cell] = {}
        for cell in self.cells:
            if cell.hex in by_hex:
                raise ValueError(f"two cells share the hex {cell.hex}")
            column, row = to_offset(cell.hex)
            if column < 0 or row < 0:
                raise ValueError(f"hex {cell.hex} lies at column {column}, row {row}; a board starts at 0, 0")
            by_hex[cell.hex] = cell
        object.__setattr__(self, "cells", tuple(sorted(self.cells, key=lambda c: (c.hex.r, c.hex.q))))
        object.__setattr__(self, "_by_hex", by_hex)
        object.__setattr__(self, "_by_id", {cell_name(*to_offset(h)): h for h in by_hex})

    @classmethod
    def from_offsets(cls, positions: Iterable[tuple[int, int]],
                     kinds: Mapping[tuple[int, int], Collection[str]] | None = None,
                     regions: Mapping[tuple[int, int], str] | None = None) -> HexBoard:
        """Build a board from offset (column, row) positions, with optional kinds and regions per position."""
        kinds, regions = kinds or {}, regions or {}
        return cls(tuple(Cell(from_offset(*p), frozenset(kinds.get(p, ())), regions.get(p)) for p in positions))

    def __hash__(self) -> int:
        found = self._hash
        if found is None:
            found = hash(self.cells)
            object.__setattr__(self, "_hash", found)
        return found

    def __contains__(self, h: object) -> bool:
        return h in self._by_hex

    def __len__(self) -> int:
        return len(self._by_hex)

    @property
    def hexes(self) -> frozenset[Hex]:
        return frozenset(self._by_hex)

    def cell(self, h: Hex) -> Cell:
        """Return the cell at ``h``; :raises KeyError: if the hex is not on this board."""
        return self._by_hex[h]

    def id_of(self, h: Hex) -> str:
        """Return the id players type for ``h`` (like ``C4``); :raises KeyError: if it is not on this board."""
        if h not in self._by_hex:
            raise KeyError(f"hex {h} is not on this board")
        return cell_name(*to_offset(h))

    def hex_of(self, text: str) -> Hex:
        """Return the hex a player named (``C4``, ``c4``).

        :raises HexIdError: if the text is not an id, or no hex of this board has it (saying the board's span).
        """
        found = self._by_id.get(text)
        if found is not None:  # an id exactly as the board writes it: the usual case, read without parsing
            return found
        column, row = parse_cell_name(text)
        name = cell_name(column, row)
        if name not in self._by_id:
            columns, rows = self.size()
            raise HexIdError(f"there is no hex {name} on this board (columns A to {cell_name(columns - 1, 0)[:-1]}, "
                             f"rows 1 to {rows})")
        return self._by_id[name]

    def has(self, h: Hex, kind: str) -> bool:
        """Tell whether ``h`` is on the board and has ``kind``."""
        cell = self._by_hex.get(h)
        return cell is not None and kind in cell.kinds

    def is_blocked(self, h: Hex) -> bool:
        """Tell whether ``h`` is a blocked hex of this board."""
        return self.has(h, BLOCKED)

    def passable(self, h: Hex) -> bool:
        """Tell whether a fighter may enter ``h``: on the board and not blocked (occupation is the caller's)."""
        return h in self._by_hex and BLOCKED not in self._by_hex[h].kinds

    def steps_from(self, h: Hex) -> tuple[Hex, ...]:
        """The passable hexes next to ``h``, in ``DIRECTIONS`` order: worked out once per board for its own hexes,
        as every search of paths asks it again and again."""
        steps = self._steps
        if steps is None:
            steps = {c: tuple(n for n in c.neighbours() if self.passable(n)) for c in self._by_hex}
            object.__setattr__(self, "_steps", steps)
        found = steps.get(h)
        return found if found is not None else tuple(n for n in h.neighbours() if self.passable(n))

    def with_kind(self, hexes: Iterable[Hex], kind: str) -> HexBoard:
        """Return a copy where ``hexes`` also have ``kind``; :raises KeyError: for a hex not on the board."""
        extra = set(hexes)
        for h in extra:
            self.cell(h)
        return HexBoard(tuple(Cell(c.hex, c.kinds | {kind}, c.region) if c.hex in extra else c for c in self.cells))

    def hexes_with(self, kind: str) -> frozenset[Hex]:
        """Return every hex of ``kind``."""
        return frozenset(c.hex for c in self.cells if kind in c.kinds)

    def region_of(self, h: Hex) -> str | None:
        """Return whose region ``h`` lies in (``None``: nobody's); :raises KeyError: if it is not on the board."""
        return self._by_hex[h].region

    def edge_hexes(self) -> frozenset[Hex]:
        """Return the outermost hexes: those with a neighbouring position that is not a hex of this board.

        A blocked neighbour is still a hex of the board, so it does not make a hex an edge hex.
        """
        if self._edges is None:
            edges = frozenset(h for h in self._by_hex if any(n not in self._by_hex for n in h.neighbours()))
            object.__setattr__(self, "_edges", edges)
            return edges
        return self._edges

    def size(self) -> tuple[int, int]:
        """Return (columns, rows): one more than the largest offset column and row."""
        offsets = [to_offset(h) for h in self._by_hex]
        return (max(c for c, _ in offsets) + 1, max(r for _, r in offsets) + 1) if offsets else (0, 0)
