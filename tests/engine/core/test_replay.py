"""The log is the truth: replaying it rebuilds the live state, and stored records round-trip."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from engine.core import SPECTATOR, Game, RollDice, Viewer, fold
from engine.core.events import SCHEMA_VERSION
from tests.budget import examples
from tests.engine.core.conftest import alice
from tests.engine.core.strategies import DuelScript, scripts


@settings(max_examples=examples(40), deadline=None)
@given(script=scripts)
def test_replay_equals_live(script: DuelScript) -> None:
    live = script.play()
    stored = json.loads(json.dumps(live.records()))
    replayed = Game.from_records(live.system, live.setup, script.seed, stored)
    assert replayed.state.fingerprint() == live.state.fingerprint()
    assert fold(live.system, live.setup, live.log).fingerprint() == live.state.fingerprint()
    for viewer in (SPECTATOR, Viewer.of_side("A"), Viewer.of_side("B")):  # type: ignore[arg-type]
        assert replayed.view(viewer) == live.view(viewer)


@settings(max_examples=examples(20), deadline=None)
@given(script=scripts)
def test_a_replayed_game_rolls_the_same_next_dice(script: DuelScript) -> None:
    live = script.play(rounds=1)
    replayed = Game.from_records(live.system, live.setup, script.seed, live.records())
    roll = RollDice(expression="4d6kh3")
    assert live.apply(roll, alice())[0].body == replayed.apply(roll, alice())[0].body


@settings(max_examples=examples(20), deadline=None)
@given(script=scripts)
def test_clone_and_preview_leave_the_game_untouched(script: DuelScript) -> None:
    game = script.play(rounds=1)
    before = game.state.fingerprint()
    twin = game.clone()
    twin.apply(RollDice(expression="2d6"), alice())
    previewed = game.preview(RollDice(expression="2d6"), alice())
    assert game.state.fingerprint() == before
    assert previewed[0].body == twin.log[-1].body, "a preview draws the dice the real command would"


def test_records_carry_the_schema_version_and_refuse_another() -> None:
    game = DuelScript("ab" * 8, (1, 2, 3), (4, 5, 6), [0, 1, 2], [0, 1, 2], ("no",) * 3).play(rounds=1)
    records = game.records()
    assert {record["version"] for record in records} == {SCHEMA_VERSION}
    records[3]["version"] = SCHEMA_VERSION + 1
    with pytest.raises(ValueError, match=f"schema version {SCHEMA_VERSION + 1}"):
        Game.from_records(game.system, game.setup, "ab" * 8, records)
    records[3]["version"] = SCHEMA_VERSION
    records[3]["kind"] = "duel.nonsense"
    with pytest.raises(ValueError, match=r"unknown event kind 'duel\.nonsense'"):
        Game.from_records(game.system, game.setup, "ab" * 8, records)
