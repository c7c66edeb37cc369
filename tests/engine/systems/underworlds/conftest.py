"""A plain battlefield and fighters placed by hex id, for the Underworlds rules tests."""

from __future__ import annotations

from typing import Any

from engine.hex import HexBoard
from engine.systems.underworlds.battle import Battle, FighterState

A, B, C = "A", "B", "C"


def open_field(blocked: tuple[str, ...] = ()) -> HexBoard:
    """Two 8 x 5 boards' worth of hexes (rows 1-5 side A's territory, 7-11 side B's, row 6 nobody's)."""
    positions = [(c, r) for r in range(11) for c in range(8 if r % 2 == 0 else 7)]
    regions = {p: (A if p[1] < 5 else B) for p in positions if p[1] != 5}
    board = HexBoard.from_offsets(positions, regions=regions)
    return board.with_kind([board.hex_of(h) for h in blocked], "blocked") if blocked else board


def fighter(board: HexBoard, fighter_id: str, side: str, cell: str | None, **fields: Any) -> FighterState:
    return FighterState(id=fighter_id, profile=fields.pop("profile", fighter_id), side=side,
                        hex=None if cell is None else board.hex_of(cell), **fields)


def battle(*fighters: tuple[str, str, str | None] | FighterState, blocked: tuple[str, ...] = (),
           sides: tuple[str, ...] = (A, B), **fields: Any) -> Battle:
    """A battle on ``open_field``: fighters given as (id, side, cell) or as ready FighterStates."""
    board = fields.pop("board", None) or open_field(blocked)
    made = tuple(f if isinstance(f, FighterState) else fighter(board, *f) for f in fighters)
    return Battle(board=board, sides=sides, fighters=made, **fields)
