"""A game night through the stand-in Discord, one per game, as docs/testing-discord.md walks through it: each
action's picture tells the state of the game in its header (and in its alt text), the roll explains itself in one
line with the whole working behind Show working, and the log says what happened while /log all:yes keeps the
bookkeeping."""

from __future__ import annotations

from typing import Any

from bot.console.session import seeded_source
from tests.discord.conftest import Table


def _buttons(message: dict[str, Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for row in message.get("components") or [] for c in row["components"]
            if c["type"] == 2}


async def _working(table: Table, message: dict[str, Any]) -> str:
    asked = await table.standin.click(message, _buttons(message)["Show working"], user="alice")
    shown = await asked.response()
    assert shown.ephemeral
    return str(shown.data["content"])


async def _seeded(table: Table) -> None:
    """The table again with the console's ``--seed 7``: the same set-up, the same dice."""
    await table.stop()
    table.service_options["seed_source"] = seeded_source(7)
    await table.start()


async def test_an_underworlds_night_the_attack_explains_itself_and_the_log_says_what_matters(table: Table) -> None:
    await _seeded(table)
    await table.do("game demo", {"system": "underworlds"})
    await table.do("game side", {"side": "A"})
    await table.do("act", {"action": "charge", "model": "A1", "target": "B4", "to": "A5"})
    attack = await table.standin.wait_for_message("battle", lambda m: "A1 attacks B4 with" in m["content"])
    line = next(text for text in attack["content"].split("\n") if "A1 attacks B4 with" in text)
    assert line.endswith(": 2 successes (hammer x2) against 1 (dodge): succeeds, more successes."), line
    header = attack["attachments"][0]["description"]
    assert "Round 1 | action phase | activation step | side A to act" in header and "glory A 1, B 0" in header
    working = await _working(table, attack)
    assert "hammer: success, the attack's symbol (Underworlds core rulebook, L453)" in working
    default = "\n".join(await table.do("log", {"count": 200}))
    full = "\n".join(await table.do("log", {"count": 200, "all": True}))
    assert " in draw" not in default and ": draw: " not in default
    assert " in draw" in full and ": the tokens are turned over." in full


async def test_an_eldfall_night_each_die_is_read_against_its_attribute(table: Table) -> None:
    await _seeded(table)
    await table.do("game demo", {"system": "eldfall"})
    await table.do("model place", {"model": "B3", "at": "30,27.62"})  # the host sets B3 against A3
    await table.do("game side", {"side": "A"})
    await table.do("act", {"action": "activate", "model": "A3"})
    await table.do("game side", {"side": "B"})
    await table.do("decide", {"choice": "B2=nothing"})
    await table.do("game side", {"side": "A"})
    await table.do("act", {"action": "attack", "target": "B3", "with": "short-sword"})
    rolled = await table.standin.wait_for_message("battle", lambda m: "rolls for A3's attack" in m["content"])
    roll = next(text for text in rolled["content"].split("\n") if "rolls for A3's attack" in text)
    assert roll.endswith(": OFF 12: 19 miss, 13 miss"), "each die against the attribute, never summed"
    working = await _working(table, rolled)
    assert "A3's attack on B3: OFF 12" in working and "19: miss" in working
    header = rolled["attachments"][0]["description"]
    assert "Round 1 | tactical phase | activation step | side A to act | VP A 0, B 0" in header  # the step named


async def test_a_freeplay_night_the_move_says_where_and_its_turns_stay_in_the_full_log(table: Table) -> None:
    await table.do("game demo", {"system": "freeplay"})
    await table.move("A1", "18,8")
    moved = await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 moves"))
    assert " via " not in moved["content"]
    assert moved["attachments"][0]["description"].startswith("Freeplay"), "the alt text opens with the title"
    assert "\nRound 1" in moved["attachments"][0]["description"], "the header, in words"
    full = "\n".join(await table.do("log", {"all": True}))
    assert "A1 moves" in full
