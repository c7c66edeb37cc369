"""An action previewed privately before it counts (Confirm commits it, Adjust changes the destination), and
menus of picks (what to do now, which target, suggested moves) that carry an action on until it is whole.

Which actions are previewed is the game's choice (``Action.preview``); the service answers a preview, a
menu or a result, and these components only show them. The invocation a Confirm runs carries the state
sequence it was previewed on and what the preview showed; a Confirm after the game moved on follows the one rule
of ``bot.core.staleness``: it applies if it is still legal and the same in public, else the fresh preview is
shown. Only the player a preview or menu was shown to may use it; anyone else's click changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord

from bot.core.parsing import Invocation
from bot.core.text import fit
from bot.discord.host import host_of
from bot.discord.waiting import PreviewStore, Waiting

__all__ = ["AdjustButton", "ConfirmButton", "PickSelect", "confirm_view", "pick_view"]

_MENU_LIMIT = 25  # options in one Discord select


def pick_view(store: PreviewStore, owner: str, picks: tuple[tuple[str, Invocation], ...],
              table: str | None = None) -> discord.ui.View:
    """A select of ready answers (at most 25, Discord's limit) for ``owner``, each running its invocation at
    ``table``."""
    shown = picks[:_MENU_LIMIT]
    token = store.add(owner, *(invocation for _, invocation in shown), table=table)
    view = discord.ui.View(timeout=None)
    view.add_item(PickSelect(token, [label for label, _ in shown]))
    return view


def confirm_view(store: PreviewStore, owner: str, invocation: Invocation, table: str | None = None) -> discord.ui.View:
    """Confirm and Adjust buttons for ``owner``'s fresh preview at ``table`` (Adjust only where there is a
    destination to change)."""
    token = store.add(owner, invocation, table=table)
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(token))
    if "to" in invocation.options:
        view.add_item(AdjustButton(token))
    return view


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
        host = host_of(interaction)
        claimed = await _claim(interaction, host.previews, self.token)
        if claimed is None:
            return
        await interaction.response.edit_message(view=None)
        await host.run_invocation(interaction, claimed.invocation, preview=False, table=claimed.table)


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
        claimed = await _claim(interaction, host_of(interaction).previews, self.token)
        if claimed is None:
            return
        await interaction.response.send_modal(AdjustModal(claimed.invocation, claimed.table))


class AdjustModal(discord.ui.Modal, title="Adjust"):
    """One field, the destination, filled with the previewed one; submitting previews again."""

    def __init__(self, invocation: Invocation, table: str | None = None) -> None:
        super().__init__(timeout=600)
        self.invocation, self.table = invocation, table
        self.destination: discord.ui.TextInput[AdjustModal] = discord.ui.TextInput(
            label="Destination", default=str(invocation.options.get("to", ""))[:100], max_length=100,
            placeholder="x,y or toward O1 max or contact B2")
        self.add_item(self.destination)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        options = {**self.invocation.options, "to": self.destination.value}
        await host_of(interaction).run_invocation(
            interaction, replace(self.invocation, options=options, built_at_seq=None), table=self.table)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"gm:k:(?P<token>[0-9a-f]+)"):
    """A menu of picks: choosing one runs it (the service previews it, or asks for what it still needs)."""

    def __init__(self, token: str, labels: list[str] | None = None) -> None:
        self.token = token
        options = [discord.SelectOption(label=fit(label), value=str(index))
                   for index, label in enumerate(labels or [])] or [discord.SelectOption(label="-", value="0")]
        super().__init__(discord.ui.Select(custom_id=f"gm:k:{token}", placeholder="Choose",
                                           options=options))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PickSelect:
        return cls(match["token"])

    async def callback(self, interaction: discord.Interaction) -> None:
        host = host_of(interaction)
        claimed = await _claim(interaction, host.previews, self.token,
                               int(self.item.values[0]) if self.item.values else 0)
        if claimed is None:
            return
        await host.run_invocation(interaction, claimed.invocation, table=claimed.table)


async def _claim(interaction: discord.Interaction, store: PreviewStore, token: str,
                 index: int = 0) -> Waiting | None:
    """What the clicked component runs, if the clicker is the one it was shown to; otherwise they are told why
    (expired, or someone else's) and nothing changes, the owner's buttons included."""
    found = store.take(token, str(interaction.user.id), index)
    if isinstance(found, str):
        await interaction.response.send_message(found, ephemeral=True)
        return None
    return found
