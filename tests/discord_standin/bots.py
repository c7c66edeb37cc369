"""Run a discord.py client against the stand-in and stop it again, without sleeps."""

from __future__ import annotations

import asyncio
import contextlib

import discord

__all__ = ["start_bot", "stop_all", "stop_bot"]

_running: dict[discord.Client, asyncio.Task[None]] = {}


async def start_bot(client: discord.Client, token: str = "test-token", timeout: float = 10.0) -> asyncio.Task[None]:
    """``client.start(token)`` split in two so a bad login raises here; returns once the client is ready.

    Build clients with ``guild_ready_timeout=0.2``: discord.py otherwise waits 2 s after the last GUILD_CREATE.
    """
    await client.login(token)
    task = asyncio.create_task(client.connect(reconnect=True), name=f"bot {client!r}")
    _running[client] = task
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if ready in done:
        return task
    ready.cancel()
    if task.done():
        _running.pop(client, None)
        await client.close()
        task.result()  # re-raises why the connection ended
        raise RuntimeError(f"{client!r} disconnected before it was ready")
    await stop_bot(client)
    raise TimeoutError(f"{client!r} was not ready within {timeout}s")


async def stop_bot(client: discord.Client, timeout: float = 5.0) -> None:
    """Close the client (its gateway socket closes with 1000) and wait for its connect task to end."""
    await client.close()
    task = _running.pop(client, None)
    if task is not None:
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout)


async def stop_all() -> None:
    """Close every client ``start_bot`` started that is still running (fixture teardown)."""
    for client in list(_running):
        await stop_bot(client)
