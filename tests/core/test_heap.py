"""The heap keeper freezes what survived at once, then at most every 30 s, and collects everything hourly."""

from __future__ import annotations

import gc

import pytest

from bot.core.heap import HeapKeeper


def test_tidy_freezes_when_due_and_collects_hourly(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
    monkeypatch.setattr(gc, "collect", lambda: calls.append("collect") or 0)
    now = [0.0]
    keeper = HeapKeeper(freeze_every=30, collect_every=3600, clock=lambda: now[0])
    assert keeper.tidy() == "freeze" and calls == ["freeze"], "the first call freezes what start-up loaded"
    now[0] = 29.9
    assert keeper.tidy() is None
    now[0] = 30.0
    assert keeper.tidy() == "freeze" and calls == ["freeze", "freeze"]
    now[0] = 45.0
    assert keeper.tidy() is None
    now[0] = 3600.0
    assert keeper.tidy() == "collect" and calls == ["freeze", "freeze", "unfreeze", "collect", "freeze"]
    now[0] = 3620.0
    assert keeper.tidy() is None, "a collection also counts as a freeze"
