"""The table as a picture shows it: terrain, zones, models with their wounds and tokens, and overlays."""

from __future__ import annotations

from engine.core import BoardView, ModelMark, Overlay, Viewer
from engine.table.state import TableState

__all__ = ["table_board"]


def table_board(state: TableState, viewer: Viewer, title: str, overlays: tuple[Overlay, ...] = (), *,
                show_grid: bool = True) -> BoardView:
    """Everything on the table is public (positions, wounds, tokens, where a model taken off it last stood); a game
    hides what it must before this.

    ``show_grid`` is off when the game's measuring rules forbid judging distances from the picture.
    """
    return BoardView(
        viewer=viewer,
        title=title,
        width=state.width,
        height=state.height,
        show_grid=show_grid,
        sides=state.sides,
        terrain=tuple(state.terrain.values()),
        zones=tuple(state.zones.values()),
        models=(*(ModelMark(id=m.id, name=m.name, side=m.side, x=m.x, y=m.y, radius=m.radius, facing=m.facing,
                                wounds=m.wounds_left, max_wounds=m.wounds, tokens=tuple(m.tokens))
                      for m in state.models.values()),
                *(ModelMark(id=m.id, name=m.name, side=m.side, x=m.x, y=m.y, radius=m.radius, out=True)
                  for m in state.fallen.values())),
        overlays=overlays,
    )
