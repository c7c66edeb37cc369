"""Where each terrain piece's name is written: at its centre, unless an objective's marker or id, or another piece's
name, is there; then the nearest clear spot above or below, or beside it.

Written at the centre whatever stood there, a ruin's name and the objective on it ran into one word ("T3 ruiO4").
The model labels, written later, keep clear of these boxes too (``labels.place_labels``'s ``avoid``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.core.board import BoardView, TerrainMark, ZoneMark
from renderers.canvas import Canvas
from renderers.fonts import LABEL, font
from renderers.labels import slid_inside
from renderers.shapes import centroid
from renderers.table import OBJECTIVE_RADIUS, inches, objective_label_at

__all__ = ["TerrainLabel", "objective_boxes", "terrain_labels", "terrain_text"]

Rect = tuple[float, float, float, float]
_HALO = 3
"""The white outline round terrain text, in output pixels."""


@dataclass(frozen=True, slots=True)
class TerrainLabel:
    """A piece's name and the box it is written in (output pixels; the text is centred in it)."""

    text: str
    box: Rect

    @property
    def centre(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2


def terrain_text(piece: TerrainMark) -> str:
    return f"{piece.id} {piece.kind}" + (f" {inches(piece.height)}" if piece.height else "")


@lru_cache(maxsize=512)
def _size(text: str) -> tuple[float, float]:
    left, top, right, bottom = font(LABEL).getbbox(text, anchor="mm")
    return right - left + 2 * _HALO, bottom - top + 2 * _HALO


def objective_boxes(board: BoardView, canvas: Canvas) -> list[Rect]:
    """The box of each objective's marker and of its id written above it."""
    boxes: list[Rect] = []
    for zone in board.zones:
        if zone.kind != "objective" or not zone.polygon:
            continue
        boxes.append(_marker(zone, canvas))
        x, bottom = objective_label_at(canvas, zone)
        w, h = _size(zone.id)
        boxes.append((x - w / 2, bottom - h, x + w / 2, bottom))
    return boxes


def _marker(zone: ZoneMark, canvas: Canvas) -> Rect:
    if len(zone.polygon) >= 3:
        pixels = [canvas.pt(x, y) for x, y in zone.polygon]
        return (min(p[0] for p in pixels), min(p[1] for p in pixels), max(p[0] for p in pixels),
                max(p[1] for p in pixels))
    cx, cy = canvas.pt(*centroid(zone.polygon))
    r = max(canvas.length(OBJECTIVE_RADIUS), 9)
    return cx - r, cy - r, cx + r, cy + r


def _overlap(a: Rect, b: Rect) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


@lru_cache(maxsize=4)
def terrain_labels(board: BoardView, canvas: Canvas) -> tuple[TerrainLabel, ...]:
    """Every terrain piece's label (of those the picture shows), in the board's order, each at the first spot (its
    centre, then a line above or below, then beside; slid inside the table's drawn rectangle) that covers no
    objective and no label placed before it; the least covered spot when none is clear. Kept per board and layout:
    the static layer and the model labels ask for the same."""
    taken = objective_boxes(board, canvas)
    labels: list[TerrainLabel] = []
    x0, y0, x1, y1 = canvas.box
    for piece in board.terrain:
        if not piece.polygon or max(x for x, _ in piece.polygon) < x0 or min(x for x, _ in piece.polygon) > x1 \
                or max(y for _, y in piece.polygon) < y0 or min(y for _, y in piece.polygon) > y1:
            continue  # wholly outside a crop: nothing of it is drawn
        text = terrain_text(piece)
        w, h = _size(text)
        cx, cy = centroid([canvas.pt(x, y) for x, y in piece.polygon])
        best: tuple[float, Rect] | None = None
        for dx, dy in ((0, 0), (0, 1), (0, -1), (0, 2), (0, -2), (1, 0), (-1, 0)):
            box = slid_inside((cx + dx * (w / 2 + h) - w / 2, cy + dy * h - h / 2, cx + dx * (w / 2 + h) + w / 2,
                           cy + dy * h + h / 2), canvas.table_rect)
            covered = sum(_overlap(box, other) for other in taken)
            if best is None or covered < best[0]:
                best = (covered, box)
            if covered == 0:
                break
        assert best is not None
        taken.append(best[1])
        labels.append(TerrainLabel(text, best[1]))
    return tuple(labels)
