"""Two players at one keyboard (newcomer finding 42): in a hot seat the keyboard passes to whoever the latest menu is
for, so nobody types ``as bob`` / ``as alice``; ``as`` still takes it back; a secret choice says who alone looks."""

from __future__ import annotations

import argparse

from bot.console.app import add_arguments, hotseat
from bot.console.session import ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES
from tests.console.hotseat_evening import evening
from tests.console.test_first_evening import SHROUDFALL


def _session(lines: list[str], *, hotseat: bool = True) -> ConsoleSession:
    return ConsoleSession(SYSTEM_FACTORIES, seeded_source(5), print_line=lines.append, hotseat=hotseat)


async def test_an_eldfall_set_up_at_one_keyboard_needs_no_as_line() -> None:
    """The newcomer's Eldfall set-up (finding 37's trap) typed with letters only: each menu printed for the other
    player passes the keyboard with one line; the two secret scheme picks say who alone looks; once bob has kept
    his, the keyboard goes back to alice, whose secret menu is still open, and stays hers for her next menu."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:eldfall opponent:bob", "/act", "a", "b"])
    assert lines[-1].strip() == "(bob's menu: type a letter to pick)" and session.user == "bob", lines[-3:]
    await session.run_lines(["a", "d"])  # bob's party, then both secret scheme picks
    footers = [line.strip() for line in lines if line.strip().startswith("(") and "secret" in line]
    assert footers == ["(alice's secret choice: only alice looks; type a letter to pick)",
                       "(bob's secret choice: only bob looks; type a letter to pick)"], footers
    await session.run_line("a")  # bob keeps his scheme
    assert lines[-1].strip() == "(alice's menu above: type a letter to pick)" and session.user == "alice"
    await session.run_line("b")  # alice keeps hers; the Initiative Check's winner is asked
    assert session.errors == 0 and "Side A keeps the scheme" in "\n".join(lines[-14:]), lines[-14:]
    game = session._service.live_game("console")
    assert game is not None and [d.owner for d in game.pending] == ["A"]  # alice won the Initiative Check
    assert session.user == "alice" and lines[-1].strip() == "(type a letter to pick)", lines[-3:]


async def test_as_still_takes_the_keyboard_and_a_letter_then_is_the_typists_own() -> None:
    """``as alice`` at bob's menu: her letter picks from her own (spent) menu and is refused, saying whose letters
    were shown, as without a hot seat; changing nothing."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:eldfall opponent:bob", "/act", "a", "b", "as alice", "a"])
    assert session.errors == 1 and "already chosen its party" in lines[-1] and "bob's menu" in lines[-1], lines[-1]
    assert session.user == "alice"


async def test_without_a_hot_seat_the_menu_says_how_to_hand_over() -> None:
    lines: list[str] = []
    session = _session(lines, hotseat=False)
    await session.run_lines(["/game new system:eldfall opponent:bob", "/act", "a", "b"])
    assert lines[-1].strip() == "(bob's menu: type 'as bob', then a letter)" and session.user == "alice"


async def test_a_shroudfall_evening_at_one_keyboard_types_no_as_line() -> None:
    """Shroudfall's first evening to 4 activations, typed at one keyboard: 'as' lines without a hot seat, none in
    one, the harness's own figures the same."""
    plain, handed = await evening(lambda front: SHROUDFALL, hotseat=False, activations=4)
    seat, none = await evening(lambda front: SHROUDFALL, hotseat=True, activations=4)
    assert handed > 0 and none == 0, (handed, none)
    assert (seat.first, seat.activations, seat.prompts) == (plain.first, plain.activations, plain.prompts)


def test_the_keyboard_is_a_hot_seat_and_a_script_is_not_unless_asked() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert hotseat(parser.parse_args([])) and not hotseat(parser.parse_args(["--no-hotseat"]))
    assert not hotseat(parser.parse_args(["--script", "x.gm"]))
    assert hotseat(parser.parse_args(["--script", "x.gm", "--hotseat"]))
