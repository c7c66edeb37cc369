"""Fonts: Pillow's own scalable font, so pictures look the same on every machine.

Sizes are in output pixels at the 1024 px long side. ``LABEL`` is the smallest size used anywhere; its
mixed-case text ("Hg") is at least 14 px tall. Model labels use a larger size (``renderers.labels.TAG``),
sized for a phone's width.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

__all__ = ["LABEL", "LEGEND", "TITLE", "Font", "font", "text_height"]

LABEL = 17
LEGEND = 18
TITLE = 24

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
