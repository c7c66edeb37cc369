"""The board in words: alt text for the picture and the whole picture for players who cannot see it."""

from __future__ import annotations

from engine.core.board import BoardView, Overlay, OverlayKind, Point
from renderers.cells_text import describe_cell_board
from renderers.legend import wounds_text
from renderers.shapes import centroid
from renderers.table import inches

__all__ = ["describe_board", "describe_overlay"]


def _at(point: Point) -> str:
    return f"({point[0]:.1f}, {point[1]:.1f})"


def _extent(points: tuple[Point, ...]) -> str:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return f"x {round(min(xs), 1):g}–{round(max(xs), 1):g}, y {round(min(ys), 1):g}–{round(max(ys), 1):g}"


def describe_overlay(overlay: Overlay) -> str:
    """Return one line for an overlay: what it is, where, and its label."""
    style = overlay.style.value
    label = f": {overlay.label}" if overlay.label else ""
    if overlay.kind is OverlayKind.PATH and overlay.points:
        text = f"movement path from {_at(overlay.points[0])} to {_at(overlay.points[-1])}"
    elif overlay.kind is OverlayKind.SIGHT and overlay.points:
        text = f"sight line ({style}) from {_at(overlay.points[0])} to {_at(overlay.points[-1])}"
    elif overlay.kind is OverlayKind.RING and overlay.center is not None:
        text = f"range ring of {inches(overlay.radius or 0)} around {_at(overlay.center)}"
    elif overlay.kind is OverlayKind.ARC and overlay.center is not None:
        text = (f"arc of {inches(overlay.radius or 0)} around {_at(overlay.center)} "
                f"from {overlay.start or 0:g}° to {overlay.end if overlay.end is not None else 360:g}°")
    elif overlay.kind is OverlayKind.SHAPE and overlay.points:
        text = f"template over {_extent(overlay.points)}"
    else:
        text = overlay.kind.value
    return text + label


def describe_board(board: BoardView) -> str:
    """Return a plain-text description of everything the picture shows, positions in inches from bottom-left."""
    if board.cells:
        return describe_cell_board(board)
    lines = [f"{board.title}. Table {inches(board.width)} by {inches(board.height)}, "
             f"origin bottom-left, x to the right, y up."]
    if board.header is not None:
        lines.append(board.header.line() + ".")
    if board.terrain:
        lines.append("Terrain:")
        for piece in board.terrain:
            height = f", {inches(piece.height)} high" if piece.height else ""
            keywords = f", {', '.join(piece.keywords)}" if piece.keywords else ""
            centre = centroid(piece.polygon) if piece.polygon else (0.0, 0.0)
            lines.append(f"- {piece.id} {piece.kind} at {_at(centre)} "
                         f"covering {_extent(piece.polygon)}{height}{keywords}")
    deployment = [z for z in board.zones if z.kind != "objective"]
    if deployment:
        lines.append("Zones:")
        lines.extend(f"- {z.label or z.id}{f' (side {z.side})' if z.side else ''} covering {_extent(z.polygon)}"
                     for z in deployment if z.polygon)
    objectives = [z for z in board.zones if z.kind == "objective"]
    if objectives:
        lines.append("Objectives: " + "; ".join(
            f"{z.id}{f' {z.label}' if z.label else ''} at {_at(centroid(z.polygon))}" for z in objectives if z.polygon))
    for side in board.sides:
        models = [m for m in board.models if m.side == side]
        lines.append(f"Side {side}: " + ("no models" if not models else f"{len(models)} models"))
        for m in models:
            facts = [f"taken out at {_at((m.x, m.y))}" if m.out else f"at {_at((m.x, m.y))}"]
            if m.facing is not None and not m.out:
                facts.append(f"facing {m.facing:g}°")
            if wounds_text(m):
                facts.append(f"wounds {wounds_text(m)}")
            facts.extend(m.states)
            if m.tokens:
                facts.append("tokens " + ", ".join(m.tokens))
            lines.append(f"- {m.id} {m.name}, " + ", ".join(facts))
    others = [m for m in board.models if m.side not in board.sides]
    lines.extend(f"- {m.id} {m.name} (side {m.side}) at {_at((m.x, m.y))}" for m in others)
    if board.overlays:
        lines.append("Shown: " + "; ".join(describe_overlay(o) for o in board.overlays) + ".")
    return "\n".join(lines)
