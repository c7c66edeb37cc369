"""Carrying the resolution on: the stack of frames (attacks, card effects, the ends of actions, activations and
ploys) is taken from the top, one stage at a time, until a player must answer (a decision or a reaction window)
or nothing is left to resolve. Every handler of the game calls ``advance`` after it has acted. In matched play's
sudden death the match ends as soon as a warband is wiped out, between two stages.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import SideId, side_only
from engine.systems.underworlds import activations, afterwards, combat, effects, endphase, opening, power, token_setup
from engine.systems.underworlds.events import Note, PlacementsQueued, TakenOut, TurnPassed
from engine.systems.underworlds.game_state import (
    AttackFrame,
    CheckpointFrame,
    EffectsFrame,
    EndActivationFrame,
    PloyEndFrame,
    TakeOutRecord,
)
from engine.systems.underworlds.harm import check_inspire
from engine.systems.underworlds.match import sudden_death_decided
from engine.systems.underworlds.objectives import checkpoint
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.suggestions import suggested_fighters, suggested_hex

__all__ = ["MAX_STAGES", "advance", "concede"]

MAX_STAGES = 10_000
"""A bound on stages resolved in one command; reaching it is a bug in a card's data or the rules, not play."""


def advance(ref: Referee) -> None:
    """Resolve frames until a player must act (see the module docstring); a side that conceded while the others
    play on has its turns passed for it."""
    for _ in range(MAX_STAGES):
        state = ref.state
        if state.pending or state.windows or state.outcome is not None or state.step == "over":
            return
        if sudden_death_decided(ref):
            return
        if not state.frames:
            if state.active_side in state.conceded and state.step in _SKIPPED:
                _SKIPPED[state.step](ref, state.active_side)
                continue
            if state.step in ("tokens", "fighters") and state.active_side in state.queued:
                place_queued(ref, state.active_side)
                continue
            return
        frame = state.frames[-1]
        if isinstance(frame, AttackFrame):
            combat.step(ref, frame)
        elif isinstance(frame, EffectsFrame):
            effects.step(ref, frame)
        elif isinstance(frame, EndActivationFrame):
            afterwards.end_activation(ref, frame)
        elif isinstance(frame, PloyEndFrame):
            power.ploy_end(ref, frame)
        elif isinstance(frame, CheckpointFrame):
            ref.pop(frame.id)
            check_inspire(ref)
            checkpoint(ref)
    raise RuntimeError(f"the resolution did not settle after {MAX_STAGES} stages")


def _place_for(ref: Referee, side: SideId) -> None:
    """A conceded side's token, Artefact or fighter is placed as suggested (as the bot would)."""
    step = ref.state.step
    if step == "fighters":
        fighter, hex_id = suggested_fighters(ref, side)[0]
        opening.place_fighter(ref, side, fighter, hex_id)
        return
    suggested = suggested_hex(ref, step)
    assert suggested is not None
    (token_setup.place_token if step == "tokens" else token_setup.place_artefact)(ref, side, suggested)


def place_queued(ref: Referee, side: SideId) -> None:
    """The next objective token or fighter a player asked to place on this turn; if its hex may no longer take it,
    the plan stops and the player places by hand."""
    (what, hex_id), *rest = ref.state.queued[side]
    ref.emit(PlacementsQueued(side=side, placements=rest, told=False), side_only(side))
    if what == "token" and hex_id in token_setup.token_hexes(ref):
        token_setup.place_token(ref, side, hex_id)
    elif what != "token" and hex_id in opening.placement_hexes(ref, side) and ref.state.fighters[what].hex is None:
        opening.place_fighter(ref, side, what, hex_id)
    else:
        ref.emit(PlacementsQueued(side=side, placements=[]), side_only(side))
        ref.emit(Note(text=f"Side {side}'s planned placement on {hex_id} cannot be made; side {side} places by "
                           "hand."))


_SKIPPED: dict[str, Callable[[Referee, SideId], None]] = {
    "activation": activations.pass_activation,
    "power": afterwards.pass_power,
    "end": endphase.finish_player,
    "tokens": _place_for, "artefact": _place_for, "fighters": _place_for,
}


def concede(ref: Referee, side: SideId) -> None:
    """A side concedes while the others play on: its fighters leave the battlefield (no glory for anyone) and its
    turns pass from now on; what it was asked is answered with the defaults."""
    for decision in list(ref.state.pending.values()):
        if decision.owner == side and decision.id in ref.state.pending:
            answers = {p.key: p.default if p.default is not None else p.options[0].key for p in decision.parts}
            ref.ctx.answer(decision, answers, "forced")
    for fighter in list(ref.state.fighters.values()):
        if fighter.side == side and fighter.hex is not None:
            ref.emit(TakenOut(record=TakeOutRecord(victim=fighter.id, by=None, using="other")))
    ref.emit(Note(text=f"Side {side}'s fighters leave the battlefield; its turns pass from now on."))
    state = ref.state
    turn = state.power.turn if state.step == "power" and state.power else None
    if state.active_side is None and state.step in _SKIPPED and turn in (None, side):
        ref.emit(TurnPassed(index=state.turn_index, side=side))  # the core cleared the turn it was taking
    advance(ref)
