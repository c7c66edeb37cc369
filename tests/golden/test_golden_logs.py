"""Saved game logs replay to the same state forever: a rules fix must never rewrite a stored game.

Each file under ``tests/golden/logs/`` holds a game's setup, its revealed seed, its event records, the
log as each viewer reads it and the outcome. Replaying the records must give back the same transcript
and outcome, whatever the state's shape has become. Regenerate with ``UPDATE_GOLDEN=1 make test`` only
when a change of stored-event shape is intended (and bump the schema version then).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from engine.core import SPECTATOR, Game, GameSetup, Outcome, System, Viewer
from tests.engine.core.strategies import DuelScript
from tests.engine.core.toy_duel import SecretDuel

LOGS = Path(__file__).parent / "logs"
SYSTEMS: dict[str, type[System[Any]]] = {"duel": SecretDuel}


def _transcript(game: Game[Any]) -> dict[str, list[str]]:
    """Every viewer's log, line by line (an OpenSpiel-style playthrough)."""
    viewers = [SPECTATOR, *(Viewer.of_side(side) for side in game.setup.sides)]
    return {str(v): [f"#{line.seq} {line.text}" for line in game.log_view(v).lines] for v in viewers}


def _record(game: Game[Any]) -> dict[str, Any]:
    outcome = game.outcome()
    return {
        "setup": game.setup.model_dump(mode="json"),
        "seed": game.state.revealed_seed,
        "records": game.records(),
        "transcript": _transcript(game),
        "outcome": outcome.model_dump(mode="json") if outcome else None,
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
    assert _transcript(game) == saved["transcript"]
    outcome = game.outcome()
    assert outcome is not None and outcome == Outcome.model_validate(saved["outcome"]), "read as the log was saved"
    assert game.state.revealed_seed == saved["seed"]
