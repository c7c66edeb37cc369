"""Deployment: zones 8 inches deep along opposite edges (Eldfall core rules v1.5, L1102-1110), 5 deeper with
Tactician (L2833); Infiltration I reaches the middle line, Infiltration II anywhere outside the enemy zone (L1958-1964).
A model stands fully inside its area, on a surface holding at least half its base (L1108, ruling ``deployment-fit``).
"""

from __future__ import annotations

import shapely
from shapely.geometry import Polygon

from engine.geometry import Base, Table, is_completely_within
from engine.systems.eldfall.rulings import Rulings

__all__ = ["deployment_area", "deployment_refusal", "zone"]

_OPPOSITE = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}


def zone(table: Table, edge: str, depth: float = 8.0) -> Polygon:
    """The strip ``depth`` inches deep along ``edge`` (bottom, top, left or right)."""
    w, h = table.width, table.height
    boxes = {"bottom": (0.0, 0.0, w, depth), "top": (0.0, h - depth, w, h), "left": (0.0, 0.0, depth, h),
             "right": (w - depth, 0.0, w, h)}
    if edge not in boxes:
        raise ValueError(f'"{edge}" is not a table edge; edges are bottom, top, left and right')
    return shapely.box(*boxes[edge])


def deployment_area(table: Table, edge: str, *, depth: float = 8.0, tactician: bool = False,
                    infiltration: int = 0) -> Polygon:
    """Where a model of the player deploying from ``edge`` may be placed."""
    own = zone(table, edge, depth + (5.0 if tactician else 0.0))
    if infiltration >= 2:
        return table.polygon.difference(zone(table, _OPPOSITE[edge], depth))
    if infiltration == 1:
        half = table.height / 2 if edge in ("bottom", "top") else table.width / 2
        return own.union(zone(table, edge, half))
    return own


def deployment_refusal(base: Base, area: Polygon, *, supported_share: float = 1.0,
                       rulings: Rulings) -> str | None:
    """Why ``base`` cannot be deployed where it stands, or None; ``supported_share`` is how much of the base rests
    on the surface it stands on."""
    if not is_completely_within(base, area):
        return "a model deploys fully inside its deployment area (L1104)"
    if rulings.deployment_fit == "both" and supported_share < 0.5:
        return f"only {supported_share:.0%} of its base rests on the surface; at least half must (L1108)"
    return None
