"""Builders for Discord API payloads, shaped after ``discord.types.*`` so the real client parses them unchanged.

Only plain dicts come out of here: the stand-in stores and serves exactly what Discord would send, which keeps
its record comparable with captures of the real API.
"""

from __future__ import annotations

import itertools
import struct
import time
from datetime import UTC, datetime
from typing import Any

import discord

__all__ = [
    "ALL_PERMISSIONS",
    "MEMBER_PERMISSIONS",
    "Snowflakes",
    "attachment",
    "dm_channel",
    "guild",
    "iso_now",
    "member",
    "message",
    "role",
    "text_channel",
    "thread",
    "user",
]

Payload = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000
# What a plain player may do in a game channel: enough for slash commands, buttons, threads and files.
MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
).value
ALL_PERMISSIONS = discord.Permissions.all().value


class Snowflakes:
    """Time-based ids, so ``snowflake_time`` and ``Interaction.is_expired()`` behave as against Discord."""

    def __init__(self) -> None:
        self._counter = itertools.count()

    def __call__(self) -> str:
        millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return str((millis << 22) | (next(self._counter) & 0x3FFFFF))


def iso_now() -> str:
    """Discord's ISO-8601 timestamp with an offset."""
    return datetime.now(UTC).isoformat()


def user(user_id: str, username: str, *, bot: bool = False) -> Payload:
    """A ``types.user.User``."""
    payload: Payload = {
        "id": user_id,
        "username": username,
        "discriminator": "0",
        "global_name": username.title(),
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
    }
    if bot:
        payload["bot"] = True
    return payload


def role(role_id: str, name: str, permissions: int, position: int = 0) -> Payload:
    """A ``types.role.Role``; the ``@everyone`` role shares its id with the guild."""
    return {
        "id": role_id,
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": position,
        "permissions": str(permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def member(user_payload: Payload, joined_at: str, *, permissions: int | None = None) -> Payload:
    """A ``types.member.MemberWithUser``; interactions add the resolved ``permissions``."""
    payload: Payload = {
        "user": user_payload,
        "nick": None,
        "avatar": None,
        "roles": [],
        "joined_at": joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
    }
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def text_channel(channel_id: str, guild_id: str, name: str, position: int) -> Payload:
    """A ``types.channel.TextChannel``."""
    return {
        "id": channel_id,
        "type": 0,
        "guild_id": guild_id,
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "default_auto_archive_duration": 1440,
    }


def dm_channel(channel_id: str, recipient: Payload) -> Payload:
    """A ``types.channel.DMChannel``."""
    return {"id": channel_id, "type": 1, "name": None, "last_message_id": None, "recipients": [recipient]}


def thread(
    thread_id: str, parent: Payload, owner_id: str, name: str, *, thread_type: int, auto_archive: int, now: str
) -> Payload:
    """A ``types.threads.Thread`` as returned by thread creation (the creator is already a member)."""
    return {
        "id": thread_id,
        "guild_id": parent["guild_id"],
        "parent_id": parent["id"],
        "owner_id": owner_id,
        "name": name,
        "type": thread_type,
        "member_count": 1,
        "message_count": 0,
        "total_message_sent": 0,
        "rate_limit_per_user": 0,
        "flags": 0,
        "last_message_id": None,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": auto_archive,
            "archive_timestamp": now,
            "locked": False,
            "create_timestamp": now,
        },
        "member": {"id": thread_id, "user_id": owner_id, "join_timestamp": now, "flags": 0},
    }


def guild(
    guild_id: str,
    name: str,
    owner_id: str,
    *,
    channels: list[Payload],
    members: list[Payload],
    roles: list[Payload],
    joined_at: str,
) -> Payload:
    """A ``types.gateway.GuildCreateEvent``: the full guild with channels and members, as sent after READY."""
    return {
        "id": guild_id,
        "name": name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": owner_id,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": roles,
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": channels[0]["id"] if channels else None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "max_members": 500000,
        "joined_at": joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(members),
        "voice_states": [],
        "members": members,
        "channels": channels,
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def _png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR chunk: Discord reports both for images."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def attachment(
    attachment_id: str, filename: str, data: bytes, url: str, *, description: str | None, ephemeral: bool
) -> Payload:
    """A ``types.message.Attachment``; ``url`` is served by the stand-in so ``Attachment.read()`` works."""
    payload: Payload = {
        "id": attachment_id,
        "filename": filename,
        "size": len(data),
        "url": url,
        "proxy_url": url,
        "content_type": "image/png" if filename.lower().endswith(".png") else "application/octet-stream",
    }
    size = _png_size(data)
    if size is not None:
        payload["width"], payload["height"] = size
    if description:
        payload["description"] = description
    if ephemeral:
        payload["ephemeral"] = True
    return payload


def message(message_id: str, channel_id: str, author: Payload, *, now: str, message_type: int = 0) -> Payload:
    """An empty ``types.message.Message``; the caller fills in what the request asked for."""
    return {
        "id": message_id,
        "channel_id": channel_id,
        "type": message_type,
        "author": author,
        "content": "",
        "timestamp": now,
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": False,
        "flags": 0,
    }
