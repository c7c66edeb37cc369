"""One rule for every button built from an older state (``bot.core.staleness.current``): it applies when nothing but
other players' answers came since, or when it is still legal and foreseen the same in public; one refused now is run
so the player reads why; otherwise the player looks again and nothing changes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.core import acting
from bot.core.service import TableService
from bot.core.staleness import current
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Actor, Command, Game, UserId
from tests.commands import parse_line

ALICE, BOB = UserId("alice"), UserId("bob")


async def _table() -> tuple[TableService, Game[Any], Command]:
    """A freeplay table with side A's force, and the command of ``/move model:A1 to:18,8``."""
    service = TableService(MemoryRepository(), SYSTEM_FACTORIES)
    for user, line in ((ALICE, "/game new system:freeplay map:crossroads"), (BOB, "/game join side:B"),
                       (ALICE, "/force load name:Red Company side:A")):
        await service.execute("t", user, parse_line(line))
    game = service.live_game("t")
    assert game is not None
    action, args = acting.resolve(game.system, parse_line("/move model:A1 to:18,8"))
    assert action.build is not None
    return service, game, action.build(args)


async def test_a_button_built_now_is_current() -> None:
    _, game, move = await _table()
    fresh = current(game, move, Actor(user=ALICE), game.seq)
    assert fresh is not None and fresh.built_at_seq == game.seq and replace(fresh, built_at_seq=None) == move


async def test_an_unrelated_roll_leaves_a_button_applying_with_the_new_state() -> None:
    service, game, move = await _table()
    built = game.seq
    await service.execute("t", BOB, parse_line("/roll dice:2d6"))
    assert game.seq == built + 1
    fresh = current(game, move, Actor(user=ALICE), built)  # foreseen on the game as it stood then, and now
    assert fresh is not None and fresh.built_at_seq == game.seq


async def test_a_button_that_would_now_play_out_differently_is_not_applied() -> None:
    service, game, move = await _table()
    built = game.seq
    await service.execute("t", ALICE, parse_line("/model place model:A1 at:10,4"))
    assert current(game, move, Actor(user=ALICE), built) is None


async def test_a_button_refused_now_runs_so_the_player_reads_why() -> None:
    service, game, move = await _table()
    built = game.seq
    await service.execute("t", ALICE, parse_line("/game pause"))
    fresh = current(game, move, Actor(user=ALICE), built)
    assert fresh is not None and fresh.built_at_seq == game.seq
    said = await service.execute("t", ALICE, parse_line("/move model:A1 to:18,8"))
    assert said[0].error and "paused" in said[0].text
