"""A picture of cards (a player's hand): each card a tile with its name, its type line, its text wrapped to fit
and a corner value, five to a row, sized to read on a phone. Drawn from a ``CardsView`` only.
"""

from __future__ import annotations

import io
import textwrap

from PIL import Image, ImageDraw

from engine.core import CardMark, CardsView
from renderers.fonts import CARD_NAME, CARD_TEXT, CARD_TITLE, font
from renderers.palette import INK

__all__ = ["CARD_SIZE", "PER_ROW", "draw_cards", "render_cards"]

CARD_SIZE = (236, 330)
"""A card's tile in pixels (the 63 x 88 mm proportion)."""
PER_ROW = 5
_GAP, _MARGIN, _HEADER = 14, 18, 44
_PAPER, _FACE, _EDGE, _BAND = (247, 244, 236), (255, 253, 247), (120, 110, 95), (232, 223, 204)
_WRAP = 24  # characters a line of card text holds at CARD_TEXT size


def draw_cards(view: CardsView) -> Image.Image:
    """Lay the cards out in rows under the title; an empty hand is said in words."""
    count = max(1, len(view.cards))
    per_row = min(PER_ROW, count)
    rows = (count + PER_ROW - 1) // PER_ROW
    width = 2 * _MARGIN + per_row * CARD_SIZE[0] + (per_row - 1) * _GAP
    height = _HEADER + 2 * _MARGIN + rows * CARD_SIZE[1] + (rows - 1) * _GAP
    image = Image.new("RGB", (max(width, 420), height), _PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((_MARGIN, _MARGIN), view.title, font=font(CARD_TITLE), fill=INK)
    if not view.cards:
        draw.text((_MARGIN, _HEADER + _MARGIN), "No cards.", font=font(CARD_NAME), fill=INK)
    for index, card in enumerate(view.cards):
        row, column = divmod(index, PER_ROW)
        left = _MARGIN + column * (CARD_SIZE[0] + _GAP)
        top = _HEADER + _MARGIN + row * (CARD_SIZE[1] + _GAP)
        _draw_card(draw, card, left, top)
    return image


def _draw_card(draw: ImageDraw.ImageDraw, card: CardMark, left: int, top: int) -> None:
    width, height = CARD_SIZE
    draw.rounded_rectangle((left, top, left + width, top + height), radius=12, fill=_FACE, outline=_EDGE, width=3)
    draw.rounded_rectangle((left + 6, top + 6, left + width - 6, top + 62), radius=8, fill=_BAND)
    title = textwrap.wrap(card.title, 18)[:2]
    for line_no, line in enumerate(title):
        draw.text((left + 14, top + 12 + line_no * 22), line, font=font(CARD_NAME), fill=INK)
    if card.corner:
        draw.ellipse((left + width - 46, top + 14, left + width - 12, top + 48), fill=(196, 160, 60), outline=INK)
        draw.text((left + width - 29, top + 31), card.corner, font=font(CARD_NAME), fill=INK, anchor="mm")
    y = top + 72
    for line in textwrap.wrap(card.kind, _WRAP)[:2]:
        draw.text((left + 14, y), line, font=font(CARD_TEXT), fill=_EDGE)
        y += 21
    y += 6 if card.kind else 0
    for line in textwrap.wrap(card.text, _WRAP)[: (top + height - y - 10) // 21]:
        draw.text((left + 14, y), line, font=font(CARD_TEXT), fill=INK)
        y += 21


def render_cards(view: CardsView) -> bytes:
    """The picture as PNG bytes."""
    buffer = io.BytesIO()
    draw_cards(view).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
