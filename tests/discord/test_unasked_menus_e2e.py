"""A menu the table hands a player unasked (``bot.core.prompts``: the turn came back to them after another player's
reaction offer) reaches them on Discord as an ephemeral follow-up to their own latest interaction at the table
(``bot.discord.unasked``), so their next action is one pick; nobody else sees it; once Discord no longer takes that
interaction's follow-ups (15 minutes), nothing is sent and the player asks with /act as before."""

from __future__ import annotations

import time
from typing import Any

from bot.console.session import seeded_source
from tests.discord.conftest import Table
from tests.discord_standin.world import EPHEMERAL

SELECT = 3


def _select(message: dict[str, Any]) -> dict[str, Any] | None:
    return next((c for row in message.get("components") or [] for c in row["components"] if c["type"] == SELECT),
                None)


async def _the_reaction_step_passed(table: Table, *, minutes_later: float = 0) -> list[dict[str, Any]]:
    """On an Eldfall demo table with bob at side B: alice's A1 activates and stays Idle, picked from her /act menu;
    ``minutes_later``, bob presses Pass on his Reaction step's notice. Returns the follow-ups alice's pick got
    after that Pass (the menu handed to her unasked, if any)."""
    now = [time.time()]
    table.clock = lambda: now[0]
    table.service_options = {"seed_source": seeded_source(7)}  # a demo whose side A plays first
    await table.stop()
    await table.start()
    await table.do("game demo", {"system": "eldfall"})
    await table.do("game seat", {"side": "B", "user": "bob"})
    handle = await table.standin.slash("act", {}, channel="battle")
    await handle.response()
    menu = await handle.followup()
    select = _select(menu)
    first = select["options"][0] if select is not None else {}
    assert first.get("label", "").startswith("A1: Activate and stay Idle"), menu["content"]
    assert select is not None
    picked = await table.standin.click(menu, select["custom_id"], user="alice", values=[first["value"]])
    await picked.response()
    notice = await table.standin.wait_for_message("battle", lambda m: any(
        c.get("label") == "Pass" for row in m.get("components") or [] for c in row["components"]))
    before = len(picked.followups)
    now[0] += minutes_later * 60
    passed = await table.standin.click(notice, next(c["custom_id"] for row in notice["components"]
                                                    for c in row["components"] if c["label"] == "Pass"), user="bob")
    await passed.response()
    await passed.wait_for(lambda: any(s.kind in ("followup", "delete") for s in passed.sent) or None)
    await table.standin.wait_for_message("battle", lambda m: "does not react" in m["content"])
    return picked.followups[before:]


async def test_the_turn_handed_back_brings_its_player_their_menu_privately(table: Table) -> None:
    (menu,) = await _the_reaction_step_passed(table)
    select = _select(menu)
    assert select is not None and select["options"][0]["label"] == "A1: Do nothing", menu
    assert menu["flags"] & EPHEMERAL, "only alice sees it"
    picked = await table.standin.click(menu, select["custom_id"], user="alice", values=[select["options"][0]["value"]])
    await picked.response()
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 declares: Nothing"))


async def test_past_discords_fifteen_minutes_the_menu_waits_for_act(table: Table) -> None:
    assert await _the_reaction_step_passed(table, minutes_later=15) == []
