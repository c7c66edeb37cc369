"""Pictures of the battlefield, drawn with Pillow from a per-viewer ``BoardView`` (never raw game state)."""

from renderers.animation import encode_gif
from renderers.board import draw_board, encode_png, render_board
from renderers.canvas import Box
from renderers.cards import draw_cards, render_cards
from renderers.crop import action_crop, zoom_box
from renderers.describe import describe_board

__all__ = ["Box", "action_crop", "describe_board", "draw_board", "draw_cards", "encode_gif", "encode_png",
           "render_board", "render_cards", "zoom_box"]
