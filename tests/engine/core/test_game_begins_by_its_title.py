"""The first line of a game names it as players know it ("A game of Eldfall Chronicles begins."), never by its
registry id ("A eldfall game begins.", a newcomer finding); a game stored before the title was kept reads as it did."""

from __future__ import annotations

from engine.core import SPECTATOR, Game
from engine.core.core_events import GameCreated
from tests.engine.core.conftest import SEED, new_duel
from tests.engine.core.toy_duel import SecretDuel


def test_a_new_game_begins_by_its_title_and_a_stored_one_reads_as_it_did() -> None:
    game = new_duel()
    assert game.log_view(SPECTATOR).lines[0].text.startswith("A game of Secret Duel begins. Dice seed commitment")
    records = game.records()
    created = next(r for r in records if r["kind"] == "game.created")
    del created["data"]["title"]
    stored = Game.from_records(SecretDuel(), game.setup, SEED, records)
    assert isinstance(stored.log[0].body, GameCreated)
    assert stored.log_view(SPECTATOR).lines[0].text.startswith("A duel game begins.")
