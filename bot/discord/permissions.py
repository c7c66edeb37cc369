"""The Discord permissions the bot needs in a game's channel, and the invite link that grants exactly those.

The invite asks for everything the bot can use anywhere; starting a game checks only what that game will
use where it starts (a game without its own thread needs no thread permissions; pinning the status is
attempted and skipped when refused), so nobody is turned away for a permission the game never uses."""

from __future__ import annotations

import discord

__all__ = ["REQUIRED", "invite_url", "missing", "needed"]

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


def needed(*, in_thread: bool, opens_thread: bool) -> discord.Permissions:
    """What starting a game uses: see the channel, post there (in a thread, with the thread permission) with
    pictures attached, and, for a game in its own thread, open that thread and post in it."""
    wanted = discord.Permissions(view_channel=True, attach_files=True)
    if in_thread or opens_thread:
        wanted.send_messages_in_threads = True
    if not in_thread:
        wanted.send_messages = True
    if opens_thread:
        wanted.create_public_threads = True
    return wanted


def missing(granted: discord.Permissions, wanted: discord.Permissions = REQUIRED) -> list[str]:
    """The ``wanted`` permissions the bot lacks, named as the server settings show them."""
    return [name.replace("_", " ").title() for name, on in wanted if on and not getattr(granted, name)]


def invite_url(application_id: int) -> str:
    """The link a server admin opens to add the bot with its slash commands and exactly these permissions."""
    return (f"https://discord.com/oauth2/authorize?client_id={application_id}"
            f"&scope=bot%20applications.commands&permissions={REQUIRED.value}")
