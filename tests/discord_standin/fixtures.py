"""Pytest wiring: a started ``standin`` fixture with discord.py pointed at it.

Register for a suite with ``pytest_plugins = ["tests.discord_standin.fixtures"]`` in ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .bots import stop_all
from .server import StandIn

__all__ = ["standin"]


@pytest_asyncio.fixture
async def standin() -> AsyncIterator[StandIn]:
    """A running stand-in; bots still running at the end are closed first, then discord.py is restored.

    Fails the test if a handler crashed: the bot saw a 400, but the cause is here.
    """
    server = StandIn()
    await server.start()
    server.point_discord()
    try:
        yield server
    finally:
        await stop_all()
        await server.stop()
    assert not server.world.errors, f"the stand-in crashed: {server.world.errors}"
