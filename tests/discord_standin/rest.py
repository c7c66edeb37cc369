"""REST routes under ``/api/v10`` that a discord.py bot calls, answered from and into the stand-in's ``World``.

A request that matches no route answers 404 and is recorded with ``route=None``, so a test can assert the bot
called nothing the stand-in does not model. Errors carry Discord's JSON error codes, because discord.py turns
those into ``Forbidden``/``NotFound`` with ``.code``.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from aiohttp import web

from . import payloads
from .gateway import Intent
from .limits import over_limits
from .payloads import Payload
from .records import Sent
from .webhooks import InteractionRoutes
from .wire import API, BODY, FILES, error, json_response, no_content

if TYPE_CHECKING:
    from .server import StandIn

__all__ = ["build_routes"]


class Rest:
    """Login, commands, guild, channel, message, pin, thread and file routes."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.world = standin.world

    def _channel(self, request: web.Request) -> Payload | None:
        return self.world.channels.get(request.match_info["channel_id"])

    # -- login, gateway discovery ----------------------------------------------------------------------------

    async def me(self, request: web.Request) -> web.Response:
        return json_response({**self.world.bot_user, "verified": True, "mfa_enabled": False})

    async def application(self, request: web.Request) -> web.Response:
        world = self.world
        return json_response(
            {
                "id": world.app_id,
                "name": world.bot_user["username"],
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": world.bot_user,
                "owner": world.owner,
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
            }
        )

    async def gateway_info(self, request: web.Request) -> web.Response:
        data: Payload = {"url": self.standin.gateway.url}
        if request.path.endswith("/bot"):
            limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
            data.update(shards=self.world.shard_count, session_start_limit=limit)
        return json_response(data)

    # -- application commands --------------------------------------------------------------------------------

    def _scope(self, request: web.Request) -> str | None:
        return request.match_info.get("guild_id")

    async def put_commands(self, request: web.Request) -> web.Response:
        """Bulk overwrite: commands keep their id when name and type match, as Discord does."""
        if request.match_info["application_id"] != self.world.app_id:
            return error(403, 50001, "Missing Access")
        scope = self._scope(request)
        previous = {(c["name"], c.get("type", 1)): c for c in self.world.commands.get(scope, [])}
        stored = [self._command(body, scope, previous) for body in request[BODY] or []]
        self.world.commands[scope] = stored
        return json_response(stored)

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        current = self.world.commands.setdefault(scope, [])
        previous = {(c["name"], c.get("type", 1)): c for c in current}
        command = self._command(request[BODY], scope, previous)
        current[:] = [c for c in current if c["id"] != command["id"]] + [command]
        return json_response(command, 200 if (command["name"], command["type"]) in previous else 201)

    def _command(self, body: Payload, scope: str | None, previous: dict[tuple[str, int], Payload]) -> Payload:
        kind = body.get("type", 1)
        old = previous.get((body["name"], kind))
        permissions = body.get("default_member_permissions")
        command = {
            "description": "",
            "options": [],
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            **body,
            "id": old["id"] if old else self.world.ids(),
            "application_id": self.world.app_id,
            "type": kind,
            "version": self.world.ids(),
            "default_member_permissions": None if permissions is None else str(permissions),
        }
        if scope is not None:
            command["guild_id"] = scope
        return command

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.world.commands.get(self._scope(request), []))

    # -- guild, channels, users ------------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        if request.match_info["guild_id"] not in self.world.guild_names:
            return error(404, 10004, "Unknown Guild")
        guild = self.world.guild_payload(request.match_info["guild_id"])
        return json_response({k: v for k, v in guild.items() if k not in ("members", "channels", "threads")})

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild_id = request.match_info["guild_id"]
        if guild_id not in self.world.guild_names:
            return error(404, 10004, "Unknown Guild")
        return json_response([c for c in self.world.channels.values() if c["type"] == 0 and c["guild_id"] == guild_id])

    async def get_member(self, request: web.Request) -> web.Response:
        member = self.world.members.get(request.match_info["user_id"])
        return json_response(member) if member else error(404, 10007, "Unknown Member")

    async def get_user(self, request: web.Request) -> web.Response:
        found = self.world.users.get(request.match_info["user_id"])
        return json_response(found) if found else error(404, 10013, "Unknown User")

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(channel) if channel else error(404, 10003, "Unknown Channel")

    async def open_dm(self, request: web.Request) -> web.Response:
        recipient = str((request[BODY] or {}).get("recipient_id"))
        if recipient not in self.world.users:
            return error(400, 50033, "Invalid Recipient(s)")
        return json_response(self.world.dm_channel(recipient))

    # -- channel messages ------------------------------------------------------------------------------------

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        body, files = request[BODY] or {}, request[FILES]
        self.world.raw_sends.append(Sent("attempt", channel["id"], body, files))
        if (refusal := over_limits(body)) is not None:
            return refusal
        refused = self.world.refused_dms.get(channel["recipients"][0]["id"]) if channel["type"] == 1 else None
        if refused is not None:
            return error(403, *refused)
        earlier = self.world.replay(channel["id"], body)
        if earlier is not None:
            self.world.record(Sent("duplicate", channel["id"], body, files, copy.deepcopy(earlier)))
            return json_response(earlier)
        message = self.world.create_message(channel["id"], self.world.bot_user, body, files)
        self.world.record(Sent("message", channel["id"], body, files, copy.deepcopy(message)))
        await self.standin.announce("MESSAGE_CREATE", message)
        if self.world.lost_answers > 0:
            self.world.lost_answers -= 1
            if request.transport is not None:
                request.transport.close()  # the message exists; the bot never hears so
        return json_response(message)

    def _message(self, request: web.Request) -> Payload | None:
        found = self.world.messages.get(request.match_info["message_id"])
        return found if found and found["channel_id"] == request.match_info["channel_id"] else None

    async def get_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        return json_response(message) if message else error(404, 10008, "Unknown Message")

    async def list_messages(self, request: web.Request) -> web.Response:
        if self._channel(request) is None:
            return error(404, 10003, "Unknown Channel")
        found = self.world.messages_in(request.match_info["channel_id"])
        before, after = request.query.get("before"), request.query.get("after")
        if before:
            found = [m for m in found if int(m["id"]) < int(before)]
        if after:
            found = [m for m in found if int(m["id"]) > int(after)]
        limit = int(request.query.get("limit", 50))
        newest_first = list(reversed(found))
        return json_response(newest_first[:limit] if not after else list(reversed(found[:limit])))

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return error(404, 10008, "Unknown Message")
        if message["author"]["id"] != self.world.app_id:
            return error(403, 50005, "Cannot edit a message authored by another user")
        body, files = request[BODY] or {}, request[FILES]
        if (refusal := over_limits(body)) is not None:
            return refusal
        self.world.edit_message(message, body, files)
        self.world.record(Sent("edit", message["channel_id"], body, files, copy.deepcopy(message)))
        await self.standin.announce("MESSAGE_UPDATE", message)
        return json_response(message)

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return error(404, 10008, "Unknown Message")
        self.world.delete_message(message)
        self.world.record(Sent("delete", message["channel_id"], {}, message=copy.deepcopy(message)))
        await self.standin.announce("MESSAGE_DELETE", message)
        return no_content()

    async def pin(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return error(404, 10008, "Unknown Message")
        refused = self.world.refused_pins.get(message["channel_id"])
        if refused is not None:
            return error(403, *refused)
        pins = self.world.pins.setdefault(message["channel_id"], [])
        pinning = request.method == "PUT"
        message["pinned"] = pinning
        pins[:] = [p for p in pins if p[0] != message["id"]]
        if pinning:
            pins.insert(0, (message["id"], payloads.iso_now()))
        self.world.record(Sent("pin" if pinning else "unpin", message["channel_id"], {}, message=dict(message)))
        return no_content()

    async def list_pins(self, request: web.Request) -> web.Response:
        pins = self.world.pins.get(request.match_info["channel_id"], [])
        pinned = [(self.world.messages[mid], at) for mid, at in pins]
        if request.path.endswith("/messages/pins"):
            items = [{"pinned_at": at, "message": message} for message, at in pinned]
            return json_response({"items": items, "has_more": False})
        return json_response([message for message, _ in pinned])

    async def react(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return error(404, 10008, "Unknown Message")
        emoji = request.match_info["emoji"]
        reactions = message.setdefault("reactions", [])
        if not any(r["emoji"]["name"] == emoji for r in reactions):
            details = {"burst": 0, "normal": 1}
            reactions.append(
                {
                    "emoji": {"id": None, "name": emoji},
                    "count": 1,
                    "me": True,
                    "me_burst": False,
                    "count_details": details,
                    "burst_colors": [],
                }
            )
        self.world.record(Sent("reaction", message["channel_id"], {"emoji": emoji}, message=dict(message)))
        return no_content()

    # -- threads ---------------------------------------------------------------------------------------------

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent is None or parent["type"] != 0:
            return error(404, 10003, "Unknown Channel")
        body = request[BODY] or {}
        starter = None
        if "message_id" in request.match_info:
            starter = self._message(request)
            if starter is None:
                return error(404, 10008, "Unknown Message")
        thread_id = starter["id"] if starter else self.world.ids()  # a message's thread shares its id
        thread = payloads.thread(
            thread_id,
            parent,
            self.world.app_id,
            body.get("name", "thread"),
            thread_type=11 if starter else int(body.get("type") or 11),
            auto_archive=int(body.get("auto_archive_duration") or 1440),
            now=payloads.iso_now(),
        )
        self.world.channels[thread_id] = thread
        if starter is not None:
            starter["flags"] |= 32  # HAS_THREAD
            starter["thread"] = thread
        first = body.get("message")
        if first:
            self.world.create_message(thread_id, self.world.bot_user, first, request[FILES])
        self.world.record(Sent("thread", parent["id"], body, request[FILES], message=starter))
        await self.standin.gateway.dispatch("THREAD_CREATE", {**thread, "newly_created": True}, intent=Intent.GUILDS)
        return json_response(thread, 201)

    # -- interactions ----------------------------------------------------------------------------------------

    # -- files -----------------------------------------------------------------------------------------------

    async def attachment_file(self, request: web.Request) -> web.Response:
        data = self.world.files.get(request.match_info["attachment_id"])
        return web.Response(body=data) if data is not None else error(404, 0, "404: Not Found")

    async def unknown(self, request: web.Request) -> web.Response:
        return error(404, 0, "404: Not Found")


def build_routes(standin: StandIn) -> list[web.RouteDef]:
    """The route table; the catch-all comes last and marks requests as unknown."""
    rest, hooks = Rest(standin), InteractionRoutes(standin)
    app = f"{API}/applications/{{application_id}}"
    channel = f"{API}/channels/{{channel_id}}"
    message = f"{channel}/messages/{{message_id}}"
    hook = f"{API}/webhooks/{{application_id}}/{{token}}"
    return [
        web.get("/gateway", standin.gateway.handle),
        web.get("/attachments/{channel_id}/{attachment_id}/{filename}", rest.attachment_file),
        web.get(f"{API}/users/@me", rest.me),
        web.get(f"{API}/oauth2/applications/@me", rest.application),
        web.get(f"{API}/gateway", rest.gateway_info),
        web.get(f"{API}/gateway/bot", rest.gateway_info),
        web.put(f"{app}/commands", rest.put_commands),
        web.get(f"{app}/commands", rest.get_commands),
        web.post(f"{app}/commands", rest.post_command),
        web.put(f"{app}/guilds/{{guild_id}}/commands", rest.put_commands),
        web.get(f"{app}/guilds/{{guild_id}}/commands", rest.get_commands),
        web.post(f"{app}/guilds/{{guild_id}}/commands", rest.post_command),
        web.get(f"{API}/guilds/{{guild_id}}", rest.get_guild),
        web.get(f"{API}/guilds/{{guild_id}}/channels", rest.guild_channels),
        web.get(f"{API}/guilds/{{guild_id}}/members/{{user_id}}", rest.get_member),
        web.post(f"{API}/users/@me/channels", rest.open_dm),
        web.get(f"{API}/users/{{user_id}}", rest.get_user),
        web.get(channel, rest.get_channel),
        web.post(f"{channel}/messages", rest.create_message),
        web.get(f"{channel}/messages", rest.list_messages),
        web.get(f"{channel}/messages/pins", rest.list_pins),
        web.put(f"{channel}/messages/pins/{{message_id}}", rest.pin),
        web.delete(f"{channel}/messages/pins/{{message_id}}", rest.pin),
        web.get(f"{channel}/pins", rest.list_pins),
        web.put(f"{channel}/pins/{{message_id}}", rest.pin),
        web.delete(f"{channel}/pins/{{message_id}}", rest.pin),
        web.get(message, rest.get_message),
        web.patch(message, rest.edit_message),
        web.delete(message, rest.delete_message),
        web.put(f"{message}/reactions/{{emoji}}/@me", rest.react),
        web.post(f"{channel}/threads", rest.create_thread),
        web.post(f"{message}/threads", rest.create_thread),
        web.post(f"{API}/interactions/{{interaction_id}}/{{token}}/callback", hooks.callback),
        web.post(hook, hooks.followup),
        web.get(f"{hook}/messages/{{message_id}}", hooks.webhook_message),
        web.patch(f"{hook}/messages/{{message_id}}", hooks.webhook_message),
        web.delete(f"{hook}/messages/{{message_id}}", hooks.webhook_message),
        web.route("*", "/{tail:.*}", rest.unknown),
    ]
