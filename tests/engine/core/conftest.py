"""Fixtures for the core tests: a Secret Duel table with Alice on side A and Bob on side B."""

from __future__ import annotations

import pytest

from engine.core import Actor, Answer, Game, GameSetup, SideId, UserId
from engine.dice import commitment
from tests.engine.core.toy_duel import DuelState, SecretDuel, choose_hand

A, B = SideId("A"), SideId("B")
ALICE, BOB, CAROL = UserId("alice"), UserId("bob"), UserId("carol")
SEED = "5eed" * 16


def new_duel(seed: str = SEED, *, practice: bool = False, seated: bool = True) -> Game[DuelState]:
    setup = GameSetup(system="duel", sides=(A, B), host=ALICE, practice=practice, seed_commitment=commitment(seed))
    seats = {A: ALICE, B: BOB} if seated else {}
    return Game.start(SecretDuel(), setup, seed, seats=seats)


def alice(host: bool = False) -> Actor:
    return Actor(user=ALICE, side=A, host=host)


def bob() -> Actor:
    return Actor(user=BOB, side=B)


def choose_hands(game: Game[DuelState], a: tuple[int, ...] = (2, 5, 9), b: tuple[int, ...] = (1, 4, 7)) -> None:
    game.apply(choose_hand(a), alice())
    game.apply(choose_hand(b), bob())


def play_round(game: Game[DuelState], a_card: int, b_card: int, reroll: str = "no") -> None:
    """Both sides play (skipping a prompt the engine answered itself), then the loser answers."""
    for actor, card in ((alice(), a_card), (bob(), b_card)):
        pending = game.pending
        if pending and pending[0].kind == "play":
            game.apply(Answer(decision_id=pending[0].id, answers={"card": str(card)}), actor)
    pending = game.pending
    if pending and pending[0].kind == "reroll":
        owner = alice() if pending[0].owner == A else bob()
        game.apply(Answer(decision_id=pending[0].id, answers={"reroll": reroll}), owner)


@pytest.fixture
def duel() -> Game[DuelState]:
    return new_duel()
