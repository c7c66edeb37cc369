"""Who owes a decision: pending decisions come before the turn, their owners act in the order they were asked,
and a decision only its owner may know of (owner-only) is heard of by nobody else, asked or answered."""

from __future__ import annotations

import json

from engine.core import HOST, SPECTATOR, ActKind, Answer, Game, ToAct, Viewer
from tests.engine.core.toy_council import A, B, C, CouncilState, council, pass_, plan, question, seat


def _answer(game: Game[CouncilState], owner: str, key: str, value: str) -> None:
    decision = next(d for d in game.pending if d.owner == owner)
    game.apply(Answer(decision_id=decision.id, answers={key: value}), seat(decision.owner))


def test_the_owners_of_pending_decisions_act_before_the_turn_in_the_order_they_were_asked() -> None:
    game = council()
    assert game.to_act() == ToAct(ActKind.SIDE, (A,))
    game.apply(question(B), seat(A))
    assert game.to_act() == ToAct(ActKind.SIDE, (B,), tuple(game.state.pending)), "B's answer comes before A's turn"
    _answer(game, B, "vote", "aye")
    assert game.to_act() == ToAct(ActKind.SIDE, (A,))
    game.apply(question(B, C, A), seat(A))
    asked = tuple(game.state.pending)
    assert game.to_act() == ToAct(ActKind.SIMULTANEOUS, (B, C, A), asked)
    _answer(game, C, "vote", "nay")
    assert game.to_act() == ToAct(ActKind.SIMULTANEOUS, (B, A), (asked[0], asked[2]))
    _answer(game, A, "vote", "nay")
    _answer(game, B, "vote", "aye")
    assert game.to_act() == ToAct(ActKind.SIDE, (A,))
    game.apply(pass_(), seat(A))
    assert game.to_act() == ToAct(ActKind.SIDE, (B,))


def _mentions(game: Game[CouncilState], viewer: Viewer, *words: str) -> list[str]:
    """The events shown to ``viewer`` that name any of ``words`` (as a JSON value or in their line)."""
    found = []
    for event in game.events_for(viewer):
        text = json.dumps(event.body.model_dump(mode="json")) + event.body.describe()
        if any(f'"{word}"' in text or f" {word}." in text for word in words):
            found.append(f"#{event.seq} {event.kind}: {text}")
    return found


def test_an_owner_only_decision_is_heard_of_by_its_owner_alone_asked_and_answered() -> None:
    game = council()
    game.apply(plan(), seat(A))
    (decision,) = game.pending
    assert decision.owner_only
    others = (SPECTATOR, HOST, Viewer.of_side(B), Viewer.of_side(C))
    for viewer in others:
        assert not _mentions(game, viewer, decision.id), f"{viewer} was told of A's owner-only decision"
        if viewer != HOST:  # the host, as administrator, sees every pending decision (never its options)
            assert game.view(viewer).pending == (), f"{viewer}'s view shows it"
    assert _mentions(game, Viewer.of_side(A), decision.id) and game.view(Viewer.of_side(A)).pending
    _answer(game, A, "plan", "bribe")
    assert game.state.plans == {A: "bribe"}
    for viewer in others:
        assert not _mentions(game, viewer, decision.id, "bribe"), f"{viewer} was told of A's owner-only answer"
    assert _mentions(game, Viewer.of_side(A), decision.id, "bribe")
