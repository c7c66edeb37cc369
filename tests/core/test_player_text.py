"""Text players type stays on one line and cannot reshape the bot's messages; overlong text is refused."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from bot.core.text import LABEL_LIMIT, PLAYER_TEXT_LIMIT, clean_player_text, fit
from engine.core import UserId
from tests.commands import parse_line

FENCE = "`" * 3


def test_layout_breaking_markdown_is_removed_and_the_rest_kept() -> None:
    assert clean_player_text(f"# Charge!\n{FENCE}\nboom") == "Charge! ''' boom"
    assert clean_player_text("> quoted\n-# tiny") == "quoted -# tiny"
    assert clean_player_text("see [this](https://x.example)") == "see [this] (https://x.example)"
    assert clean_player_text("a\u202eb\u0000c") == "abc", "no direction overrides or control characters"
    assert clean_player_text("**bold** and 2d6*2") == "**bold** and 2d6*2"


@given(st.text(max_size=PLAYER_TEXT_LIMIT))
def test_cleaned_text_is_one_line(text: str) -> None:
    cleaned = clean_player_text(text)
    assert "\n" not in cleaned and "`" not in cleaned
    assert not cleaned.startswith(("#", ">"))


async def test_a_players_note_reaches_the_table_cleaned_and_an_overlong_one_is_refused() -> None:
    service = TableService(MemoryRepository(), SYSTEM_FACTORIES)
    alice = UserId("alice")
    await service.execute("t1", alice, parse_line("/game new system:freeplay"))
    outputs = await service.execute("t1", alice, parse_line(f"/note text:# BIG {FENCE} deal"))
    (public,) = [o for o in outputs if o.to is None]
    assert public.text == "Side A notes: BIG ''' deal"
    (refusal,) = await service.execute("t1", alice, parse_line("/note text:" + "x" * 600))
    assert refusal.error and refusal.text == "/note: text: is 600 characters long; write at most 500"


def test_a_label_too_long_for_discord_is_cut_at_a_word_and_marked() -> None:
    offer = ("Unexpected Encounter: the players may form an Alliance of Necessity: their models become allies against "
             "the hostiles")
    label = fit(offer)
    assert len(label) <= LABEL_LIMIT and label.endswith("become allies…") and offer.startswith(label[:-1])
    assert fit("short") == "short" and fit("x" * 150) == "x" * 99 + "…"
