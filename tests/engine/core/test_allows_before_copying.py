"""``Game.allows`` puts a declared action to its check on the game's own state before copying it: a refusal there
costs no copy (the menu conformance walk and the bots try thousands of refused commands), and the answer is the one
a whole trial gives, with nothing changed."""

from __future__ import annotations

import pytest

from engine.core import Actor, CoreState, Game, GameSetup, SideId, UserId
from engine.dice import commitment
from tests.toys.tally import Tally, TallyState, score

A, B = SideId("A"), SideId("B")


def _game() -> Game[TallyState]:
    setup = GameSetup(system="tally", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("s"))
    return Game.start(Tally(), setup, "s", seats={A: UserId("alice"), B: UserId("bob")})


@pytest.fixture
def clones(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many states are copied from now on."""
    made: list[int] = []
    copy = CoreState.clone

    def counted(state: CoreState) -> CoreState:
        made.append(state.seq)
        return copy(state)

    monkeypatch.setattr(CoreState, "clone", counted)
    return made


def test_an_action_its_check_refuses_is_refused_without_copying_the_state(clones: list[int]) -> None:
    game = _game()
    before, seq = game.state.model_dump(), game.seq
    clones.clear()  # the game's start made its own
    alice = Actor(user=UserId("alice"), side=A)
    assert not game.allows(score(4), alice)  # 1 to 3 points a turn
    assert not game.allows(score(2), Actor(user=UserId("bob"), side=B))  # not B's turn
    assert clones == []
    assert game.allows(score(3), alice)  # tried whole on a copy
    assert clones == [seq]
    assert game.seq == seq and game.state.model_dump() == before
