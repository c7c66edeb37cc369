"""A prompt turn on Discord (``bot.discord.prompt_buttons``): Underworlds' power step comes as a public notice with
Pass and Choose, naming no card; Choose opens its player's own menu ephemerally (Pass first, their cards after);
anyone else's press is refused privately; Pass passes in one click."""

from __future__ import annotations

from typing import Any

from bot.console.session import seeded_source
from tests.discord.conftest import Table


def _components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components") or [] for c in row["components"]]


async def test_the_power_step_is_offered_with_pass_and_choose_and_names_no_card(table: Table) -> None:
    await table.stop()
    table.service_options = {"seed_source": seeded_source(3)}  # a table where the power step offers a card
    await table.start()
    await table.do("game demo", {"system": "underworlds"})
    assert table.client is not None
    game = table.client.service.live_game(str(table.standin.channel_id("battle")))
    assert game is not None
    side = game.state.active_side
    fighter = next(f.id for f in game.state.fighters.values() if f.side == side and f.hex)
    await table.do("act", {"action": "guard", "model": fighter})
    (turn,) = game.to_act().sides
    assert game.to_act().prompt == "the power step"
    notice = await table.standin.wait_for_message(
        "battle", lambda m: any(c.get("custom_id", "").startswith("gm:tp:") for c in _components(m)))
    assert [c["label"] for c in _components(notice)] == ["Pass", "Choose"]
    held = {game.system.lib.card(game.state, card).name for deck in game.state.decks.values()
            if "hand" in deck.piles for card in deck.piles["hand"]}
    assert held and not [name for name in held if name in notice["content"]], notice["content"]
    choose = next(c["custom_id"] for c in _components(notice) if c["label"] == "Choose")

    refused = await table.standin.click(notice, choose, user="bob")
    await refused.response()
    assert refused.callback is not None and refused.callback.ephemeral
    assert f"side {turn}'s turn" in refused.callback.data["content"]

    opened = await table.standin.click(notice, choose)
    await opened.response()
    menu = await opened.followup()
    (select,) = [c for c in _components(menu) if c["type"] == 3]
    labels = [o["label"] for o in select["options"]]
    assert labels[0] == "Pass" and any(name in label for label in labels for name in held), labels

    passed = await table.standin.click(notice, next(c["custom_id"] for c in _components(notice)
                                                    if c["label"] == "Pass"))
    await passed.response()
    await passed.wait_for(lambda: any(s.kind in ("followup", "delete") for s in passed.sent) or None)
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith(f"Side {turn} passes"))


async def test_status_posts_the_power_steps_notice_again_with_its_buttons(table: Table) -> None:
    """/status brings the prompt turn's notice back to the bottom of the channel, as it does a decision's: Pass and
    Choose under it, a press on the new Pass passing the turn."""
    await table.stop()
    table.service_options = {"seed_source": seeded_source(3)}
    await table.start()
    await table.do("game demo", {"system": "underworlds"})
    assert table.client is not None
    game = table.client.service.live_game(str(table.standin.channel_id("battle")))
    assert game is not None
    fighter = next(f.id for f in game.state.fighters.values() if f.side == game.state.active_side and f.hex)
    await table.do("act", {"action": "guard", "model": fighter})
    (turn,) = game.to_act().sides
    first = await table.standin.wait_for_message(
        "battle", lambda m: any(c.get("custom_id", "").startswith("gm:tp:") for c in _components(m)))
    await table.do("status", user="bob")
    again = table.standin.messages_in("battle")[-1]
    assert again["id"] != first["id"] and again["content"] == first["content"]
    assert [c["label"] for c in _components(again)] == ["Pass", "Choose"]
    passed = await table.standin.click(again, next(c["custom_id"] for c in _components(again) if c["label"] == "Pass"))
    await passed.response()
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith(f"Side {turn} passes"))
