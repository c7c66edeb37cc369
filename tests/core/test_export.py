"""The public export: every record everyone saw, stubs for secrets, the seed once revealed; the replay's boards."""

from __future__ import annotations

import asyncio
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.console.session import TABLE, ConsoleSession, seeded_source
from bot.core.data_loader import load_system_data
from bot.core.export import board_history, export_json, public_records, replay_frames
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SPECTATOR, Actor, Context, Game, GameSetup, RequestUndo, SideId, UserId
from engine.dice import commitment
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.state import FreeplayState
from engine.table import TableSet
from tests.freeplay_commands import add_card
from tests.table_commands import add_model, move_model

EXAMPLE = Path(__file__).parents[2] / "examples" / "freeplay" / "skirmish-at-the-crossroads.gm"
HIDDEN_CARDS = ("Second Wind", "Rally")
"""Cards the example draws into hands and never plays: no public output may name them."""

A, B = SideId("A"), SideId("B")
ALICE = UserId("alice")
SEED = "cd" * 32


@cache
def crossroads() -> Game[Any]:
    """The example game, played to its end through the console as ``--seed 7`` plays it."""
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lambda _line: None,
                             files_from=EXAMPLE.parent)
    status = asyncio.run(session.run_lines(EXAMPLE.read_text(encoding="utf-8").splitlines(), strict=True))
    assert status == 0 and session.errors == 0
    game = session._service.live_game(TABLE)
    assert game is not None and game.is_over()
    return game


def practice_table(system: Freeplay | None = None, map_id: str | None = "crossroads") -> Game[FreeplayState]:
    """A freeplay table where alice holds both sides (an undo applies at once)."""
    system = system or Freeplay(load_system_data("freeplay"))
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, practice=True, seed_commitment=commitment(SEED),
                      options={"map": map_id} if map_id else {})
    return Game.start(system, setup, SEED, seats={A: ALICE, B: ALICE})


def as_side(side: SideId) -> Actor:
    return Actor(user=ALICE, side=side)


def test_the_export_holds_every_public_record_and_no_secret_payload() -> None:
    game = crossroads()
    data = export_json(game)
    document = json.loads(data)
    for card in HIDDEN_CARDS:
        assert card.encode() not in data, f"{card} was drawn in secret and never played"
    assert b"Ambush" in data, "the card played in the open is part of the public log"
    events = document["events"]
    assert [record["seq"] for record in events] == list(range(1, game.seq + 1))
    secret = [record for record in events if record["kind"] == "secret"]
    assert len(secret) == 3, "three cards went into hands"
    assert all(set(record) == {"seq", "kind", "audience"} and not record["audience"]["everyone"] for record in secret)
    public = [record for record in events if record["kind"] != "secret"]
    assert len(public) == len(game.events_for(SPECTATOR)) == len(game.log) - len(secret)


def test_the_public_records_replay_as_the_same_events() -> None:
    game = crossroads()
    document = json.loads(export_json(game))
    replayed = [game.system.codec.from_record(record) for record in document["events"] if record["kind"] != "secret"]
    assert replayed == list(game.events_for(SPECTATOR))
    assert all(record["text"] for record in document["events"] if record["kind"] != "secret")


def test_the_seed_is_in_the_export_once_revealed_and_matches_its_commitment() -> None:
    game = crossroads()
    document = json.loads(export_json(game))
    assert document["ended"] and document["outcome"]["reason"] == "host-ended"
    assert "seed" not in document["setup"]
    assert hashlib.sha256(document["seed"].encode()).hexdigest() == document["seed_commitment"]
    assert document["seed_commitment"] == document["setup"]["seed_commitment"] == game.setup.seed_commitment
    assert document["events"][-1]["kind"] == "seed.revealed"
    assert document["rounds"] == 2


def test_an_unfinished_game_exports_without_its_seed() -> None:
    game = practice_table()
    game.apply(add_card(card="Trump"), as_side(B))
    data = export_json(game)
    assert SEED.encode() not in data and b"Trump" not in data
    document = json.loads(data)
    assert document["seed"] is None and not document["ended"]
    assert document["events"] == public_records(game)


def test_round_frames_are_the_public_boards_at_each_round_and_at_the_end() -> None:
    game = crossroads()
    frames = replay_frames(game)
    assert [frame.title for frame in frames] == [
        "Freeplay (Crossroads), event #17",
        "Freeplay (Crossroads), event #48",
        "Freeplay (Crossroads), end of the game",
    ]
    assert [frame.header.round for frame in frames if frame.header] == [1, 2, 2], "the round is in each header"
    assert all(frame.viewer == SPECTATOR for frame in frames)
    assert frames[0].models == (), "round 1 began before the forces were loaded"
    final = game.system.board(game.state, SPECTATOR, ())
    assert frames[-1].models == final.models
    assert {model.id for model in frames[-1].models if model.out} == {"B4"}, "B4 left the table: out where it fell"


def test_finer_cuts_give_more_frames_and_a_bad_cut_is_refused() -> None:
    game = crossroads()
    counts = {every: len(replay_frames(game, every)) for every in ("round", "turn", "event", "10")}
    assert counts["round"] < counts["turn"] < counts["event"]
    assert 2 <= counts["10"] <= game.seq // 10 + 1
    with pytest.raises(ValueError, match="round, turn, event or a number"):
        replay_frames(game, "minute")


def test_a_replay_skips_what_an_undo_took_back() -> None:
    game = practice_table()
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), as_side(A))
    mark = game.seq
    game.apply(move_model(model="A1", to="18,9"), as_side(A))  # type: ignore[arg-type]
    game.apply(RequestUndo(to_seq=mark), as_side(A))
    assert game.state.models["A1"].y == 3.0
    boards = [step.board for step in board_history(game) if step.board is not None]
    assert all(model.y == 3.0 for board in boards for model in board.models)
    assert all(model.y == 3.0 for frame in replay_frames(game, "event") for model in frame.models)


class Roundless(Freeplay):
    """Freeplay without rounds: the replay must fall back to a frame every few events."""

    def start(self, ctx: Context[FreeplayState]) -> None:
        ctx.emit(TableSet(width=24.0, height=24.0))


def test_a_system_without_rounds_falls_back_to_every_few_events() -> None:
    game = practice_table(Roundless(load_system_data("freeplay")), map_id=None)
    for x in (4.0, 8.0, 12.0):
        game.apply(add_model(unit="Knight", at=(x, 3.0)), as_side(A))
    frames = replay_frames(game)
    assert len(frames) >= 4
    assert [len(frame.models) for frame in frames[-4:]] == [0, 1, 2, 3]
    assert frames[-1].title.endswith(f"event #{game.seq}")
