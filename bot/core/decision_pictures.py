"""The picture that comes with a decision answered by a place on the table: its owner sees where each offered point
lies, rather than reading bare coordinates ("12,12, 11,12, ...": a Sunshard objective's placement, a newcomer
finding).

A part whose every option is a point ("x,y": a choice, or the spots a position's rules accept) is drawn as a small
ring at each; else a position as the ring it must lie within, a point on a path as that path. The picture is the
owner's view, sent to the owner alone: what it shows is theirs to see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.core.outputs import OutputFile
from bot.core.pictures import board_picture
from engine.core import DecisionPart, Game, InvalidCommand, PartKind, SideId, Viewer, parse_point
from engine.core.board import LineStyle, Overlay, OverlayKind

__all__ = ["decision_picture"]

SPOT = 0.35
"""Inches: the radius of the ring marking each point a choice offers (drawn clear: the key reads "a place you may
choose", not a range)."""


def _point(key: str) -> tuple[float, float] | None:
    try:
        return parse_point(key)
    except InvalidCommand:
        return None


def _overlays(part: DecisionPart) -> list[Overlay]:
    """What ``part`` asks for, drawn: the points it offers where every option is one (a position's spots its rules
    accept), else a position's ring or a point's path; nothing for a part not answered by a place."""
    points = [_point(option.key) for option in part.options]
    if points and all(point is not None for point in points):
        return [Overlay(kind=OverlayKind.RING, center=point, radius=SPOT, style=LineStyle.CLEAR)
                for point in points if point is not None]
    if part.kind is PartKind.POSITION and part.center is not None and part.radius:
        return [Overlay(kind=OverlayKind.RING, center=part.center, radius=part.radius)]
    if part.kind is PartKind.POINT_ON_PATH and len(part.path) >= 2:
        return [Overlay(kind=OverlayKind.PATH, points=part.path)]
    return []


def decision_picture(game: Game[Any], owner: SideId, parts: Sequence[DecisionPart]) -> tuple[OutputFile, ...]:
    """The board as ``owner`` sees it with the places ``parts`` offer marked; nothing when no part is answered by
    a place (or the game has no board)."""
    overlays = tuple(overlay for part in parts for overlay in _overlays(part))
    if not overlays:
        return ()
    return board_picture(game, overlays, viewer=Viewer.of_side(owner), name="choices.png")
