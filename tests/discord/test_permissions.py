"""The bot asks for exactly the permissions it uses, and the README's invite link grants exactly those."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.discord.permissions import REQUIRED, invite_url, missing
from tests.discord.conftest import Table

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_invite_link_grants_the_required_permissions() -> None:
    (link,) = re.findall(r"https://discord\.com/oauth2/authorize\S+", README.read_text(encoding="utf-8"))
    assert link == invite_url(0).replace("client_id=0", "client_id=APPLICATION_ID")
    assert f"permissions={REQUIRED.value}" in link


def test_missing_permissions_are_named_as_the_server_settings_show_them() -> None:
    granted = discord.Permissions(REQUIRED.value)
    granted.attach_files = False
    granted.create_public_threads = False
    assert sorted(missing(granted)) == ["Attach Files", "Create Public Threads"]
    assert missing(REQUIRED) == []
    assert not REQUIRED.administrator and not REQUIRED.mention_everyone and not REQUIRED.manage_messages


async def test_game_new_names_the_permissions_the_bot_lacks_in_that_channel(table: Table) -> None:
    lacking = discord.Permissions(REQUIRED.value)
    lacking.attach_files = lacking.create_public_threads = False
    table.standin.world.app_permissions = lacking.value
    handle = await table.standin.slash("game new", {"system": "freeplay", "thread": True}, channel="battle")
    reply = await handle.response()
    assert reply.ephemeral
    assert reply.data["content"].startswith(
        "I cannot host a game in this channel: I am missing Attach Files, Create Public Threads.")
    assert table.texts() == [], "nothing was started"
    table.standin.world.app_permissions = REQUIRED.value
    await table.do("game new", {"system": "freeplay"})
    assert any("seed commitment" in text for text in table.texts())
