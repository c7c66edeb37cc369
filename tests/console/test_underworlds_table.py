"""Underworlds at the table (through the table service, as the console and Discord reach it): a ready demo in one
command, three players, a side seated to the bot, /help by the rules, and a private picture of one's hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.console.session import ConsoleSession, seeded_source
from bot.core.outputs import CardsPicture
from bot.core.parsing import parse_command_line
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import BOT_USER, Game, UserId
from tests.console.underworlds_examples import console_line

TABLE = "t"


def _service() -> TableService:
    return TableService(MemoryRepository(), SYSTEM_FACTORIES, seed_source=seeded_source(3), pass_delay=lambda: 0.0)


async def _run(service: TableService, line: str, user: str = "alice", side: str | None = None) -> list[Any]:
    return await service.execute(TABLE, UserId(user), parse_command_line(line, service.registry),
                                 side=side)  # type: ignore[arg-type]


def _game(service: TableService) -> Game[Any]:
    game = service.live_game(TABLE)
    assert game is not None
    return game


async def test_the_demo_is_ready_to_play_in_one_command() -> None:
    service = _service()
    await _run(service, "/game demo system:underworlds")
    game = _game(service)
    state = game.state
    assert state.step == "activation" and state.field.layout and len(state.tokens) == 5
    assert all(f.hex for f in state.fighters.values())
    assert all(len(state.decks[f"power-{s}"].piles["hand"]) == 5 for s in state.sides)
    outputs = await _run(service, "/hand show", side="A")
    (mine,) = [o for o in outputs if o.to == "alice"]
    assert "Your hand (side A)" in mine.text and isinstance(mine.pictures[0], CardsPicture)
    assert len(mine.pictures[0].cards.cards) == 8
    helped = await _run(service, "/help", side=state.active_side)
    assert any("Your activation (1 of 4)" in o.text for o in helped)


async def test_a_game_for_three_players_is_made_with_players_3() -> None:
    service = _service()
    await _run(service, "/game new system:underworlds players:3")
    game = _game(service)
    assert game.state.sides == ("A", "B", "C") and game.state.step == "boards"


async def test_a_side_seated_to_the_bot_plays_itself_to_the_end() -> None:
    """``bot:B``: the table's driver plays every move of side B (its reasons logged); alice plays A."""
    service = _service()
    await _run(service, "/game new system:underworlds bot:B practice:no")
    for _ in range(400):
        game = _game(service)
        if game.is_over():
            break
        to_act = game.to_act()
        assert to_act.sides == ("A",) or "A" in to_act.sides, (game.state.step, to_act)
        move = game.system.bot_move(game.state, "A", lambda c: True)  # type: ignore[arg-type]
        assert move is not None
        outputs = await _run(service, console_line(move.command, game))
        assert not [o.text for o in outputs if o.error]
    game = _game(service)
    assert game.is_over() and game.state.seats["B"] == BOT_USER
    assert any(e.kind == "bot.reasoned" for e in game.log)


async def test_a_player_brings_their_own_decks_from_a_file_and_only_they_read_them() -> None:
    """``examples/underworlds/my-deck.yaml`` through the console: bob's own card is announced, his decks are his
    alone, and they are his choice when he brings them while asked to choose (L105-L113, L731)."""
    examples = Path(__file__).parents[2] / "examples" / "underworlds"
    lines: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lines.append,  # type: ignore[arg-type]
                             files_from=examples)
    await session.run_lines(["/game new system:underworlds scenario:choose", "as alice:A",
                             "/decide choice:steelhearts-champions", "as alice:B",
                             "/decide choice:garreks-reavers", "/force import file:my-deck.yaml"], strict=True)
    brought = [line for line in lines if "My Reavers" in line]
    assert brought and all("[private to alice]" in line for line in brought)
    assert any("imports cards: Gore Axe" in line for line in lines)
    after = lines[next(i for i, line in enumerate(lines) if "/force import" in line):]
    assert any("Side B has chosen, in secret." in line for line in after), "bringing them chose them"


async def test_a_table_enters_its_own_dice_from_a_file_before_the_first_roll() -> None:
    """``examples/underworlds/our-dice.yaml`` through the console (ruling dice-faces: table-entered): the set-up
    waits, /help says how to go on, and the boards' roll-off follows the entry."""
    examples = Path(__file__).parents[2] / "examples" / "underworlds"
    lines: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lines.append,  # type: ignore[arg-type]
                             files_from=examples)
    await session.run_lines(["/game new system:underworlds practice:yes rules:dice-faces=table-entered", "/help"],
                            strict=True)
    assert any("before the first roll, enter the faces of both" in line for line in lines)
    assert any("enter both with /force import file:" in line for line in lines)
    assert not any("roll-off for the boards" in line for line in lines)
    await session.run_lines(["/force import file:our-dice.yaml"], strict=True)
    entered = lines.index(next(line for line in lines if "defence die is entered" in line))
    assert any("roll-off for the boards" in line for line in lines[entered:])
