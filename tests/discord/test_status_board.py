"""The pinned status message: posted and pinned once, edited in place at a bounded rate with the latest state,
replaced when old or deleted, unbroken by a missing pin permission, and never a ping."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
import pytest
import pytest_asyncio

from bot.core.storage import MessageRef
from bot.discord.status_board import StatusBoard
from tests.discord.conftest import Table
from tests.discord_standin import StandIn

STATUS = "Freeplay, round "
MakeBoard = Callable[..., StatusBoard]


@pytest_asyncio.fixture
async def make_board(table: Table) -> AsyncIterator[MakeBoard]:
    """Boards on the running client (the client does not own one yet), closed before the client stops."""
    made: list[StatusBoard] = []

    def make(**options: Any) -> StatusBoard:
        assert table.client is not None
        board = StatusBoard(table.client, table.client.service, **{"min_interval": 0.05, **options})
        made.append(board)
        return board

    yield make
    for board in made:
        await board.close()


def _battle(table: Table) -> str:
    return str(table.standin.channel_id("battle"))


def _board_tasks(table: Table) -> list[asyncio.Task[Any]]:
    return [t for t in asyncio.all_tasks() if t.get_name() == f"status board {_battle(table)}"]


async def _settle(table: Table) -> None:
    """Until the table's pending update has run (its task ends when no touch is left over)."""
    for task in _board_tasks(table):
        await asyncio.wait_for(task, 5)


async def _touched(table: Table, board: StatusBoard) -> None:
    board.touch(_battle(table))
    await _settle(table)


def _statuses(standin: StandIn) -> list[dict[str, Any]]:
    return [m for m in standin.messages_in("battle") if m["content"].startswith(STATUS)]


def _edits_of(standin: StandIn, message_id: str) -> list[str]:
    return [s.body["content"] for s in standin.sent_in("battle")
            if s.kind == "edit" and s.message is not None and s.message["id"] == message_id]


async def _remembered(table: Table) -> MessageRef | None:
    assert table.client is not None
    current = table.client.service.status_now(_battle(table))
    assert current is not None
    return await table.client.service.status_message(current[0])


def _assert_no_pings(table: Table) -> None:
    """Every status message the board sent or edited allowed no mention, though it names the players."""
    shown = [s for s in table.standin.sent_in("battle")
             if s.kind in ("message", "edit") and s.body.get("content", "").startswith(STATUS)]
    assert shown
    for sent in shown:
        assert sent.allowed_mentions == discord.AllowedMentions.none().to_dict()
        assert sent.message is not None and sent.message["mentions"] == [] and not sent.message["mention_everyone"]
    assert any(f"<@{table.user_id('alice')}>" in s.body["content"] for s in shown), "the ids show as mentions"


async def _new_game(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "thread": False})


async def test_the_first_touch_posts_and_pins_one_status_message(table: Table, make_board: MakeBoard) -> None:
    board = make_board()
    await _new_game(table)
    await _touched(table, board)
    (status,) = _statuses(table.standin)
    assert status["content"].startswith("Freeplay, round 1. Seats: A: <@")
    assert [m["id"] for m in table.standin.pins_in("battle")] == [status["id"]]
    assert await _remembered(table) == MessageRef(int(status["channel_id"]), int(status["id"]))
    await _touched(table, board)  # nothing changed: no new message, no edit
    assert _statuses(table.standin) == [status] and _edits_of(table.standin, status["id"]) == []
    _assert_no_pings(table)
    assert table.standin.unknown_requests == []


async def test_a_burst_of_commands_coalesces_into_one_edit_with_the_latest_state(table: Table,
                                                                              make_board: MakeBoard) -> None:
    now = [1000.0]
    board = make_board(clock=lambda: now[0])
    await _new_game(table)
    await _touched(table, board)
    (status,) = _statuses(table.standin)
    for _ in range(10):  # all within one interval: the paused clock keeps the next update waiting
        await table.do("round next")
        board.touch(_battle(table))
        assert len(_board_tasks(table)) == 1, "one task per table"
    assert _edits_of(table.standin, status["id"]) == [], "no update before the interval has passed"
    now[0] += 0.05
    await _settle(table)
    edits = _edits_of(table.standin, status["id"])
    assert 1 <= len(edits) <= 2
    assert edits[-1].startswith("Freeplay, round 11.")
    assert [m["content"] for m in _statuses(table.standin)] == [edits[-1]], "edited in place, never reposted"
    _assert_no_pings(table)


async def test_an_old_status_message_is_replaced_by_a_fresh_pinned_one(table: Table, make_board: MakeBoard) -> None:
    offset = [0.0]
    board = make_board(max_age=60.0, wall_clock=lambda: time.time() + offset[0])
    await _new_game(table)
    await _touched(table, board)
    (old,) = _statuses(table.standin)
    offset[0] = 61.0
    await table.do("round next")
    await _touched(table, board)
    first, fresh = _statuses(table.standin)
    assert first["id"] == old["id"] and first["content"].startswith("Freeplay, round 1.") and not first["pinned"]
    assert fresh["content"].startswith("Freeplay, round 2.")
    assert [m["id"] for m in table.standin.pins_in("battle")] == [fresh["id"]]
    kinds = [(s.kind, s.message["id"]) for s in table.standin.sent_in("battle")
             if s.kind in ("pin", "unpin") and s.message is not None]
    assert kinds == [("pin", old["id"]), ("pin", fresh["id"]), ("unpin", old["id"])]
    assert await _remembered(table) == MessageRef(int(fresh["channel_id"]), int(fresh["id"]))
    _assert_no_pings(table)


