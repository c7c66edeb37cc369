"""An Eldfall reaction offer passed by every model reads as one line, at the table and after a restart: it read
"Side A decides: A1: Nothing; A2: Nothing; A3: Nothing." and then "Side A does not react." (the Discord newcomer
pass). A reaction declared keeps the game's own line of what each model does (L1198-1246)."""

from __future__ import annotations

from bot.core.service import TableService
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SPECTATOR
from tests.core.test_passing_ahead import Table


async def test_a_reaction_offer_passed_reads_side_does_not_react_once() -> None:
    table = Table()
    await table.run("/game demo system:eldfall")
    await table.run("/move model:B3 to:toward A3", "B")
    assert table.waiting_on("A") == ["reaction"]
    outputs = await table.run("/decide choice:A2=nothing;A3=nothing", "A")
    said = [line for o in outputs if o.to is None for line in o.text.splitlines()]
    assert [line for line in said if "react" in line or "decides" in line] == ["Side A does not react."], said
    game = table.service.live_game("t")
    assert game is not None
    lines = [line.text for line in game.log_view(SPECTATOR).lines]
    restarted = await TableService(table.service._repository, SYSTEM_FACTORIES).game_at("t")
    assert restarted is not None and restarted is not game
    assert [line.text for line in restarted.log_view(SPECTATOR).lines] == lines, "after a restart, the same words"
    assert lines.count("Side A does not react.") == 1
