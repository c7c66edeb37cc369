"""What an Eldfall picture shows over the board after a command: each move's path, with the points of it where
reactions struck (an attack of opportunity, a shot at a moving model, L1222-1242), and a fresh picture whenever
something public changed on the table."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, LineStyle, Overlay, OverlayKind
from engine.systems.eldfall.events import AttackResolved, PartiesRevealed, ReactionsDeclared, StatesChanged
from engine.table import ModelAdded, ModelMoved, ModelPlaced, ModelRemoved, ModelWounded

__all__ = ["board_update"]

_BOARD_EVENTS = (ModelAdded, ModelMoved, ModelPlaced, ModelRemoved, ModelWounded, StatesChanged, PartiesRevealed,
                 AttackResolved, ReactionsDeclared)


def board_update(events: Sequence[Event]) -> tuple[Overlay, ...] | None:
    """Overlays for the public events' moves and reaction points; None when nothing public changed the board."""
    public = [event for event in events if event.audience.is_public]
    if not any(isinstance(event.body, _BOARD_EVENTS) for event in public):
        return None
    overlays: list[Overlay] = []
    for event in public:
        body = event.body
        if isinstance(body, ModelMoved):
            overlays.append(Overlay(kind=OverlayKind.PATH, points=body.path, label=f"{body.distance:.2f}\""))
        elif isinstance(body, ReactionsDeclared):
            for reaction in body.reactions:
                if reaction.at is not None:
                    overlays.append(Overlay(kind=OverlayKind.RING, center=reaction.at, radius=0.3,
                                            style=LineStyle.THREAT, label=f"{reaction.model} strikes"))
    return tuple(overlays)
