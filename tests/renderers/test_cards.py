"""A picture of cards (a hand): tiles in rows of five with the title, type line and text; PNG checked by pixels."""

from __future__ import annotations

import io

from PIL import Image

from engine.core import CardMark, CardsView, Viewer
from renderers import draw_cards, render_cards
from renderers.cards import CARD_SIZE

HAND = CardsView(viewer=Viewer.of_side("A"), title="Side A's hand",  # type: ignore[arg-type]
                 cards=tuple(CardMark(title=f"Card {n}", kind="ploy", text="Push one friendly fighter one hex. " * 3,
                                      corner="2" if n == 0 else "") for n in range(7)))


def test_cards_are_laid_out_five_to_a_row_on_a_readable_canvas() -> None:
    image = draw_cards(HAND)
    assert image.width >= 5 * CARD_SIZE[0] and image.height >= 2 * CARD_SIZE[1]
    png = Image.open(io.BytesIO(render_cards(HAND)))
    assert png.format == "PNG" and png.size == image.size
    # the first card's face is light, its title band darker, and the glory disc gold
    face = png.getpixel((18 + 100, 44 + 18 + 250))
    band = png.getpixel((18 + 20, 44 + 18 + 40))
    assert isinstance(face, tuple) and isinstance(band, tuple) and sum(face[:3]) > sum(band[:3])
    gold = png.getpixel((18 + CARD_SIZE[0] - 29, 44 + 18 + 20))
    assert isinstance(gold, tuple) and gold[0] > gold[2] + 60


def test_an_empty_hand_says_so() -> None:
    empty = draw_cards(HAND.model_copy(update={"cards": ()}))
    assert empty.width >= 420 and empty.height < CARD_SIZE[1] + 200
