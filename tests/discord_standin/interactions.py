"""Build INTERACTION_CREATE payloads the way a Discord client would, and track what the bot answered.

Slash-command options are typed from the commands the bot synced, so a test names values and the stand-in
produces Discord's option types and ``resolved`` data; a command the bot never synced cannot be invoked.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

from . import payloads
from .payloads import Payload
from .records import PATIENCE, Sent, Upload
from .world import ChannelRef, UserRef, World

__all__ = ["InjectedInteraction", "command_data", "component_data", "find_component", "interaction", "modal_data"]

T = TypeVar("T")
SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


class InjectedInteraction:
    """One interaction a test injected: its payload, and the bot's callback and messages as they arrive."""

    def __init__(self, world: World, payload: Payload) -> None:
        self.world = world
        self.payload = payload
        self.created = time.monotonic()
        self.callbacks: list[Sent] = []
        self.original_id: str | None = None
        self.followup_ids: list[str] = []

    def __repr__(self) -> str:
        return f"<InjectedInteraction id={self.id} type={self.payload['type']} callbacks={len(self.callbacks)}>"

    @property
    def id(self) -> str:
        return str(self.payload["id"])

    @property
    def token(self) -> str:
        return str(self.payload["token"])

    @property
    def callback(self) -> Sent | None:
        """The initial response (``POST .../callback``); Discord accepts only one."""
        return self.callbacks[0] if self.callbacks else None

    @property
    def sent(self) -> list[Sent]:
        """Everything the bot did with this interaction's token: callback, follow-ups, edits, deletes."""
        return [s for s in self.world.sent if s.interaction_id == self.id]

    @property
    def original(self) -> Payload | None:
        """The ``@original`` message as it stands now (the reply, or the clicked message after type 6/7)."""
        return self.world.messages.get(self.original_id) if self.original_id else None

    @property
    def followups(self) -> list[Payload]:
        return [self.world.messages[mid] for mid in self.followup_ids if mid in self.world.messages]

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete suggestions (callback type 8)."""
        return list(self.callback.data.get("choices", [])) if self.callback else []

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (callback type 9)."""
        return self.callback.data if self.callback and self.callback.body.get("type") == 9 else None

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = PATIENCE, what: str = "") -> T:
        return await self.world.notifier.wait_for(predicate, timeout, what or f"a condition on {self!r}")

    async def response(self, timeout: float = PATIENCE) -> Sent:
        """The initial callback, once the bot sends it."""
        return await self.wait_for(lambda: self.callback, timeout, f"a callback to {self!r}")

    async def followup(self, index: int = 0, timeout: float = PATIENCE) -> Payload:
        """The ``index``-th follow-up message, once it exists."""
        found = await self.wait_for(lambda: self.followups[index:], timeout, f"follow-up #{index} of {self!r}")
        return found[0]


