"""Board pictures render in the client's executor: the deferral goes out first and the event loop never waits.

The renderer (``bot.core.pictures.render_picture`` as ``bot.discord.delivery`` uses it) is replaced by one that
holds until the test opens a gate. No sleeps: if the bot rendered before deferring, or on the loop thread, the
gate would never open in time and the test fails.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path

import pytest
import pytest_asyncio

from bot.core.outputs import Picture
from bot.core.pictures import render_picture
from bot.core.service import TableService
from bot.core.sqlite_store import SqliteRepository
from bot.core.systems import SYSTEM_FACTORIES
from bot.discord import delivery
from bot.discord.client import GameMaster
from tests.discord.conftest import Table
from tests.discord_standin import StandIn, start_bot

GATE_TIMEOUT = 5.0  # seconds; only reached when the test is failing


class HeldRenderer:
    """A renderer that records its thread and, once ``hold()`` was called, waits for ``release()`` to draw."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.gate.set()
        self.started = threading.Event()
        self.finished = threading.Event()
        self.threads: list[int] = []
        self.released: list[bool] = []

    def __call__(self, picture: Picture) -> bytes:
        self.threads.append(threading.get_ident())
        self.started.set()
        self.released.append(self.gate.wait(GATE_TIMEOUT))
        png = render_picture(picture)
        self.finished.set()
        return png

    def hold(self) -> None:
        """From now on renders wait at the gate; what was recorded so far is forgotten."""
        self.gate.clear()
        self.started.clear()
        self.finished.clear()
        self.threads.clear()
        self.released.clear()

    def release(self) -> None:
        self.gate.set()

    async def wait_started(self) -> None:
        """Until a render has begun (waited for in a thread, so the loop stays free)."""
        assert await asyncio.to_thread(self.started.wait, GATE_TIMEOUT), "no render started"


class PooledTable(Table):
    """The conftest ``Table`` with an executor for pictures given to the client (``None``: the loop's default)."""

    def __init__(self, standin: StandIn, db: Path, pool: Executor | None) -> None:
        super().__init__(standin, db)
        self.pool = pool

    async def start(self) -> GameMaster:
        self.repository = await SqliteRepository.open(self.db)
        self.client = GameMaster(TableService(self.repository, SYSTEM_FACTORIES), pool=self.pool,
                                 hash_file=self.db.with_suffix(".hash"), guild_ready_timeout=0.2)
        await start_bot(self.client)
        return self.client


@pytest.fixture
def renderer(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldRenderer]:
    held = HeldRenderer()
    monkeypatch.setattr(delivery, "render_picture", held)
    yield held
    held.release()  # never leave a worker thread parked on the gate


@pytest_asyncio.fixture(params=["thread pool", "default executor"])
async def pooled(request: pytest.FixtureRequest, standin: StandIn, tmp_path: Path) -> AsyncIterator[PooledTable]:
    pool = ThreadPoolExecutor(2, thread_name_prefix="render") if request.param == "thread pool" else None
    table = PooledTable(standin, tmp_path / "games.sqlite3", pool)
    await table.start()
    try:
        yield table
    finally:
        await table.stop()
        if pool is not None:
            pool.shutdown(wait=True)


async def _ready_to_move(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "map": "crossroads", "thread": False})
    await table.do("force load", {"name": "Red Company", "side": "A"})
    await table.do("game join", {"side": "B"}, user="bob")


async def test_the_deferral_goes_out_before_a_slow_render_ends(pooled: PooledTable, renderer: HeldRenderer) -> None:
    await _ready_to_move(pooled)
    renderer.hold()
    count = len(pooled.texts())
    handle = await pooled.standin.slash("board", {"zoom": "A1"}, channel="battle")
    deferral = await handle.response()
    assert deferral.body["type"] == 5 and deferral.ephemeral
    await renderer.wait_started()
    assert not renderer.finished.is_set(), "the picture was done before the deferral was seen: the render held the loop"

    others = await pooled.do("roll", {"dice": "1d6", "for": "meanwhile"}, user="bob")
    assert others == [] and "rolls for meanwhile" in pooled.texts()[-1], "the loop serves others during a render"

    renderer.release()
    moved = await pooled.standin.wait_for_message("battle", lambda m: m["content"].startswith("The table at"))
    assert renderer.released == [True] and renderer.finished.is_set()
    (attachment,) = moved["attachments"]
    assert pooled.standin.attachment_bytes(attachment).startswith(b"\x89PNG")
    assert len(pooled.texts()) == count + 2


async def test_rendering_never_runs_on_the_event_loop_thread(pooled: PooledTable, renderer: HeldRenderer) -> None:
    await _ready_to_move(pooled)
    assert renderer.threads, "loading a force drew the board"
    renderer.threads.clear()
    loop_thread = threading.get_ident()
    await pooled.move("A1", "18,10")
    await pooled.do("board", {"zoom": "A1"}, user="bob")
    assert len(renderer.threads) == 3, "the move's preview, the move and the board each drew a picture"
    assert loop_thread not in renderer.threads
    pictures = [m for m in pooled.standin.messages_in("battle") if m["attachments"]][-2:]
    assert all(pooled.standin.attachment_bytes(m["attachments"][0]).startswith(b"\x89PNG") for m in pictures)
