"""Making games: the settings a system offers, how many players, the bot's seats, and a first message that
shows the table it describes."""

from __future__ import annotations

from bot.core.outputs import Picture
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import BOT_USER, UserId
from tests.commands import parse_line
from tests.toys.tally import Tally

ALICE = UserId("alice")


def _service() -> TableService:
    return TableService(MemoryRepository(), {**SYSTEM_FACTORIES, "tally": Tally})


async def test_the_demos_first_message_shows_the_map_it_lists() -> None:
    first, *_ = await _service().execute("t", ALICE, parse_line("/game demo system:freeplay"))
    assert "Terrain T1" in first.text
    (picture,) = first.pictures
    assert isinstance(picture, Picture) and len(picture.board.terrain) == 8


async def test_settings_players_and_the_bots_seats_are_checked_before_anything_is_stored() -> None:
    service = _service()
    refusals = {
        "/game new system:tally mode:forever": "mode:forever is not offered by Tally; choose one of quick, long",
        "/game new system:tally map:crossroads": "Tally has no map: setting; it offers mode:",
        "/game new system:tally players:4": "Tally is played by 2 to 3 players, not players:4",
        "/game new system:tally bot:A,B": "the bot cannot play every side",
        "/game new system:tally bot:D": "bot:D is not a side of this game; its sides are A, B",
    }
    for line, reason in refusals.items():
        (refused,) = await service.execute("t", ALICE, parse_line(line))
        assert refused.error and reason in refused.text, (line, refused.text)
    assert service.live_game("t") is None, "nothing was stored"
    await service.execute("t", ALICE, parse_line("/game new system:tally players:3 bot:C mode:long"))
    game = service.live_game("t")
    assert game is not None and game.state.sides == ("A", "B", "C")
    assert game.state.seats == {"A": ALICE, "C": BOT_USER} and game.setup.options == {"mode": "long"}


async def test_house_rules_are_switched_when_the_game_is_made() -> None:
    """``rules:ruling=option,...``: each ruling a game names, to one of its options; the rest stay at their
    defaults; a game refuses an option it cannot referee when it starts."""
    service = _service()
    refusals = {
        "/game new system:underworlds rules:no-such=thing": "Warhammer Underworlds has no ruling 'no-such'",
        "/game new system:underworlds rules:do-over=twice": "ruling do-over has no option 'twice'; choose one of",
        "/game new system:eldfall rules:move-too-far=refused":
            "ruling move-too-far's option refused is not refereed yet (play it by hand at your own table); the "
            "referee plays stops-at-allowance",
    }
    for line, reason in refusals.items():
        (refused,) = await service.execute("t", ALICE, parse_line(line))
        assert refused.error and reason in refused.text, (line, refused.text)
    assert service.live_game("t") is None, "nothing was stored"
    await service.execute("t", ALICE, parse_line(
        "/game new system:underworlds players:3 rules:multiplayer-layouts=free, guard-counts=block-only"))
    game = service.live_game("t")
    assert game is not None
    rulings = game.setup.rulings
    assert rulings["multiplayer-layouts"] == "free" and rulings["guard-counts"] == "block-only"
    assert rulings["do-over"] == "once-each-secret"
