"""Pytest plugin: the garbage collector's passes kept few and short in a test process, as ``bot.core.heap`` keeps
them in the bot.

A test process holds every module, every collected test and every cache the tests fill (some 400,000 tracked
objects after the console and Underworlds tests), and CPython's default thresholds ran a collection every 700 new
container objects: 6.2 of those tests' 40.8 s of CPU went to collections, and one full pass took up to 0.3 s of
CPU, which under heavy load is long enough for an interaction to miss the stand-in's 3 s deadline. Here a young
collection waits for 50,000 new objects, and what collection loaded (modules, test items) is moved to the
permanent generation (``gc.freeze``), so a full pass walks only what the tests made since.

Nothing a test checks depends on when cycles are collected: objects are still freed by reference counting at once,
and a cycle waits for the next pass, as it always did (only the passes are rarer).
"""

from __future__ import annotations

import gc

import pytest

YOUNG = 50_000
"""New container objects between two young collections (CPython's default: 700); older generations keep theirs."""

gc.set_threshold(YOUNG, *gc.get_threshold()[1:])


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    gc.freeze()
