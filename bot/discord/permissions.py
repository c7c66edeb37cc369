"""The Discord permissions the bot needs in a game's channel, and the invite link that grants exactly those."""

from __future__ import annotations

import discord

__all__ = ["REQUIRED", "invite_url", "missing"]

REQUIRED = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    attach_files=True,
    embed_links=True,
    read_message_history=True,
    pin_messages=True,
)
"""Post, post in threads, open a game's thread, attach pictures, show cards, read history and pin the status."""


def missing(granted: discord.Permissions) -> list[str]:
    """The required permissions the bot lacks, named as the server settings show them."""
    return [name.replace("_", " ").title() for name, wanted in REQUIRED if wanted and not getattr(granted, name)]


def invite_url(application_id: int) -> str:
    """The link a server admin opens to add the bot with its slash commands and exactly these permissions."""
    return (f"https://discord.com/oauth2/authorize?client_id={application_id}"
            f"&scope=bot%20applications.commands&permissions={REQUIRED.value}")
