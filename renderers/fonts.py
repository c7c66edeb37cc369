"""Fonts: Pillow's own scalable font, so pictures look the same on every machine.

Sizes are in output pixels at the 1024 px long side. A phone shows a picture about ``PHONE_WIDTH`` px wide, so every
word on a battlefield picture is at least ``SMALLEST`` px: ``MIN_PHONE_PX`` once scaled down to a phone (checked by
``tests/renderers/test_phone.py``). Model labels use a larger size (``renderers.labels.TAG``). Pictures of cards
keep their own sizes (``CARD_*``): a card's tile is read zoomed, one at a time.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

__all__ = ["CARD_NAME", "CARD_TEXT", "CARD_TITLE", "HEADER", "LABEL", "LEGEND", "MIN_PHONE_PX", "PHONE_WIDTH",
           "SMALLEST", "TITLE", "Font", "clear_stamps", "font", "length", "stamp", "text_height", "write"]

PHONE_WIDTH = 400
"""Pixels a phone gives a picture's width in a chat."""

MIN_PHONE_PX = 9
"""Least font size, in phone pixels, of any word on a battlefield picture."""

SMALLEST = math.ceil(MIN_PHONE_PX * 1024 / PHONE_WIDTH)
"""24 px at the 1024 px long side: 9 px on a phone."""

LABEL = SMALLEST
LEGEND = SMALLEST
HEADER = SMALLEST
TITLE = 28

CARD_TEXT = 17
CARD_NAME = 18
CARD_TITLE = 24

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
"""What ``ImageFont.load_default`` returns (a scalable font when Pillow has FreeType)."""


@lru_cache(maxsize=16)
def font(size: int) -> Font:
    """Return Pillow's bundled font at ``size`` px, cached because loading it parses a font file."""
    return ImageFont.load_default(size=size)


def text_height(size: int, sample: str = "Hg") -> int:
    """Return how many pixels ``sample`` covers from its top to its bottom at ``size``."""
    _, top, _, bottom = font(size).getbbox(sample)
    return int(bottom - top)


@lru_cache(maxsize=4096)
def length(text: str, size: int) -> float:
    """How many pixels ``text`` runs at ``size`` (cached: roster lines and key entries repeat between pictures)."""
    return font(size).getlength(text)


@lru_cache(maxsize=2048)
def stamp(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a mask, with the offset of its top-left corner from the anchor point.

    The roster, the key, the header and the model tags repeat from one picture of a game to the next, and
    rendering glyphs is most of a picture's time, so each is drawn once and pasted after (``write``).
    """
    face = font(size)
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def write(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: tuple[int, int, int],
          anchor: str = "la") -> None:
    """Write ``text`` on ``image`` at ``xy`` as ``ImageDraw.text`` would (no outline), from its cached stamp."""
    if not text:
        return
    mask, left, top = stamp(text, size, anchor)
    image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)


def clear_stamps() -> None:
    """Forget the cached words (to measure a first render, or to free memory)."""
    stamp.cache_clear()
    length.cache_clear()