async def test_a_deleted_status_message_is_posted_again(table: Table, make_board: MakeBoard) -> None:
    board = make_board()
    await _new_game(table)
    await _touched(table, board)
    (deleted,) = _statuses(table.standin)
    await table.standin.delete_message(deleted["id"])
    await table.do("round next")
    await _touched(table, board)
    (again,) = _statuses(table.standin)
    assert again["id"] != deleted["id"] and again["content"].startswith("Freeplay, round 2.")
    assert [m["id"] for m in table.standin.pins_in("battle")] == [again["id"]]
    await table.do("round next")
    await _touched(table, board)
    assert [m["id"] for m in _statuses(table.standin)] == [again["id"]], "the new one is edited from now on"
    assert table.standin.message(again["id"])["content"].startswith("Freeplay, round 3.")
    _assert_no_pings(table)


async def test_without_the_pin_permission_the_status_still_posts_edits_and_replaces(
        table: Table, make_board: MakeBoard, caplog: pytest.LogCaptureFixture) -> None:
    offset = [0.0]
    board = make_board(max_age=60.0, wall_clock=lambda: time.time() + offset[0])
    table.standin.refuse_pins("battle")
    await _new_game(table)
    with caplog.at_level(logging.INFO, logger="bot.discord.status_board"):
        await _touched(table, board)
    (status,) = _statuses(table.standin)
    assert table.standin.pins_in("battle") == []
    assert any("/pins/" in r.path and r.status == 403 for r in table.standin.requests)
    assert any("could not pin" in r.message for r in caplog.records)
    await table.do("round next")
    await _touched(table, board)
    assert _edits_of(table.standin, status["id"])[-1].startswith("Freeplay, round 2.")
    offset[0] = 61.0  # replacing it tries to unpin the old one, which is refused too
    await table.do("round next")
    await _touched(table, board)
    assert [m["content"][:len(STATUS) + 1] for m in _statuses(table.standin)] == [STATUS + "2", STATUS + "3"]
    assert await _remembered(table) == MessageRef(int(status["channel_id"]), int(_statuses(table.standin)[1]["id"]))
    _assert_no_pings(table)


async def test_a_new_game_at_the_table_takes_down_the_last_games_status(table: Table, make_board: MakeBoard) -> None:
    board = make_board()
    await _new_game(table)
    await _touched(table, board)
    (last,) = _statuses(table.standin)
    await table.do("game end")
    await _new_game(table)
    await _touched(table, board)
    first, fresh = _statuses(table.standin)
    assert first["id"] == last["id"] and not first["pinned"]
    assert [m["id"] for m in table.standin.pins_in("battle")] == [fresh["id"]]
    _assert_no_pings(table)


async def test_a_failing_update_is_logged_and_the_next_touch_works(table: Table, make_board: MakeBoard,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    board = make_board()
    assert table.client is not None
    service = table.client.service
    board.touch(_battle(table))  # no game here yet: nothing to show
    await _settle(table)
    assert _statuses(table.standin) == []
    await _new_game(table)
    real = service.status_message

    async def broken(game_id: str) -> MessageRef | None:
        raise RuntimeError("storage is gone")

    service.status_message = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="bot.discord.status_board"):
        board.touch(_battle(table))  # does not raise into the command
        await _settle(table)
    assert any("could not update the status message" in r.message for r in caplog.records)
    service.status_message = real  # type: ignore[method-assign]
    await _touched(table, board)
    assert len(_statuses(table.standin)) == 1


async def test_close_cancels_a_pending_update(table: Table, make_board: MakeBoard) -> None:
    now = [1000.0]
    board = make_board(clock=lambda: now[0])
    await _new_game(table)
    await _touched(table, board)
    (status,) = _statuses(table.standin)
    await table.do("round next")
    board.touch(_battle(table))
    assert len(_board_tasks(table)) == 1
    await board.close()
    assert _board_tasks(table) == []
    now[0] += 10
    board.touch(_battle(table))  # after close: ignored
    assert _board_tasks(table) == []
    assert _edits_of(table.standin, status["id"]) == []


async def test_the_client_keeps_the_status_of_every_table_it_hosts(table: Table) -> None:
    table.status_every = 0.05
    await table.stop()
    await table.start()
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("round next")
    pinned = await table.standin.wait_for(
        lambda: next((m for m in table.standin.pins_in("battle") if "round 2" in m["content"]), None),
        what="the pinned status to show round 2")
    assert pinned["content"].startswith("Freeplay, round 2.")
