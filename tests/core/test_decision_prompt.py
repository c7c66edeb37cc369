"""The owner's prompt for a decision: each part with what it accepts, and a follow-up saying when it matters."""

from __future__ import annotations

from bot.core.announce import decision_prompt
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import DecisionPart, Option, PartKind, PendingView, SideId, UserId
from tests.commands import parse_line


async def test_a_follow_up_part_says_which_answer_asks_it() -> None:
    service = TableService(MemoryRepository(), SYSTEM_FACTORIES)
    await service.execute("t1", UserId("alice"), parse_line("/game new system:freeplay"))
    game = await service.game_at("t1")
    assert game is not None
    view = PendingView(id="d9", owner=SideId("A"), kind="reaction", optional=True, secret=False, prompt="React",
                       parts=(DecisionPart(key="A1", prompt="A1", options=(Option(key="nothing", label="Nothing"),
                                                                           Option(key="dodge", label="Dodge")),
                                           default="nothing"),
                              DecisionPart(key="A1.move", prompt="where its dodge takes it", kind=PartKind.POSITION,
                                           center=(0.0, 0.0), radius=3.0, default="0.0,0.0",
                                           asked_when=("A1", ("dodge",)))))
    lines = decision_prompt(game, view).splitlines()
    assert "  A1.move: where its dodge takes it (only if A1 is dodge) [position; default 0.0,0.0]" in lines
    assert "  A1: A1 [nothing (Nothing), dodge (Dodge); default nothing]" in lines, "a leading part reads as before"
