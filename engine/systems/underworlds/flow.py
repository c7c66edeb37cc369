"""Carrying the resolution on: the stack of frames (attacks, card effects, the ends of actions, activations and
ploys) is taken from the top, one stage at a time, until a player must answer (a decision or a reaction window)
or nothing is left to resolve. Every handler of the game calls ``advance`` after it has acted.
"""

from __future__ import annotations

from engine.systems.underworlds import activations, combat, effects, power
from engine.systems.underworlds.game_state import (
    AttackFrame,
    CheckpointFrame,
    EffectsFrame,
    EndActivationFrame,
    PloyEndFrame,
)
from engine.systems.underworlds.harm import check_inspire
from engine.systems.underworlds.objectives import checkpoint
from engine.systems.underworlds.referee import Referee

__all__ = ["MAX_STAGES", "advance"]

MAX_STAGES = 10_000
"""A bound on stages resolved in one command; reaching it is a bug in a card's data or the rules, not play."""


def advance(ref: Referee) -> None:
    """Resolve frames until a player must act (see the module docstring)."""
    for _ in range(MAX_STAGES):
        state = ref.state
        if state.pending or state.windows or state.outcome is not None or not state.frames:
            return
        frame = state.frames[-1]
        if isinstance(frame, AttackFrame):
            combat.step(ref, frame)
        elif isinstance(frame, EffectsFrame):
            effects.step(ref, frame)
        elif isinstance(frame, EndActivationFrame):
            activations.end_activation(ref, frame)
        elif isinstance(frame, PloyEndFrame):
            power.ploy_end(ref, frame)
        elif isinstance(frame, CheckpointFrame):
            ref.pop(frame.id)
            check_inspire(ref)
            checkpoint(ref)
    raise RuntimeError(f"the resolution did not settle after {MAX_STAGES} stages")
