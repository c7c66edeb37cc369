"""Failed sends are tried again by the timer, with a backoff, and nothing that went out goes out twice, even
after Discord forgot its nonce. Counted as raw sends: every create request the bot made, before the stand-in's
nonce check, so a resend Discord would drop still shows."""

from __future__ import annotations

from bot.discord.outbox_retry import FIRST_RETRY, LONGEST_WAIT, SENDER_GRACE, RetryBook, outbox_part
from tests.discord.conftest import Table

START = 1_900_000_000.0


def _raw(table: Table, text: str, channel: str | None = "battle") -> int:
    return sum(text in str(s.body.get("content", "")) for s in table.standin.raw_sends(channel))


async def _fake_clock(table: Table, tick_seconds: float = 0.02) -> list[float]:
    """A clock the test moves; with a long tick the timer runs once at start-up and the test retries by hand."""
    now = [START]
    table.clock = lambda: now[0]
    table.tick_seconds = tick_seconds
    await table.stop()
    await table.start()
    return now


async def _retry(table: Table) -> None:
    """What the timer does at each tick after the deadlines: send again what is due."""
    assert table.client is not None
    await table.client.delivery.retry_due()


async def _unsent(table: Table) -> list[int]:
    assert table.repository is not None
    return [row.id for row in await table.repository.unsent_outbox()]


def test_the_wait_doubles_from_the_first_retry_up_to_the_longest() -> None:
    now = [0.0]
    book = RetryBook(lambda: now[0])
    assert not book.due(7), "never tried here: left to its sender for a while"
    now[0] += SENDER_GRACE
    assert book.due(7)
    waits = [book.failed(7) for _ in range(9)]
    assert waits == [FIRST_RETRY * 2**n for n in range(7)] + [LONGEST_WAIT, LONGEST_WAIT]
    assert not book.due(7)
    now[0] += LONGEST_WAIT
    assert book.due(7)
    assert outbox_part("gm12.3") == (12, 3) and outbox_part("gx0a1b") is None and outbox_part("gm12") is None


async def test_a_message_marked_sent_is_never_sent_again_even_once_discord_forgot_its_nonce(table: Table) -> None:
    now = await _fake_clock(table, tick_seconds=3600)
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("note", {"text": "said once"})
    assert _raw(table, "said once") == 1 and await _unsent(table) == []
    now[0] += 3600
    table.standin.forget_nonces()
    await _retry(table)
    await table.stop()
    await table.start()  # start-up sends every unsent message: there must be none
    await table.do("status")
    assert _raw(table, "said once") == 1


async def test_a_reminder_refused_for_another_reason_goes_out_when_the_timer_tries_again(table: Table) -> None:
    now = await _fake_clock(table)
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("undo", {"to": 2})
    table.standin.refuse_dms("bob", code=50001, message="Missing Access")
    now[0] += 151
    await table.standin.wait_for(lambda: _raw(table, "Reminder: your choice", None) == 1 or None,
                                 what="the reminder's refused DM")
    assert table.standin.dms_to("bob") == [] and len(await _unsent(table)) == 1
    table.standin.refuse_dms("bob", False)
    now[0] += FIRST_RETRY
    dm = await table.standin.wait_for(lambda: next(iter(table.standin.dms_to("bob")), None),
                                      what="the reminder, sent again by the timer")
    assert dm["content"].startswith("Reminder: your choice")
    assert await _unsent(table) == []
    now[0] += 300  # the undo expires: many ticks later, the reminder was not sent a third time
    await table.standin.wait_for(lambda: any("Time ran out" in t for t in table.texts()) or None,
                                 what="the undo to expire")
    assert _raw(table, "Reminder: your choice", None) == 2 and len(table.standin.dms_to("bob")) == 1


async def test_a_message_whose_answer_was_lost_is_not_sent_twice_after_the_nonce_is_forgotten(table: Table) -> None:
    now = await _fake_clock(table, tick_seconds=3600)
    await table.do("game new", {"system": "freeplay", "thread": False})
    table.standin.lose_answers(1)
    await table.do("note", {"text": "did this go out"})
    assert sum("did this go out" in t for t in table.texts()) == 1, "Discord holds it; the bot never heard so"
    assert len(await _unsent(table)) == 1
    table.standin.forget_nonces()
    now[0] += 3600
    await _retry(table)
    assert await _unsent(table) == [], "the gateway echo proved it went out: marked sent"
    assert _raw(table, "did this go out") == 1 and sum("did this go out" in t for t in table.texts()) == 1
