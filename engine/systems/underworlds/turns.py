"""Turn order: clockwise from a player (the seating order of the sides), anticlockwise in round 2 of a game of
three or four (L805-L807, L825-L835); who reacts first; who activates next.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import SideId
from engine.systems.underworlds.game_state import UnderworldsState
from engine.systems.underworlds.rules import Rules

__all__ = ["ACTIVATIONS", "activator", "anticlockwise", "end_turn", "next_activator", "reaction_order", "rotation"]

ACTIVATIONS = 4
"""Each player's activations in an action phase (L393)."""


def rotation(sides: Sequence[SideId], first: SideId, *, reverse: bool = False) -> list[SideId]:
    """Every side once, starting with ``first`` and going clockwise (or anticlockwise)."""
    start = list(sides).index(first)
    clockwise = [*sides[start:], *sides[:start]]
    return [clockwise[0], *reversed(clockwise[1:])] if reverse else clockwise


def anticlockwise(state: UnderworldsState, rules: Rules, *, activations: bool = False) -> bool:
    """Whether play goes anticlockwise now: round 2 with three or four players; for anything but the order of
    activations only under the ruling ``multiplayer-round-two-direction: everything``."""
    if state.round != 2 or len(state.sides) < 3:
        return False
    return activations or rules.multiplayer_round_two_direction == "everything"


def activator(state: UnderworldsState, number: int) -> SideId | None:
    """The side that takes the ``number``-th activation of the phase (0-based), in the phase's order."""
    order = state.order
    if not order or number >= ACTIVATIONS * len(order):
        return None
    return order[number % len(order)]


def next_activator(state: UnderworldsState) -> SideId:
    """The side whose activation comes next; after the last activation, the one who would take a fifth (L631)."""
    order = state.order or list(state.in_play)
    return order[state.activation % len(order)]


def reaction_order(state: UnderworldsState, rules: Rules, eligible: Sequence[SideId]) -> list[SideId]:
    """Who may react, in precedence: the next activator first, then clockwise (anticlockwise in round 2 of a
    multiplayer game under the ruling), keeping only ``eligible`` sides still playing (L631, L633, L831)."""
    first = next_activator(state) if state.step in ("activation", "power") else (state.active_side or state.sides[0])
    order = rotation(state.sides, first, reverse=anticlockwise(state, rules))
    return [side for side in order if side in eligible and side in state.in_play]


def end_turn(state: UnderworldsState, side: SideId, doing: str) -> bool:
    """Whether ``side`` may do ``doing`` (score, discard-objectives, upgrades, discard-power) in the end phase now:
    on its turn, before round 3's scoring-only end phase for all but scoring (L703, L711), and in that part of the
    end phase when players take it part by part (ruling ``end-phase-order``)."""
    if state.step != "end" or state.active_side != side or (state.round >= 3 and doing != "score"):
        return False
    return state.end_stage in ("", doing)
