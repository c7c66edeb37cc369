"""Saved game logs replay to the same state forever: a rules fix must never rewrite a stored game.

Each file under ``tests/golden/logs/`` holds a game's setup, its revealed seed, its event records and
the fingerprint of the state they fold to. Regenerate with ``UPDATE_GOLDEN=1 make test`` only when a
change of stored-event shape is intended (and bump the schema version then).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from engine.core import Game, GameSetup, System
from tests.engine.core.strategies import DuelScript
from tests.engine.core.toy_duel import SecretDuel

LOGS = Path(__file__).parent / "logs"
SYSTEMS: dict[str, type[System[Any]]] = {"duel": SecretDuel}


def _record(game: Game[Any]) -> dict[str, Any]:
    return {
        "setup": game.setup.model_dump(mode="json"),
        "seed": game.state.revealed_seed,
        "records": game.records(),
        "fingerprint": game.state.fingerprint(),
    }


def _duel_game() -> Game[Any]:
    return DuelScript("9a" * 8, (2, 5, 9), (1, 4, 8), [2, 0, 1], [0, 2, 1], ("yes", "no", "yes")).play()


GENERATORS = {"duel-three-rounds.json": _duel_game}


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_a_saved_log_replays_to_its_fingerprint(name: str) -> None:
    path = LOGS / name
    if os.environ.get("UPDATE_GOLDEN"):
        LOGS.mkdir(exist_ok=True)
        path.write_text(json.dumps(_record(GENERATORS[name]()), indent=1) + "\n", encoding="utf-8")
    saved = json.loads(path.read_text(encoding="utf-8"))
    setup = GameSetup.model_validate(saved["setup"])
    game = Game.from_records(SYSTEMS[setup.system](), setup, saved["seed"], saved["records"])
    assert game.state.fingerprint() == saved["fingerprint"]
    assert game.is_over() and game.state.revealed_seed == saved["seed"]
