"""A real GameMaster client logged in to the stand-in Discord, with storage in a temporary SQLite file."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

import pytest_asyncio

from bot.core.service import SystemFactory, TableService
from bot.core.sqlite_store import SqliteRepository
from bot.core.systems import SYSTEM_FACTORIES
from bot.discord.client import GameMaster
from tests.discord_standin import StandIn, start_bot, stop_bot


class Table:
    """The bot under test, its storage and the stand-in, with helpers that read like a player's actions."""

    def __init__(self, standin: StandIn, db: Path) -> None:
        self.standin, self.db = standin, db
        self.client: GameMaster | None = None
        self.repository: SqliteRepository | None = None
        self.clock: Callable[[], float] = time.time
        self.tick_seconds = 5.0
        self.status_every: float | None = None  # most tests count channel messages; the status has its own
        self.systems: Mapping[str, SystemFactory] = SYSTEM_FACTORIES
        self.service_options: dict[str, Any] = {}  # more TableService options (seed_source, pass_delay)
        self.client_options: dict[str, Any] = {}  # more GameMaster options (sleep)

    async def start(self) -> GameMaster:
        self.repository = await SqliteRepository.open(self.db, clock=self.clock)
        service = TableService(self.repository, self.systems, clock=self.clock, **self.service_options)
        self.client = GameMaster(service, pool=None, hash_file=self.db.with_suffix(".hash"),
                                 tick_seconds=self.tick_seconds, status_every=self.status_every, clock=self.clock,
                                 guild_ready_timeout=0.2, **self.client_options)
        await start_bot(self.client)
        return self.client

    async def stop(self) -> None:
        if self.client is not None:
            await stop_bot(self.client)
        if self.repository is not None:
            await self.repository.close()
        self.client = self.repository = None

    def user_id(self, name: str) -> str:
        return str(self.standin.world.user(name)["id"])

    def texts(self, channel: str = "battle") -> list[str]:
        return [m["content"] for m in self.standin.messages_in(channel)]

    async def do(self, path: str, options: dict[str, object] | None = None, *, user: str = "alice",
                 channel: str = "battle") -> list[str]:
        """Run a slash command and wait for its whole answer; returns the ephemeral texts the user saw."""
        handle = await self.standin.slash(path, options, user=user, channel=channel)
        await handle.response()
        await handle.wait_for(lambda: any(s.kind in ("followup", "delete") for s in handle.sent) or None,
                              what=f"/{path} to finish")
        return [s.body.get("content", "") for s in handle.sent if s.kind == "followup"]

    async def pick(self, menu: dict[str, Any], label_start: str, *, user: str = "alice") -> dict[str, Any]:
        """Choose the option starting with ``label_start`` in a menu's select; returns the private answer (a
        further menu, a preview), or an empty message when the pick was carried out with nothing private to say."""
        rows = menu.get("components") or []
        assert isinstance(rows, list)
        (select,) = [c for row in rows for c in row["components"] if c["type"] == 3]
        value = next(o["value"] for o in select["options"] if o["label"].startswith(label_start))
        handle = await self.standin.click(menu, select["custom_id"], user=user, values=[value])
        await handle.response()
        await handle.wait_for(lambda: any(s.kind in ("followup", "delete") for s in handle.sent) or None,
                              what=f"the pick of {label_start!r} to finish")
        followups = handle.followups
        return followups[0] if followups else {}


    async def move(self, model: str, to: str, *, user: str = "alice", channel: str = "battle",
                   **options: object) -> list[str]:
        """``/move``, which shows a private preview, then Confirm; returns what the player saw privately
        (the refusal when there was nothing to confirm)."""
        handle = await self.standin.slash("move", {"model": model, "to": to, **options}, user=user, channel=channel)
        await handle.response()
        preview = await handle.followup()
        buttons = {c["label"]: c["custom_id"] for row in preview.get("components") or [] for c in row["components"]}
        if "Confirm" not in buttons:
            return [preview["content"]]
        click = await self.standin.click(preview, buttons["Confirm"], user=user)
        await click.response()
        await click.wait_for(lambda: any(s.kind in ("followup", "delete") for s in click.sent) or None,
                             what="the confirmed move to finish")
        return [s.body.get("content", "") for s in click.sent if s.kind == "followup"]


@pytest_asyncio.fixture
async def table(standin: StandIn, tmp_path: Path) -> AsyncIterator[Table]:
    bot_table = Table(standin, tmp_path / "games.sqlite3")
    await bot_table.start()
    try:
        yield bot_table
    finally:
        await bot_table.stop()
