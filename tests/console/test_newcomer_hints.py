"""What a newcomer at one keyboard reads (session 37's newcomer play): the practice table ``make run`` opens gives way
in one line, and a letter typed at another player's menu says whose letters those were."""

from __future__ import annotations

from bot.console.session import ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES


def _session(lines: list[str]) -> ConsoleSession:
    return ConsoleSession(SYSTEM_FACTORIES, seeded_source(5), print_line=lines.append)


async def test_the_practice_table_gives_way_in_one_line_without_its_end_report() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_line("/game demo system:freeplay")
    assert session.has_game()
    shown = len(lines)
    await session.run_line("/game new system:shroudfall opponent:bob")
    after = "\n".join(lines[shown:])
    assert "The practice table is put away for the new game." in after
    assert "Game over" not in after and "Dice seed revealed" not in after, after[:400]
    assert session.errors == 0 and "A game of Shroudfall" in after


async def test_a_letter_typed_at_another_players_menu_says_whose_menu_it_was() -> None:
    """alice picks her party; bob's menu is printed next; alice's ``a`` picks from her own (spent) menu and is
    refused with what to type; bob's one-entry menu names its only letter."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:eldfall opponent:bob", "/act", "a", "b"])
    assert lines[-1].strip() == "(bob's menu: type 'as bob', then a letter)", lines[-3:]
    await session.run_line("a")
    assert "already chosen its party" in lines[-1] and "The letters shown last are bob's menu" in lines[-1]
    await session.run_line("z")
    assert "alice has no pick z" in lines[-1] and "type 'as bob' first" in lines[-1]
    await session.run_lines(["as bob", "z"])
    assert lines[-1].strip() == "[error to bob] bob has no pick z in their latest menu (its only pick is a)"
    assert session.errors == 3
    await session.run_line("a")  # bob's own menu: no hint, and his pick goes on
    assert "Which party?" in "\n".join(lines[-8:]) and lines[-1].strip() == "(type a letter to pick)"


async def test_board_before_the_battlefield_is_laid_out_says_so() -> None:
    """Underworlds' boards are chosen in the set-up: /board then said "The table at event #12." with no picture."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:underworlds opponent:bob", "/board"])
    assert lines[-1].strip() == ("[private to alice] There is no battlefield to draw yet: the set-up has not laid it "
                                 "out. /status says where the game stands."), lines[-2:]


async def test_act_alone_after_the_game_says_it_is_over_and_what_comes_next() -> None:
    """Was "Nothing you can do right now. /status says whose turn it is." once the game had ended."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:shroudfall opponent:bob", "/game end", "@bob /act"])
    assert lines[-1].strip().startswith("[private to bob] The game is over. /game rematch plays it again"), lines[-1]


async def test_bare_decide_holding_two_sides_that_choose_at_once_shows_the_first_then_the_other() -> None:
    """A practice table (alice holds both sides): both scheme draws are owed at once; bare /decide was refused
    with "you owe 2 decisions: say which with decision:d27 or decision:d37". An answer still says which."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:eldfall", "/act", "a", "b", "/act", "a", "d"])
    owed = [d.id for d in session._service.live_game("console").pending]  # type: ignore[union-attr]
    assert len(owed) == 2, owed
    await session.run_line("/decide choice:x")
    assert session.errors == 1 and "you owe 2 decisions: say which" in lines[-1]
    await session.run_line("/decide")
    shown = [line.strip() for line in lines[-4:] if line.strip()[:3] in ("a) ", "b) ")]
    assert session.errors == 1 and shown and all(f"decision:{owed[0]} " in line for line in shown), lines[-4:]
    await session.run_lines(["a", "/decide"])
    assert session.errors == 1 and f"decision:{owed[1]} " in lines[-2], lines[-4:]


async def test_a_word_that_is_no_option_read_into_a_value_is_named_when_the_command_is_refused() -> None:
    """Values may hold colons (``to:via:3,4``), so ``extra:1`` after ``action:move`` was read as part of the action
    and refused as "no action 'move extra:1'", never saying extra: is no option (newcomer finding 35's kin)."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:eldfall opponent:bob", "/act action:move extra:1"])
    assert session.errors == 1 and lines[-1].endswith(
        "(extra: is not an option of /act, so it was read as part of action:; /act takes action:, model:, target:, "
        "with:, to:, at:, amount:, choice:)"), lines[-1]
    await session.run_line("/status extra:1")
    assert lines[-1].strip() == "[error to alice] /status takes no options (extra: is not one)."
