"""A move is shown privately first, with its path drawn: Confirm makes it count, Adjust changes it."""

from __future__ import annotations

from typing import Any

from tests.discord.conftest import Table
from tests.discord_standin import InjectedInteraction


def _buttons(message: dict[str, Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for row in message.get("components") or [] for c in row["components"]}


def _text_inputs(modal: dict[str, Any]) -> list[dict[str, Any]]:
    found, stack = [], list(modal["components"])
    while stack:
        component = stack.pop()
        if component.get("type") == 4:
            found.append(component)
        stack += component.get("components", []) + ([component["component"]] if "component" in component else [])
    return found


def _seq(table: Table) -> int:
    assert table.client is not None
    game = table.client.service.live_game(str(table.standin.channel_id("battle")))
    assert game is not None
    return game.seq


async def _ready(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "map": "crossroads"})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("force load", {"name": "Red Company", "side": "A"})


async def _preview(table: Table, to: str) -> tuple[InjectedInteraction, dict[str, Any]]:
    handle = await table.standin.slash("move", {"model": "A1", "to": to}, channel="battle")
    await handle.response()
    return handle, await handle.followup()


async def test_a_move_is_previewed_privately_and_counts_only_when_confirmed(table: Table) -> None:
    await _ready(table)
    public_before = table.texts()
    _, preview = await _preview(table, "18,8")
    assert preview["flags"] & 64, "the preview is ephemeral"
    assert preview["content"].startswith('Preview: A1 moves') and "18,8" in preview["content"]
    assert set(_buttons(preview)) == {"Confirm", "Adjust"}
    assert table.standin.attachment_bytes(preview["attachments"][0]).startswith(b"\x89PNG")
    assert table.texts() == public_before, "nothing happened at the table yet"

    click = await table.standin.click(preview, _buttons(preview)["Confirm"])
    await click.response()
    moved = await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 moves"))
    assert "18,8" in moved["content"] and moved["attachments"]


async def test_adjust_opens_the_destination_and_previews_again(table: Table) -> None:
    await _ready(table)
    _, preview = await _preview(table, "18,8")
    adjust = await table.standin.click(preview, _buttons(preview)["Adjust"])
    await adjust.response()
    modal = adjust.modal
    assert modal is not None
    (field,) = _text_inputs(modal)
    assert field["value"] == "18,8"
    submitted = await table.standin.submit_modal(adjust, {field["custom_id"]: "17,9"})
    await submitted.response()
    again = await submitted.followup()
    assert again["content"].startswith("Preview: A1 moves") and "17,9" in again["content"]
    confirm = await table.standin.click(again, _buttons(again)["Confirm"])
    await confirm.response()
    moved = await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 moves"))
    assert "17,9" in moved["content"]
    stale = await table.standin.click(preview, _buttons(preview)["Confirm"])
    refusal = await stale.response()
    assert "expired" in refusal.data["content"], "the adjusted preview's first Confirm is gone"


async def test_an_unrelated_roll_does_not_spoil_a_previewed_move(table: Table) -> None:
    await _ready(table)
    _, preview = await _preview(table, "18,8")
    await table.do("roll", {"dice": "1d6"}, user="bob")
    click = await table.standin.click(preview, _buttons(preview)["Confirm"])
    await click.response()
    moved = await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 moves"))
    assert "18,8" in moved["content"], "still legal and the same in public: it applies"


async def test_a_preview_that_would_now_say_otherwise_is_shown_again_not_applied(table: Table) -> None:
    await _ready(table)
    _, preview = await _preview(table, "18,8")
    await table.do("model place", {"model": "A1", "at": "10,4"})
    count = len(table.texts())
    click = await table.standin.click(preview, _buttons(preview)["Confirm"])
    await click.response()
    again = await click.wait_for(lambda: next((s for s in click.sent if s.kind == "followup"), None))
    text = again.body["content"]
    assert text.startswith("The game moved on since that preview; here it is again. Preview: A1 moves") and \
        "18,8" in text and "Confirm" in _buttons(again.body)
    assert len(table.texts()) == count, "nothing was applied"


