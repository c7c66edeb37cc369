"""An animated GIF of a game: the public boards of a replay, drawn by the board renderer.

One palette is shared by every frame, so a side's colour does not flicker from frame to frame, and
Pillow stores each frame after the first as the rectangle that changed (title to legend, when a
model moved), not the whole picture. Long games are sampled down to ``MAX_FRAMES`` frames so the file stays
far below Discord's 25 MB upload limit.

Measured on examples/freeplay/skirmish-at-the-crossroads.gm (console seed 7, 640 x 451 px, Pillow 13)::

    replay_frames(game, "round"):   3 frames, 107,630 bytes
    replay_frames(game, "turn"):    7 frames, 188,716 bytes
    replay_frames(game, "event"):  44 frames, 583,681 bytes (about 13 kB a frame: 120 such frames, 1.7 MB)

``pytest -s tests/renderers/test_animation.py`` prints the first two again.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TypeVar

from PIL import Image

from engine.core.board import BoardView
from renderers.board import draw_board
from renderers.palette import BACKGROUND

__all__ = ["HOLD_LAST_MS", "MAX_FRAMES", "encode_gif", "sample_frames"]

MAX_FRAMES = 120
"""At most this many frames: at 640 px a frame adds tens of kilobytes at worst, so a GIF stays a few MB."""

HOLD_LAST_MS = 3000
"""The final position stays up at least this long before the loop starts again."""

_PALETTE_SAMPLES = 12
"""Frames the shared palette is built from (first, last and evenly between)."""

T = TypeVar("T")


def encode_gif(frames: Sequence[BoardView], *, width: int = 640, frame_ms: int = 900) -> bytes:
    """Return an animated GIF of ``frames`` (each drawn as its viewer sees it), looping forever.

    Every frame is ``width`` pixels wide; frames of different heights (a legend grew) are padded to
    the tallest. The last frame is held ``max(3 * frame_ms, HOLD_LAST_MS)``.

    :raises ValueError: if there are no frames, or ``width`` or ``frame_ms`` is not positive.
    """
    if not frames:
        raise ValueError("an animation needs at least one board")
    if width < 1 or frame_ms < 1:
        raise ValueError(f"width and frame_ms must be positive, got {width} and {frame_ms}")
    pictures = [_scaled(draw_board(board), width) for board in sample_frames(frames, MAX_FRAMES)]
    height = max(picture.height for picture in pictures)
    pictures = [_padded(picture, width, height) for picture in pictures]
    palette = _shared_palette(pictures)
    indexed = [picture.quantize(palette=palette, dither=Image.Dither.NONE) for picture in pictures]
    durations = [frame_ms] * (len(indexed) - 1) + [max(3 * frame_ms, HOLD_LAST_MS)]
    buffer = io.BytesIO()
    indexed[0].save(buffer, format="GIF", save_all=True, append_images=indexed[1:], duration=durations, loop=0,
                    disposal=1, optimize=False)
    return buffer.getvalue()


def sample_frames(frames: Sequence[T], limit: int) -> list[T]:
    """At most ``limit`` frames, evenly spread, always keeping the first and the last."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if len(frames) <= limit:
        return list(frames)
    if limit == 1:
        return [frames[-1]]
    last = len(frames) - 1
    return [frames[round(i * last / (limit - 1))] for i in range(limit)]


def _scaled(image: Image.Image, width: int) -> Image.Image:
    height = max(1, round(image.height * width / image.width))
    return image.resize((width, height), Image.Resampling.LANCZOS) if image.width != width else image


def _padded(image: Image.Image, width: int, height: int) -> Image.Image:
    if image.size == (width, height):
        return image
    canvas = Image.new("RGB", (width, height), BACKGROUND)
    canvas.paste(image, (0, 0))
    return canvas


def _shared_palette(pictures: Sequence[Image.Image]) -> Image.Image:
    """One 256-colour palette from a sheet of sampled frames, so colours that appear late are in it too."""
    chosen = sample_frames(pictures, _PALETTE_SAMPLES)
    width = chosen[0].width
    sheet = Image.new("RGB", (width, sum(picture.height for picture in chosen)), BACKGROUND)
    top = 0
    for picture in chosen:
        sheet.paste(picture, (0, top))
        top += picture.height
    return sheet.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
