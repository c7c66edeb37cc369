"""/pass until: through the table service, on a game whose reactions are a decision of its own (Eldfall's Reaction
step): a side that passes for the rest of the phase is not held up by its offers in that phase, and is asked again
in the next one, though it bears the same name (each side's Tactical phase); a game that asks no reactions refuses
it, saying why."""

from __future__ import annotations

from bot.console.session import seeded_source
from bot.core.outputs import Output
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SideId, UserId
from tests.commands import parse_line

ALICE = UserId("alice")


class Table:
    """The Eldfall demo table (alice plays both sides; side B is the 1st Player), pre-passes answered at once."""

    def __init__(self) -> None:
        self.service = TableService(MemoryRepository(), SYSTEM_FACTORIES, seed_source=seeded_source(3),
                                    pass_delay=lambda: 0.0)

    async def run(self, line: str, side: str | None = None) -> list[Output]:
        outputs = await self.service.execute("t", ALICE, parse_line(line), side=SideId(side) if side else None)
        assert not any(o.error for o in outputs), (line, [o.text for o in outputs if o.error])
        return outputs

    def waiting_on(self, side: str) -> list[str]:
        game = self.service.live_game("t")
        assert game is not None
        return [d.kind for d in game.state.pending.values() if d.owner == side]

    def where(self) -> tuple[str, str | None, int]:
        game = self.service.live_game("t")
        assert game is not None
        return game.state.phase, game.state.active_side, game.state.round


async def test_a_side_passing_for_the_phase_is_not_asked_in_it_and_is_asked_in_the_next() -> None:
    table = Table()
    await table.run("/game demo system:eldfall")
    assert table.where() == ("tactical", "B", 1)
    await table.run("/pass until:phase", "A")
    outputs = await table.run("/move model:B3 to:toward A3", "B")
    assert table.waiting_on("A") == [], "side A's reaction was passed for it"
    assert any("Side A does not react." in o.text for o in outputs if o.to is None)
    await table.run("/act action:nothing", "B")  # the activated model
    await table.run("/act action:end", "B")
    await table.run("/decide choice:B2=18,28.88", "B")  # its Ranger stays (L1851)
    await table.run("/decide choice:stratagem=advance", "A")  # its Strategic phase: the Leader's stratagem
    await table.run("/act action:end", "A")
    await table.run("/decide choice:stratagem=exploiting-weakness", "B")
    assert table.where() == ("tactical", "B", 2), "side B's next Tactical phase: another phase of the same name"
    await table.run("/move model:B3 to:33,19", "B")
    assert table.waiting_on("A") == ["reaction"], "asked again in the next phase"


async def test_a_game_asking_no_reactions_refuses_a_pass_ahead_and_says_why() -> None:
    table = Table()
    await table.run("/game new system:freeplay")
    outputs = await table.service.execute("t", ALICE, parse_line("/pass until:phase"))
    (refusal,) = [o for o in outputs if o.error]
    assert "Freeplay asks no reactions, so there is nothing to pass ahead on" in refusal.text


async def test_eldfall_offers_its_own_reaction_triggers_to_pass_ahead_on() -> None:
    table = Table()
    await table.run("/game demo system:eldfall")
    outputs = await table.service.execute("t", ALICE, parse_line("/pass until:charge"), side=SideId("A"))
    (refusal,) = [o for o in outputs if o.error]
    assert "Give one of: activation, attack, phase, off" in refusal.text
