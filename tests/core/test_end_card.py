"""The end-of-game card: the result and why, scores, losses, public reveals, and the seed with its check."""

from __future__ import annotations

import hashlib
import re

import pytest

from bot.core.data_loader import load_system_data
from bot.core.end_card import MAX_CARD_LENGTH, end_card
from engine.core import Actor, Concede, Game, GameSetup, SideId, UserId
from engine.dice import commitment
from engine.systems.freeplay import Freeplay
from tests.core.test_export import HIDDEN_CARDS, crossroads, practice_table
from tests.engine.core.conftest import SEED, choose_hands, new_duel, play_round
from tests.engine.core.toy_duel import DuelState, SecretDuel
from tests.freeplay_commands import add_card
from tests.table_commands import add_model, remove_model

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")


def seed_lines(card: str) -> tuple[str, str]:
    """The seed and the sha256 the card prints."""
    seed = re.search(r"Dice seed: `([0-9a-f]{64})`", card)
    digest = re.search(r"sha256\(seed\): `([0-9a-f]{64})`", card)
    assert seed and digest, card
    return seed.group(1), digest.group(1)


def test_the_example_game_ends_in_a_draw_with_its_losses_reveals_and_seed() -> None:
    game = crossroads()
    card = end_card(game)
    assert card.startswith("**Game over: a draw.** Why: the host ended the game")
    assert "Rounds played: 2." in card and "Scores: side A 0, side B 0." in card
    assert "Models lost: side A 0 of 6; side B 1 of 5 (B4 Scout)." in card
    assert "#60 Side B plays the card Ambush." in card
    assert "cards left in hand (side A 1, side B 1)" in card
    for hidden in HIDDEN_CARDS:
        assert hidden not in card
    seed, digest = seed_lines(card)
    assert hashlib.sha256(seed.encode()).hexdigest() == digest == game.setup.seed_commitment
    assert seed == game.state.revealed_seed
    assert "it matches" in card and "9 of 9 public seeded dice check out" in card
    assert "Anyone can verify every roll with this seed" in card
    assert len(card) <= MAX_CARD_LENGTH


class SourcedDuel(SecretDuel):
    """The toy duel telling where its points came from, as a system with several scoring sources would."""

    def score_sources(self, state: DuelState) -> dict[SideId, dict[str, int]]:
        return {side: {"rounds won": points} for side, points in state.scores.items()}


def finished_duel(system: SecretDuel | None = None) -> Game[DuelState]:
    game = new_duel()
    if system is not None:
        game = Game.start(system, game.setup, SEED, seats={A: ALICE, B: BOB})
    choose_hands(game)
    for a_card, b_card in ((9, 1), (5, 4), (2, 7)):
        play_round(game, a_card, b_card)
    assert game.is_over()
    return game


def test_a_won_game_names_its_winner_and_the_score_sources_when_the_system_has_them() -> None:
    plain = finished_duel()
    outcome = plain.outcome()
    assert outcome is not None and outcome.winner is not None
    winner = outcome.winner
    seat = {A: ALICE, B: BOB}[winner]
    card = end_card(plain)
    assert card.startswith(f"**Game over: side {winner} ({seat}) wins.** Why: the last round was played")
    assert "Rounds played: 3." in card and "rounds won" not in card
    assert card.count("Cards revealed:") == 3, "each round's cards were shown to everyone"
    assert "omen" not in card.lower(), "the omens were never revealed"
    sourced = end_card(finished_duel(SourcedDuel()))
    assert f"  side {winner}: rounds won {outcome.scores[winner]}" in sourced


def test_a_conceded_game_names_who_conceded() -> None:
    system = Freeplay(load_system_data("freeplay"))
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(SEED),
                      options={"map": "crossroads"})
    game = Game.start(system, setup, SEED, seats={A: ALICE, B: BOB})
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), Actor(user=ALICE, side=A))
    game.apply(add_model(unit="Knight", at=(18.0, 33.0)), Actor(user=BOB, side=B))
    game.apply(add_model(unit="Knight", at=(22.0, 33.0)), Actor(user=BOB, side=B))
    game.apply(remove_model(model="B1"), Actor(user=BOB, side=B))  # type: ignore[arg-type]
    game.apply(add_card(card="Feint"), Actor(user=BOB, side=B))
    game.apply(Concede(), Actor(user=BOB, side=B))
    card = end_card(game)
    assert card.startswith("**Game over: side A (alice) wins.** Why: side B (bob) conceded.")
    assert "Models lost: side A 0 of 1; side B 1 of 2 (B1 Knight)." in card
    assert "Feint" not in card and "cards left in hand (side B 1)" in card
    assert "Revealed during play" not in card


def test_no_card_before_the_end() -> None:
    game = practice_table()
    with pytest.raises(ValueError, match="not over"):
        end_card(game)


def test_systems_keep_only_totals_by_default() -> None:
    game = practice_table()
    assert game.system.score_sources(game.state) == {}


def test_a_tampered_roll_or_commitment_does_not_check_out() -> None:
    """The card recomputes each die from the seed and compares the seed with its commitment: a log whose
    roll was changed, or a seed that is not the one committed to, is reported, never passed."""
    game = crossroads()
    records = game.records()
    rolled = next(r for r in records if r["kind"] == "dice.rolled" and r["data"]["rolls"][0]["face"] != 5)
    die = rolled["data"]["rolls"][0]
    die.update(face=die["face"] + 1, value=die["value"] + 1, label=str(die["value"] + 1))
    seed = game.state.revealed_seed
    assert seed is not None
    tampered = Game.from_records(game.system, game.setup, seed, records)
    assert "8 of 9 public seeded dice check out" in end_card(tampered)
    other = Game.from_records(game.system, game.setup.model_copy(update={"seed_commitment": commitment("x")}),
                              seed, game.records())
    card = end_card(other)
    assert "IT DOES NOT MATCH" in card and "it matches" not in card
