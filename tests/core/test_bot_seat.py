"""The bot's seat: the table plays it after each command, logs its moves as the bot's with its reasons, and stops
a bot that would go on forever, telling the table."""

from __future__ import annotations

from bot.console.session import seeded_source
from bot.core.driver import MAX_AUTO_STEPS
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from engine.core import (
    BOT_USER,
    Ask,
    BotReasoned,
    Context,
    DecisionOpened,
    Declarations,
    DiceRolled,
    SideId,
    UserId,
    side_only,
)
from tests.commands import parse_line
from tests.toys.hexfire import Hexfire
from tests.toys.tally import AMOUNT, Scored, Tally, TallyState

ENDLESS: Declarations[TallyState, TallyState] = Declarations()
"""A broken score for this test: it scores nothing, and the bot's side keeps the turn whatever it does."""


@ENDLESS.action("score", "Score nothing; the bot's side keeps the turn", label="Score", params=(AMOUNT,))
def _keep_the_turn(ctx: Context[TallyState], ask: Ask) -> None:
    side = ask.acting
    keeps = ctx.state.setup.sides[1]
    ctx.emit(Scored(side=side, amount=0, next_side=keeps if side == keeps else ctx.state.next_in_play(side)))


class EndlessTally(Tally):
    """A broken game for this test: its score keeps the bot's side on turn, and nobody ever wins."""

    declarations = ENDLESS

    def outcome(self, state: TallyState) -> None:
        return None


async def test_the_bot_plays_its_side_after_each_command_with_its_reasons_public() -> None:
    service = TableService(MemoryRepository(), {"tally": Tally})
    await service.execute("t", UserId("alice"), parse_line("/game new system:tally bot:B"))
    said = await service.execute("t", UserId("alice"), parse_line("/act action:score amount:2"))
    game = service.live_game("t")
    assert game is not None and game.state.active_side == SideId("A"), "the bot took its turn; A plays again"
    reasoned = [e for e in game.log if isinstance(e.body, BotReasoned)]
    assert reasoned and reasoned[-1].audience.everyone and reasoned[-1].body.side == "B"
    assert any(o.text.startswith("The bot plays side B: takes the first legal action: /act action:score")
               for o in said if o.to is None)
    assert any("takes the first legal action" in line for line in reasoned[-1].body.working())


async def test_a_bot_that_never_hands_the_turn_back_is_stopped_and_the_table_told() -> None:
    service = TableService(MemoryRepository(), {"tally": EndlessTally})
    await service.execute("t", UserId("alice"), parse_line("/game new system:tally bot:B"))
    said = await service.execute("t", UserId("alice"), parse_line("/act action:score amount:1"))
    game = service.live_game("t")
    assert game is not None
    assert sum(isinstance(e.body, BotReasoned) for e in game.log) == MAX_AUTO_STEPS
    assert any(f"made {MAX_AUTO_STEPS} moves on its own" in o.text and "/game seat" in o.text for o in said)


async def test_a_secret_choice_of_the_bot_is_drawn_with_its_sides_dice_and_explained_to_that_side_alone() -> None:
    """Hexfire's bot bids in secret: the bid is drawn with side C's secret dice (the public dice do not move) and
    the reasons, which name it, are logged for side C alone; the table reads only that C decided in secret."""
    service = TableService(MemoryRepository(), {"hexfire": Hexfire})
    said = await service.execute("t", UserId("alice"), parse_line("/game new system:hexfire players:3 bot:C"))
    game = service.live_game("t")
    assert game is not None
    reasoned = [e for e in game.log if isinstance(e.body, BotReasoned)]
    assert [e.audience for e in reasoned] == [side_only(SideId("C"))] and "draws its choice in secret: " in \
        reasoned[0].body.describe()
    drawn = [e for e in game.log if isinstance(e.body, DiceRolled) and e.body.purpose == "the bot's secret choice"]
    assert [(e.audience, e.body.rolls[0].stream) for e in drawn] == [(side_only(SideId("C")), "secret:C")]
    assert not [e for e in game.log if isinstance(e.body, DiceRolled) and e.body.rolls[0].stream == "public"]
    assert "Side C has chosen, in secret." in [o.text for o in said if o.to is None]
    assert not any("bot plays side C" in o.text for o in said if o.to is None)


async def test_a_decision_the_bot_answers_gets_no_notice_button_or_ping() -> None:
    """Nobody can press a Decide button for the bot's seat, and the table answers it at once: no notice for it, at
    the moment it opens or when /status shows what is pending."""
    service = TableService(MemoryRepository(), {"hexfire": Hexfire}, seed_source=seeded_source(3))
    said = await service.execute("t", UserId("alice"), parse_line("/game new system:hexfire players:3 bot:C"))
    said += await service.execute("t", UserId("bob"), parse_line("/game join side:B"))
    game = service.live_game("t")
    assert game is not None and game.state.seats[SideId("C")] == BOT_USER
    assert {d.owner for d in game.pending} == {"A", "B"}, "the bot has bid already"
    assert any(isinstance(e.body, DecisionOpened) and e.body.decision.owner == "C" for e in game.log)
    notices = [o for o in said if o.decision is not None and o.to is None]
    assert {o.decision.owner for o in notices if o.decision} == {"A", "B"}, [o.text for o in notices]
    assert not any("bot (side C) is choosing" in o.text or "Waiting for bot" in o.text for o in said)
    shown = await service.execute("t", UserId("carol"), parse_line("/status"))
    assert [o.decision.owner for o in shown if o.decision] == ["A", "B"], "/status reposts the people's notices"
