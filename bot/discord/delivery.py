"""Sending the table service's outputs to Discord: the channel, the invoker's ephemeral reply, DMs.

Nothing player-written can ping: the client allows no mentions by default, and the one exception is
a decision notice, which pings exactly the player who owes it.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from concurrent.futures import Executor

import discord

from bot.core.outputs import Output, Picture
from bot.core.pictures import render_picture
from bot.discord.decide import DecideButton

__all__ = ["Delivery", "chunks", "with_mentions"]

_log = logging.getLogger(__name__)
_LIMIT = 2000  # characters per Discord message
_USER_ID = re.compile(r"\b(\d{15,21})\b")
_DMS_CLOSED = 50007


def with_mentions(text: str) -> str:
    """Show user ids as mentions (rendered as names; they ping no one under the default allowed mentions)."""
    return _USER_ID.sub(r"<@\1>", text)


def chunks(text: str, limit: int = _LIMIT) -> list[str]:
    """Split long text at line breaks into messages Discord accepts."""
    parts: list[str] = []
    current = ""
    for line in text.splitlines() or [""]:
        while len(line) > limit:
            parts.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) + 1 > limit:
            parts.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    parts.append(current)
    return [part for part in parts if part] or ["\u200b"]


class Delivery:
    """Posts outputs for one interaction; renders pictures in ``pool`` so the event loop never waits."""

    def __init__(self, pool: Executor | None) -> None:
        self._pool = pool

    async def files(self, pictures: Sequence[Picture]) -> list[discord.File]:
        loop = asyncio.get_running_loop()
        rendered = await asyncio.gather(*(loop.run_in_executor(self._pool, render_picture, p) for p in pictures))
        return [discord.File(io.BytesIO(png), filename=p.filename, description=p.alt[:1024])
                for p, png in zip(pictures, rendered, strict=True)]

    async def deliver(self, interaction: discord.Interaction, outputs: Sequence[Output],
                      owners: dict[str, str], seq: int) -> None:
        """``owners`` maps each side to its user id (to ping decision owners); ``seq`` stamps buttons."""
        invoker = str(interaction.user.id)
        answered = False
        channel = interaction.channel
        for output in outputs:
            text = with_mentions(output.text)
            if output.to is None and isinstance(channel, discord.abc.Messageable):
                await self._public(channel, interaction, output, text, owners, seq)
            elif output.to == invoker:
                for part in chunks(text):
                    await interaction.followup.send(part, ephemeral=True, files=await self.files(output.pictures))
                answered = True
            elif output.to is not None and output.decision is None:
                await self._direct(interaction, output.to, text)
        if not answered:
            await interaction.delete_original_response()

    async def _public(self, channel: discord.abc.Messageable, interaction: discord.Interaction, output: Output,
                      text: str, owners: dict[str, str], seq: int) -> None:
        files = await self.files(output.pictures)
        decision = output.decision
        if decision is None:
            *first, last = chunks(text)
            for part in first:
                await channel.send(part)
            await channel.send(last, files=files)
            return
        owner = owners.get(decision.owner)
        view = discord.ui.View(timeout=None)
        view.add_item(DecideButton(str(interaction.channel_id), decision.id, seq))
        ping = f"<@{owner}> " if owner else ""
        allowed = discord.AllowedMentions(users=[discord.Object(int(owner))]) if owner else None
        await channel.send(chunks(ping + text)[0], files=files, view=view,
                           allowed_mentions=allowed or discord.AllowedMentions.none())

    async def _direct(self, interaction: discord.Interaction, user_id: str, text: str) -> None:
        """A secret goes by DM; when DMs are closed the table learns only that, never the secret."""
        client = interaction.client
        try:
            user = client.get_user(int(user_id)) or await client.fetch_user(int(user_id))
            for part in chunks(text):
                await user.send(part)
        except discord.Forbidden as error:
            if error.code != _DMS_CLOSED:
                raise
            channel = interaction.channel
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(f"<@{user_id}> has private information waiting but their DMs are closed: "
                                   "open DMs from this server, or read it privately with /log or /hand show.")
            _log.info("DMs closed for %s", user_id)
