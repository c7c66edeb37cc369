"""The stand-in's in-memory Discord: one guild, its channels and members, DMs, messages, files and commands.

It outlives any one client connection, so a restarted bot finds the messages it posted before the restart.
"""

from __future__ import annotations

import re
import time
from typing import Any

from . import payloads
from .payloads import Payload
from .records import Notifier, Request, Sent, Upload
from .sharding import guild_snowflake

__all__ = ["NONCE_WINDOW", "World"]

# Discord: "the nonce is checked for uniqueness in the past few minutes".
NONCE_WINDOW = 300.0
EPHEMERAL, LOADING, SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, COMPONENTS_V2 = 64, 128, 4, 4096, 32768
_MENTION = re.compile(r"<@!?(\d+)>")

UserRef = str | int | Payload
ChannelRef = str | int | Payload


class World:
    """All state, with lookups that accept names ("alice", "general"), ids or payloads."""

    def __init__(self, *, token: str, channel_names: tuple[str, ...], player_names: tuple[str, ...]) -> None:
        self.token = token
        self.ids = payloads.Snowflakes()
        self.notifier = Notifier()
        self.base_url = ""  # set by the server once it has a port; attachment urls hang off it
        self.app_permissions = payloads.ALL_PERMISSIONS  # what the bot may do where interactions happen
        now = payloads.iso_now()

        self.app_id = self.ids()  # a bot's user id equals its application id
        self.bot_user = payloads.user(self.app_id, "referee", bot=True)
        self.owner = payloads.user(self.ids(), "owner")
        self.users: dict[str, Payload] = {self.app_id: self.bot_user, self.owner["id"]: self.owner}
        for name in player_names:
            player = payloads.user(self.ids(), name)
            self.users[player["id"]] = player

        self.guild_id = self.ids()
        self.shard_count = 1  # what GET /gateway/bot recommends
        self.guild_names = {self.guild_id: "Stand-in Guild"}  # every guild the bot is in; the first is guild_id
        self.roles = [payloads.role(self.guild_id, "@everyone", payloads.MEMBER_PERMISSIONS)]
        self.members = {
            uid: payloads.member(u, now, permissions=payloads.ALL_PERMISSIONS if u is self.owner else None)
            for uid, u in self.users.items()
        }
        self.channels: dict[str, Payload] = {}
        for position, name in enumerate(channel_names):
            channel = payloads.text_channel(self.ids(), self.guild_id, name, position)
            self.channels[channel["id"]] = channel

        self.messages: dict[str, Payload] = {}
        self.order: dict[str, list[str]] = {}
        self.files: dict[str, bytes] = {}
        self.pins: dict[str, list[tuple[str, str]]] = {}
        self.commands: dict[str | None, list[Payload]] = {}
        self.dms: dict[str, str] = {}
        self.refused_dms: dict[str, tuple[int, str]] = {}  # user id -> (code, message) a DM gets (403)
        self.refused_pins: dict[str, tuple[int, str]] = {}  # channel id -> (code, message) a (un)pin gets (403)
        self.nonces: dict[tuple[str, str], tuple[str, float]] = {}
        self.sent: list[Sent] = []
        self.raw_sends: list[Sent] = []  # every message-create request, before any check (kind "attempt")
        self.lost_answers = 0  # message creates still to store but answer with a dropped connection
        self.requests: list[Request] = []
        self.errors: list[str] = []

    # -- lookups ---------------------------------------------------------------------------------------------

    def user(self, ref: UserRef) -> Payload:
        """A user by name, id or payload."""
        if isinstance(ref, dict):
            return ref
        key = str(ref)
        if key in self.users:
            return self.users[key]
        for candidate in self.users.values():
            if candidate["username"] == key:
                return candidate
        raise KeyError(f"no user {ref!r}; known: {[u['username'] for u in self.users.values()]}")

    def channel(self, ref: ChannelRef) -> Payload:
        """A channel (text, thread or DM) by name, id or payload."""
        if isinstance(ref, dict):
            return ref
        key = str(ref)
        if key in self.channels:
            return self.channels[key]
        for candidate in self.channels.values():
            if candidate.get("name") == key:
                return candidate
        raise KeyError(f"no channel {ref!r}; known: {[c.get('name') for c in self.channels.values()]}")

    def member(self, user_id: str, *, with_permissions: bool = False) -> Payload:
        """The guild member for a user; interactions carry resolved ``permissions``."""
        found = dict(self.members[user_id])
        if with_permissions:
            found.setdefault("permissions", str(payloads.MEMBER_PERMISSIONS))
        return found

    def add_guild(self, name: str, channel_names: tuple[str, ...], *, shard: int = 0) -> str:
        """Another guild with the same members and its own text channels, on ``shard`` of ``shard_count``."""
        guild_id = guild_snowflake(shard, self.shard_count, len(self.guild_names))
        self.guild_names[guild_id] = name
        for position, channel_name in enumerate(channel_names):
            channel = payloads.text_channel(self.ids(), guild_id, channel_name, position)
            self.channels[channel["id"]] = channel
        return guild_id

    def guild_payload(self, guild_id: str | None = None) -> Payload:
        """GUILD_CREATE for ``guild_id`` (the first guild by default), with its channels and threads."""
        guild_id = guild_id or self.guild_id
        mine = [c for c in self.channels.values() if c.get("guild_id") == guild_id]
        guild_channels = [c for c in mine if c["type"] == 0]
        threads = [c for c in mine if c["type"] in (10, 11, 12)]
        roles = [{**role, "id": guild_id} if role["id"] == self.guild_id else role for role in self.roles]
        data = payloads.guild(
            guild_id,
            self.guild_names[guild_id],
            self.owner["id"],
            channels=guild_channels,
            members=list(self.members.values()),
            roles=roles,
            joined_at=self.members[self.app_id]["joined_at"],
        )
        data["threads"] = threads
        return data

    def dm_channel(self, user_ref: UserRef) -> Payload:
        """The DM channel with a user, created on first use as Discord does."""
        recipient = self.user(user_ref)
        channel_id = self.dms.get(recipient["id"])
        if channel_id is None:
            channel = payloads.dm_channel(self.ids(), recipient)
            self.channels[channel["id"]] = channel
            self.dms[recipient["id"]] = channel_id = channel["id"]
        return self.channels[channel_id]

    # -- messages --------------------------------------------------------------------------------------------

    def messages_in(self, channel_ref: ChannelRef, *, ephemeral: bool = False) -> list[Payload]:
        """Messages in a channel, oldest first; ephemeral ones only on request (nobody else sees them)."""
        channel_id = self.channel(channel_ref)["id"]
        found = [self.messages[mid] for mid in self.order.get(channel_id, []) if mid in self.messages]
        return found if ephemeral else [m for m in found if not m["flags"] & EPHEMERAL]

    def record(self, sent: Sent) -> Sent:
        """Keep ``sent``; waiters wake once the HTTP answer is delivered (see ``rest.record_requests``)."""
        self.sent.append(sent)
        return sent

    def replay(self, channel_id: str, body: dict[str, Any]) -> Payload | None:
        """The earlier message for an enforced nonce seen in this channel within the window, if any."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        seen = self.nonces.get((channel_id, str(nonce)))
        if seen is None or time.monotonic() - seen[1] > NONCE_WINDOW or seen[0] not in self.messages:
            return None
        return self.messages[seen[0]]

    def create_message(
        self,
        channel_id: str,
        author: Payload,
        body: dict[str, Any],
        files: list[Upload],
        *,
        message_type: int = 0,
        extra: dict[str, Any] | None = None,
    ) -> Payload:
        """Store a new message built from a create request (JSON body or ``payload_json``)."""
        message = payloads.message(self.ids(), channel_id, author, now=payloads.iso_now(), message_type=message_type)
        message.update(extra or {})
        flags = int(body.get("flags") or 0) & (SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2)
        message["flags"] |= flags
        if body.get("nonce") is not None:
            message["nonce"] = str(body["nonce"])
            self.nonces[(channel_id, message["nonce"])] = (message["id"], time.monotonic())
        if body.get("tts"):
            message["tts"] = True
        reference = body.get("message_reference")
        if reference and reference.get("message_id") in self.messages:
            message["type"] = 19
            message["message_reference"] = {"type": 0, "channel_id": channel_id, **reference}
            message["referenced_message"] = self.messages[reference["message_id"]]
        self._apply(message, body, files, creating=True)
        self.messages[message["id"]] = message
        self.order.setdefault(channel_id, []).append(message["id"])
        channel = self.channels.get(channel_id)
        if channel is not None:
            channel["last_message_id"] = message["id"]
        return message

    def edit_message(self, message: Payload, body: dict[str, Any], files: list[Upload]) -> Payload:
        """Apply an edit request: only the fields present change; ``attachments`` lists what to keep."""
        if "flags" in body and body["flags"] is not None:
            keep = message["flags"] & (EPHEMERAL | COMPONENTS_V2)
            message["flags"] = keep | (int(body["flags"]) & (SUPPRESS_EMBEDS | COMPONENTS_V2))
        message["flags"] &= ~LOADING
        message["edited_timestamp"] = payloads.iso_now()
        self._apply(message, body, files, creating=False)
        return message

    def delete_message(self, message: Payload) -> None:
        """Forget a message; a deleted message drops out of its channel's pins, as on Discord."""
        self.messages.pop(message["id"], None)
        pins = self.pins.get(message["channel_id"])
        if pins:
            pins[:] = [p for p in pins if p[0] != message["id"]]

    def _apply(self, message: Payload, body: dict[str, Any], files: list[Upload], *, creating: bool) -> None:
        if "content" in body:
            message["content"] = body["content"] or ""
        for key in ("embeds", "components"):
            if key in body:
                message[key] = list(body[key] or [])
        if body.get("poll"):
            message["poll"] = body["poll"]
        self._apply_attachments(message, body, files)
        message["embeds"] = [self._resolve_embed(e, message["attachments"]) for e in message["embeds"]]
        if creating or "content" in body:
            self._apply_mentions(message, body.get("allowed_mentions"))

    def _apply_attachments(self, message: Payload, body: dict[str, Any], files: list[Upload]) -> None:
        existing = {a["id"]: a for a in message["attachments"]}
        wanted = body.get("attachments")
        if wanted is None:
            if not files:
                return
            wanted = [*({"id": a} for a in existing), *({"id": index} for index in range(len(files)))]
        kept = []
        for entry in wanted:
            ref = entry.get("id")
            if str(ref) in existing:
                kept.append(existing[str(ref)])
                continue
            index = int(ref) if ref is not None else len(kept)
            if index >= len(files):
                continue  # Discord rejects this; the request record keeps it for the test to inspect
            upload = files[index]
            attachment_id = self.ids()
            filename = entry.get("filename") or upload.filename
            url = f"{self.base_url}/attachments/{message['channel_id']}/{attachment_id}/{filename}"
            self.files[attachment_id] = upload.data
            kept.append(
                payloads.attachment(
                    attachment_id,
                    filename,
                    upload.data,
                    url,
                    description=entry.get("description") or upload.description,
                    ephemeral=bool(message["flags"] & EPHEMERAL),
                )
            )
        message["attachments"] = kept

    @staticmethod
    def _resolve_embed(embed: dict[str, Any], attachments: list[Payload]) -> dict[str, Any]:
        """Discord rewrites ``attachment://name`` in embed images to the uploaded file's url."""
        embed = {"type": "rich", **embed}
        by_name = {a["filename"]: a for a in attachments}
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url", "")
            if url.startswith("attachment://") and url.removeprefix("attachment://") in by_name:
                found = by_name[url.removeprefix("attachment://")]
                embed[key] = {**embed[key], "url": found["url"], "proxy_url": found["proxy_url"]}
                embed[key].update({k: found[k] for k in ("width", "height") if k in found})
        return embed

    def _apply_mentions(self, message: Payload, allowed: dict[str, Any] | None) -> None:
        """Fill ``mentions`` the way ``allowed_mentions`` lets Discord ping (no payload means ping all)."""
        parse = None if allowed is None else allowed.get("parse", [])
        listed = set() if allowed is None else {str(u) for u in allowed.get("users", [])}
        mentioned = []
        for user_id in dict.fromkeys(_MENTION.findall(message["content"])):
            if user_id in self.users and (parse is None or "users" in parse or user_id in listed):
                mentioned.append(self.users[user_id])
        message["mentions"] = mentioned
        message["mention_everyone"] = "@everyone" in message["content"] and (parse is None or "everyone" in parse)
