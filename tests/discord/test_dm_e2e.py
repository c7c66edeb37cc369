"""Secrets for someone other than the invoker go by DM; closed DMs (403 / 50007) never leak them to the table.

No freeplay command gives a secret to anyone but the player who typed it (``/hand add`` puts the card in the
invoker's own hand, answered ephemerally). So the DM path is driven by a test-only freeplay whose ``/hand add``
deals the card face down to the *next* side: the event, the announcement, the delivery and ``/hand show`` are
the real ones; only who receives the card differs.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest_asyncio

from bot.core.data_loader import load_system_data
from engine.core import Ask, Context, Declarations, FreeForm, Param, side_only
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.events import CardAdded, HandGrew
from engine.systems.freeplay.rules import RULES
from engine.systems.freeplay.state import FreeplayState
from tests.discord.conftest import Table
from tests.discord_standin import StandIn

SECRET = "Ambush"
DEALING: Declarations[FreeplayState, FreeplayState] = Declarations()
"""Freeplay's declarations, but ``/hand add`` deals the card to the next side's hand instead of the player's own."""
DEALING.include(RULES, without={("hand", "add")})


def _any_card(state: FreeplayState, ask: Ask, typed: str) -> None:
    return None


@DEALING.action(None, "Deal a named card face down to the next side", verb=("hand", "add"),
                params=(Param("card", "Which card?", accepts=_any_card, free_form=FreeForm.TEXT),))
def _deal(ctx: Context[FreeplayState], ask: Ask) -> None:
    sides = ctx.state.sides
    target = sides[(sides.index(ask.acting) + 1) % len(sides)]
    ctx.emit(CardAdded(side=target, card=ask.text("card")), side_only(target))
    ctx.emit(HandGrew(side=target, size=len(ctx.state.hands[target])))


class DealingFreeplay(Freeplay):
    declarations = DEALING


class DealerTable(Table):
    """The conftest ``Table``, hosting the dealing freeplay under the name ``freeplay``."""

    def __init__(self, standin: StandIn, db: Path) -> None:
        super().__init__(standin, db)
        self.systems = {"freeplay": lambda: DealingFreeplay(load_system_data("freeplay"))}


@pytest_asyncio.fixture
async def dealer(standin: StandIn, tmp_path: Path) -> AsyncIterator[DealerTable]:
    bot_table = DealerTable(standin, tmp_path / "games.sqlite3")
    await bot_table.start()
    try:
        yield bot_table
    finally:
        await bot_table.stop()


