"""A game with an invited opponent opens in its own thread, with an invite card only the invitee answers."""

from __future__ import annotations

from typing import Any

from tests.discord.conftest import Table


def _buttons(message: dict[str, Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for row in message.get("components") or [] for c in row["components"]
            if c["type"] == 2}


async def _invite(table: Table) -> tuple[str, dict[str, Any]]:
    seen = await table.do("game new", {"system": "freeplay", "map": "crossroads", "opponent": "bob"})
    (thread_sent,) = [s for s in table.standin.sent_in("battle") if s.kind == "thread"]
    thread = table.standin.world.channels[next(c for c, v in table.standin.world.channels.items()
                                               if v.get("parent_id") and v["name"] == thread_sent.body["name"])]
    assert seen[0] == f"Your game is ready in <#{thread['id']}>. /help there says what to do next."
    assert seen[1:] == ["What do you do? Pick an action (or type it; /help lists the commands)."], "her menu at once"
    card = next(m for m in table.standin.messages_in(thread["id"]) if "invites" in m["content"])
    return thread["id"], card


async def test_an_invited_game_opens_in_a_thread_named_after_it_and_the_invitee_joins(table: Table) -> None:
    thread_id, card = await _invite(table)
    thread = table.standin.world.channels[thread_id]
    assert thread["name"] == "Freeplay: Alice vs Bob"
    assert thread["thread_metadata"]["auto_archive_duration"] == 10080, "a week: games outlive an evening"
    assert not any("seed commitment" in text for text in table.texts("battle")), "the game lives in its thread"
    assert any("seed commitment" in m["content"] for m in table.standin.messages_in(thread_id))
    assert set(_buttons(card)) == {"Join", "Decline"}
    selects = [c["placeholder"] for row in card["components"] for c in row["components"] if c["type"] == 3]
    assert selects == ["Map (host, before deployment)", "Pace (host)"]

    intruder = await table.standin.click(card, _buttons(card)["Join"], user="carol")
    refusal = await intruder.response()
    assert refusal.ephemeral and "This invite is for <@" in refusal.data["content"]

    joined = await table.standin.click(card, _buttons(card)["Join"], user="bob")
    await joined.response()
    await table.standin.wait_for(
        lambda: any(f"<@{table.user_id('bob')}> takes side B" in m["content"]
                    for m in table.standin.messages_in(thread_id)) or None, what="bob to take side B")
    await table.standin.wait_for(lambda: not _buttons(table.standin.message(card["id"])) or None,
                                 what="the invite card to lose its buttons")
    status = await table.do("status", channel=thread_id)
    assert status == []
    assert any("B: <@" + table.user_id("bob") + ">" in m["content"] for m in table.standin.messages_in(thread_id))


async def test_the_invitee_may_decline(table: Table) -> None:
    thread_id, card = await _invite(table)
    declined = await table.standin.click(card, _buttons(card)["Decline"], user="bob")
    await declined.response()
    edited = table.standin.message(card["id"])
    assert "declined the invite" in edited["content"] and not _buttons(edited)
    assert edited["components"], "the host's settings stay on the card"
    free = await table.do("game join", user="carol", channel=thread_id)
    assert free == []
    assert any("takes side B" in m["content"] for m in table.standin.messages_in(thread_id))


def _select(message: dict[str, Any], placeholder: str) -> dict[str, Any]:
    return next(c for row in message["components"] for c in row["components"]
                if c["type"] == 3 and c["placeholder"] == placeholder)


async def test_the_host_sets_map_and_pace_on_the_card_and_nobody_else_may(table: Table) -> None:
    thread_id, card = await _invite(table)
    maps = _select(card, "Map (host, before deployment)")
    assert [o["value"] for o in maps["options"]] == ["crossroads", "ruined-village", "forest-edge"]
    refused = await table.standin.click(card, maps["custom_id"], user="bob", values=["forest-edge"])
    assert "Only the game's host" in (await refused.response()).data["content"]
    laid = await table.standin.click(card, maps["custom_id"], values=["forest-edge"])
    await laid.response()
    await table.standin.wait_for(lambda: any("The table is now the map" in m["content"]
                                             for m in table.standin.messages_in(thread_id)) or None)
    pace = _select(card, "Pace (host)")
    chosen = await table.standin.click(card, pace["custom_id"], values=["post"])
    await chosen.response()
    await table.standin.wait_for(lambda: any(m["content"] == "The host sets the table's pace to post."
                                             for m in table.standin.messages_in(thread_id)) or None)
