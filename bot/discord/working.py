"""The "Show working" button under a resolved action: the distances, paths, modifiers and rules options
behind it, shown privately to whoever asks (it holds nothing secret: only what the table saw)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.core.outputs import Output
from bot.discord.host import host_of

__all__ = ["ShowWorkingButton", "working_view"]

_LIMIT = 2000


class ShowWorkingButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=r"gm:w:(?P<table>\d+):(?P<first>\d+):(?P<last>\d+)"):
    def __init__(self, table: str, first: int, last: int) -> None:
        self.table, self.first, self.last = table, first, last
        super().__init__(discord.ui.Button(label="Show working", style=discord.ButtonStyle.secondary,
                                           custom_id=f"gm:w:{table}:{first}:{last}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ShowWorkingButton:
        return cls(match["table"], int(match["first"]), int(match["last"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        client = host_of(interaction)
        text = await client.service.working(self.table, self.first, self.last)
        await interaction.response.send_message(text[:_LIMIT], ephemeral=True)


def working_view(output: Output) -> discord.ui.View | None:
    """The button for an output that offers its working, else nothing."""
    if output.working is None or output.table is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ShowWorkingButton(output.table, *output.working))
    return view
