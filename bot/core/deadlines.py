"""Arming deadlines: each decision a command opens gets a time limit by the table's pace, and a reminder
at half time; a closed decision's deadline is disarmed; the host's extensions move it.

Deadlines are absolute epoch seconds committed with the events, so a restart finds them where they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.core.pace import Pace, pace_of
from bot.core.storage import GameRepository
from engine.core import DecisionExtended, Event, Game

__all__ = ["REMINDER", "arm", "game_pace"]

REMINDER = "remind:"
"""Deadline rows for half-time reminders are named after their decision with this prefix."""


def game_pace(game: Game[Any]) -> Pace:
    """The table's pace: as created, unless the host changed it since."""
    return pace_of({**game.setup.options, **game.state.settings})


async def arm(repository: GameRepository, game_id: str, game: Game[Any], pending_before: set[str],
              events: Sequence[Event], now: float) -> dict[str, float | None]:
    """The deadline changes one command makes: arm each decision it opened, disarm the closed ones, move
    the ones the host extended."""
    pace = game_pace(game)
    changes: dict[str, float | None] = {d: None for d in pending_before if d not in game.state.pending}
    changes.update({REMINDER + d: None for d in list(changes)})
    for decision_id, decision in game.state.pending.items():
        if decision_id not in pending_before:
            timeout = pace.timeout(decision.kind)
            changes[decision_id] = round(now + timeout, 3)
            changes[REMINDER + decision_id] = round(now + timeout / 2, 3)
    extended = [e.body for e in events if isinstance(e.body, DecisionExtended)]
    if extended:
        armed = {d.decision_id: d.due_at for d in await repository.deadlines() if d.game_id == game_id}
        for body in extended:
            due = armed.get(body.decision_id, now)
            changes[body.decision_id] = armed[body.decision_id] = round(max(due, now) + body.minutes * 60, 3)
    return changes
