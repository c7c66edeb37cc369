"""The platform's mechanisms proven on a toy game (``tests/toys/hexfire.py``): a small hex board, three players,
a secret deck per player, a secret simultaneous bid, a reaction window in which a reaction answers a reaction,
a private pre-pass, and side C seated to the bot; played to a result through the console. Its non-interference
property (two games that differ only in a deck's cards or the bot's secret dice) is in test_non_interference.py."""

from __future__ import annotations

from pathlib import Path

from bot.console.session import ConsoleSession, seeded_source
from bot.core.outputs import Output
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from engine.core import BOT_USER, CardsShown, ChoicesRevealed, SideId, UserId
from tests.commands import parse_line
from tests.toys.hexfire import Hexfire

SCRIPT = Path(__file__).parents[1] / "toys" / "hexfire-game.gm"
A, B, C = SideId("A"), SideId("B"), SideId("C")


async def _console(lines: list[str]) -> tuple[ConsoleSession, list[str]]:
    printed: list[str] = []
    session = ConsoleSession({"hexfire": Hexfire}, seeded_source(3), print_line=printed.append)
    assert await session.run_lines(lines, strict=True) == 0, "\n".join(printed[-20:])
    return session, "\n".join(printed).splitlines()


async def test_a_three_player_game_with_the_bot_plays_to_its_result_in_the_console() -> None:
    session, printed = await _console(SCRIPT.read_text(encoding="utf-8").splitlines())
    text = "\n".join(printed)
    game = session._service.live_game("console")
    assert game is not None and game.is_over()
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (B, C) and outcome.draw, "B and C draw, A loses"
    assert "**Game over: side B (bob) and side C (bot) draw.**" in text
    assert game.state.seats[C] == BOT_USER and "The bot plays side C: takes the first legal action" in text
    revealed = [e.body for e in game.log if isinstance(e.body, ChoicesRevealed)]
    assert [dict(r.answers) for r in revealed] == [{A: {"bid": "3"}, B: {"bid": "1"}, C: {"bid": "2"}}], \
        "the bot bids in secret, with its side's dice"
    played = [(e.body.cards, e.body.why) for e in game.log if isinstance(e.body, CardsShown)]
    assert (["shield"], "shield against strike") in played and (["counter"], "counter against shield") in played
    assert "The shield is countered." in text and "Side B's strike lands on side A's champion" in text


async def test_the_bid_is_secret_until_every_side_has_bid() -> None:
    commands = [line for line in SCRIPT.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    _, printed = await _console(commands[:4])
    public = [line for line in printed if not line.startswith("  [private")]
    assert not any("bid=3" in line for line in public[:public.index("bob> /decide choice:1")]
                   if "bob>" not in line), "A's bid is not public before B bids"
    assert any("Revealed together: A: bid 3; B: bid 1; C: bid 2." in line for line in printed)


async def test_a_pre_pass_is_answered_like_a_pass_and_tells_nobody() -> None:
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    _, printed = await _console(lines)
    public = [line for line in printed if "[private" not in line]
    assert not any("pass ahead" in line.casefold() for line in public)
    offered_b = [line for line in printed if "decide" in line and "bob (side B), decide" in line]
    assert offered_b, "B is still asked like everyone else"
    answered = printed.index("  Side C's strike lands on side A's champion (1 wound; 1 point).")
    assert "  Side B has chosen, in secret." in printed[answered - 3:answered]


async def test_a_pre_passed_offer_looks_like_any_other_and_passes_after_a_hidden_short_delay() -> None:
    now = [1000.0]
    service = TableService(MemoryRepository(), {"hexfire": Hexfire}, seed_source=seeded_source(3),
                           clock=lambda: now[0], pass_delay=lambda: 7.0)
    commands = [line for line in SCRIPT.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    said: list[Output] = []
    for line in commands[:-1]:  # up to alice's pass on C's strike
        user, text = ("bob", line[5:]) if line.startswith("@bob ") else ("alice", line)
        said = await service.execute("t", UserId(user), parse_line(text))
    said = await service.execute("t", UserId("alice"), parse_line(commands[-1]))
    game = service.live_game("t")
    assert game is not None
    (offer,) = game.pending
    assert offer.owner == B and offer.optional, "B is asked like anyone"
    notice = next(o for o in said if o.decision is not None and o.to is None)
    assert notice.deadline == 1000.0 + 120.0, "the public countdown is the table's usual one for a reaction"
    now[0] += 6.0
    assert not await service.expire_due() and game.pending, "not yet"
    now[0] += 2.0
    passed = await service.expire_due()
    assert not game.pending and any("Side C's strike lands on side A's champion" in o.text for o in passed)
    assert any(o.text.startswith("Side B has chosen, in secret.") for o in passed), "a pass like any other"
