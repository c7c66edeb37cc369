"""What a viewer sees of a freeplay table: the board, their own hand, the others' hand sizes."""

from __future__ import annotations

from engine.core import BoardView, Overlay, SideId, View, Viewer, ViewerKind, core_view_fields
from engine.systems.freeplay.state import FreeplayState
from engine.table import table_board

__all__ = ["FreeplayView", "board_view", "freeplay_view"]


class FreeplayView(View):
    board: BoardView
    my_hand: tuple[str, ...] | None
    hand_sizes: dict[SideId, int]
    notes: tuple[str, ...]
    points: dict[SideId, int]
    """Each side's running points total: its models on the table (a model without points counts 0)."""


def board_view(state: FreeplayState, viewer: Viewer, overlays: tuple[Overlay, ...] = (), *,
               show_grid: bool = True) -> BoardView:
    """Everything on a freeplay table is public; only hands are secret, and they are not drawn."""
    title = "Freeplay" + (f" ({state.map_name})" if state.map_name else "")  # the round is in the header
    return table_board(state, viewer, title, overlays, show_grid=show_grid)


def freeplay_view(state: FreeplayState, viewer: Viewer) -> FreeplayView:
    own = viewer.side if viewer.kind is ViewerKind.SIDE else None
    return FreeplayView(
        **core_view_fields(state, viewer),
        board=board_view(state, viewer),
        my_hand=tuple(state.hands.get(own, ())) if own is not None else None,
        hand_sizes={side: len(cards) for side, cards in state.hands.items()},
        notes=tuple(state.notes),
        points={side: state.fielded(side)[0] for side in state.sides},
    )
