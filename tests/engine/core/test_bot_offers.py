"""A bot offered a move the referee refuses is an error in tests: the offer and the check disagree (issue 23). In
play the bot skips such a move and tries its next choice; the test suite runs every bot under ``strict_offers``
(``tests/conftest.py``), so a lying menu cannot hide behind it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import (
    Actor,
    Ask,
    Context,
    Declarations,
    Game,
    GameSetup,
    IllegalCommand,
    OfferRefused,
    SideId,
    UserId,
    simple_move,
    strict_offers,
)
from engine.dice import commitment
from tests.toys.tally import AMOUNT, Tally, TallyState

A, B = SideId("A"), SideId("B")
LYING: Declarations[TallyState, TallyState] = Declarations()
"""Tally's score, offered as ever, with a check that refuses every score its menu offers."""


def _no_score(state: TallyState, ask: Ask) -> None:
    raise IllegalCommand("no scoring today")


@LYING.action("score", "Score points, then pass the turn", label="Score", params=(AMOUNT,), check=_no_score)
def _never(ctx: Context[TallyState], plan: None) -> None:
    raise AssertionError("the check refuses every score")


class LyingTally(Tally):
    declarations = LYING


def _game() -> Game[TallyState]:
    system = LyingTally()
    setup = GameSetup(system="tally", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("s"),
                      options={"mode": "quick"})
    return Game.start(system, setup, "s", seats={A: UserId("alice"), B: UserId("bob")})


@pytest.fixture
def lenient() -> Iterator[None]:
    strict_offers(False)
    yield
    strict_offers(True)


def test_a_refused_offer_fails_under_strict_offers() -> None:
    game = _game()
    with pytest.raises(OfferRefused, match="bot was offered"):
        simple_move(game.system, game.state, A, lambda c: game.allows(c, Actor(user=UserId("alice"), side=A)))


@pytest.mark.usefixtures("lenient")
def test_in_play_a_refused_offer_is_skipped() -> None:
    game = _game()
    assert simple_move(game.system, game.state, A, lambda c: game.allows(c, Actor(user=UserId("alice"), side=A))) \
        is None
