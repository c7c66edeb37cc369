"""A move previewed privately before it counts: Confirm commits it, Adjust changes the destination.

The preview's buttons are ``DynamicItem``s whose custom id holds a short token for the invocation
kept in memory; a click after a restart finds no token and is told to run the command again, so a
stale preview can never apply. The invocation carries the state sequence it was previewed on, so
a Confirm after the game moved on is refused by the engine as stale.
"""

from __future__ import annotations

import re
import secrets
from collections import OrderedDict
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.core.parsing import Invocation

if TYPE_CHECKING:
    from bot.discord.client import GameMaster

__all__ = ["PREVIEWED", "AdjustButton", "ConfirmButton", "PickSelect", "PreviewStore"]

PREVIEWED = frozenset({("move",)})
"""Commands shown privately first and committed by Confirm."""

_KEEP = 500  # previews remembered at once; older ones expire first
_EXPIRED = "This preview has expired (the game master restarted or moved on); run the command again."


class PreviewStore:
    """Invocations waiting for their Confirm (or a menu of them waiting for a pick), by token, oldest
    forgotten first."""

    def __init__(self) -> None:
        self._waiting: OrderedDict[str, tuple[Invocation, ...]] = OrderedDict()

    def add(self, *invocations: Invocation) -> str:
        token = secrets.token_hex(6)
        self._waiting[token] = invocations
        while len(self._waiting) > _KEEP:
            self._waiting.popitem(last=False)
        return token

    def take(self, token: str, index: int = 0) -> Invocation | None:
        waiting = self._waiting.pop(token, ())
        return waiting[index] if 0 <= index < len(waiting) else None

    def pick_view(self, picks: tuple[tuple[str, Invocation], ...]) -> discord.ui.View:
        """A select of ready answers (at most 25, Discord's limit), each running its invocation."""
        shown = picks[:25]
        token = self.add(*(invocation for _, invocation in shown))
        view = discord.ui.View(timeout=None)
        view.add_item(PickSelect(token, [label for label, _ in shown]))
        return view

    def view(self, invocation: Invocation) -> discord.ui.View:
        """Confirm and Adjust buttons for a fresh preview."""
        token = self.add(invocation)
        view = discord.ui.View(timeout=None)
        view.add_item(ConfirmButton(token))
        view.add_item(AdjustButton(token))
        return view


def _client(interaction: discord.Interaction) -> GameMaster:
    return interaction.client  # type: ignore[return-value]


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:p:(?P<token>[0-9a-f]+)"):
    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(discord.ui.Button(label="Confirm", style=discord.ButtonStyle.success,
                                           custom_id=f"gm:p:{token}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ConfirmButton:
        return cls(match["token"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client = _client(interaction)
        invocation = client.previews.take(self.token)
        if invocation is None:
            await interaction.response.send_message(_EXPIRED, ephemeral=True)
            return
        await interaction.response.edit_message(view=None)
        await client.run_invocation(interaction, invocation)


class AdjustButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gm:a:(?P<token>[0-9a-f]+)"):
    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(discord.ui.Button(label="Adjust", style=discord.ButtonStyle.secondary,
                                           custom_id=f"gm:a:{token}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> AdjustButton:
        return cls(match["token"])

    async def callback(self, interaction: discord.Interaction) -> None:
        invocation = _client(interaction).previews.take(self.token)
        if invocation is None:
            await interaction.response.send_message(_EXPIRED, ephemeral=True)
            return
        await interaction.response.send_modal(AdjustModal(invocation))


class AdjustModal(discord.ui.Modal, title="Adjust the move"):
    """One field, the destination, filled with the previewed one; submitting previews again."""

    def __init__(self, invocation: Invocation) -> None:
        super().__init__(timeout=600)
        self.invocation = invocation
        self.destination: discord.ui.TextInput[AdjustModal] = discord.ui.TextInput(
            label="Destination", default=str(invocation.options.get("to", ""))[:100], max_length=100,
            placeholder="x,y or toward O1 max or contact B2")
        self.add_item(self.destination)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        options = {**self.invocation.options, "to": self.destination.value}
        await _client(interaction).run_invocation(
            interaction, replace(self.invocation, options=options, built_at_seq=None), preview=True)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"gm:k:(?P<token>[0-9a-f]+)"):
    """A menu of suggestions (lettered moves): choosing one runs it, previewed where moves are."""

    def __init__(self, token: str, labels: list[str] | None = None) -> None:
        self.token = token
        options = [discord.SelectOption(label=label[:100], value=str(index))
                   for index, label in enumerate(labels or [])] or [discord.SelectOption(label="-", value="0")]
        super().__init__(discord.ui.Select(custom_id=f"gm:k:{token}", placeholder="Choose a suggestion",
                                           options=options))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PickSelect:
        return cls(match["token"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client = _client(interaction)
        invocation = client.previews.take(self.token, int(self.item.values[0]) if self.item.values else 0)
        if invocation is None:
            await interaction.response.send_message(_EXPIRED, ephemeral=True)
            return
        await client.run_invocation(interaction, invocation, preview=invocation.path in PREVIEWED)
