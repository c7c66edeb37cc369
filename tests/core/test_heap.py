"""The heap keeper freezes what survived at most once a minute and collects everything once an hour."""

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
    keeper = HeapKeeper(freeze_every=60, collect_every=3600, clock=lambda: now[0])
    assert keeper.tidy() is None and calls == []
    now[0] = 59.9
    assert keeper.tidy() is None
    now[0] = 60.0
    assert keeper.tidy() == "freeze" and calls == ["freeze"]
    now[0] = 90.0
    assert keeper.tidy() is None
    now[0] = 3600.0
    assert keeper.tidy() == "collect" and calls == ["freeze", "unfreeze", "collect", "freeze"]
    now[0] = 3630.0
    assert keeper.tidy() is None, "a collection also counts as the minute's freeze"
