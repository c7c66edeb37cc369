"""The platform's mechanisms proven on a toy game (``tests/toys/hexfire.py``): a small hex board, three players,
a secret deck per player, a secret simultaneous bid, a reaction window in which a reaction answers a reaction,
a private pre-pass, and side C seated to the bot; played to a result through the console, and the
non-interference property: two games that differ only in a deck's cards say the same in public until a card
of it is revealed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.console.session import ConsoleSession, seeded_source
from bot.core.outputs import Output, Picture
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from engine.core import BOT_USER, SPECTATOR, CardsShown, ChoicesRevealed, SideId, UserId
from renderers import render_board
from tests.budget import examples
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
    assert [dict(r.answers) for r in revealed] == [{A: {"bid": "3"}, B: {"bid": "1"}, C: {"bid": "1"}}]
    played = [(e.body.cards, e.body.why) for e in game.log if isinstance(e.body, CardsShown)]
    assert (["shield"], "shield against strike") in played and (["counter"], "counter against shield") in played
    assert "The shield is countered." in text and "Side B's strike lands on side A's champion" in text


async def test_the_bid_is_secret_until_every_side_has_bid() -> None:
    commands = [line for line in SCRIPT.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    _, printed = await _console(commands[:4])
    public = [line for line in printed if not line.startswith("  [private")]
    assert not any("bid=3" in line for line in public[:public.index("bob> /decide choice:1")]
                   if "bob>" not in line), "A's bid is not public before B bids"
    assert any("Revealed together: A: bid=3; B: bid=1; C: bid=1." in line for line in printed)


async def test_a_pre_pass_is_answered_like_a_pass_and_tells_nobody() -> None:
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    _, printed = await _console(lines)
    public = [line for line in printed if "[private" not in line]
    assert not any("pass ahead" in line.casefold() for line in public)
    offered_b = [line for line in printed if "decide" in line and "bob (side B), decide" in line]
    assert offered_b, "B is still asked like everyone else"
    answered = printed.index("  Side C's strike lands on side A's champion (1 wound; 1 point).")
    assert "  Side B decides: in secret." in printed[answered - 3:answered]


# -- non-interference ----------------------------------------------------------------------------

OTHER_DECK = ("shield", "shield", "shield", "counter", "strike", "counter", "shield", "strike")
MOVES = [
    "/act action:draw", "/act action:rest", "/act action:step to:A2", "/act action:step to:B1",
    "/act action:step to:B2", "/act action:strike target:B", "/act action:strike target:C", "/decide choice:pass",
    "/decide choice:shield", "/decide choice:counter", "/pass until:strike", "/hand show",
]


def _public(outputs: list[Output]) -> list[tuple[str, tuple[object, ...]]]:
    return [(o.text, tuple(p.board for p in o.pictures if isinstance(p, Picture))) for o in outputs if o.to is None]


async def _twin_games(moves: list[tuple[str, str]]) -> None:
    seeds = ["5a" * 32, "5a" * 32]
    services = [TableService(MemoryRepository(), {"hexfire": lambda deck=deck: Hexfire(deck)},
                             seed_source=lambda i=i: seeds[i], pass_delay=lambda: 0.0)
                for i, deck in enumerate(({}, {A: OTHER_DECK}))]
    opening = ["/game new system:hexfire players:3 bot:C practice:no", "@bob /game join side:B",
               "/decide choice:2", "@bob /decide choice:1"]
    script = [(("bob", line[5:]) if line.startswith("@bob ") else ("alice", line)) for line in opening] + moves
    for user, line in script:
        said = [await service.execute("t", UserId(user), parse_line(line)) for service in services]
        games = [service.live_game("t") for service in services]
        if any(isinstance(e.body, CardsShown) and e.body.deck_id == "deck-A" for g in games if g for e in g.log):
            return  # a card of A's deck is out: from here on the games may differ in public
        assert _public(said[0]) == _public(said[1]), line
    boards = [g.system.board(g.state, SPECTATOR, ()) for g in games if g is not None]
    assert render_board(boards[0]) == render_board(boards[1]), "the pictures are the same, byte for byte"


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(["alice", "bob"]), st.sampled_from(MOVES)), min_size=4, max_size=24))
def test_two_games_differing_only_in_a_deck_look_the_same_until_a_card_of_it_shows(
        moves: list[tuple[str, str]]) -> None:
    asyncio.run(_twin_games(moves))


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
    assert any(o.text.startswith("Side B decides: in secret.") for o in passed), "a pass like any other"
