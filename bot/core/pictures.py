"""Pictures for messages: the board as the public sees it, cropped to the action when there is one."""

from __future__ import annotations

from typing import Any

from bot.core.outputs import CardsPicture, Document, OutputFile, Picture, Replay
from engine.core import SPECTATOR, BoardView, Game, InvalidCommand, Overlay, Viewer
from renderers import action_crop, describe_board, encode_gif, render_board, render_cards, zoom_box

__all__ = ["board_picture", "board_text", "render_picture", "view_picture"]


def board_picture(game: Game[Any], overlays: tuple[Overlay, ...] = (), *, viewer: Viewer = SPECTATOR,
                  zoom: str | None = None, whole: bool = False, name: str = "board.png") -> tuple[Picture, ...]:
    """The board to draw, with alt text from the same view; nothing for games without a board. Cropped to the
    action (the last move's path, an attack's line) unless ``whole`` (bare ``/board``: a player asking for the
    board expects all of it) or zoomed on a model."""
    board = game.board(viewer, overlays)
    if board is None:
        return ()
    if zoom and zoom not in {model.id for model in board.models}:
        known = ", ".join(sorted(model.id for model in board.models)) or "none"
        raise InvalidCommand(f"there is no model {zoom} to zoom on; models: {known}")
    # A side answering the action (a reaction) sees its own models in the picture, not only the mover's.
    answering = {decision.owner for decision in game.pending} - {game.state.active_side}
    crop = zoom_box(board, zoom) if zoom else None if whole else action_crop(board, answering)
    alt = describe_board(board)[:1000]
    return (Picture(filename=name, board=board, crop=crop, alt=alt),)


def view_picture(board: BoardView, name: str) -> tuple[Picture, ...]:
    """A board that is not the game's table (a map's preview), whole and uncropped."""
    return (Picture(filename=name, board=board, crop=None, alt=describe_board(board)[:1000]),)


def render_picture(picture: OutputFile) -> bytes:
    """The bytes of an attachment: a board as PNG, a replay as GIF, a document as UTF-8 (CPU-bound for
    boards and replays: run it off the event loop in a server)."""
    match picture:
        case Picture():
            return render_board(picture.board, crop=picture.crop)
        case Replay():
            return encode_gif(picture.frames)
        case Document():
            return picture.text.encode("utf-8")
        case CardsPicture():
            return render_cards(picture.cards)


def board_text(game: Game[Any], viewer: Viewer = SPECTATOR) -> str:
    board = game.board(viewer)
    return describe_board(board) if board is not None else "This game has no board."
