"""The key: every kind of symbol the picture draws, with what it means, in rows under the table.

It is worked out from the ``BoardView`` alone, so any game gets it: the kinds of cell on a board of cells (starting,
lethal, blocked hexes, each side's territory, tokens face up and face down), deployment zones and objectives on an
inch table, the overlays drawn (a move, a sight or attack line clear or blocked, a range, a template, a facing arc;
in the game's own words where it gives them, ``Overlay.key``),
the marks on models (the facing tick, the wounds chip, each token letter spelled out), a marker where a model was
taken out, and a token standing for a model its viewer cannot see. Only what is in the picture is listed.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.core.board import BoardView, LineStyle, OverlayKind
from engine.core.ids import SideId
from renderers.canvas import Box, Canvas
from renderers.fonts import LEGEND, font, length, write
from renderers.legend import fit
from renderers.models import visible_models
from renderers.palette import INK, OBJECTIVE, RGB, STYLE_COLOURS, side_colour, with_alpha

__all__ = ["KeyEntry", "draw_key", "key_entries", "key_rows"]

_GLYPH = 24
_PAD = 10
_GAP = 22


@dataclass(frozen=True, slots=True)
class KeyEntry:
    """One symbol and what it means: ``glyph`` names how it is drawn, ``colour`` tints it."""

    glyph: str
    text: str
    colour: RGB = INK


def _cell_entries(board: BoardView) -> list[KeyEntry]:
    kinds = {kind for cell in board.cells for kind in cell.kinds}
    entries = [KeyEntry(glyph, text) for kind, glyph, text in (
        ("starting", "starting", "starting hex"), ("lethal", "lethal", "lethal hex"),
        ("blocked", "blocked", "blocked hex")) if kind in kinds]
    owners = [side for side in board.sides if any(cell.owner == side for cell in board.cells)]
    entries += [KeyEntry("territory", f"side {side}'s territory", side_colour(board, side)) for side in owners]
    tokens = [cell for cell in board.cells if cell.token is not None]
    if any(cell.token_face_up for cell in tokens):
        entries.append(KeyEntry("token-up", "objective token (its number in a disc on it)"))
    if any(not cell.token_face_up for cell in tokens):
        entries.append(KeyEntry("token-down", "objective token, face down"))
    return entries


def _zone_entries(board: BoardView) -> list[KeyEntry]:
    sides = [side for side in board.sides if any(z.kind == "deployment" and z.side == side for z in board.zones)]
    entries = [KeyEntry("territory", f"side {side}'s deployment zone", side_colour(board, side)) for side in sides]
    # Any other tinted area (Sunshard's Contested Ground) by its name: the picture writes none on the table.
    entries += [KeyEntry("band" if _thin(z.polygon) else "territory", z.label or z.kind, side_colour(board, z.side))
                for z in board.zones
                if z.kind not in ("deployment", "objective") and len(z.polygon) >= 3]
    named: dict[tuple[str, SideId | None], list[str]] = {}
    for zone in board.zones:
        if zone.kind == "objective":
            named.setdefault((zone.key or "objective", zone.side), []).append(zone.id)
    for (what, side), ids in named.items():  # what each is where the game names it (a Crystal Mine), and who holds it
        held = f", held by side {side}" if side is not None else ""
        text = f"{what} (its id above it){held}" if what == "objective" else f"{', '.join(ids)}: {what}{held}"
        entries.append(KeyEntry("objective", text, OBJECTIVE if side is None else side_colour(board, side)))
    return entries


_THIN = 0.25
"""Inches: an area this narrow (Sunshard's Centerline) reads as a line, and its key shows a line, not a swatch."""


def _thin(polygon: tuple[tuple[float, float], ...]) -> bool:
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return min(max(xs) - min(xs), max(ys) - min(ys)) < _THIN


_OVERLAYS = {
    (OverlayKind.PATH, LineStyle.NORMAL): "the move, and how far",
    (OverlayKind.SIGHT, LineStyle.CLEAR): "line of sight or attack, clear",
    (OverlayKind.SIGHT, LineStyle.BLOCKED): "line of sight, blocked",
    (OverlayKind.RING, LineStyle.NORMAL): "range",
    (OverlayKind.RING, LineStyle.THREAT): "range",
    (OverlayKind.RING, LineStyle.CLEAR): "a place you may choose",
    (OverlayKind.SHAPE, LineStyle.THREAT): "template",
    (OverlayKind.ARC, LineStyle.NORMAL): "facing arc: the front a model sees",
}


def _overlay_entries(board: BoardView) -> list[KeyEntry]:
    entries: dict[str, KeyEntry] = {}
    for overlay in board.overlays:
        text = overlay.key or _OVERLAYS.get((overlay.kind, overlay.style)) or {
            OverlayKind.PATH: "a path", OverlayKind.SIGHT: "a line between two points", OverlayKind.RING: "range",
            OverlayKind.SHAPE: "template", OverlayKind.ARC: "arc"}[overlay.kind]
        glyph = f"{overlay.kind.value}:{overlay.style.value}"
        entries.setdefault(glyph + text, KeyEntry(glyph, text, STYLE_COLOURS[overlay.style]))
    return list(entries.values())


def _model_entries(board: BoardView, box: Box) -> list[KeyEntry]:
    shown = visible_models(board, box)
    standing = [m for m in shown if not m.out]
    entries: list[KeyEntry] = []
    if any(m.facing is not None for m in standing):
        entries.append(KeyEntry("facing", "model: its tick points the way it faces"))
    if any(m.wounds is not None for m in standing):
        entries.append(KeyEntry("wounds", "wounds left"))
    letters: dict[str, list[str]] = {}
    for m in standing:
        for token in m.tokens[:4]:
            names = letters.setdefault(token[:1].upper(), [])
            if token not in names:
                names.append(token)
    if letters:
        spelled = ", ".join(f"{letter} {' or '.join(names)}" for letter, names in sorted(letters.items()))
        entries.append(KeyEntry("tokens", f"tokens: {spelled}"))
    if any(m.out for m in shown):
        entries.append(KeyEntry("out", "taken out: where it fell"))
    hidden = sorted({m.name for m in shown if m.hidden})
    entries += [KeyEntry("hidden", f"{name}: a model you cannot see yet") for name in hidden]
    return entries


def key_entries(board: BoardView, box: Box) -> list[KeyEntry]:
    """Every kind of symbol the picture of ``box`` draws, once each, in a stable order."""
    return [*_cell_entries(board), *_zone_entries(board), *_overlay_entries(board), *_model_entries(board, box)]


def _width(entry: KeyEntry) -> float:
    return _GLYPH + _PAD + length(entry.text, LEGEND)


def key_rows(entries: list[KeyEntry], width: int) -> list[list[KeyEntry]]:
    """The entries wrapped into rows of ``width`` pixels, in order."""
    rows: list[list[KeyEntry]] = []
    used = 0.0
    for entry in entries:
        size = _width(entry)
        if not rows or (rows[-1] and used + _GAP + size > width):
            rows.append([])
            used = -_GAP
        rows[-1].append(entry)
        used += _GAP + size
    return rows


def draw_key(image: Image.Image, canvas: Canvas, rows: list[list[KeyEntry]], row_height: int) -> None:
    """Draw the wrapped key into the layout's key rectangle, a glyph before each entry's words."""
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = canvas.key
    for index, row in enumerate(rows):
        y = top + index * row_height + row_height // 2
        if y + row_height // 2 > bottom + 1:
            return
        x = float(left)
        for entry in row:
            _glyph(draw, entry, x, y)
            write(image, (x + _GLYPH + _PAD, y), fit(entry.text, right - x - _GLYPH - _PAD), LEGEND, INK, "lm")
            x += _width(entry) + _GAP


def _glyph(draw: ImageDraw.ImageDraw, entry: KeyEntry, x: float, y: float) -> None:
    """A small copy of the symbol, ``_GLYPH`` px wide, centred on row ``y``."""
    h = _GLYPH / 2
    cx = x + h
    box = (x, y - h, x + _GLYPH, y + h)
    kind, _, style = entry.glyph.partition(":")
    if kind in ("territory",):
        draw.rectangle(box, fill=with_alpha(entry.colour, 90), outline=entry.colour, width=2)
    elif kind == "band":  # a thin area across the table, drawn as the line it is there
        draw.line((x, y, x + _GLYPH, y), fill=entry.colour, width=4)
    elif kind == "starting":
        draw.rectangle(box, fill=(238, 232, 214))
        draw.ellipse((cx - 8, y - 8, cx + 8, y + 8), outline=(252, 252, 252), width=3)
    elif kind == "lethal":
        draw.rectangle(box, fill=(214, 96, 80))
        draw.line((cx - 6, y - 6, cx + 6, y + 6), fill=(250, 240, 236), width=3)
        draw.line((cx - 6, y + 6, cx + 6, y - 6), fill=(250, 240, 236), width=3)
    elif kind == "blocked":
        draw.rectangle(box, fill=(74, 72, 78), outline=(250, 250, 250), width=2)
        draw.line((x + 4, y + h - 4, x + _GLYPH - 4, y - h + 4), fill=(130, 128, 136), width=2)
    elif kind in ("token-up", "token-down", "objective"):
        fill = {"token-up": (244, 204, 84), "token-down": (70, 62, 52), "objective": entry.colour}[kind]
        draw.ellipse(box, fill=fill, outline=INK, width=2)
    elif kind in ("path", "sight", "ring", "shape", "arc"):
        _line_glyph(draw, kind, style, entry.colour, box)
    elif kind == "facing":
        draw.ellipse((x + 2, y - h + 2, x + _GLYPH - 6, y + h - 2), fill=(0, 114, 178), outline=INK, width=2)
        draw.line((cx + 2, y, x + _GLYPH, y), fill=INK, width=3)
    elif kind == "wounds":
        draw.rounded_rectangle(box, radius=4, fill=(255, 255, 255), outline=INK, width=1)
        draw.text((cx, y), "3", font=font(LEGEND), fill=INK, anchor="mm")  # a glyph, drawn over its chip
    elif kind == "tokens":
        draw.rounded_rectangle(box, radius=4, fill=(255, 236, 160), outline=INK, width=1)
    elif kind == "out":
        draw.line((x + 4, y - h + 4, x + _GLYPH - 4, y + h - 4), fill=(110, 110, 110), width=4)
        draw.line((x + 4, y + h - 4, x + _GLYPH - 4, y - h + 4), fill=(110, 110, 110), width=4)
    elif kind == "hidden":
        draw.ellipse(box, fill=(160, 160, 160), outline=INK, width=2)


def _line_glyph(draw: ImageDraw.ImageDraw, kind: str, style: str, colour: RGB,
                box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    y = (y0 + y1) / 2
    if kind == "ring":
        draw.ellipse(box, outline=colour, width=3)
    elif kind == "shape":
        draw.polygon([(x0, y1), (x1, y0 + 4), (x1, y1)], fill=with_alpha(colour, 90), outline=colour)
    elif kind == "arc":  # a base with the rim of its front arc, as drawn round each model
        cx = (x0 + x1) / 2
        draw.ellipse((cx - 5, y - 2, cx + 5, y + 8), fill=(160, 160, 160), outline=colour)
        draw.arc((cx - 14, y - 10, cx + 14, y + 18), 210, 330, fill=colour, width=8)
    elif style == LineStyle.BLOCKED.value:
        for start in range(0, int(x1 - x0), 10):
            draw.line((x0 + start, y, min(x0 + start + 6, x1), y), fill=colour, width=3)
    else:
        draw.line((x0, y, x1, y), fill=colour, width=3)
        if kind == "path":
            draw.polygon([(x1, y), (x1 - 7, y - 5), (x1 - 7, y + 5)], fill=colour)
