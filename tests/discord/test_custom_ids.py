"""Every button and menu id fits Discord's 100 characters, reads back to what built it, and holds no secret:
only table, decision and user ids, sequence numbers and random tokens."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.core.parsing import Invocation
from bot.discord.decide import DecideButton
from bot.discord.invite import DeclineButton, JoinButton, MapSelect, PaceSelect
from bot.discord.preview import AdjustButton, ConfirmButton, PickSelect, confirm_view, pick_view
from bot.discord.prompt_buttons import NoticePickSelect, QuickAnswerButton, TurnButton
from bot.discord.waiting import PreviewStore
from bot.discord.working import ShowWorkingButton

LONGEST_ID = "9" * 20  # Discord snowflakes are at most 20 digits
SECRET = "Ambush of the Hidden Blade"


def _items() -> list[discord.ui.DynamicItem[Any]]:
    return [
        DecideButton(LONGEST_ID, "d99999", 10**9),
        JoinButton(LONGEST_ID, LONGEST_ID),
        DeclineButton(LONGEST_ID, LONGEST_ID),
        MapSelect(LONGEST_ID, [("crossroads", "Crossroads")]),
        PaceSelect(LONGEST_ID),
        ConfirmButton("f" * 12),
        AdjustButton("f" * 12),
        PickSelect("f" * 12, ["A) contact B2"]),
        ShowWorkingButton(LONGEST_ID, 10**9, 10**9),
        TurnButton("c", LONGEST_ID, "A", 10**9),
        QuickAnswerButton(LONGEST_ID, "d99999", 10**9),
        NoticePickSelect(LONGEST_ID, "d99999", 10**9),
    ]


@pytest.mark.parametrize("item", _items(), ids=lambda item: type(item).__name__)
def test_an_id_fits_and_reads_back(item: discord.ui.DynamicItem[Any]) -> None:
    custom_id = item.custom_id
    assert len(custom_id) <= 100
    assert re.fullmatch(r"gm:[a-z]{1,2}:[\w:-]+", custom_id), custom_id
    assert type(item).__discord_ui_compiled_template__.fullmatch(custom_id)  # type: ignore[attr-defined]


def test_a_preview_id_is_a_random_token_not_the_command() -> None:
    store = PreviewStore()
    invocation = Invocation(("hand", "play"), {"card": SECRET, "to": "3,4"})
    views = [confirm_view(store, "1", invocation), pick_view(store, "1", ((SECRET, invocation),))]
    ids = [getattr(item, "custom_id", "") for view in views for item in view.children]
    assert ids and all(SECRET not in custom_id and "hand" not in custom_id for custom_id in ids)
    assert len(set(ids)) == len(ids), "every preview gets its own token"
