"""Interaction callbacks and the interaction webhook (follow-ups, ``@original``), with Discord's rules.

One initial response per interaction, within ``StandIn.response_deadline``; the first follow-up after a type 5
deferral fills the loading message, as on Discord.
"""

from __future__ import annotations

import copy
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .interactions import InjectedInteraction
from .limits import over_limits
from .payloads import Payload
from .records import Sent
from .wire import BODY, FILES, error, json_response, no_content
from .world import EPHEMERAL, LOADING

if TYPE_CHECKING:
    from .server import StandIn

__all__ = ["InteractionRoutes"]


class InteractionRoutes:
    """``/interactions/{id}/{token}/callback`` and ``/webhooks/{app}/{token}[/messages/{id}]``."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.world = standin.world

    def _interaction_fields(self, handle: InjectedInteraction) -> dict[str, Any]:
        """The fields Discord puts on messages an interaction created (webhook author, interaction metadata)."""
        source = handle.payload
        invoker = source["member"]["user"] if "member" in source else source["user"]
        metadata: Payload = {
            "id": handle.id,
            "type": source["type"],
            "user": invoker,
            "authorizing_integration_owners": source["authorizing_integration_owners"],
        }
        if "message" in source:
            metadata["interacted_message_id"] = source["message"]["id"]
        if handle.original_id and handle.original_id in self.world.messages:
            metadata["original_response_message_id"] = handle.original_id
        fields: dict[str, Any] = {
            "webhook_id": self.world.app_id,
            "application_id": self.world.app_id,
            "interaction_metadata": metadata,
        }
        if source["type"] == 2:
            metadata["name"] = source["data"]["name"]
            fields["interaction"] = {"id": handle.id, "type": 2, "name": source["data"]["name"], "user": invoker}
        return fields

    def _handle_for_token(self, request: web.Request) -> InjectedInteraction | None:
        if request.match_info["application_id"] != self.world.app_id:
            return None
        token = request.match_info["token"]
        return next((h for h in self.standin.interactions.values() if h.token == token), None)

    async def callback(self, request: web.Request) -> web.Response:
        """The initial response: one per interaction, within the deadline, as Discord enforces."""
        handle = self.standin.interactions.get(request.match_info["interaction_id"])
        if handle is None or handle.token != request.match_info["token"]:
            return error(404, 10062, "Unknown interaction")
        deadline = self.standin.response_deadline
        if deadline is not None and time.monotonic() - handle.created > deadline:
            return error(404, 10062, "Unknown interaction")
        if handle.callbacks:
            return error(400, 40060, "Interaction has already been acknowledged.")
        body, files = request[BODY] or {}, request[FILES]
        kind, data = int(body.get("type", 0)), body.get("data") or {}
        if (refusal := over_limits(data)) is not None:
            return refusal
        source, channel_id = handle.payload, handle.payload["channel_id"]
        message: Payload | None = None
        if kind in (4, 5):
            flags = int(data.get("flags") or 0) & EPHEMERAL | (LOADING if kind == 5 else 0)
            extra = {**self._interaction_fields(handle), "flags": flags}
            message_type = 20 if source["type"] == 2 else 0
            message_body = data if kind == 4 else {}
            message = self.world.create_message(
                channel_id,
                self.world.bot_user,
                message_body,
                files if kind == 4 else [],
                message_type=message_type,
                extra=extra,
            )
            handle.original_id = message["id"]
        elif kind in (6, 7):
            if "message" not in source or source["message"]["id"] not in self.world.messages:
                return error(400, 50035, "Invalid Form Body: this interaction has no message to update")
            handle.original_id = source["message"]["id"]
            if kind == 7:
                message = self.world.edit_message(self.world.messages[handle.original_id], data, files)
        elif (kind, source["type"]) not in ((8, 4), (9, 2), (9, 3)):
            return error(400, 50035, f"Invalid Form Body: callback type {kind} for interaction type {source['type']}")
        sent = Sent("callback", channel_id, body, files, copy.deepcopy(message), interaction_id=handle.id)
        handle.callbacks.append(sent)
        self.world.record(sent)
        if message is not None:
            await self.standin.announce("MESSAGE_CREATE" if kind in (4, 5) else "MESSAGE_UPDATE", message)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        summary: Payload = {
            "id": handle.id,
            "type": source["type"],
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(message and message["flags"] & EPHEMERAL),
        }
        resource: Payload = {"type": kind}
        if message is not None:
            summary["response_message_id"] = message["id"]
            resource["message"] = message
        return json_response({"interaction": summary, "resource": resource})

    async def followup(self, request: web.Request) -> web.Response:
        """A follow-up; the first one after a deferral fills the loading message, as on Discord."""
        handle = self._handle_for_token(request)
        if handle is None or not handle.callbacks:
            return error(404, 10015, "Unknown Webhook")
        body, files = request[BODY] or {}, request[FILES]
        if (refusal := over_limits(body)) is not None:
            return refusal
        original = handle.original
        if original is not None and original["flags"] & LOADING:
            message = self.world.edit_message(original, {k: v for k, v in body.items() if k != "flags"}, files)
            event = "MESSAGE_UPDATE"
        else:
            extra = {**self._interaction_fields(handle), "flags": int(body.get("flags") or 0) & EPHEMERAL}
            message = self.world.create_message(
                handle.payload["channel_id"], self.world.bot_user, body, files, extra=extra
            )
            event = "MESSAGE_CREATE"
        handle.followup_ids.append(message["id"])
        self.world.record(
            Sent("followup", message["channel_id"], body, files, copy.deepcopy(message), interaction_id=handle.id)
        )
        await self.standin.announce(event, message)
        wait = request.query.get("wait", "false").lower() in ("1", "true")
        return json_response(message) if wait else no_content()

    def _webhook_message(self, request: web.Request, handle: InjectedInteraction) -> Payload | None:
        wanted = request.match_info["message_id"]
        message_id = handle.original_id if wanted == "@original" else wanted
        if message_id is None or message_id not in {handle.original_id, *handle.followup_ids}:
            return None
        return self.world.messages.get(message_id)

    async def webhook_message(self, request: web.Request) -> web.Response:
        """GET, PATCH or DELETE ``@original`` or a follow-up of an interaction."""
        handle = self._handle_for_token(request)
        if handle is None:
            return error(404, 10015, "Unknown Webhook")
        message = self._webhook_message(request, handle)
        if message is None:
            return error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return json_response(message)
        if request.method == "DELETE":
            self.world.delete_message(message)
            self.world.record(Sent("delete", message["channel_id"], {}, message=message, interaction_id=handle.id))
            await self.standin.announce("MESSAGE_DELETE", message)
            return no_content()
        body, files = request[BODY] or {}, request[FILES]
        if (refusal := over_limits(body)) is not None:
            return refusal
        self.world.edit_message(message, body, files)
        self.world.record(
            Sent("edit", message["channel_id"], body, files, copy.deepcopy(message), interaction_id=handle.id)
        )
        await self.standin.announce("MESSAGE_UPDATE", message)
        return json_response(message)
