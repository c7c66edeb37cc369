"""Where each model's id, wounds and tokens are written: legible on a phone, never over another model.

A phone shows the ~1024 px picture about ``PHONE_WIDTH`` px wide, so text is sized for that: its capitals
are at least ``MIN_PHONE_CAP`` px tall there. A 25 mm base is far smaller than such an id, so the id goes on
the base only when the base can hold it (a zoom); otherwise it goes in a tag beside the base with the wound
and token chips. Tags are placed one model at a time, trying spots around the base from near to far, and the
first spot that stays inside the table's drawn rectangle and touches no base and no tag already placed wins
(a far spot gets a leader line that crosses no other base). Only a board too crowded for any clear spot gets
the least-covered one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.board import BoardView, ModelMark
from renderers.canvas import Canvas
from renderers.fonts import PHONE_WIDTH, font, write
from renderers.models import FALLEN, MIN_BASE_PX, token_badge, visible_models
from renderers.palette import INK, shade, side_colour

__all__ = ["MIN_PHONE_CAP", "PHONE_WIDTH", "TAG", "Chip", "PlacedLabel", "draw_model_labels", "occupied",
           "place_labels", "slid_inside"]

MIN_PHONE_CAP = 6.5
"""Least height, in phone pixels, of a capital or digit written on the picture."""

TAG = 26
"""Font size (output px) of model labels: its capitals are 18 px, 7 px on a phone."""

_PAD_X, _PAD_Y, _GAP = 4, 2, 2
_WHITE = (255, 255, 255)
_FILLS = {"wounds": _WHITE, "tokens": (255, 236, 160)}
_DIRECTIONS = (0, 180, 90, 270, 45, 135, 315, 225, 22.5, 157.5, 337.5, 202.5, 67.5, 112.5, 292.5, 247.5)
_RINGS = 4

Rect = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Chip:
    """One piece of a label: its text, what it says (``id``, ``wounds``, ``tokens``) and its box."""

    kind: str
    text: str
    box: Rect


@dataclass(frozen=True, slots=True)
class PlacedLabel:
    """A model's label: its chips in output pixels, whether the id sits on the base, and the leader line
    from the base to a tag placed away from it (None when the tag touches the base)."""

    model_id: str
    chips: tuple[Chip, ...]
    on_base: bool
    leader: tuple[float, float, float, float] | None

    @property
    def tag(self) -> Rect | None:
        """The box around the chips beside the base (None when the only chip is the id on the base)."""
        beside = [chip.box for chip in self.chips if not (self.on_base and chip.kind == "id")]
        if not beside:
            return None
        return (min(b[0] for b in beside), min(b[1] for b in beside), max(b[2] for b in beside),
                max(b[3] for b in beside))


@lru_cache(maxsize=1024)
def _text_size(text: str) -> tuple[float, float]:
    left, top, right, bottom = font(TAG).getbbox(text, anchor="lt")
    return right - left + 2 * _PAD_X, bottom - top + 2 * _PAD_Y


def _radius(model: ModelMark, canvas: Canvas) -> float:
    return max(canvas.length(model.radius), MIN_BASE_PX)


def _chips(model: ModelMark, id_on_base: bool) -> list[tuple[str, str, float, float]]:
    pieces: list[tuple[str, str]] = [] if id_on_base else [("id", model.id)]
    if model.wounds is not None and not model.out:
        pieces.append(("wounds", str(model.wounds)))
    if model.tokens and not model.out:
        pieces.append(("tokens", token_badge(model)))
    return [(kind, text, *_text_size(text)) for kind, text in pieces]


def _overlap(a: Rect, b: Rect) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _touches_circle(rect: Rect, cx: float, cy: float, r: float) -> bool:
    nearest_x, nearest_y = min(max(cx, rect[0]), rect[2]), min(max(cy, rect[1]), rect[3])
    return math.hypot(nearest_x - cx, nearest_y - cy) < r + 1


def slid_inside(rect: Rect, bounds: Rect) -> Rect:
    """``rect`` moved (not resized) to lie within ``bounds``."""
    dx = max(bounds[0] - rect[0], 0.0) + min(bounds[2] - rect[2], 0.0)
    dy = max(bounds[1] - rect[1], 0.0) + min(bounds[3] - rect[3], 0.0)
    return (rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy)


def _candidates(cx: float, cy: float, r: float, w: float, h: float) -> list[tuple[Rect, int]]:
    """Spots for a ``w`` x ``h`` tag around a base, nearest first, each with its ring (0: touching the base)."""
    spots: list[tuple[Rect, int]] = []
    for ring in range(_RINGS):
        reach = r + _GAP + ring * h
        for degrees in _DIRECTIONS:
            dx, dy = math.cos(math.radians(degrees)), -math.sin(math.radians(degrees))
            # Place the tag so its nearest edge (or corner) is ``reach`` from the centre in that direction.
            x = cx + dx * reach + (dx - 1) * w / 2
            y = cy + dy * reach + (dy - 1) * h / 2
            spots.append(((x, y, x + w, y + h), ring))
    return spots


def place_labels(board: BoardView, canvas: Canvas, avoid: Sequence[Rect] = ()) -> list[PlacedLabel]:
    """The label of every model in the picture, placed so that none covers another or any other base, nor what
    ``avoid`` boxes (terrain names, objective ids) where a clear spot is left (a model taken out gets its id by
    the cross where it fell)."""
    models = visible_models(board, canvas.box)
    bases = {m.id: (*canvas.pt(m.x, m.y), _radius(m, canvas)) for m in models}
    bounds: Rect = tuple(float(v) for v in canvas.table_rect)  # type: ignore[assignment]
    placed: list[Rect] = list(avoid)
    labels: list[PlacedLabel] = []
    for model in sorted(models, key=lambda m: (-m.y, m.x, m.id)):
        cx, cy, r = bases[model.id]
        id_w, id_h = _text_size(model.id)
        on_base = not model.out and id_w <= 2 * r * 0.9 and id_h <= 2 * r * 0.9
        chips: list[Chip] = []
        if on_base:
            box = (cx - id_w / 2, cy - id_h / 2, cx + id_w / 2, cy + id_h / 2)
            chips.append(Chip("id", model.id, box))
        pieces = _chips(model, on_base)
        leader = None
        if pieces:
            width = sum(w for *_, w, _ in pieces) + _GAP * (len(pieces) - 1)
            height = max(h for *_, h in pieces)
            # Only what lies within reach of the farthest spot can touch a tag or its leader line.
            reach = r + _GAP + _RINGS * height + width + height
            others = [b for other, b in bases.items() if other != model.id
                      and math.hypot(b[0] - cx, b[1] - cy) < reach + b[2]]
            near: list[Rect] = [p for p in placed if p[0] < cx + reach and p[2] > cx - reach
                                and p[1] < cy + reach and p[3] > cy - reach]
            best: tuple[float, Rect] | None = None
            for spot, _ring in _candidates(cx, cy, r, width, height):
                rect = slid_inside(spot, bounds)
                cost = _cost(rect, (cx, cy, r), near, others, best[0] if best is not None else math.inf)
                if best is None or cost < best[0]:
                    best = (cost, rect)
                if cost == 0:
                    break
            assert best is not None
            rect = best[1]
            placed.append(rect)
            x = rect[0]
            for kind, text, w, h in pieces:
                chips.append(Chip(kind, text, (x, rect[1], x + w, rect[1] + h)))
                x += w + _GAP
            if not _near(rect, cx, cy, r):
                leader = (cx, cy, min(max(cx, rect[0]), rect[2]), min(max(cy, rect[1]), rect[3]))
        labels.append(PlacedLabel(model.id, tuple(chips), on_base, leader))
    return labels


def _cost(rect: Rect, base: tuple[float, float, float], near: list[Rect],
          others: list[tuple[float, float, float]], enough: float) -> float:
    """How badly a tag at ``rect`` covers what is already there: tags it overlaps, bases it touches (its own
    included) and, away from its base, bases its leader line crosses. Stops counting once past ``enough`` (a spot
    already beaten), so a crowded board costs few full counts."""
    cx, cy, r = base
    area = (rect[2] - rect[0]) * (rect[3] - rect[1])
    cost = area if _touches_circle(rect, cx, cy, r) else 0.0
    for p in near:
        cost += _overlap(rect, p)
        if cost >= enough:
            return cost
    for ox, oy, orad in others:
        if _touches_circle(rect, ox, oy, orad):
            cost += area
            if cost >= enough:
                return cost
    if not _near(rect, cx, cy, r):  # a leader line must not cross another base
        end = (min(max(cx, rect[0]), rect[2]), min(max(cy, rect[1]), rect[3]))
        for ox, oy, orad in others:
            if _segment_distance((ox, oy), (cx, cy), end) < orad + 1:
                cost += area / 2
                if cost >= enough:
                    return cost
    return cost


def _segment_distance(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    return math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)))


def _near(rect: Rect, cx: float, cy: float, r: float) -> bool:
    """Whether the tag sits right by its base (a reader pairs them without a line)."""
    return _touches_circle(rect, cx, cy, r + 2 * _GAP + 2)


def draw_model_labels(image: Image.Image, board: BoardView, canvas: Canvas,
                      avoid: Sequence[Rect] = ()) -> list[PlacedLabel]:
    """Write every model's label where ``place_labels`` put it (clear of ``avoid``); returns the labels (for checks
    and tests)."""
    draw = ImageDraw.Draw(image)
    labels = place_labels(board, canvas, avoid)
    marks: dict[str, ModelMark] = {m.id: m for m in board.models}
    for label in labels:
        colour = FALLEN if marks[label.model_id].out else side_colour(board, marks[label.model_id].side)
        if label.leader is not None:
            cx, cy, ex, ey = label.leader
            length = math.hypot(ex - cx, ey - cy) or 1.0
            r = min(max(canvas.length(marks[label.model_id].radius), MIN_BASE_PX), length)
            draw.line((cx + (ex - cx) * r / length, cy + (ey - cy) * r / length, ex, ey), fill=INK, width=2)
        for chip in label.chips:
            x0, y0, x1, y1 = chip.box
            if chip.kind == "id" and label.on_base:
                draw.text(((x0 + x1) / 2, (y0 + y1) / 2), chip.text, font=font(TAG), fill=_WHITE, anchor="mm",
                          stroke_width=2, stroke_fill=shade(colour))
                continue
            fill = colour if chip.kind == "id" else _FILLS[chip.kind]
            draw.rounded_rectangle(chip.box, radius=4, fill=fill, outline=INK, width=1)
            write(image, (x0 + _PAD_X, y0 + _PAD_Y), chip.text, TAG, _WHITE if chip.kind == "id" else INK, "lt")
    return labels


def occupied(board: BoardView, canvas: Canvas, labels: list[PlacedLabel]) -> list[Rect]:
    """What the models take up in the picture, bases and tags, for labels drawn after them to keep clear of."""
    boxes: list[Rect] = [chip.box for label in labels for chip in label.chips]
    for model in visible_models(board, canvas.box):
        cx, cy = canvas.pt(model.x, model.y)
        r = _radius(model, canvas)
        boxes.append((cx - r, cy - r, cx + r, cy + r))
    return boxes

