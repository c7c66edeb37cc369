"""What a real player met on Discord: numbers turned into mentions, the owner named twice, a second deferral for a
redelivered interaction, a closed-DM notice pointing at the wrong place, and a demo refused for permissions it
never uses."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.delivery import with_mentions
from bot.discord.permissions import REQUIRED
from tests.discord.conftest import Table

ALICE, BOB = "100000000000000001", "100000000000000002"


def test_only_the_ids_of_known_users_become_mentions() -> None:
    text = (f'{ALICE} (side A) moves; "radius": 0.7874015748031497, game 123456789012345678-1-5c9487, '
            f"typed <@{BOB}>, quoted \"{BOB}\", id {BOB}.")
    assert with_mentions(text, {ALICE, BOB}) == (
        f'<@{ALICE}> (side A) moves; "radius": 0.7874015748031497, game 123456789012345678-1-5c9487, '
        f"typed <@{BOB}>, quoted \"{BOB}\", id <@{BOB}>.")
    assert with_mentions("7874015748031497 and 123456789012345678", {ALICE}) == \
        "7874015748031497 and 123456789012345678", "digits that are no known user stay digits"
    assert with_mentions(f"x{ALICE} {ALICE}5 0.{ALICE} {ALICE}-1-ab", {ALICE}) == \
        f"x{ALICE} {ALICE}5 0.{ALICE} {ALICE}-1-ab", "never part of a longer word, number or id"


async def test_numbers_and_typed_mentions_reach_the_table_as_written(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    bob = table.user_id("bob")
    channel = table.standin.channel_id("battle")
    await table.do("note", {"text": f"radius 0.7874015748031497 in game {channel}-1-5c9487, ask <@{bob}> or {bob}"})
    note = table.texts()[-1]
    assert f"radius 0.7874015748031497 in game {channel}-1-5c9487, ask <@{bob}> or <@{bob}>" in note
    assert "<@<@" not in note and "0.<@" not in note
    await table.do("status")
    assert f"A: <@{table.user_id('alice')}>, B: <@{bob}>" in table.texts()[-1], "seated players show as names"


async def _undo_notice(table: Table) -> dict[str, Any]:
    """Bob seated at B, then alice asks to undo: bob's public Decide notice."""
    if table.client is None or table.client.service.live_game(str(table.standin.channel_id("battle"))) is None:
        await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("note", {"text": "first"})
    await table.do("undo", {"to": 3})
    return await table.standin.wait_for_message("battle", lambda m: "asks to undo" in m["content"])


async def test_the_decision_notice_names_its_owner_once(table: Table) -> None:
    notice = await _undo_notice(table)
    bob = table.user_id("bob")
    assert notice["content"].startswith(f"Waiting for <@{bob}> (side B): ")
    assert notice["content"].count(f"<@{bob}>") == 1
    assert [u["id"] for u in notice["mentions"]] == [bob], "bob is still pinged, through the one mention"


async def test_a_redelivered_interaction_gets_no_answer_at_all(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "thread": False})
    handle = await table.standin.slash("roll", {"dice": "1d6"}, channel="battle")
    await handle.response()
    await handle.wait_for(lambda: any(s.kind == "delete" for s in handle.sent) or None)
    count, answers = len(table.texts()), len(handle.sent)
    again = await table.standin.redeliver(handle)
    await table.do("status")  # handled after the redelivery: by now the bot has seen and dropped it
    assert len(again.sent) == answers and again.callbacks == [], "no second deferral, no reply"
    assert len(table.texts()) == count + 1, "only the status line was posted"
    notice = await _undo_notice(table)
    click = await table.standin.click(notice, notice["components"][0]["components"][0]["custom_id"], user="bob")
    await click.response()
    clicks = len(click.sent)
    again = await table.standin.redeliver(click)
    await table.do("status")
    assert len(again.sent) == clicks and again.callbacks == [], "a click is dropped the same way"


async def test_a_reminder_to_closed_dms_says_where_the_choice_waits(table: Table) -> None:
    now = [1_900_000_000.0]
    table.clock = lambda: now[0]
    table.tick_seconds = 0.05
    await table.stop()
    await table.start()
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("undo", {"to": 2})
    table.standin.refuse_dms("bob")
    now[0] += 151
    bob = table.user_id("bob")
    notice = await table.standin.wait_for_message("battle", lambda m: "DMs are closed" in m["content"])
    assert notice["content"] == (f"<@{bob}>, a choice of yours is waiting here: press Decide on its notice. "
                                 f"Due <t:{1_900_000_000 + 300}:R>. (Your DMs are closed, so the reminder came "
                                 "here.)")
    assert "/log" not in notice["content"] and "/hand" not in notice["content"]
    assert "undo" not in notice["content"], "nothing of the choice itself: it may be secret"


async def test_the_demo_asks_only_for_what_it_uses(table: Table) -> None:
    granted = discord.Permissions(REQUIRED.value)
    granted.create_public_threads = granted.send_messages_in_threads = granted.pin_messages = False
    granted.embed_links = granted.read_message_history = False
    table.standin.world.app_permissions = granted.value
    table.standin.refuse_pins("battle")
    await table.do("game demo", {"system": "freeplay"})
    assert any("A game of Freeplay begins" in text for text in table.texts())
    granted.attach_files = False
    table.standin.world.app_permissions = granted.value
    handle = await table.standin.slash("game demo", {"system": "freeplay"}, channel="general")
    reply = await handle.response()
    assert reply.data["content"].startswith("I cannot host a game in this channel: I am missing Attach Files.")


async def test_a_game_in_a_thread_needs_the_thread_permissions(table: Table) -> None:
    granted = discord.Permissions(REQUIRED.value)
    granted.create_public_threads = granted.pin_messages = False
    table.standin.world.app_permissions = granted.value
    handle = await table.standin.slash("game new", {"system": "freeplay", "opponent": "bob"}, channel="general")
    reply = await handle.response()
    assert reply.data["content"].startswith("I cannot host a game in this channel: I am missing "
                                            "Create Public Threads.")
    await table.do("game new", {"system": "freeplay", "thread": False}, channel="general")
    assert any("A game of Freeplay begins" in text for text in table.texts("general")), "no thread, no need"


async def test_undo_alone_offers_the_points_to_undo_to_in_a_select_and_a_pick_asks_the_opponent(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("note", {"text": "first"})
    handle = await table.standin.slash("undo", {}, user="alice", channel="battle")
    await handle.response()
    menu = await handle.followup()
    assert menu["content"].startswith("Undo back to before which step?") and menu["flags"] & 64
    (select,) = [c for row in menu["components"] for c in row["components"] if c["type"] == 3]
    labels = [o["label"] for o in select["options"]]
    assert labels[0].startswith("#") and "first" in labels[0] and labels[-1].startswith("#2 ")
    await table.pick(menu, labels[-1])
    notice = await table.standin.wait_for_message("battle", lambda m: "asks to undo" in m["content"])
    assert "asks to undo back to event #1" in notice["content"]
