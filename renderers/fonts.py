"""Fonts: Pillow's own scalable font, so pictures look the same on every machine.

Sizes are in output pixels at the 1024 px long side. A phone shows a picture about ``PHONE_WIDTH`` px wide, so every
word on a battlefield picture is at least ``SMALLEST`` px: ``MIN_PHONE_PX`` once scaled down to a phone (checked by
``tests/renderers/test_phone.py``). Model labels use a larger size (``renderers.labels.TAG``). Pictures of cards
keep their own sizes (``CARD_*``): a card's tile is read zoomed, one at a time.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import ImageFont

__all__ = ["CARD_NAME", "CARD_TEXT", "CARD_TITLE", "HEADER", "LABEL", "LEGEND", "MIN_PHONE_PX", "PHONE_WIDTH",
           "SMALLEST", "TITLE", "Font", "font", "text_height"]

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
