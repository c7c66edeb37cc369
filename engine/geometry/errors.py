"""Refusals a player can cause with a position or a move, each with a message a player can read.

Programmer errors (a negative radius, an empty polygon) stay plain ``TypeError``/``ValueError``.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "GeometryError",
    "MoveBlocked",
    "NoCoverSpot",
    "NoRoute",
    "PlacementError",
    "PositionSyntaxError",
    "UnknownId",
]


def _and_list(items: Sequence[str]) -> str:
    """Join names as prose: ``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class GeometryError(ValueError):
    """Any geometric refusal a player can cause; nothing on the table has changed when one is raised."""


class PositionSyntaxError(GeometryError):
    """The text of a position could not be read; the message says what was wrong and what is accepted."""

    def __init__(self, text: str, problem: str) -> None:
        self.text = text
        self.problem = problem
        super().__init__(
            f"cannot read position {text!r}: {problem}. Accepted: x,y (10.5,12); via:x,y;x,y (via:3,4;6,7); "
            "toward <id> [inches|max] (toward A2 3); contact <id> (contact A2); "
            "behind <terrain-id> from <id> (behind T3 from B1); away <id> [inches] (away B1 2); "
            "each optionally followed by face:<id>|path|<degrees> (face:B1, face:90)"
        )


class UnknownId(GeometryError):
    """A position names something that is not on the table."""

    def __init__(self, ident: str, known: Sequence[str], what: str = "model, terrain piece or zone") -> None:
        self.ident = ident
        self.known = tuple(known)
        listed = ", ".join(sorted(known)) if known else "none"
        super().__init__(f"there is no {what} {ident!r} on the table; ids here: {listed}")


class PlacementError(GeometryError):
    """A base cannot stand where it was asked to: it overlaps something or is off the table."""

    def __init__(self, where: str, conflicts: Sequence[str]) -> None:
        self.where = where
        self.conflicts = tuple(conflicts)
        super().__init__(
            f"a base cannot stand at {where}: it would overlap or cross {_and_list(conflicts)}; "
            "choose a spot clear of other bases and impassable terrain, fully on the table"
        )


class MoveBlocked(GeometryError):
    """A path given leg by leg runs into something; routed moves go around instead."""

    def __init__(self, leg: int, conflicts: Sequence[str]) -> None:
        self.leg = leg
        self.conflicts = tuple(conflicts)
        super().__init__(
            f"leg {leg} of the path runs into {_and_list(conflicts)}; "
            "add waypoints that go around it, or give just the destination and the route is found for you"
        )


class NoRoute(GeometryError):
    """No path leads to the destination; the message names what is in the way."""

    def __init__(self, goal: str, blockers: Sequence[str]) -> None:
        self.goal = goal
        self.blockers = tuple(blockers)
        cause = f": blocked by {_and_list(blockers)}" if blockers else ""
        super().__init__(f"no route to {goal}{cause}; choose a destination you can reach")


class NoCoverSpot(GeometryError):
    """``behind <terrain> from <id>`` found no free spot that the terrain hides from that model."""

    def __init__(self, terrain_id: str, viewer_id: str) -> None:
        self.terrain_id = terrain_id
        self.viewer_id = viewer_id
        super().__init__(
            f"no free spot next to {terrain_id} is hidden from {viewer_id} by it; "
            "try other terrain, or give x,y to place the model yourself"
        )
