"""The header over every picture, read from the core's flow record (round, phase, whose turn, the decisions
pending, the outcome) and the game's scores, so any game's picture tells the state of the game without a line of
drawing code of its own.

A game says what its points are called (``SystemSpec.score_name``) and which counts matter (``System.counts``,
activations left); the rest is the core's. Nothing secret: a decision its viewer may not know of is left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.audience import Viewer
from engine.core.board import BoardView, HeaderMark, Overlay
from engine.core.state import CoreState
from engine.core.view import may_know_of

if TYPE_CHECKING:
    from engine.core.system import System

__all__ = ["board_with_header", "flow_header", "phase_name", "step_name"]


def phase_name(phase: str) -> str:
    """The system's phase as a player reads it: ``action-2`` > ``action phase``, ``setup`` > ``setup``."""
    name, _, number = phase.rpartition("-")
    words = (name if number.isdigit() and name else phase).replace("-", " ").replace("_", " ").strip()
    if not words or words in ("over", "setup") or words.endswith(("phase", "step")):
        return words
    return f"{words} phase"


def step_name(step: str, phase: str) -> str:
    """The step within the phase as a player reads it (``power`` > ``power step``); nothing when the system keeps no
    step or the step only repeats the phase (``end`` in the end phase, ``over``)."""
    words = step.replace("-", " ").replace("_", " ").strip()
    if not words or words == "over" or words in phase_name(phase).split():
        return ""
    return words if words.endswith(("step", "phase")) else f"{words} step"


def flow_header(system: System[Any], state: CoreState, viewer: Viewer) -> HeaderMark:
    """The header ``viewer`` may see: round, phase, step, the side to act, the sides owing a decision they may know
    of, the scores and the game's own counts; the result once it is over."""
    scores = system.scores(state)
    deciding = tuple(dict.fromkeys(d.owner for d in state.pending.values() if may_know_of(d, viewer)))
    return HeaderMark(
        round=state.round, phase=phase_name(state.phase), step=step_name(state.step, state.phase),
        acting=state.active_side, deciding=deciding,
        scores=tuple((side, scores.get(side, 0)) for side in state.sides), score_name=system.spec.score_name,
        counts=system.counts(state), result=state.outcome.result() if state.outcome is not None else "")


def board_with_header(system: System[Any], state: CoreState, viewer: Viewer,
                      overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
    """The game's picture of the table for ``viewer`` (``System.board``), with the header over it."""
    board = system.board(state, viewer, overlays)
    if board is None:
        return None
    return board.model_copy(update={"header": flow_header(system, state, viewer)})
