"""Passing on reactions ahead of time (``engine.core.reactions``): a side's pre-pass covers the offers of its
trigger kind, or every offer while the phase it was set in lasts, and nothing else; the same for a core window's
offer and for a game's own reaction decision (``Decision.reaction_to``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core import (
    PASS,
    PHASE,
    REACTION,
    CoreState,
    Decision,
    DecisionPart,
    GameSetup,
    Option,
    PhaseChanged,
    PrePass,
    SideId,
    UserId,
    Window,
    WindowOpened,
    is_prepassed,
    prepass_answers,
)
from engine.dice import commitment

A, B = SideId("A"), SideId("B")
TRIGGERS = ("strike", "shield")


def _table(phase: str = "battle") -> CoreState:
    state = CoreState(setup=GameSetup(system="toy", sides=(A, B), host=UserId("alice"),
                                      seed_commitment=commitment("ab" * 32)))
    PhaseChanged(phase=phase).apply(state)
    for trigger in TRIGGERS:
        WindowOpened(window=Window(id=f"w-{trigger}", trigger=trigger, order=(B,))).apply(state)
    return state


def _window_offer(trigger: str, owner: SideId = B) -> Decision:
    """A core window's offer to ``owner``."""
    return Decision(id=f"d-{trigger}", owner=owner, kind=REACTION, prompt="React?", optional=True, secret=True,
                    core=REACTION, always_ask=True, context={"window": f"w-{trigger}"},
                    parts=(DecisionPart(key=REACTION, prompt="", default=PASS,
                                        options=(Option(key=PASS, label="Pass"), Option(key="x", label="X"))),))


def _game_offer(trigger: str | None, owner: SideId = B) -> Decision:
    """A game's own compound reaction decision (one part per model, nothing by default)."""
    return Decision(id=f"g-{trigger}", owner=owner, kind="reaction", prompt="React with your models", optional=True,
                    reaction_to=trigger,
                    parts=tuple(DecisionPart(key=m, prompt=m, default="nothing",
                                             options=(Option(key="nothing", label="Nothing"),
                                                      Option(key="dodge", label="Dodge"))) for m in ("B1", "B2")))


Offer = Callable[..., Decision]
OFFERS: list[Offer] = [_window_offer, _game_offer]


def _passes(state: CoreState, side: SideId, *passes: PrePass) -> None:
    state.prepass[side] = list(passes)


def _for_this_phase(state: CoreState) -> PrePass:
    return PrePass(trigger=PHASE, phase=state.phase, begun=state.phases_begun)


@pytest.mark.parametrize("offer", OFFERS, ids=["window", "game-decision"])
@pytest.mark.parametrize("trigger", TRIGGERS)
def test_a_pass_on_one_trigger_covers_that_trigger_alone(offer: Offer, trigger: str) -> None:
    state = _table()
    _passes(state, B, PrePass(trigger=trigger))
    other = next(t for t in TRIGGERS if t != trigger)
    assert is_prepassed(state, offer(trigger))
    assert not is_prepassed(state, offer(other))
    assert not is_prepassed(state, offer(trigger, A)), "another side's offer"


@pytest.mark.parametrize("offer", OFFERS, ids=["window", "game-decision"])
def test_a_pass_for_the_phase_covers_every_trigger_in_that_phase_and_ends_with_it(offer: Offer) -> None:
    state = _table("action")
    _passes(state, B, _for_this_phase(state))
    assert all(is_prepassed(state, offer(t)) for t in TRIGGERS)
    PhaseChanged(phase="end").apply(state)
    assert not any(is_prepassed(state, offer(t)) for t in TRIGGERS), "the next phase"
    PhaseChanged(phase="action").apply(state)
    assert not any(is_prepassed(state, offer(t)) for t in TRIGGERS), \
        "a later phase of the same name (each side's Tactical phase) is another phase"
    _passes(state, B, _for_this_phase(state))
    assert all(is_prepassed(state, offer(t)) for t in TRIGGERS)


def test_no_pre_pass_covers_a_decision_that_is_no_reaction_offer() -> None:
    state = _table()
    _passes(state, B, _for_this_phase(state), *(PrePass(trigger=t) for t in TRIGGERS))
    assert not is_prepassed(state, _game_offer(None))


def test_a_pre_pass_answers_a_window_with_its_pass_and_a_game_decision_with_its_defaults() -> None:
    assert prepass_answers(_window_offer("strike")) == {REACTION: PASS}
    assert prepass_answers(_game_offer("strike")) == {"B1": "nothing", "B2": "nothing"}
