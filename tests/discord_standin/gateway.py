"""The gateway websocket: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, and event dispatch.

Frames are plain JSON text (discord.py only decompresses binary frames). A session the stand-in dropped can
RESUME and gets the dispatches it missed; any other RESUME is refused with op 9, so the client re-IDENTIFYs and
rebuilds its cache from the stand-in's current state.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import deque
from typing import Any

from aiohttp import WSMsgType, web

from .payloads import Payload
from .sharding import INVALID_SHARD, serves
from .world import World

__all__ = ["Gateway", "GatewaySession", "Intent"]

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
AUTHENTICATION_FAILED = 4004
BACKLOG = 1000


class Intent:
    """Gateway intent bits the stand-in filters dispatches by."""

    GUILDS = 1 << 0
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15


class GatewaySession:
    """One client session; it outlives a dropped socket so the client can RESUME and get what it missed."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws: web.WebSocketResponse | None = ws
        self.sequence = 0
        self.intents = 0
        self.shard: tuple[int, int] | None = None  # (id, count) from IDENTIFY; None: unsharded, gets everything
        self.ready = False
        self.resumable = False
        self.session_id = secrets.token_hex(16)
        self.backlog: deque[tuple[int, str]] = deque(maxlen=BACKLOG)
        self._lock = asyncio.Lock()  # keeps sequence numbers in the order frames hit the socket

    @property
    def live(self) -> bool:
        return self.ws is not None and not self.ws.closed

    async def send(self, op: int, data: Any, event: str | None = None) -> None:
        async with self._lock:
            sequence = None
            if op == DISPATCH:
                self.sequence += 1
                sequence = self.sequence
            frame = json.dumps({"op": op, "d": data, "s": sequence, "t": event})
            if sequence is not None:
                self.backlog.append((sequence, frame))
            if self.live:
                await self.ws.send_str(frame)  # type: ignore[union-attr]

    async def resume(self, ws: web.WebSocketResponse, after: int) -> None:
        """Attach a new socket, replay the dispatches after ``after``, then RESUMED."""
        self.ws, self.resumable = ws, False
        async with self._lock:
            for sequence, frame in list(self.backlog):
                if sequence > after:
                    await ws.send_str(frame)
        await self.send(DISPATCH, {}, "RESUMED")


class Gateway:
    """Accepts client sockets on ``/gateway`` and fans dispatches out to the identified sessions."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.url = ""  # ws://127.0.0.1:PORT/gateway, set by the server
        self.sessions: list[GatewaySession] = []
        self.identifies: list[Payload] = []
        self.resumes: list[str] = []

    @property
    def ready_sessions(self) -> list[GatewaySession]:
        """Identified sessions with an open socket."""
        return [s for s in self.sessions if s.ready and s.live]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        session = GatewaySession(ws)
        self.sessions.append(session)
        try:
            await session.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
            async for frame in ws:
                if frame.type is WSMsgType.TEXT:
                    session = await self._receive(session, json.loads(frame.data))
        finally:
            if session.ws is ws:  # not taken over by a RESUME on a newer socket
                if session.resumable:
                    session.ws = None
                else:
                    self.sessions.remove(session)
            self.world.notifier.changed()
        return ws

    async def _receive(self, session: GatewaySession, frame: Payload) -> GatewaySession:
        """Handle one client frame; returns the session the socket belongs to from now on."""
        op, data = frame.get("op"), frame.get("d") or {}
        if op == HEARTBEAT:
            await session.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(session, data)
        elif op == RESUME:
            return await self._resume(session, data)
        elif op == REQUEST_MEMBERS:
            await self._send_members(session, data)
        return session

    async def _resume(self, fresh: GatewaySession, data: Payload) -> GatewaySession:
        self.resumes.append(str(data.get("session_id")))
        detached = [s for s in self.sessions if s.resumable and not s.live and s.session_id == data.get("session_id")]
        if not detached or data.get("token") != self.world.token:
            await fresh.send(INVALID_SESSION, False)
            return fresh
        self.sessions.remove(fresh)
        assert fresh.ws is not None
        await detached[0].resume(fresh.ws, int(data.get("seq") or 0))
        self.world.notifier.changed()
        return detached[0]

    async def _identify(self, session: GatewaySession, data: Payload) -> None:
        self.identifies.append({k: v for k, v in data.items() if k != "token"})
        if data.get("token") != self.world.token:
            await session.ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")  # type: ignore[union-attr]
            return
        session.intents = int(data.get("intents", 0))
        world = self.world
        if "shard" in data:
            shard_id, count = (int(n) for n in data["shard"])
            if not 0 <= shard_id < count:
                await session.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")  # type: ignore[union-attr]
                return
            session.shard = (shard_id, count)
        guilds = [g for g in world.guild_names if serves(session.shard, g)]
        ready = {
            "v": 10,
            "user": {**world.bot_user, "verified": True, "mfa_enabled": False},
            "guilds": [{"id": guild_id, "unavailable": True} for guild_id in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "application": {"id": world.app_id, "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        await session.send(DISPATCH, ready, "READY")
        for guild_id in guilds:
            await session.send(DISPATCH, world.guild_payload(guild_id), "GUILD_CREATE")
        session.ready = True
        world.notifier.changed()

    async def _send_members(self, session: GatewaySession, data: Payload) -> None:
        members = list(self.world.members.values())
        if data.get("user_ids"):
            wanted = {str(u) for u in data["user_ids"]}
            members = [m for m in members if m["user"]["id"] in wanted]
        elif data.get("query"):
            members = [m for m in members if m["user"]["username"].startswith(data["query"])]
        chunk = {"guild_id": data["guild_id"], "members": members, "chunk_index": 0, "chunk_count": 1}
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.send(DISPATCH, chunk, "GUILD_MEMBERS_CHUNK")

    async def dispatch(self, event: str, data: Payload, *, intent: int | None = None) -> int:
        """Send to every session that asked for ``intent`` and serves the event's guild (DMs: shard 0); dropped ones
        keep it for RESUME. Returns how many."""
        guild_id = data.get("guild_id")
        sessions = [s for s in self.sessions if s.ready and (s.live or s.resumable) and serves(s.shard, guild_id)]
        targets = [s for s in sessions if intent is None or s.intents & intent]
        for session in targets:
            await session.send(DISPATCH, data, event)
        return len(targets)

    async def drop(self, code: int = 4000, *, resumable: bool = True) -> None:
        """Close every socket from the server side; with 4000 discord.py reconnects and RESUMEs.

        With ``resumable=False`` the RESUME is refused (op 9) and the client re-IDENTIFYs, which discord.py
        delays by 5 s (``Client.before_identify_hook``).
        """
        for session in [s for s in self.sessions if s.live]:
            session.resumable = resumable and session.ready
            await session.ws.close(code=code, message=b"dropped by the stand-in")  # type: ignore[union-attr]
