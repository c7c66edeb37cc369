"""What a newcomer met on Discord that the console had already fixed (session 38): a player's id shown as digits
before a possessive ("It is 1576...'s turn"), the host's reply to ``/game new`` carrying the typed prompt of their
first choice (a decision id, option keys, ``/decide decision:... choice:...``) with their id as digits, and the
host's first menu (an Eldfall party to choose) reached only by a bare ``/act``."""

from __future__ import annotations

from typing import Any

from bot.discord.delivery import with_mentions
from tests.discord.conftest import Table

ALICE = "100000000000000001"
SELECT = 3


def _selects(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components") or [] for c in row["components"] if c["type"] == SELECT]


def test_a_players_id_before_a_possessive_becomes_a_mention() -> None:
    assert with_mentions(f"It is {ALICE}'s turn (side A).", {ALICE}) == f"It is <@{ALICE}>'s turn (side A)."
    assert with_mentions(f"quoted '{ALICE}' and '{ALICE}'x", {ALICE}) == f"quoted '{ALICE}' and '{ALICE}'x", \
        "a quoted id stays as written"


async def _game_new(table: Table, system: str) -> tuple[str, list[dict[str, Any]]]:
    """Alice's ``/game new`` with bob invited; returns the thread and her private replies."""
    handle = await table.standin.slash("game new", {"system": system, "opponent": table.user_id("bob")},
                                       channel="battle")
    await handle.response()
    await handle.wait_for(lambda: handle.followups or None, what="/game new to answer")
    await table.standin.wait_for(lambda: len(handle.followups) > 1 or None, what="her first choice or menu")
    thread = next(c["id"] for c in table.standin.world.channels.values() if c.get("parent_id"))
    return thread, handle.followups


async def test_the_hosts_first_choice_comes_in_words_with_its_options(table: Table) -> None:
    """Underworlds: alice, who chooses the first board, is shown its options at once (the boards by name), not
    the typed prompt; her id, where named, is a mention."""
    thread, replies = await _game_new(table, "underworlds")
    assert replies[0]["content"].startswith(f"Your game is ready in <#{thread}>")
    texts = " ".join(str(m["content"]) for m in replies)
    alice = table.user_id("alice")
    assert "/decide" not in texts and "choice:" not in texts and f" {alice}" not in texts, texts
    (select,) = [s for m in replies for s in _selects(m)]
    assert "Mirror Well" in [o["label"] for o in select["options"]]
    picked = next(m for m in replies if _selects(m))
    click = await table.standin.click(picked, select["custom_id"], user="alice",
                                      values=[next(o["value"] for o in select["options"]
                                                   if o["label"] == "Mirror Well")])
    await click.response()
    await table.standin.wait_for(lambda: any("chooses the board Mirror Well" in m["content"]
                                             for m in table.standin.messages_in(thread)) or None,
                                 what="the board chosen at the thread's table")


async def test_the_hosts_first_menu_comes_with_the_game_and_plays_at_its_thread(table: Table) -> None:
    """Eldfall: each player chooses a party first; alice's menu comes in her reply to /game new (in the channel
    she typed it in), and her pick, after bob joined, is played at the game's thread."""
    thread, replies = await _game_new(table, "eldfall")
    menu = next(m for m in replies if _selects(m))
    (select,) = _selects(menu)
    assert [o["label"] for o in select["options"]] == ["Choose your party"]
    card = next(m for m in table.standin.messages_in(thread) if "invites" in m["content"])
    join = next(c for row in card["components"] for c in row["components"] if c.get("label") == "Join")
    await (await table.standin.click(card, join["custom_id"], user="bob")).response()
    await table.standin.wait_for(lambda: any("takes side B" in m["content"]
                                             for m in table.standin.messages_in(thread)) or None, what="bob seated")
    click = await table.standin.click(menu, select["custom_id"], user="alice", values=["0"])
    await click.response()
    parties = await click.followup()
    assert "Which party?" in parties["content"] and _selects(parties), parties["content"]
