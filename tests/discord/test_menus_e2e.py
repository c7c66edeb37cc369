"""A whole freeplay turn with buttons and menus only: /act alone, then picks, a preview and Confirm; and a game
registered only in tests reaching the command tree, /help and /game demo without a line of bot/ changing."""

from __future__ import annotations

from typing import Any

from bot.core.systems import SYSTEM_FACTORIES
from tests.discord.conftest import Table
from tests.toys.tally import Tally


def _labels(message: dict[str, Any]) -> list[str]:
    return [o["label"] for row in message.get("components") or [] for c in row["components"] if c["type"] == 3
            for o in c["options"]]


def _buttons(message: dict[str, Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for row in message.get("components") or [] for c in row["components"]
            if c["type"] == 2}


async def _menu(table: Table, user: str = "alice") -> dict[str, Any]:
    handle = await table.standin.slash("act", {}, user=user, channel="battle")
    await handle.response()
    return await handle.followup()


async def test_a_freeplay_turn_is_played_without_typing(table: Table) -> None:
    await table.do("game demo", {"system": "freeplay"})
    menu = await _menu(table)
    assert {"A1: Move", "Wound or heal", "Pass the turn: side B"} <= set(_labels(menu))
    destinations = await table.pick(menu, "A1: Move")
    assert destinations["content"].startswith("/move: Where to?"), "the routed, lettered suggestions"
    assert _labels(destinations)[0].startswith("A) ") and destinations["attachments"], "each drawn on the board"
    preview = await table.pick(destinations, "A) ")
    assert preview["content"].startswith("Preview: A1 moves") and "Confirm" in _buttons(preview)
    confirm = await table.standin.click(preview, _buttons(preview)["Confirm"])
    await confirm.response()
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 moves"))
    wounds = await table.pick(await table.pick(await _menu(table), "Wound or heal"), "B1 ")
    assert _labels(wounds) == ["1 wound", "2 wounds", "3 wounds"], "none taken yet: nothing to heal"
    await table.pick(wounds, "2 wounds")
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("B1 takes 2 wounds"))
    await table.pick(await _menu(table), "Pass the turn: side B")
    await table.standin.wait_for_message("battle", lambda m: m["content"] == "Side B has the turn.")
    typed = [h for h in table.standin.interactions.values() if h.payload["type"] == 2
             and any(o.get("value") not in (None, "") for o in h.payload["data"].get("options", [])
                     for o in (o.get("options") or [o]))]
    assert [h.payload["data"]["name"] for h in typed] == ["game"], "only /game demo took a typed option"


async def test_a_game_added_in_tests_reaches_the_tree_help_and_demo(table: Table) -> None:
    await table.stop()
    table.systems = {**SYSTEM_FACTORIES, "tally": Tally}
    await table.start()
    names = {command["name"] for command in table.standin.commands()}
    assert {"act", "move", "game"} <= names
    typed = await table.standin.autocomplete("game demo", "system", {"system": "ta"}, channel="battle")
    await typed.response()
    assert {"name": "Tally", "value": "tally"} in typed.choices
    await table.do("game demo", {"system": "tally"})
    assert any("A game of Tally begins" in text for text in table.texts())
    (help_text,) = await table.do("help")
    assert "Race to 5." in help_text and "/act action:score amount:<how many points>: Score points" in help_text
    menu = await _menu(table)
    amounts = await table.pick(menu, "Score")
    assert _labels(amounts) == ["1 point", "2 points", "3 points"]
    await table.pick(amounts, "3 points")
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("Side A scores 3"))
