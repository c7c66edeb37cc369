"""The replay GIF: it opens, it moves, it loops, it holds the end, and long games are sampled down."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest
from PIL import Image, ImageChops

from bot.core.export import replay_frames
from renderers import encode_gif
from renderers.animation import HOLD_LAST_MS, MAX_FRAMES, sample_frames
from tests.core.test_export import crossroads
from tests.renderers.conftest import board, model


def frames_of(data: bytes) -> tuple[Image.Image, list[Image.Image], list[int]]:
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF"
    images, durations = [], []
    for index in range(gif.n_frames):
        gif.seek(index)
        images.append(gif.convert("RGB"))
        durations.append(gif.info["duration"])
    return gif, images, durations


@pytest.mark.parametrize("every", ["round", "turn"])
def test_the_example_game_animates_and_stays_small(every: str) -> None:
    boards = replay_frames(crossroads(), every)
    data = encode_gif(boards, frame_ms=700)
    gif, images, durations = frames_of(data)
    print(f"\ncrossroads every={every}: {len(boards)} boards, {gif.n_frames} GIF frames, {gif.size}, "
          f"{len(data):,} bytes")
    assert gif.n_frames == len(boards) > 1
    assert gif.info["loop"] == 0, "loops forever"
    assert gif.size[0] == 640
    assert all(ImageChops.difference(a, b).getbbox() for a, b in pairwise(images))
    assert durations[:-1] == [700] * (len(images) - 1) and durations[-1] == HOLD_LAST_MS
    assert len(data) < 1_000_000, "far below Discord's 25 MB"


def test_a_moved_model_shows_in_its_side_colour_in_the_next_frame() -> None:
    start = board(models=(model("A1", 4, 4),), title="Before")
    end = board(models=(model("A1", 20, 20),), title="After")
    _, (first, second), durations = frames_of(encode_gif((start, end), width=400, frame_ms=500))
    assert first.size == second.size == (400, first.height)
    assert durations == [500, HOLD_LAST_MS]
    box = ImageChops.difference(first, second).getbbox()
    assert box is not None and box[2] - box[0] > 100, "the model left one corner for the other"


def test_a_long_game_is_sampled_down_keeping_the_first_and_last_frames() -> None:
    boards = [board(models=(model("A1", 2 + i * 0.1, 4),), title=f"Frame {i}") for i in range(200)]
    chosen = sample_frames(boards, MAX_FRAMES)
    assert len(chosen) == MAX_FRAMES and chosen[0] is boards[0] and chosen[-1] is boards[-1]
    assert len({id(frame) for frame in chosen}) == MAX_FRAMES
    assert sample_frames(boards[:3], MAX_FRAMES) == boards[:3]


def test_no_frames_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one board"):
        encode_gif(())
    with pytest.raises(ValueError, match="positive"):
        encode_gif((board(),), width=0)
