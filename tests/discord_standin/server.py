"""``StandIn``: the local Discord a test starts, points discord.py at, drives and inspects.

REST and the gateway share one aiohttp app on 127.0.0.1 with a free port; all state lives in ``World`` so
clients can disconnect, restart and reconnect against the same messages and commands.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import web

from . import interactions as build
from .gateway import Gateway, Intent
from .interactions import InjectedInteraction
from .payloads import Payload
from .records import PATIENCE, Request, Sent
from .rest import build_routes
from .sharding import serves
from .wire import API, record_requests
from .world import EPHEMERAL, ChannelRef, UserRef, World

__all__ = ["StandIn"]

T = TypeVar("T")
APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


class StandIn:
    """A stateful fake of Discord's REST API and gateway for end-to-end tests of a discord.py bot.

    ``response_deadline`` mirrors Discord's 3 s limit for the initial interaction response (``None`` disables it).
    """

    def __init__(
        self,
        *,
        token: str = "test-token",
        channels: tuple[str, ...] = ("general", "battle", "log"),
        players: tuple[str, ...] = ("alice", "bob", "carol"),
        response_deadline: float | None = 3.0,
        shard_count: int = 1,
    ) -> None:
        """``shard_count``: the shards GET /gateway/bot recommends; guilds and DMs are routed to shards by Discord's
        rule (``sharding.py``)."""
        self.world = World(token=token, channel_names=channels, player_names=players)
        self.world.shard_count = shard_count
        self.gateway = Gateway(self.world)
        self.interactions: dict[str, InjectedInteraction] = {}
        self.response_deadline = response_deadline
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None

    # -- lifecycle -------------------------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(middlewares=[record_requests(self.world)])
        app.add_routes(build_routes(self))
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.world.base_url = f"http://127.0.0.1:{self.port}"
        self.gateway.url = f"ws://127.0.0.1:{self.port}/gateway"

    async def stop(self) -> None:
        await self.gateway.drop(code=1001, resumable=False)
        if self._runner is not None:
            await self._runner.cleanup()
        self.unpoint_discord()

    def point_discord(self) -> None:
        """Send discord.py's REST, webhook and gateway traffic here (process-wide class attributes)."""
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = f"{self.world.base_url}{API}"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway.url)

    def unpoint_discord(self) -> None:
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    async def drop_gateway(self, code: int = 4000, *, resumable: bool = True) -> None:
        """Close every gateway socket server-side; discord.py reconnects and RESUMEs (see ``Gateway.drop``)."""
        await self.gateway.drop(code, resumable=resumable)

    async def wait_connected(self, count: int = 1, timeout: float = PATIENCE) -> None:
        """Until ``count`` clients have identified and received READY + GUILD_CREATE."""
        await self.wait_for(lambda: len(self.gateway.ready_sessions) >= count, timeout, f"{count} gateway client(s)")

    # -- the world, by name or id ----------------------------------------------------------------------------

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def app_id(self) -> int:
        return int(self.world.app_id)

    @property
    def guild_id(self) -> int:
        return int(self.world.guild_id)

    def add_guild(self, name: str, channels: tuple[str, ...], *, shard: int = 0) -> int:
        """Another guild the bot is in, with its own channels (names unique across guilds), on ``shard``."""
        return int(self.world.add_guild(name, channels, shard=shard))

    def identified_shards(self) -> list[tuple[int, int] | None]:
        """The shard pair of each live identified session, in the order they identified."""
        return [s.shard for s in self.gateway.ready_sessions]

    def user(self, ref: UserRef) -> Payload:
        return self.world.user(ref)

    def user_id(self, ref: UserRef) -> int:
        return int(self.world.user(ref)["id"])

    def channel(self, ref: ChannelRef) -> Payload:
        return self.world.channel(ref)

    def channel_id(self, ref: ChannelRef) -> int:
        return int(self.world.channel(ref)["id"])

    def commands(self, guild: bool = False) -> list[Payload]:
        """Synced commands: global, or the stand-in guild's."""
        return list(self.world.commands.get(self.world.guild_id if guild else None, []))

    def refuse_dms(
        self,
        user: UserRef,
        refuse: bool = True,
        *,
        code: int = 50007,
        message: str = "Cannot send messages to this user",
    ) -> None:
        """Make DMs to ``user`` fail with 403 / ``code`` (50007: they blocked the bot or closed their DMs).

        ``refuse=False`` opens them again.
        """
        user_id = self.world.user(user)["id"]
        if refuse:
            self.world.refused_dms[user_id] = (code, message)
        else:
            self.world.refused_dms.pop(user_id, None)

    def refuse_pins(
        self,
        channel: ChannelRef,
        refuse: bool = True,
        *,
        code: int = 50013,
        message: str = "Missing Permissions",
    ) -> None:
        """Make pinning and unpinning in ``channel`` fail with 403 / ``code`` (50013: the bot lacks Pin Messages).

        ``refuse=False`` allows them again.
        """
        channel_id = self.world.channel(channel)["id"]
        if refuse:
            self.world.refused_pins[channel_id] = (code, message)
        else:
            self.world.refused_pins.pop(channel_id, None)

    def forget_nonces(self) -> None:
        """Discord remembers a message nonce for a few minutes only: after this, a resend is a new message."""
        self.world.nonces.clear()

    def lose_answers(self, count: int = 1) -> None:
        """The next ``count`` message creates are stored (and dispatched), but the connection drops before the
        answer: the bot cannot tell whether the message went out (an ambiguous failure)."""
        self.world.lost_answers += count

    def raw_sends(self, channel: ChannelRef | None = None) -> list[Sent]:
        """Every message-create request the bot made, as it arrived: before the nonce check, refusals included.
        Unlike ``sent``, a resend that Discord drops by its nonce is counted here."""
        channel_id = None if channel is None else self.world.channel(channel)["id"]
        return [s for s in self.world.raw_sends if channel_id is None or s.channel_id == channel_id]

    async def delete_message(self, message: Payload | int | str) -> None:
        """A moderator deletes a message: it is gone (and unpinned) and the bot gets MESSAGE_DELETE.

        Not recorded in ``sent``, which holds what the bot did.
        """
        stored = self.world.messages[str(message["id"] if isinstance(message, dict) else message)]
        self.world.delete_message(stored)
        await self.announce("MESSAGE_DELETE", stored)
        self.world.notifier.changed()

    # -- the record ------------------------------------------------------------------------------------------

    @property
    def sent(self) -> list[Sent]:
        return self.world.sent

    @property
    def requests(self) -> list[Request]:
        return self.world.requests

    @property
    def unknown_requests(self) -> list[Request]:
        """Requests no route modelled; an empty list means the bot called nothing unexpected."""
        return [r for r in self.world.requests if r.route is None]

    def message(self, message_id: int | str) -> Payload:
        return self.world.messages[str(message_id)]

    def messages_in(self, channel: ChannelRef, *, ephemeral: bool = False) -> list[Payload]:
        """Current messages in a channel, oldest first; ephemeral ones only when asked."""
        return self.world.messages_in(channel, ephemeral=ephemeral)

    def pins_in(self, channel: ChannelRef) -> list[Payload]:
        """The pinned messages of a channel, the most recently pinned first."""
        channel_id = self.world.channel(channel)["id"]
        return [self.world.messages[mid] for mid, _ in self.world.pins.get(channel_id, [])]

    def dms_to(self, user: UserRef) -> list[Payload]:
        """Messages the bot delivered to a user's DMs."""
        channel_id = self.world.dms.get(self.world.user(user)["id"])
        return self.world.messages_in(channel_id) if channel_id else []

    def sent_in(self, channel: ChannelRef) -> list[Sent]:
        channel_id = self.world.channel(channel)["id"]
        return [s for s in self.world.sent if s.channel_id == channel_id]

    def attachment_bytes(self, attachment: Payload | int | str) -> bytes:
        """The bytes of an uploaded file, by attachment payload or id."""
        key = attachment["id"] if isinstance(attachment, dict) else str(attachment)
        return self.world.files[key]

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = PATIENCE,
                       what: str = "a condition") -> T:
        """The first truthy ``predicate()``, re-checked whenever the stand-in records something."""
        return await self.world.notifier.wait_for(predicate, timeout, what)

    async def wait_for_message(
        self, channel: ChannelRef, predicate: Callable[[Payload], bool] = bool, timeout: float = PATIENCE
    ) -> Payload:
        """The first visible message in ``channel`` that satisfies ``predicate``."""

        def found() -> Payload | None:
            return next((m for m in self.messages_in(channel) if predicate(m)), None)

        return await self.wait_for(found, timeout, f"a message in {channel!r}")

    async def announce(self, event: str, message: Payload) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE as Discord dispatches them (never for ephemeral messages)."""
        if message["flags"] & EPHEMERAL:
            return
        channel = self.world.channels.get(message["channel_id"], {})
        if channel.get("type") == 1:
            await self.gateway.dispatch(event, message, intent=Intent.DIRECT_MESSAGES)
            return
        guild_id = channel.get("guild_id", self.world.guild_id)
        data = {**message, "guild_id": guild_id}
        if event == "MESSAGE_DELETE":
            data = {"id": message["id"], "channel_id": message["channel_id"], "guild_id": guild_id}
        elif message["author"]["id"] in self.world.members:
            member = self.world.member(message["author"]["id"])
            member.pop("user")
            data["member"] = member
        await self.gateway.dispatch(event, data, intent=Intent.GUILD_MESSAGES)

    # -- what users do ---------------------------------------------------------------------------------------

    async def _inject(
        self, kind: int, data: Payload, user: UserRef, channel: ChannelRef, message: Payload | None = None
    ) -> InjectedInteraction:
        payload = build.interaction(self.world, kind, data, user, channel, message)
        handle = InjectedInteraction(self.world, payload)
        self.interactions[handle.id] = handle
        if not await self.gateway.dispatch("INTERACTION_CREATE", payload):
            raise RuntimeError("no bot is connected to the stand-in gateway")
        return handle

    async def redeliver(self, handle: InjectedInteraction) -> InjectedInteraction:
        """Deliver an interaction again with the same id and a fresh token, as a gateway replay would."""
        payload = {**handle.payload, "token": secrets.token_urlsafe(48)}
        again = InjectedInteraction(self.world, payload)
        self.interactions[again.id] = again
        if not await self.gateway.dispatch("INTERACTION_CREATE", payload):
            raise RuntimeError("no bot is connected to the stand-in gateway")
        return again

    async def slash(
        self,
        path: str,
        options: dict[str, Any] | None = None,
        *,
        user: UserRef = "alice",
        channel: ChannelRef = "general",
    ) -> InjectedInteraction:
        """Run ``/path`` ("game unit move"); option values by name, typed from the synced command.

        Users, channels and roles may be given by name; attachments as ``Upload`` or ``(filename, bytes)``.
        """
        data = build.command_data(self.world, path, dict(options or {}))
        return await self._inject(APPLICATION_COMMAND, data, user, channel)

    async def autocomplete(
        self,
        path: str,
        focus: str,
        options: dict[str, Any],
        *,
        user: UserRef = "alice",
        channel: ChannelRef = "general",
    ) -> InjectedInteraction:
        """Type into option ``focus`` of ``/path``; the bot's suggestions arrive as ``handle.choices``."""
        data = build.command_data(self.world, path, dict(options), focus=focus)
        return await self._inject(AUTOCOMPLETE, data, user, channel)

    async def click(
        self,
        message: Payload | int | str,
        custom_id: str,
        *,
        user: UserRef = "alice",
        values: list[str] | None = None,
    ) -> InjectedInteraction:
        """Press a button, or pick ``values`` in a select, on a message as it is stored now."""
        current = self.world.messages[str(message["id"] if isinstance(message, dict) else message)]
        data = build.component_data(current, custom_id, values)
        return await self._inject(COMPONENT, data, user, current["channel_id"], current)

    async def submit_modal(
        self, opened_by: InjectedInteraction, values: dict[str, str | list[str]], *, user: UserRef | None = None
    ) -> InjectedInteraction:
        """Submit the modal the bot opened in answer to ``opened_by`` (a type 9 callback)."""
        modal = opened_by.modal
        if modal is None:
            raise LookupError(f"{opened_by!r} was not answered with a modal")
        source = opened_by.payload
        invoker = user if user is not None else (source.get("member") or source)["user"]
        message = self.world.messages.get(source["message"]["id"]) if "message" in source else None
        data = build.modal_data(modal, values)
        return await self._inject(MODAL_SUBMIT, data, invoker, source["channel_id"], message)

    async def post_message(self, channel: ChannelRef, content: str, *, author: UserRef = "alice") -> Payload:
        """A user's message; the bot gets MESSAGE_CREATE, blanked without the message-content intent."""
        target, writer = self.world.channel(channel), self.world.user(author)
        message = self.world.create_message(target["id"], writer, {"content": content}, [])
        mentioned = any(m["id"] == self.world.app_id for m in message["mentions"])
        for session in self.gateway.ready_sessions:
            if not serves(session.shard, target.get("guild_id")):
                continue
            data = dict(message)
            is_dm = target["type"] == 1
            if not (is_dm or mentioned or session.intents & Intent.MESSAGE_CONTENT):
                data.update(content="", embeds=[], attachments=[], components=[])
            if not is_dm:
                member = self.world.member(writer["id"])
                member.pop("user")
                data.update(guild_id=target["guild_id"], member=member)
            if session.intents & (Intent.DIRECT_MESSAGES if is_dm else Intent.GUILD_MESSAGES):
                await session.send(0, data, "MESSAGE_CREATE")
        return message
