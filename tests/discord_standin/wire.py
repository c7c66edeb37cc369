"""The wire format: JSON answers discord.py accepts, request parsing, and the recording middleware."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import BodyPartReader, web
from aiohttp.typedefs import Middleware

from .records import Request, Upload
from .world import World

__all__ = ["API", "BODY", "FILES", "error", "json_response", "no_content", "record_requests"]

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
BODY: web.RequestKey[Any] = web.RequestKey("body", object)
FILES: web.RequestKey[list[Upload]] = web.RequestKey("files", list)
UNAUTHENTICATED = (f"{API}/webhooks/", f"{API}/interactions/", "/attachments/", "/gateway")


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON typed exactly ``application/json``: discord.py treats anything else as text.

    ``body=`` bytes, not ``text=``: aiohttp appends ``; charset=utf-8`` to ``text=`` responses.
    """
    return web.Response(body=json.dumps(data).encode(), status=status, content_type="application/json")


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status)


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body, or ``payload_json`` plus ``files[n]`` parts of a multipart body."""
    if request.content_type == "multipart/form-data":
        body: Any = {}
        files: dict[int, Upload] = {}
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif part.name and part.name.startswith("files["):
                index = int(part.name[len("files[") : -1])
                files[index] = Upload(part.filename or f"file{index}", bytes(await part.read()))
        return body, [files[i] for i in sorted(files)]
    if request.can_read_body:
        text = await request.text()
        return (json.loads(text) if text else None), []
    return None, []


def record_requests(world: World) -> Middleware:
    """Middleware: parse and record each request (``World.requests``), require the bot token where Discord does,
    and turn handler crashes into a 400 (a 5xx would make discord.py retry for seconds)."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        info = request.match_info.route.resource
        template = info.canonical if info is not None else None
        body, files = await read_body(request) if request.path != "/gateway" else (None, [])
        known = template is not None and not template.startswith("/{tail")
        entry = Request(request.method, request.path, dict(request.query), template if known else None, body, files)
        world.requests.append(entry)
        request[BODY], request[FILES] = body, files
        expected = f"Bot {world.token}"
        if not request.path.startswith(UNAUTHENTICATED) and request.headers.get("Authorization") != expected:
            response: web.StreamResponse = error(401, 0, "401: Unauthorized")
        else:
            try:
                response = await handler(request)
            except Exception as exc:
                world.errors.append(f"{request.method} {request.path}: {exc!r}")
                response = error(400, 0, f"stand-in crashed: {exc!r}")
        entry.status = response.status
        if not response.prepared:  # deliver before waking tests, so the bot has the answer when they act
            await response.prepare(request)
            await response.write_eof()
        world.notifier.changed()
        return response

    return middleware
