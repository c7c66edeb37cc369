"""A reaction offer passed ahead of time is answered exactly the hidden delay drawn for it after its trigger, never
at the timer's next round (which looked only every 5 s, so the pass came 4-25 s after the trigger).

The table runs on a fake clock: the timer sleeps through ``FakeTime.sleep``, which wakes only when the test moves
the clock past the moment asked for, so the test reads the moment the pass came, not a duration.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.console.session import seeded_source
from bot.core.driver import AUTO_PASS
from bot.core.systems import SYSTEM_FACTORIES
from tests.commands import parse_line
from tests.discord.conftest import Table
from tests.toys.hexfire import Hexfire

SCRIPT = Path(__file__).resolve().parent.parent / "toys" / "hexfire-game.gm"
DELAY = 7.25  # the hidden delay "drawn" for the pre-passed offer


class FakeTime:
    """A clock that moves only when the test moves it, and sleeps that end when it passes their moment."""

    def __init__(self, now: float) -> None:
        self.now = now
        self.sleeping: list[tuple[float, asyncio.Future[None]]] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (self.now + seconds, woken)
        self.sleeping.append(entry)
        try:
            await woken
        finally:
            self.sleeping.remove(entry)

    async def asleep_until(self, moment: float) -> None:
        """Wait (real time, bounded) until someone sleeps until ``moment``."""
        for _ in range(500):
            if any(due == moment for due, _ in self.sleeping):
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"nobody sleeps until {moment}; sleeping until {[due for due, _ in self.sleeping]}")

    async def advance_to(self, moment: float) -> None:
        self.now = moment
        for due, woken in list(self.sleeping):
            if due <= moment and not woken.done():
                woken.set_result(None)
        for _ in range(20):  # let the timer run what woke it
            await asyncio.sleep(0)


async def test_a_prepassed_offer_is_answered_exactly_its_hidden_delay_after_its_trigger(table: Table) -> None:
    await table.stop()
    time = FakeTime(1000.0)
    table.clock = time.clock
    table.systems = {**SYSTEM_FACTORIES, "hexfire": Hexfire}
    table.service_options = {"seed_source": seeded_source(3), "pass_delay": lambda: DELAY}
    table.client_options = {"sleep": time.sleep}
    await table.start()
    assert table.client is not None
    lines = [line for line in SCRIPT.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    for line in lines:  # to alice's pass on C's strike, which then offers B (passed ahead on strikes) a reaction
        user, text = ("bob", line[5:]) if line.startswith("@bob ") else ("alice", line)
        invocation = parse_line(text)
        await table.do(" ".join(invocation.path), dict(invocation.options), user=user)
    game = table.client.service.live_game(str(table.standin.channel_id("battle")))
    assert game is not None
    (offer,) = game.pending
    assert offer.owner == "B", "B is asked like anyone"
    trigger = time.now
    assert table.repository is not None
    armed = {d.decision_id: d.due_at for d in await table.repository.deadlines()}
    assert armed[AUTO_PASS + offer.id] == trigger + DELAY

    await time.advance_to(trigger + DELAY - 0.01)  # past the timer's usual round (5 s), not yet the pass's moment
    await time.asleep_until(trigger + DELAY)
    assert offer.id in game.state.pending, "not before its moment"
    await time.advance_to(trigger + DELAY)
    await table.standin.wait_for(lambda: offer.id not in game.state.pending or None, what="the pass")
    assert time.now == trigger + DELAY, "the pass came at its moment, not at a later round of the timer"
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("Side B has chosen, in secret."))