async def _seated(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")


def _public_texts(table: Table) -> list[str]:
    """Everything anyone in the guild can read: each channel's visible messages and their attachment alt text."""
    found = []
    for channel in ("general", "battle", "log"):
        for message in table.standin.messages_in(channel):
            found.append(message["content"])
            found.extend(a.get("description") or "" for a in message["attachments"])
    return found


def _dm_requests(table: Table) -> Sequence[str]:
    return [r.path for r in table.standin.requests if r.path.endswith("/users/@me/channels")]


async def test_a_secret_for_another_player_goes_by_dm_and_nowhere_else(dealer: DealerTable) -> None:
    await _seated(dealer)
    seen = await dealer.do("hand add", {"card": SECRET})
    assert seen == [], "the dealer learns nothing privately"
    (dm,) = dealer.standin.dms_to("bob")
    assert dm["content"] == f"{SECRET} goes into your hand."
    assert dealer.standin.dms_to("alice") == []
    assert "Side B adds a card to their hand (1 in hand)." in dealer.texts()
    assert all(SECRET not in text for text in _public_texts(dealer))
    ephemeral = [m for m in dealer.standin.messages_in("battle", ephemeral=True) if m["flags"] & 64]
    assert all(SECRET not in m["content"] for m in ephemeral), "not even alice's own reply holds bob's card"


async def test_closed_dms_tell_the_table_only_that_and_hand_show_reveals_it_privately(dealer: DealerTable) -> None:
    await _seated(dealer)
    dealer.standin.refuse_dms("bob")
    await dealer.do("hand add", {"card": SECRET})
    refused = [r for r in dealer.standin.requests if r.status == 403]
    assert refused and refused[0].path.endswith("/messages"), "the DM was attempted and Discord refused it"
    assert dealer.standin.dms_to("bob") == []
    bob = dealer.user_id("bob")
    notice = dealer.standin.messages_in("battle")[-1]
    assert notice["content"] == (f"<@{bob}> has private information waiting but their DMs are closed: "
                                 "open DMs from this server, or read it privately with /log or /hand show.")
    assert notice["mentions"] == [], "the notice names bob without pinging him"
    assert all(SECRET not in text for text in _public_texts(dealer))
    shown = await dealer.do("hand show", user="bob")
    assert shown == [f"Your hand (side B): {SECRET}."]
    (reply,) = [s for s in dealer.standin.sent if s.kind == "followup" and SECRET in s.body.get("content", "")]
    assert reply.ephemeral


async def test_reopened_dms_deliver_again(dealer: DealerTable) -> None:
    await _seated(dealer)
    dealer.standin.refuse_dms("bob")
    await dealer.do("hand add", {"card": SECRET})
    dealer.standin.refuse_dms("bob", refuse=False)
    await dealer.do("hand add", {"card": "Second Wind"})
    assert [m["content"] for m in dealer.standin.dms_to("bob")] == ["Second Wind goes into your hand."]
    assert (await dealer.do("hand show", user="bob")) == [f"Your hand (side B): {SECRET}, Second Wind."]


async def test_the_invokers_own_secret_is_ephemeral_and_never_a_dm(table: Table) -> None:
    """Real freeplay: closed DMs do not matter to the player's own card, which never leaves the interaction."""
    await _seated(table)
    table.standin.refuse_dms("alice")
    seen = await table.do("hand add", {"card": SECRET})
    assert seen == [f"{SECRET} goes into your hand."]
    assert _dm_requests(table) == [] and table.standin.dms_to("alice") == []
    assert all(SECRET not in text for text in _public_texts(table))
    assert (await table.do("hand show")) == [f"Your hand (side A): {SECRET}."]
    assert (await table.do("hand show", user="bob")) == ["Your hand (side B): empty."]



async def test_a_dm_refused_for_another_reason_still_finishes_the_command(dealer: DealerTable) -> None:
    await _seated(dealer)
    dealer.standin.refuse_dms("bob", code=50001, message="Missing Access")
    handle = await dealer.standin.slash("hand add", {"card": SECRET}, channel="battle")
    assert (await handle.response()).body["type"] == 5
    await dealer.standin.wait_for(lambda: any(r.status == 403 for r in dealer.standin.requests), what="the DM")
    assert all(SECRET not in text for text in _public_texts(dealer))
    # A bot that copes resolves the reply right after the refused DM; 1 s only bounds the wait for one that hangs.
    await handle.wait_for(lambda: any(s.kind in ("followup", "delete") for s in handle.sent) or None, timeout=1.0,
                          what="the thinking reply to be filled or removed")


async def test_a_scheme_kept_by_the_players_own_command_also_goes_by_dm(table: Table) -> None:
    """A private reply is gone once Discord reloads; a secret needed for the whole game (Eldfall's kept scheme,
    L2497) also reaches its player by DM, and never the table."""
    handle = await table.standin.slash("game demo", {"system": "eldfall"}, channel="battle")
    await handle.response()

    def kept() -> str | None:
        return next((m["content"] for m in table.standin.dms_to("alice")
                     if m["content"].startswith("Keep this for the game: ")), None)

    dm = await table.standin.wait_for(kept, what="the kept schemes by DM")
    assert "Side A keeps the scheme " in dm and "Side B keeps the scheme " in dm, dm  # alice plays both sides
    replies = [s.body.get("content", "") for s in handle.sent if s.kind == "followup"]
    assert any("keeps the scheme" in reply for reply in replies), "the private reply holds it too"
    assert not any("keeps the scheme" in text for text in table.texts()), "never at the table"
