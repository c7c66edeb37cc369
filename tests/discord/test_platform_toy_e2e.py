"""The platform's toy game (three players, a secret bid, secret decks, a reaction window, side C seated to the
bot) played to its end through the stand-in Discord: the bid and the reaction are answered with the Decide button,
a turn is taken from the /act menu, the rest typed."""

from __future__ import annotations

from typing import Any

from bot.core.systems import SYSTEM_FACTORIES
from engine.core import BOT_USER
from tests.discord.conftest import Table
from tests.toys.hexfire import Hexfire

SELECT, BUTTON = 3, 2


def _components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components") or [] for c in row["components"]]


async def _decide(table: Table, user: str, side: str, value: str) -> None:
    """``user`` presses Decide on the newest notice of ``side``'s decision and picks ``value`` (one question: the
    pick is the answer, there is no Confirm)."""
    notice = next(m for m in reversed(table.standin.messages_in("battle"))
                  if f"side {side})" in m["content"] or m["content"].startswith(f"side {side} ")
                  if any(c["type"] == BUTTON for c in _components(m)))
    (button,) = [c for c in _components(notice) if c["type"] == BUTTON and c["label"] == "Decide"]
    opened = await table.standin.click(notice, button["custom_id"], user=user)
    await opened.response()
    assert opened.original is not None
    (select,) = [c for c in _components(opened.original) if c["type"] == SELECT]
    assert not [c for c in _components(opened.original) if c["type"] == BUTTON]
    done = await table.standin.click(opened.original["id"], select["custom_id"], user=user, values=[value])
    await done.response()
    await done.wait_for(lambda: any(s.kind in ("followup", "delete") for s in done.sent) or None, what="the answer")


async def test_the_toy_game_plays_to_its_end_through_discord(table: Table) -> None:
    await table.stop()
    table.systems = {**SYSTEM_FACTORIES, "hexfire": Hexfire}
    await table.start()
    await table.do("game new", {"system": "hexfire", "players": 3, "bot": "C", "mode": "quick", "thread": False},
                   channel="battle")
    await table.do("game join", {"side": "B"}, user="bob", channel="battle")
    game = table.client.service.live_game(str(table.standin.channel_id("battle")))  # type: ignore[union-attr]
    assert game is not None and game.state.seats["C"] == BOT_USER  # type: ignore[index]
    await _decide(table, "alice", "A", "3")
    await _decide(table, "bob", "B", "1")
    assert any("Revealed together: A: bid 3" in t for t in table.texts()), "the bids show together"

    menu = await table.standin.slash("act", {}, channel="battle")
    await menu.response()
    steps = await table.pick(await menu.followup(), "Step")
    await table.pick(steps, "B1")
    await table.do("act", {"action": "step", "to": "D1"}, user="bob", channel="battle")
    await table.standin.wait_for(lambda: game.state.active_side == "A" or None, what="the bot's turn to pass")
    assert any(t.startswith("The bot plays side C:") for t in table.texts())

    hand = game.state.decks["deck-A"].piles["hand"]
    if "strike" in hand:  # the opening hand comes from the game's own seed
        await table.do("act", {"action": "strike", "target": "B"}, channel="battle")
        assert any("Reactions to strike: offered to side B, then C." in t for t in table.texts())
        await _decide(table, "bob", "B", "pass")
    else:
        await table.do("act", {"action": "rest"}, channel="battle")
    await table.do("act", {"action": "rest"}, user="bob", channel="battle")
    await table.standin.wait_for(lambda: game.is_over() or None, what="the end of the quick battle")
    card = await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("**Game over"))
    assert "Rounds played: 3." in card["content"]
    public = "\n".join(table.texts())
    assert not any(f"Deck deck-{side}: draw:" in public for side in "ABC"), "no deck list reaches the table"
