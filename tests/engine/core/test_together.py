"""Simultaneous secret choices: until the last side has answered, no answer reaches anyone but the side that gave
it (not the other sides, not spectators, not the host); then one public event reveals them all."""

from __future__ import annotations

import json

from engine.core import HOST, SPECTATOR, Answer, ChoicesRevealed, Game, SideId, Viewer
from tests.engine.core.toy_council import A, B, C, CouncilState, call_vote, council, seat

EVERY_VIEWER = (SPECTATOR, HOST, *(Viewer.of_side(side) for side in (A, B, C)))


def _vote(answers: dict[SideId, str]) -> Game[CouncilState]:
    """A's vote called, then these sides' answers given in this order."""
    game = council()
    game.apply(call_vote(), seat(A))
    for side, vote in answers.items():
        decision = next(d for d in game.pending if d.owner == side)
        game.apply(Answer(decision_id=decision.id, answers={"vote": vote}), seat(side))
    return game


def _seen(game: Game[CouncilState], viewer: Viewer) -> list[str]:
    """All that ``viewer`` may read: each event it is shown, whole and as its line, and its view."""
    return [*(json.dumps(event.body.model_dump(mode="json"), sort_keys=True) + event.body.describe()
              for event in game.events_for(viewer)), game.view(viewer).model_dump_json()]


def test_no_answer_reaches_anyone_but_its_side_before_the_last_one_is_in() -> None:
    both_aye = _vote({A: "aye", B: "aye"})
    a_nay = _vote({A: "nay", B: "aye"})
    b_nay = _vote({A: "aye", B: "nay"})
    assert {d.owner for d in both_aye.pending} == {C}, "C has still to answer"
    for viewer in EVERY_VIEWER:
        if viewer != Viewer.of_side(A):
            assert _seen(both_aye, viewer) == _seen(a_nay, viewer), f"A's answer reached {viewer}"
        if viewer != Viewer.of_side(B):
            assert _seen(both_aye, viewer) == _seen(b_nay, viewer), f"B's answer reached {viewer}"
    assert _seen(both_aye, Viewer.of_side(A)) != _seen(a_nay, Viewer.of_side(A)), "each side sees its own answer"


def test_the_last_answer_reveals_them_all_to_everyone_at_once() -> None:
    game = _vote({B: "nay", A: "aye", C: "aye"})
    (revealed,) = [event for event in game.log if isinstance(event.body, ChoicesRevealed)]
    assert revealed.audience.everyone and revealed.seq > max(
        event.seq for event in game.log if event.kind == "decision.answered")
    assert revealed.body.answers == {A: {"vote": "aye"}, B: {"vote": "nay"}, C: {"vote": "aye"}}
    assert game.state.carried == [True] and not game.pending
