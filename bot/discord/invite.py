"""The invite card posted in a new game's thread: Join and Decline buttons for the invited player.

The buttons are restart-proof (``DynamicItem``): their custom ids hold the table and the invitee, so a
click after a restart still finds its game. Only the invitee may answer; anyone else is told how to
join a free side themselves.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.core.parsing import Invocation

if TYPE_CHECKING:
    from bot.discord.client import GameMaster

__all__ = ["DeclineButton", "JoinButton", "invite_view"]


async def _refuse_others(interaction: discord.Interaction, invitee: str) -> bool:
    if str(interaction.user.id) == invitee:
        return False
    await interaction.response.send_message(
        f"This invite is for <@{invitee}>. To play, take a free side with /game join.", ephemeral=True)
    return True


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:j:(?P<table>\d+):(?P<user>\d+)"):
    def __init__(self, table: str, invitee: str) -> None:
        self.table, self.invitee = table, invitee
        super().__init__(discord.ui.Button(label="Join", style=discord.ButtonStyle.success,
                                           custom_id=f"gm:j:{table}:{invitee}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> JoinButton:
        return cls(match["table"], match["user"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _refuse_others(interaction, self.invitee):
            return
        client: GameMaster = interaction.client  # type: ignore[assignment]
        await client.run_invocation(interaction, Invocation(("game", "join")))
        if interaction.message is not None:
            await interaction.message.edit(view=None)


class DeclineButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:x:(?P<table>\d+):(?P<user>\d+)"):
    def __init__(self, table: str, invitee: str) -> None:
        self.table, self.invitee = table, invitee
        super().__init__(discord.ui.Button(label="Decline", style=discord.ButtonStyle.secondary,
                                           custom_id=f"gm:x:{table}:{invitee}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DeclineButton:
        return cls(match["table"], match["user"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _refuse_others(interaction, self.invitee):
            return
        await interaction.response.edit_message(
            content=f"<@{self.invitee}> declined the invite. Anyone may take the free side with /game join.",
            view=None)


def invite_view(table: str, invitee: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(table, invitee))
    view.add_item(DeclineButton(table, invitee))
    return view