async def test_a_preview_from_before_a_restart_cannot_apply(table: Table) -> None:
    await _ready(table)
    _, preview = await _preview(table, "18,8")
    await table.stop()
    await table.start()
    click = await table.standin.click(preview, _buttons(preview)["Confirm"])
    refusal = await click.response()
    assert refusal.ephemeral and "expired" in refusal.data["content"]
    assert not any(text.startswith("A1 moves") for text in table.texts())


async def test_a_resolved_move_offers_its_working_to_anyone_who_asks(table: Table) -> None:
    await _ready(table)
    await table.move("A1", "18,8")
    moved = await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 moves"))
    assert moved["attachments"], "the action's picture"
    assert set(_buttons(moved)) == {"Show working"}
    asked = await table.standin.click(moved, _buttons(moved)["Show working"], user="carol")
    shown = await asked.response()
    assert shown.ephemeral
    text = shown.data["content"]
    assert text.startswith("#") and "A1 moves" in text
    assert "Path of A1's base centre: (" in text and "-> (18, 8)." in text
    assert "Distance: " in text and "Rules options in force: " in text


async def test_a_move_without_a_destination_offers_lettered_suggestions_to_pick_from(table: Table) -> None:
    await _ready(table)
    handle = await table.standin.slash("move", {"model": "A1"}, channel="battle")
    await handle.response()
    menu = await handle.followup()
    assert menu["flags"] & 64 and menu["content"].startswith("/move: Where to?")
    assert menu["attachments"], "the suggested paths are drawn"
    (select,) = [c for row in menu["components"] for c in row["components"]]
    options = select["options"]
    assert options and options[0]["label"].startswith("A) ")
    count = len(table.texts())
    picked = await table.standin.click(menu, select["custom_id"], values=[options[0]["value"]])
    await picked.response()
    preview = await picked.followup()
    assert preview["content"].startswith("Preview: A1 moves") and set(_buttons(preview)) == {"Confirm", "Adjust"}
    assert len(table.texts()) == count, "choosing a suggestion only previews it"
    confirm = await table.standin.click(preview, _buttons(preview)["Confirm"])
    await confirm.response()
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 moves"))


async def test_a_forged_click_on_someone_elses_preview_changes_nothing(table: Table) -> None:
    """Discord shows a preview to its author alone; a click forged by anyone else (the custom id is all it takes)
    neither runs it nor clears the author's buttons, and the author's Confirm still works."""
    await _ready(table)
    _, preview = await _preview(table, "18,8")
    seq = _seq(table)
    for label in ("Confirm", "Adjust"):
        forged = await table.standin.click(preview, _buttons(preview)[label], user="bob")
        refusal = await forged.response()
        assert refusal.ephemeral and "shown to another player" in refusal.data["content"], refusal.data
    assert set(_buttons(table.standin.message(preview["id"]))) == {"Confirm", "Adjust"}, "alice's buttons stay"
    assert _seq(table) == seq
    click = await table.standin.click(preview["id"], _buttons(preview)["Confirm"])
    await click.response()
    await table.standin.wait_for_message("battle", lambda m: m["content"].startswith("A1 moves"))


async def test_a_forged_pick_in_someone_elses_menu_changes_nothing(table: Table) -> None:
    await _ready(table)
    handle = await table.standin.slash("move", {"model": "A1"}, channel="battle")
    await handle.response()
    menu = await handle.followup()
    (select,) = [c for row in menu["components"] for c in row["components"]]
    value = select["options"][0]["value"]
    forged = await table.standin.click(menu, select["custom_id"], user="bob", values=[value])
    assert "shown to another player" in (await forged.response()).data["content"]
    picked = await table.standin.click(menu, select["custom_id"], values=[value])
    await picked.response()
    assert (await picked.followup())["content"].startswith("Preview: A1 moves"), "alice's menu still works"
