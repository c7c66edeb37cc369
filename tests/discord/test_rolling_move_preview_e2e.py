"""A move that rolls dice is previewed up to its first die on Discord: where it goes, what it costs and which roll
comes next, never the dice; Confirm rolls them. Eldfall's falls (L883-889) and panic (L1764) roll as a model moves.

Underworlds' previewed Move rolls nothing (a Move ends at its reaction or power step, before any roll-off), so
only Eldfall is played here.
"""

from __future__ import annotations

import re
from typing import Any

from tests.discord.conftest import Table

Payload = dict[str, Any]


def _buttons(message: Payload) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for row in message.get("components") or [] for c in row["components"]}


async def _active_model(table: Table) -> str:
    """An Eldfall demo table (alice holds both sides); the first model of the side to play."""
    await table.do("game demo", {"system": "eldfall"})
    # The demo's last message opens the first Tactical phase; the table is settled once it is in.
    await table.standin.wait_for_message("battle", lambda m: "Tactical phase" in m["content"])
    assert table.client is not None
    game = table.client.service.live_game(str(table.standin.channel_id("battle")))
    assert game is not None and game.state.active_side is not None
    return f"{game.state.active_side}1"


async def _preview(table: Table, model: str, to: str) -> Payload:
    handle = await table.standin.slash("move", {"model": model, "to": to}, channel="battle")
    await handle.response()
    return await handle.followup()


async def _on_a_tower(table: Table) -> str:
    """The active side's first model on top of a 10" tower in the middle of the table, away from both zones."""
    model = await _active_model(table)
    await table.do("terrain add", {"kind": "building", "shape": "rect:30,14,4,4", "height": 10})
    await table.do("model place", {"model": model, "at": "32,16"})
    return model


async def test_a_move_off_a_tower_is_previewed_up_to_its_fall_roll_and_confirm_rolls_it(table: Table) -> None:
    model = await _on_a_tower(table)
    public_before = table.texts()
    preview = await _preview(table, model, "32,19.5")
    text = preview["content"]
    assert preview["flags"] & 64, "the preview is the mover's alone"
    assert text.startswith(f"Preview, up to the dice: {model} activates (1 AP left) and Walks."), text
    assert f'{model} moves 3.50" to 32,19.5, on the ground.' in text, "where it goes, before the dice"
    assert re.search(rf'Then: Side [AB] rolls 1 d20 for {model}\'s AG roll for a 10" fall \(L883-889\)\.', text), text
    assert "rolls for" not in text, "no die is shown before it counts"
    assert set(_buttons(preview)) == {"Confirm", "Adjust"}
    assert table.standin.attachment_bytes(preview["attachments"][0]).startswith(b"\x89PNG")
    assert table.texts() == public_before, "nothing happened at the table yet"

    click = await table.standin.click(preview, _buttons(preview)["Confirm"])
    await click.response()
    moved = await table.standin.wait_for_message("battle", lambda m: f'{model} moves 3.50" to 32,19.5' in m["content"])
    assert re.search(rf"Side [AB] rolls for {model}'s AG roll for a 10\" fall \(L883-889\): AG [^:]*: \d+ "
                     r"(success|failure|critical)", moved["content"]), "the die read against the AG it is under"


async def test_a_panicked_model_is_previewed_up_to_its_panic_roll(table: Table) -> None:
    model = await _active_model(table)
    await table.do("model token", {"model": model, "name": "panicked"})
    preview = await _preview(table, model, "18,18")
    assert preview["content"].startswith(f"Preview, up to the dice: {model} activates (1 AP left) and Walks.\n"
                                         f"Then: Side "), preview["content"]
    assert "its panic as it activates (L1764)" in preview["content"]
    click = await table.standin.click(preview, _buttons(preview)["Confirm"])
    await click.response()
    rolled = await table.standin.wait_for_message("battle", lambda m: "its panic as it activates" in m["content"])
    assert re.search(r"rolls for .*its panic as it activates \(L1764\): M [^:]*: \d+ (success|failure|critical)",
                     rolled["content"])


async def test_an_unrelated_roll_does_not_spoil_a_previewed_rolling_move(table: Table) -> None:
    model = await _on_a_tower(table)
    preview = await _preview(table, model, "32,19.5")
    await table.do("roll", {"dice": "1d20"})  # draws the public die the fall would have drawn
    click = await table.standin.click(preview, _buttons(preview)["Confirm"])
    await click.response()
    moved = await table.standin.wait_for_message("battle", lambda m: f'{model} moves 3.50" to 32,19.5' in m["content"])
    assert "10\" fall" in moved["content"], "still legal and the same before the dice: it applies"
