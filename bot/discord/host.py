"""What a button or menu needs from the bot, without importing the client (which imports every button).

Each component's callback gets the client from its interaction; typing it as ``TableHost`` keeps the
components free of the client module, so the imports run one way: client -> components -> host.
"""

from __future__ import annotations

from typing import Protocol, cast

import discord

from bot.core.parsing import Invocation
from bot.core.service import TableService
from bot.discord.waiting import PreviewStore

__all__ = ["TableHost", "host_of"]


class TableHost(Protocol):
    """The client as its components see it."""

    service: TableService
    previews: PreviewStore

    async def run_invocation(self, interaction: discord.Interaction, invocation: Invocation, *,
                             preview: bool = True, table: str | None = None) -> None:
        """Run an invocation for the interaction's user at ``table`` (the interaction's channel unless named: a
        Decide pressed in a DM answers at its table) and deliver what it says."""


def host_of(interaction: discord.Interaction) -> TableHost:
    return cast(TableHost, interaction.client)
