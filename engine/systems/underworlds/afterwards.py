"""After an activation (Underworlds core rulebook, L575-L579, L631, L827): reactions to it, Inspire and objectives
scored immediately, then the power step, which goes round until every player has passed in a row; then the next
activation, or the end phase once every activation is used (L393).
"""

from __future__ import annotations

from engine.core import IllegalCommand, NotYourTurn, RulesError, SideId
from engine.systems.underworlds.endphase import begin_end_phase
from engine.systems.underworlds.events import ActivationDue, ActivationTaken, LingeringSet, PowerStepSet
from engine.systems.underworlds.game_state import EndActivationFrame, PowerStep, UnderworldsState
from engine.systems.underworlds.harm import check_inspire, comes_into_force
from engine.systems.underworlds.objectives import checkpoint
from engine.systems.underworlds.reacting import Trigger, offer
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.turns import ACTIVATIONS, anticlockwise, next_activator, rotation

__all__ = ["end_activation", "next_power_turn", "pass_power", "power_refusal", "take_activation"]


def take_activation(ref: Referee, side: SideId, what: str) -> None:
    """Use one of the side's activations; "next activation" ploys waiting for it come into force (L605)."""
    state = ref.state
    activate = [i for i, item in enumerate(state.lingering) if comes_into_force(ref, item, side)]
    ref.emit(ActivationTaken(side=side, number=state.players[side].activations + 1, what=what, activate=activate))


def end_activation(ref: Referee, frame: EndActivationFrame) -> None:
    """Reactions after the activation, then Inspire and objectives scored immediately, then its power step."""
    if frame.stage == "reactions":
        ref.replace(frame.model_copy(update={"stage": "checkpoint"}))
        offer(ref, Trigger(when="after_activation", by="activation", actor=frame.fighter, actor_side=frame.side))
        return
    if frame.stage == "checkpoint":
        ref.replace(frame.model_copy(update={"stage": "power"}))
        check_inspire(ref)
        if frame.checkpoint:
            checkpoint(ref)
        ended = [item for item in ref.state.lingering if not item.active]
        if len(ended) != len(ref.state.lingering):
            ref.emit(LingeringSet(lingering=ended, shown="The ploys that lasted for that activation are discarded "
                                                         f"({RULE}, L605)."))
        return
    ref.pop(frame.id)
    if ref.state.sudden_death:
        _after_power_step(ref)  # no power cards are played in sudden death (L751): the step has nothing in it
        return
    ref.emit(PowerStepSet(power=PowerStep(after=frame.side, turn=frame.side),
                          shown=f"Power step: side {frame.side} may play a power card or pass ({RULE}, L575)."))


def next_power_turn(ref: Referee, passed: bool) -> None:
    """The power step goes round; once every player has passed in a row it ends (L575-L579, L827)."""
    state = ref.state
    power = state.power
    assert power is not None
    passes = power.passes + 1 if passed else 0
    if passes >= len(state.in_play):
        _after_power_step(ref)
        return
    order = [s for s in rotation(state.sides, power.turn, reverse=anticlockwise(state, ref.rules))[1:]
             if s in state.in_play]
    following = order[0] if order else power.turn
    said = f"Side {power.turn} passes; side" if passed else "Side"
    ref.emit(PowerStepSet(power=power.model_copy(update={"turn": following, "passes": passes}),
                          shown=f"{said} {following} may play a power card or pass ({RULE}, L575)."))


def power_refusal(state: UnderworldsState, side: SideId | None, verb: str) -> RulesError | None:
    """Why ``side`` may not play or pass in a power step now: there is none, or it is another's turn (L575)."""
    if state.step != "power" or state.power is None:
        return IllegalCommand("there is no power step now", verb=verb)
    if state.power.turn != side:
        return NotYourTurn(f"it is side {state.power.turn}'s turn in the power step", verb=verb, rule=f"{RULE}, L575")
    return None


def pass_power(ref: Referee, side: SideId) -> None:
    """A pass in the power step (L575)."""
    next_power_turn(ref, passed=True)


def _after_power_step(ref: Referee) -> None:
    """The next activation, or the end phase once every activation is used (L393, L579)."""
    state = ref.state
    if state.activation >= ACTIVATIONS * len(state.order):
        begin_end_phase(ref)
        return
    side = next_activator(state)
    ref.emit(ActivationDue(side=side))
    if (ref.rules.activations_without_fighters == "skip"
            and not any(f.side == side and f.hex for f in state.fighters.values())):
        take_activation(ref, side, "passes: its warband is out of action (ruling activations-without-fighters)")
        ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side))
