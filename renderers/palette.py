"""Colours and dash patterns, chosen so no mark is told apart by hue alone.

Sides use the Okabe-Ito palette (safe for the common colour-vision deficiencies); line styles differ by
dash pattern as well as colour; terrain kinds differ by fill lightness as well as hue.
"""

from __future__ import annotations

from engine.core.board import BoardView, LineStyle
from engine.core.ids import SideId

__all__ = [
    "BACKGROUND",
    "DASHES",
    "EDGE_TEXT",
    "GRID",
    "INK",
    "OBJECTIVE",
    "RGB",
    "SIDE_COLOURS",
    "STYLE_COLOURS",
    "TABLE",
    "TABLE_EDGE",
    "TERRAIN_FILLS",
    "TERRAIN_KINDS",
    "shade",
    "side_colour",
    "terrain_fill",
    "terrain_kind",
    "with_alpha",
]

RGB = tuple[int, int, int]

SIDE_COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (240, 228, 66),  # yellow
)
"""Okabe-Ito colours in the order sides are listed; the first two contrast most (blue against vermillion)."""

BACKGROUND: RGB = (250, 248, 243)
TABLE: RGB = (236, 230, 212)
TABLE_EDGE: RGB = (90, 84, 70)
GRID: RGB = (214, 206, 184)
INK: RGB = (28, 28, 28)
EDGE_TEXT: RGB = (70, 66, 56)
OBJECTIVE: RGB = (250, 250, 250)

TERRAIN_KINDS: tuple[str, ...] = ("forest", "ruin", "building", "wall", "hill", "water", "other")
"""The kinds drawn with their own fill; ``impassable`` is drawn as ``building`` and unknown kinds as ``other``."""

TERRAIN_FILLS: dict[str, tuple[RGB, RGB]] = {
    "forest": ((122, 158, 96), (70, 105, 52)),
    "ruin": ((196, 178, 150), (120, 102, 78)),
    "building": ((120, 120, 126), (60, 60, 66)),
    "wall": ((78, 70, 64), (40, 36, 32)),
    "hill": ((222, 204, 150), (160, 140, 90)),
    "water": ((150, 196, 226), (80, 130, 170)),
    "other": ((186, 178, 206), (110, 100, 140)),
}
"""Fill and outline per terrain kind."""

_KIND_ALIASES = {"impassable": "building", "woods": "forest", "ruins": "ruin", "river": "water", "lake": "water"}

STYLE_COLOURS: dict[LineStyle, RGB] = {
    LineStyle.NORMAL: (40, 40, 40),
    LineStyle.CLEAR: (0, 140, 100),
    LineStyle.BLOCKED: (200, 40, 30),
    LineStyle.THREAT: (150, 60, 130),
}

DASHES: dict[LineStyle, tuple[int, int] | None] = {
    LineStyle.NORMAL: None,
    LineStyle.CLEAR: None,
    LineStyle.BLOCKED: (10, 8),
    LineStyle.THREAT: (4, 5),
}
"""Dash pattern (on, off) in output pixels; ``None`` is a solid line."""


def terrain_kind(kind: str) -> str:
    """Map a system's terrain kind onto one of the drawn kinds."""
    kind = kind.lower()
    kind = _KIND_ALIASES.get(kind, kind)
    return kind if kind in TERRAIN_FILLS else "other"


def terrain_fill(kind: str) -> tuple[RGB, RGB]:
    """Return (fill, outline) for a terrain kind."""
    return TERRAIN_FILLS[terrain_kind(kind)]


def side_colour(board: BoardView, side: SideId | None) -> RGB:
    """Return the colour of ``side`` by its place in ``board.sides`` (grey for none or an unknown side)."""
    if side is None or side not in board.sides:
        return (120, 120, 120)
    return SIDE_COLOURS[board.sides.index(side) % len(SIDE_COLOURS)]


def shade(colour: RGB, factor: float = 0.45) -> RGB:
    """Darken a colour, for text outlines that still carry their side's hue."""
    r, g, b = colour
    return (int(r * factor), int(g * factor), int(b * factor))


def with_alpha(colour: RGB, alpha: int) -> tuple[int, int, int, int]:
    """Add an alpha channel, for fills blended onto the table."""
    return (*colour, alpha)
