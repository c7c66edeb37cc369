"""Crashes and restarts lose nothing and double nothing: the outbox, Discord's nonce, prompts edited in place,
and deadlines that fell due while the bot was down."""

from __future__ import annotations

from engine.core import UserId
from tests.commands import parse_line
from tests.discord.conftest import Table


def _custom_ids(message: dict[str, object]) -> list[str]:
    rows = message.get("components") or []
    assert isinstance(rows, list)
    return [c["custom_id"] for row in rows for c in row.get("components", []) if "custom_id" in c]


async def _two_players(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "map": "crossroads"})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("force load", {"name": "Red Company", "side": "A"})


async def test_a_message_committed_before_a_crash_is_sent_at_start_up_once(table: Table) -> None:
    await _two_players(table)
    assert table.client is not None
    channel = str(table.standin.world.channel("battle")["id"])
    # The command commits, then the bot dies before telling Discord anything.
    await table.client.service.execute(channel, UserId(table.user_id("alice")),
                                       parse_line("/note text:committed but never sent"))
    assert not any("committed but never sent" in text for text in table.texts())
    await table.stop()
    await table.start()
    assert sum("committed but never sent" in text for text in table.texts()) == 1
    await table.stop()
    await table.start()
    assert sum("committed but never sent" in text for text in table.texts()) == 1, "marked sent: not sent again"


async def test_a_message_sent_but_not_marked_before_a_crash_is_dropped_by_its_nonce(table: Table) -> None:
    await _two_players(table)
    assert table.client is not None
    client = table.client
    channel = str(table.standin.world.channel("battle")["id"])
    outputs = await client.service.execute(channel, UserId(table.user_id("alice")),
                                           parse_line("/note text:sent then crashed"))

    async def crash_before_marking(*_: object) -> None:
        return None

    client.service.sent = crash_before_marking  # type: ignore[method-assign]
    for output in outputs:
        await client.delivery.send(output)
    await table.stop()
    await table.start()
    kinds = [s.kind for s in table.standin.sent_in("battle") if "sent then crashed" in s.body.get("content", "")]
    assert kinds == ["message", "duplicate"], "the resend carried the same nonce and Discord kept one message"
    assert sum("sent then crashed" in text for text in table.texts()) == 1


async def test_an_open_prompt_is_edited_after_a_restart_not_posted_again(table: Table) -> None:
    await _two_players(table)
    await table.do("undo", {"to": 3})
    notices = [m for m in table.standin.messages_in("battle") if "asks to undo" in m["content"]]
    assert len(notices) == 1
    button, _ = _custom_ids(notices[0])  # Decide, and the one-click answer (the request refused)
    await table.stop()
    await table.start()
    edits = [s for s in table.standin.sent_in("battle") if s.kind == "edit"]
    assert edits and edits[-1].message is not None and edits[-1].message["id"] == notices[0]["id"]
    assert [m["id"] for m in table.standin.messages_in("battle") if "asks to undo" in m["content"]] == \
        [notices[0]["id"]]
    assert _custom_ids(table.standin.message(notices[0]["id"]))[0] == button
    assert "<t:" in table.standin.message(notices[0]["id"])["content"], "the countdown is a Discord timestamp"


async def test_a_deadline_that_fell_due_while_the_bot_was_down_applies_at_start_up(table: Table) -> None:
    now = [1_900_000_000.0]
    table.clock = lambda: now[0]
    table.tick_seconds = 0.05
    await table.stop()
    await table.start()
    await _two_players(table)
    await table.do("undo", {"to": 3})
    await table.stop()
    now[0] += 3600
    await table.start()
    await table.standin.wait_for(
        lambda: any("Time ran out for side B" in text for text in table.texts()) or None,
        what="the expired undo to be announced")
    assert table.repository is not None and await table.repository.deadlines() == []


async def test_half_way_to_a_deadline_the_owner_is_reminded_by_dm(table: Table) -> None:
    now = [1_900_000_000.0]
    table.clock = lambda: now[0]
    table.tick_seconds = 0.05
    await table.stop()
    await table.start()
    await _two_players(table)
    await table.do("undo", {"to": 3})
    assert table.standin.dms_to("bob") == []
    now[0] += 151
    dm = await table.standin.wait_for(lambda: next(iter(table.standin.dms_to("bob")), None),
                                      what="bob's reminder")
    channel = table.standin.world.channel("battle")["id"]
    assert dm["content"].startswith("Reminder: your choice d")
    assert f"At <#{channel}>." in dm["content"] and f"Due <t:{1_900_000_000 + 300}:R>." in dm["content"]
    assert table.standin.dms_to("alice") == []
