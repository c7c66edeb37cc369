"""What a table may take home: the public log as JSON, and the public boards of a replay.

Both read the game through the public door only. The JSON keeps every record everyone could read
and, for a record meant for some sides (a hand card, a secret die), only that it happened and for
whom; the seed appears once the game has revealed it. The replay folds the log once and takes the
spectator's board, so a frame never shows more than the table saw.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.core import (
    SPECTATOR,
    BoardView,
    EventBody,
    Game,
    HeaderMark,
    SideId,
    UndoApplied,
    flow_header,
    replay,
)

__all__ = ["EXPORT_FORMAT", "FALLBACK_FRAMES", "BoardStep", "board_history", "export_json", "public_records",
           "replay_frames"]

EXPORT_FORMAT = "skirmish-gm/public-log"
EXPORT_VERSION = 1

FALLBACK_FRAMES = 30
"""Frames aimed at when a system has no rounds to cut the replay by (one frame every N events)."""


def public_records(game: Game[Any]) -> list[dict[str, Any]]:
    """Every record of the log in order: whole when everyone saw it, else a stub naming its audience.

    The stub keeps the sequence numbers continuous, so a reader sees that something secret happened
    (and for which sides) without learning what.
    """
    records: list[dict[str, Any]] = []
    for event in game.log:
        if event.audience.is_public:
            records.append({**event.to_record(), "text": event.body.full()})
        else:
            records.append({"seq": event.seq, "kind": "secret",
                            "audience": event.audience.model_dump(mode="json")})
    return records


def export_json(game: Game[Any]) -> bytes:
    """The public log as UTF-8 JSON, for ``/game export``; the seed only once the game revealed it."""
    view = game.view(SPECTATOR)
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "system": {"name": game.system.spec.name, "title": game.system.spec.title},
        "setup": game.setup.model_dump(mode="json"),
        "seed_commitment": view.seed_commitment,
        "seed": view.revealed_seed,
        "ended": view.outcome is not None,
        "outcome": view.outcome.model_dump(mode="json") if view.outcome else None,
        "rounds": view.round,
        "seq": game.seq,
        "events": public_records(game),
    }
    return json.dumps(document, indent=1, ensure_ascii=False).encode("utf-8")


@dataclass(frozen=True, slots=True)
class BoardStep:
    """The public board after one event still in effect, with the round and turn it belonged to."""

    seq: int
    round: int
    active_side: SideId | None
    board: BoardView | None
    header: HeaderMark | None = None
    """The state of the game then, for the frame's header (kept apart, so an unchanged board stays shared)."""


def board_history(game: Game[Any]) -> list[BoardStep]:
    """Fold the log once and take the spectator's board after each event still in effect.

    ``engine.core.replay`` does the folding; an undo drops the steps it took back, so a replay never
    shows a move the table agreed to take back. An unchanged board is shared, not rebuilt, to keep a
    long game's history small.
    """
    steps: list[BoardStep] = []
    for event, state in replay(game.system, game.setup, game.log):
        if isinstance(event.body, UndoApplied):
            steps = [step for step in steps if step.seq <= event.body.to_seq]
        elif steps and steps[-1].seq == event.seq - 1 and _changes_nothing(event.body):
            steps.append(replace(steps[-1], seq=event.seq))  # a roll, a bot's reasons: the same board and header
            continue
        board = game.system.board(state, SPECTATOR, ())
        if steps and board == steps[-1].board:
            board = steps[-1].board
        steps.append(BoardStep(event.seq, state.round, state.active_side, board,
                               flow_header(game.system, state, SPECTATOR)))
    return steps


def _changes_nothing(body: EventBody) -> bool:
    """Whether an event's body leaves the state as it was (it keeps the bodies' do-nothing ``apply``)."""
    return type(body).apply is EventBody.apply


def replay_frames(game: Game[Any], every: str = "round") -> list[BoardView]:
    """The public boards to animate, titled with the event they follow.

    ``every`` is ``round`` (each new round, and the end), ``turn`` (each change of round or of the side
    to play), ``event`` (each change on the board) or a number N (every N events). A system that never
    counts rounds falls back to one frame every N events, about ``FALLBACK_FRAMES`` in all. Boardless
    games give no frames.

    :raises ValueError: if ``every`` is none of these.
    """
    steps = [step for step in board_history(game) if step.board is not None]
    if not steps:
        return []
    if every == "round" and all(step.round == 0 for step in steps):
        every = str(max(1, math.ceil(len(steps) / FALLBACK_FRAMES)))
    keep = _selector(every)
    chosen = [step for i, step in enumerate(steps) if i > 0 and keep(i, steps[i - 1], step)]
    if not chosen or chosen[-1] is not steps[-1]:
        chosen.append(steps[-1])
    ended = game.is_over()
    frames: list[BoardView] = []
    previous: BoardView | None = None
    for step in chosen:
        assert step.board is not None
        if step.board is previous:
            continue  # nothing moved since the last frame: the GIF would only repeat it
        previous = step.board
        last = step is steps[-1]
        suffix = "end of the game" if last and ended else f"event #{step.seq}"
        frames.append(step.board.model_copy(update={"title": f"{step.board.title}, {suffix}", "header": step.header}))
    return frames


def _selector(every: str) -> Callable[[int, BoardStep, BoardStep], bool]:
    """Whether step ``i`` (after ``before``) starts a new frame, for each way of cutting the replay."""
    if every == "round":
        return lambda _i, before, step: step.round != before.round
    if every == "turn":
        return lambda _i, before, step: (step.round, step.active_side) != (before.round, before.active_side)
    if every == "event":
        return lambda _i, before, step: step.board is not before.board
    if every.isdigit() and int(every) > 0:
        n = int(every)
        return lambda i, _before, _step: i % n == 0
    raise ValueError(f"every:{every} is not a way to cut the replay; use round, turn, event or a number of events")
