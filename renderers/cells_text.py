"""A board of cells in words: alt text and the whole picture for players who cannot see it, by cell id."""

from __future__ import annotations

import math

from engine.core.board import BoardView, Overlay, OverlayKind, Point
from renderers.legend import wounds_text
from renderers.shapes import centroid

__all__ = ["describe_cell_board", "describe_cell_overlay", "nearest_cell"]


def nearest_cell(board: BoardView, point: Point) -> str:
    """Return the id of the cell whose centre is nearest ``point`` (overlays are drawn between cell centres)."""
    return min(board.cells, key=lambda c: math.dist(centroid(c.polygon), point)).id


def describe_cell_overlay(board: BoardView, overlay: Overlay) -> str:
    """Return one line for an overlay on a cell board, by cell ids: a move path or a sight (attack) line."""
    label = f": {overlay.label}" if overlay.label else ""
    cells = [nearest_cell(board, p) for p in overlay.points]
    if overlay.kind is OverlayKind.PATH and cells:
        return "movement path " + " > ".join(cells) + label
    if overlay.kind is OverlayKind.SIGHT and cells:
        return f"sight line ({overlay.style.value}) from {cells[0]} to {cells[-1]}{label}"
    return overlay.kind.value + label


def describe_cell_board(board: BoardView) -> str:
    """Return what a cell board's picture shows: special cells by kind, tokens, territories, models by cell."""
    lines = [f"{board.title}. A board of {len(board.cells)} hexes, named by column letter and row number (A1 at "
             "the top left)."]
    if board.header is not None:
        lines.append(board.header.line() + ".")
    kinds = sorted({kind for cell in board.cells for kind in cell.kinds})
    for kind in kinds:
        lines.append(f"{kind.capitalize()} hexes: " + ", ".join(c.id for c in board.cells if kind in c.kinds) + ".")
    for side in board.sides:
        owned = [c.id for c in board.cells if c.owner == side]
        if owned:
            lines.append(f"Side {side}'s territory: {len(owned)} hexes, {owned[0]} to {owned[-1]}.")
    tokens = [c for c in board.cells if c.token is not None]
    if tokens:
        lines.append("Tokens: " + "; ".join(
            f"{c.token} in {c.id}" if c.token_face_up else f"face down in {c.id}" for c in tokens) + ".")
    for side in board.sides:
        models = [m for m in board.models if m.side == side]
        lines.append(f"Side {side}: " + ("no models" if not models else f"{len(models)} models"))
        for m in models:
            facts = [f"taken out in {m.cell}" if m.out else f"in {m.cell}" if m.cell else "off the board"]
            if wounds_text(m):
                facts.append(f"wounds {wounds_text(m)}")
            facts.extend((*m.states, *m.tokens))
            lines.append(f"- {m.id} {m.name}, " + ", ".join(facts))
    if board.overlays:
        lines.append("Shown: " + "; ".join(_overlay_lines(board)) + ".")
    return "\n".join(lines)


def _overlay_lines(board: BoardView) -> list[str]:
    """Each overlay in words, the rings that mean one thing (the hexes a move may end in) as one line of cells."""
    lines: list[str] = []
    rings: dict[str, list[str]] = {}
    for overlay in board.overlays:
        if overlay.kind is OverlayKind.RING and overlay.center is not None:
            meaning = overlay.key or "ringed"
            if meaning not in rings:
                rings[meaning] = []
                lines.append(meaning)
            rings[meaning].append(nearest_cell(board, overlay.center))
        else:
            lines.append(describe_cell_overlay(board, overlay))
    return [f"{line}: {', '.join(rings[line])}" if line in rings else line for line in lines]