def interaction(
    world: World, kind: int, data: Payload, user_ref: UserRef, channel_ref: ChannelRef, message: Payload | None = None
) -> Payload:
    """A ``types.interactions.Interaction`` from ``user`` in ``channel`` (a guild channel or their DM)."""
    invoker = world.user(user_ref)
    channel = {**world.channel(channel_ref), "permissions": str(payloads.MEMBER_PERMISSIONS)}
    payload: Payload = {
        "id": world.ids(),
        "application_id": world.app_id,
        "type": kind,
        "data": data,
        "token": secrets.token_urlsafe(48),
        "version": 1,
        "channel_id": channel["id"],
        "channel": channel,
        "app_permissions": str(world.app_permissions),
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if channel["type"] == 1:
        payload.update(user=invoker, context=1, authorizing_integration_owners={"0": "0"})
    else:
        guild_id = channel.get("guild_id", world.guild_id)
        payload.update(
            guild_id=guild_id,
            guild={"id": guild_id, "locale": "en-US", "features": []},
            guild_locale="en-US",
            member=world.member(invoker["id"], with_permissions=True),
            context=0,
            authorizing_integration_owners={"0": guild_id},
        )
    if message is not None:
        payload["message"] = message
    return payload


def _find_synced(world: World, name: str) -> Payload:
    for scope in (world.guild_id, None):
        for command in world.commands.get(scope, []):
            if command["name"] == name and command.get("type", 1) == 1:
                return command
    synced = [c["name"] for cmds in world.commands.values() for c in cmds]
    raise LookupError(f"slash command {name!r} was not synced; synced: {synced}")


def command_data(world: World, path: str, values: dict[str, Any], *, focus: str | None = None) -> Payload:
    """``data`` for a chat-input command named by its path ("game unit move") with option values by name."""
    top, *subs = path.split()
    command = _find_synced(world, top)
    resolved: dict[str, dict[str, Any]] = {}
    level, chain = command, []
    for sub in subs:
        found = [o for o in level.get("options", []) if o["name"] == sub and o["type"] in (SUBCOMMAND, GROUP)]
        if not found:
            raise LookupError(f"{path!r}: no subcommand or group {sub!r}")
        level = found[0]
        chain.append(level)
    options = _options(world, level.get("options", []), values, resolved, focus=focus, path=path)
    for parent in reversed(chain):
        options = [{"type": parent["type"], "name": parent["name"], "options": options}]
    data: Payload = {"id": command["id"], "name": top, "type": 1, "options": options}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def _options(
    world: World,
    schema: list[Payload],
    values: dict[str, Any],
    resolved: dict[str, dict[str, Any]],
    *,
    focus: str | None,
    path: str,
) -> list[Payload]:
    by_name = {o["name"]: o for o in schema}
    unknown = set(values) - set(by_name)
    if unknown:
        raise KeyError(f"{path!r} has no options {sorted(unknown)}; it has {sorted(by_name)}")
    if focus is not None and focus not in values:
        raise KeyError(f"focused option {focus!r} needs a (partial) value")
    missing = [o["name"] for o in schema if o.get("required") and o["name"] not in values]
    if missing and focus is None:
        raise ValueError(f"{path!r}: Discord would not send it without required options {missing}")
    built = []
    for name, value in values.items():
        option = by_name[name]
        if name == focus:
            built.append({"type": option["type"], "name": name, "value": str(value), "focused": True})
            continue
        choices = [c["value"] for c in option.get("choices", [])]
        if choices and value not in choices:
            raise ValueError(f"{path!r}: {value!r} is not one of the choices {choices} of {name!r}")
        built.append({"type": option["type"], "name": name, "value": _resolve(world, option["type"], value, resolved)})
    return built


def _resolve(world: World, kind: int, value: Any, resolved: dict[str, dict[str, Any]]) -> Any:
    """An option's wire value, adding the objects Discord resolves for ids to ``resolved``."""
    if kind in (USER, MENTIONABLE):
        found = world.user(value)
        resolved.setdefault("users", {})[found["id"]] = found
        if found["id"] in world.members:
            member = world.member(found["id"], with_permissions=True)
            member.pop("user")
            resolved.setdefault("members", {})[found["id"]] = member
        return found["id"]
    if kind == CHANNEL:
        channel = world.channel(value)
        keep = ("id", "name", "type", "parent_id", "thread_metadata")
        entry = {k: channel[k] for k in keep if k in channel}
        resolved.setdefault("channels", {})[channel["id"]] = {**entry, "permissions": str(payloads.MEMBER_PERMISSIONS)}
        return channel["id"]
    if kind == ROLE:
        role = next((r for r in world.roles if str(value) in (r["id"], r["name"])), None)
        if role is None:
            raise KeyError(f"no role {value!r}")
        resolved.setdefault("roles", {})[role["id"]] = role
        return role["id"]
    if kind == ATTACHMENT:
        upload = value if isinstance(value, Upload) else Upload(*value)
        attachment_id = world.ids()
        world.files[attachment_id] = upload.data
        url = f"{world.base_url}/attachments/0/{attachment_id}/{upload.filename}"
        entry = payloads.attachment(
            attachment_id, upload.filename, upload.data, url, description=upload.description, ephemeral=True
        )
        resolved.setdefault("attachments", {})[attachment_id] = entry
        return attachment_id
    converters: dict[int, Callable[[Any], Any]] = {STRING: str, INTEGER: int, BOOLEAN: bool, NUMBER: float}
    return converters.get(kind, lambda v: v)(value)


def find_component(components: list[Payload], custom_id: str) -> Payload | None:
    """A component by ``custom_id``, searching rows, containers, sections and labels (Components v2)."""
    for component in components:
        if component.get("custom_id") == custom_id:
            return component
        nested = [*component.get("components", [])]
        nested += [component[k] for k in ("accessory", "component") if isinstance(component.get(k), dict)]
        found = find_component(nested, custom_id)
        if found is not None:
            return found
    return None


def component_data(message: Payload, custom_id: str, values: list[str] | None) -> Payload:
    """``data`` for a click on a button or a choice in a select that is really on ``message``."""
    component = find_component(message.get("components", []), custom_id)
    if component is None:
        raise LookupError(f"message {message['id']} has no component with custom_id {custom_id!r}")
    if component.get("disabled"):
        raise ValueError(f"component {custom_id!r} is disabled; Discord would not let a user use it")
    data: Payload = {"custom_id": custom_id, "component_type": component["type"]}
    if component["type"] != 2:
        allowed = {o["value"] for o in component.get("options", [])}
        chosen = list(values or [])
        if allowed and not set(chosen) <= allowed:
            raise ValueError(f"select {custom_id!r} offers {sorted(allowed)}, not {chosen}")
        data["values"] = chosen
    elif values is not None:
        raise ValueError("a button takes no values")
    return data


def modal_data(modal: Payload, values: dict[str, str | list[str]]) -> Payload:
    """``data`` for submitting ``modal`` (a type 9 callback's data), mirroring its rows and labels."""

    def answer(component: Payload) -> Payload:
        kind = component["type"]
        if kind == 1:
            return {"type": 1, "components": [answer(c) for c in component["components"]]}
        if kind == 18:
            return {"type": 18, "component": answer(component["component"])}
        custom_id = component.get("custom_id")
        if custom_id is None:
            return {"type": kind}
        value = values.get(custom_id, component.get("value", ""))
        if isinstance(value, list):
            return {"type": kind, "custom_id": custom_id, "values": value}
        return {"type": kind, "custom_id": custom_id, "value": value}

    known = set()
    stack = list(modal["components"])
    while stack:
        component = stack.pop()
        known.add(component.get("custom_id"))
        stack += component.get("components", []) + ([component["component"]] if "component" in component else [])
    unknown = set(values) - known
    if unknown:
        raise KeyError(f"modal {modal['custom_id']!r} has no fields {sorted(unknown)}")
    return {"custom_id": modal["custom_id"], "components": [answer(c) for c in modal["components"]]}
