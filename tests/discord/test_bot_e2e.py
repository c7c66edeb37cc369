"""The bot end to end: the real discord.py client against the stand-in Discord, real HTTP and websocket."""

from __future__ import annotations

from tests.discord.conftest import Table


async def test_a_slash_command_creates_a_game_and_players_join(table: Table) -> None:
    seen = await table.do("game new", {"system": "freeplay", "map": "crossroads"})
    assert seen == [], "nothing private to say: the thinking reply is removed"
    texts = "\n".join(table.texts())
    assert "A game of Freeplay begins" in texts and "seed commitment" in texts
    assert f"<@{table.user_id('alice')}> takes side A." in texts
    await table.do("game join", {"side": "B"}, user="bob")
    assert f"<@{table.user_id('bob')}> takes side B." in table.texts()[-1]


async def test_autocomplete_offers_what_the_player_may_use(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "map": "crossroads"})
    await table.do("force load", {"name": "Red Company", "side": "A"})
    handle = await table.standin.autocomplete("move", "model", {"model": "A"}, channel="battle")
    await handle.response()
    names = [choice["value"] for choice in handle.choices]
    assert names[:5] == ["A1", "A2", "A3", "A4", "A5"]
    systems = await table.standin.autocomplete("game new", "system", {"system": "free"}, channel="general")
    await systems.response()
    assert [c["value"] for c in systems.choices] == ["freeplay"]


async def test_a_short_freeplay_game_with_pictures_and_a_revealed_seed(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "map": "crossroads"})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("force load", {"name": "Red Company", "side": "A"})
    await table.do("force load", {"name": "Wild Hunt", "side": "B"}, user="bob")
    await table.move("A1", "toward O1 max", max=6.0)
    moved = table.standin.messages_in("battle")[-1]
    assert moved["content"].startswith('A1 moves 6.00"')
    png = table.standin.attachment_bytes(moved["attachments"][0])
    assert png.startswith(b"\x89PNG") and moved["attachments"][0]["description"].startswith("Freeplay")
    errors = await table.move("A1", "18,20", user="bob")
    assert errors == ["move refused: A1 belongs to side A (<@" + table.user_id("alice") + ">)"]
    await table.do("roll", {"dice": "2d6+1", "for": "a test"}, user="bob")
    assert "rolls for a test: 2d6 (" in table.texts()[-1]
    await table.do("game end")
    *_, ending, card = table.texts()
    assert "Dice seed revealed" in ending
    assert card.startswith("**Game over: a draw.**") and "public seeded dice check out" in card


async def test_no_message_pings_anyone_but_a_decision_owner(table: Table) -> None:
    await table.do("game new", {"system": "freeplay"})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("note", {"text": f"hello <@{table.user_id('bob')}> @everyone"})
    posted = [sent for sent in table.standin.sent_in("battle") if sent.kind == "message"]
    assert any("hello <@" in sent.body["content"] for sent in posted)
    for sent in posted:
        mentions = sent.body.get("allowed_mentions")
        assert mentions is not None and mentions.get("parse") == [] and not mentions.get("users"), sent.body


async def test_a_secret_goes_by_dm_and_closed_dms_fall_back_without_the_secret(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "practice": False})
    await table.do("game join", {"side": "B"}, user="bob")
    seen = await table.do("hand add", {"card": "Ambush"})
    assert seen == ["Ambush goes into your hand."], "the invoker's own secret is ephemeral"
    assert "Side A adds a card to their hand (1 in hand)." in table.texts()
    assert all("Ambush" not in text for text in table.texts())
    shown = await table.do("hand show")
    assert shown == ["Your hand (side A): Ambush."]


async def test_the_game_survives_a_restart(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "map": "crossroads"})
    await table.do("force load", {"name": "Red Company", "side": "A"})
    await table.move("A1", "18,8")
    await table.stop()
    await table.start()
    await table.move("A1", "18,10")
    assert table.texts()[-1].startswith('A1 moves 2.00" to 18,10')
    await table.do("status")
    assert "Seats: A: <@" in table.texts()[-1]
