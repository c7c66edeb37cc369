"""A snapshot is a cache of the fold: starting from one gives exactly the game the whole log gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core import Game, GameSetup, SideId, UndoApplied
from engine.core.audience import EVERYONE
from engine.core.events import Event
from tests.engine.core.toy_duel import SecretDuel

LOG = next((Path(__file__).parents[2] / "golden" / "logs").glob("*.json"))


def _stored() -> tuple[GameSetup, str, list[dict[str, Any]]]:
    saved = json.loads(LOG.read_text(encoding="utf-8"))
    return GameSetup.model_validate(saved["setup"]), saved["seed"], saved["records"]


def test_every_snapshot_point_gives_the_same_game_as_the_whole_log() -> None:
    setup, seed, records = _stored()
    whole = Game.from_records(SecretDuel(), setup, seed, records)
    for cut in range(1, len(records) + 1):
        prefix = Game.from_records(SecretDuel(), setup, seed, records[:cut])
        resumed = Game.from_snapshot(SecretDuel(), setup, seed, records, prefix.seq, prefix.snapshot())
        assert resumed.state.fingerprint() == whole.state.fingerprint(), f"snapshot at #{prefix.seq}"
        assert resumed.records() == whole.records()


def test_a_snapshot_that_no_longer_fits_is_ignored() -> None:
    setup, seed, records = _stored()
    whole = Game.from_records(SecretDuel(), setup, seed, records)
    for broken in ("{}", "not json", '{"seq": "many"}'):
        resumed = Game.from_snapshot(SecretDuel(), setup, seed, records, 3, broken)
        assert resumed.state.fingerprint() == whole.state.fingerprint()


def test_an_undo_reaching_behind_the_snapshot_folds_the_whole_log() -> None:
    setup, seed, records = _stored()
    prefix = Game.from_records(SecretDuel(), setup, seed, records[:6])
    undo = Event(seq=7, body=UndoApplied(to_seq=2, requested_by=SideId("A")), audience=EVERYONE)
    extended = [*records[:6], undo.to_record()]
    whole = Game.from_records(SecretDuel(), setup, seed, extended)
    resumed = Game.from_snapshot(SecretDuel(), setup, seed, extended, prefix.seq, prefix.snapshot())
    assert resumed.state.fingerprint() == whole.state.fingerprint()
    assert resumed.seq == 7
