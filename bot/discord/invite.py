"""The invite card posted in a new game's thread: Join and Decline for the invited player, and the table's
settings (map, pace) as menus for the host.

The buttons are restart-proof (``DynamicItem``): their custom ids hold the table and the invitee, so a
click after a restart still finds its game. Only the invitee may answer; anyone else is told how to
join a free side themselves.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.core.pace import PACES
from bot.core.parsing import Invocation
from bot.core.registry import Suggest
from bot.core.text import fit
from bot.discord.host import TableHost, host_of

__all__ = ["DeclineButton", "JoinButton", "MapSelect", "PaceSelect", "invite_view", "map_choices", "settings_view"]


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
        client = host_of(interaction)
        await client.run_invocation(interaction, Invocation(("game", "join")))
        if interaction.message is not None:
            await interaction.message.edit(view=_settings_after_invite(client, self.table))


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
        client = host_of(interaction)
        await interaction.response.edit_message(
            content=f"<@{self.invitee}> declined the invite. Anyone may take the free side with /game join.",
            view=_settings_after_invite(client, self.table))


async def _host_only(interaction: discord.Interaction, table: str) -> bool:
    """Settings are the host's (the game's creator, or a server manager): anyone else is told so."""
    client = host_of(interaction)
    game = await client.service.game_at(table)
    if game is not None and (str(interaction.user.id) == game.setup.host or interaction.permissions.manage_guild):
        return False
    await interaction.response.send_message("Only the game's host changes its settings.", ephemeral=True)
    return True


class MapSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"gm:sm:(?P<table>\d+)"):
    """The host lays another preset map before deployment."""

    def __init__(self, table: str, maps: list[tuple[str, str]] | None = None) -> None:
        self.table = table
        options = [discord.SelectOption(label=fit(name), value=map_id) for map_id, name in (maps or [])[:25]]
        super().__init__(discord.ui.Select(custom_id=f"gm:sm:{table}", placeholder="Map (host, before deployment)",
                                           options=options or [discord.SelectOption(label="-", value="-")]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> MapSelect:
        return cls(match["table"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _host_only(interaction, self.table):
            return
        client = host_of(interaction)
        await client.run_invocation(interaction, Invocation(("map", "use"), {"name": self.item.values[0]}))


class PaceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"gm:sp:(?P<table>\d+)"):
    """The host sets how long choices wait."""

    def __init__(self, table: str) -> None:
        self.table = table
        super().__init__(discord.ui.Select(custom_id=f"gm:sp:{table}", placeholder="Pace (host)", options=[
            discord.SelectOption(label=fit(f"{pace.name}: {pace.audience}"), description=fit(pace.description),
                                 value=pace.name)
            for pace in PACES.values()]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PaceSelect:
        return cls(match["table"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _host_only(interaction, self.table):
            return
        client = host_of(interaction)
        await client.run_invocation(interaction, Invocation(("game", "pace"), {"pace": self.item.values[0]}))


def settings_view(table: str, maps: list[tuple[str, str]]) -> discord.ui.View:
    """The map and the pace as menus for the host, instead of a long command."""
    view = discord.ui.View(timeout=None)
    if maps:
        view.add_item(MapSelect(table, maps))
    view.add_item(PaceSelect(table))
    return view


def invite_view(table: str, invitee: str, maps: list[tuple[str, str]]) -> discord.ui.View:
    """The settings, with Join and Decline for the invitee."""
    view = settings_view(table, maps)
    view.add_item(JoinButton(table, invitee))
    view.add_item(DeclineButton(table, invitee))
    return view


def map_choices(host: TableHost, table: str) -> list[tuple[str, str]]:
    """The maps the game at ``table`` lets its host lay before deployment (its ``/map use`` choices), if any."""
    game = host.service.live_game(table)
    if game is None:
        return []
    choices = host.service.suggestions(table, game.setup.host, ("map", "use"), "name", Suggest.ACTION, "")
    return [(choice.value, choice.shown) for choice in choices]


def _settings_after_invite(client: TableHost, table: str) -> discord.ui.View:
    """Once the invite is answered its buttons go; the host's settings stay."""
    return settings_view(table, map_choices(client, table))
