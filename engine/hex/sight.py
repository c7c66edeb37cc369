"""Line of sight on a hex board: a straight line from the centre of one hex to the centre of another.

Only blocked hexes stop sight (fighters and tokens never do). How much contact blocks is a ruling,
``SightRule``: the line may cross a blocked hex's inside, run along one of its edges, or graze one corner.
Geometry is exact: hexes are Shapely polygons on the integer lattice of ``engine.hex.shapes``, where GEOS
decides crossing and touching without rounding.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum

from shapely.geometry import LineString

from engine.hex.board import HexBoard
from engine.hex.coords import Hex
from engine.hex.shapes import lattice_centre, lattice_polygon

__all__ = ["Contact", "Sight", "SightRule", "can_see", "contact", "line_of_sight"]


class Contact(Enum):
    """How a sight line meets a hex, from most to least contact."""

    CROSSES = "crosses"  # passes through the hex's inside
    EDGE = "edge"  # runs along one of its edges without entering
    CORNER = "corner"  # touches it at a single corner point
    NONE = "none"


class SightRule(Enum):
    """Which contact with a blocked hex blocks sight."""

    TOUCH = "touch"  # any contact, even one corner point (the book's "goes through or touches")
    EDGE = "edge"  # crossing or running along an edge; a lone corner point does not block
    CROSS = "cross"  # only passing through the inside blocks

    def blocks(self, how: Contact) -> bool:
        """Tell whether a line meeting a blocked hex this way loses sight under this rule."""
        if how is Contact.NONE:
            return False
        if self is SightRule.TOUCH:
            return True
        if self is SightRule.EDGE:
            return how is not Contact.CORNER
        return how is Contact.CROSSES


@dataclass(frozen=True, slots=True)
class Sight:
    """The answer to "can ``viewer`` see ``target``?", with every blocked hex the line meets and how."""

    viewer: Hex
    target: Hex
    rule: SightRule
    contacts: tuple[tuple[Hex, Contact], ...]
    """Blocked hexes the line meets (any contact), nearest the viewer first."""

    @property
    def blockers(self) -> tuple[Hex, ...]:
        """The blocked hexes that stop sight under ``rule``."""
        return tuple(h for h, how in self.contacts if self.rule.blocks(how))

    @property
    def clear(self) -> bool:
        return not self.blockers


def contact(line: LineString, h: Hex) -> Contact:
    """Return how a line on the lattice meets the hex ``h``."""
    polygon = lattice_polygon(h)
    if not line.intersects(polygon):
        return Contact.NONE
    if line.relate(polygon)[0] != "F":  # interior meets interior
        return Contact.CROSSES
    return Contact.EDGE if line.intersection(polygon).length > 0 else Contact.CORNER


def line_of_sight(board: HexBoard, viewer: Hex, target: Hex, rule: SightRule = SightRule.TOUCH, *,
                  blocked: Collection[Hex] | None = None) -> Sight:
    """Trace sight from the centre of ``viewer`` to the centre of ``target``.

    ``blocked`` replaces the board's blocked hexes (pass the board's plus a temporary one, for instance). A hex
    sees itself. The viewer's and target's own hexes are never counted as blockers.
    """
    blockers = board.hexes_with("blocked") if blocked is None else frozenset(blocked)
    if viewer == target:
        return Sight(viewer, target, rule, ())
    line = LineString([lattice_centre(viewer), lattice_centre(target)])
    met = []
    for h in blockers:
        if h in (viewer, target):
            continue
        how = contact(line, h)
        if how is not Contact.NONE:
            met.append((h.distance(viewer), h, how))
    return Sight(viewer, target, rule, tuple((h, how) for _, h, how in sorted(met, key=lambda m: (m[0], m[1]))))


def can_see(board: HexBoard, viewer: Hex, target: Hex, rule: SightRule = SightRule.TOUCH) -> bool:
    """Tell whether ``viewer`` has line of sight to ``target`` under ``rule``."""
    return line_of_sight(board, viewer, target, rule).clear
