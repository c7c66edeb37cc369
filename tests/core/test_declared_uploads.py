"""``/force import`` in every game that takes players' own cards is one declared action on the core's upload parameter
(``Param(upload=...)``, ``engine.core.uploads``): the front-end validates the file as the declaration says, the command
carries the entries as JSON by kind, and the declaration reads them back, so a command stored and replayed (same seed,
same commands) makes the same game. Imported card names still reach their importer alone."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from bot.core.acting import resolve
from bot.core.parsing import Attachment, Invocation
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SPECTATOR, ActionCommand, Actor, Game, GameSetup, InvalidCommand, SideId, UserId
from engine.core.uploads import SHARED_KINDS, read_upload
from engine.dice import commitment

EXAMPLES = Path(__file__).parents[2] / "examples"
SEED = "5d" * 32
A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")
SUNSHARD_WARBAND = b"""warbands:
  - name: My Delvers
    alignment: Delver
    models:
      - {model: Captain}
      - {model: Conscripted, count: 3}
    source: my own muster
"""
CASES: dict[str, tuple[str, bytes, dict[str, str], SideId, str]] = {
    "underworlds": ("my-deck.yaml", (EXAMPLES / "underworlds" / "my-deck.yaml").read_bytes(), {"scenario": "choose"},
                    B, "My Reavers"),
    "sunshard": ("mine.yaml", SUNSHARD_WARBAND, {}, A, "My Delvers"),
    "eldfall": ("glyphscribe-party.yaml", (EXAMPLES / "eldfall" / "glyphscribe-party.yaml").read_bytes(), {}, A,
                "Glyphscribes"),
}


def _game(system: str, options: dict[str, str]) -> Game[Any]:
    setup = GameSetup(system=system, sides=(A, B), host=ALICE, seed_commitment=commitment(SEED), options=options)
    return Game.start(SYSTEM_FACTORIES[system](), setup, SEED, seats={A: ALICE, B: BOB})


def _stored(command: ActionCommand) -> ActionCommand:
    """The command as a log would keep it: JSON text, read back."""
    raw = json.loads(json.dumps(asdict(command)))
    return ActionCommand(path=tuple(raw["path"]), name=raw["name"],
                         values=tuple((option, value) for option, value in raw["values"]))


@pytest.mark.parametrize("system", sorted(CASES))
def test_an_upload_is_declared_and_its_stored_command_replays_the_same_game(system: str) -> None:
    filename, data, options, side, secret = CASES[system]
    first = _game(system, options)
    # as Discord hands it over: the file is an attachment, no option text beside it
    action, args = resolve(first.system, Invocation(("force", "import"), {}, {"file": Attachment(filename, data)}))
    assert action.declaration is not None, f"{system}'s /force import is declared, not built by hand"
    command = action.build(args)  # type: ignore[misc]
    assert isinstance(command, ActionCommand)
    user = ALICE if side == A else BOB
    events = first.apply(command, Actor(user=user, side=side))
    assert events, "the cards were brought"
    second = _game(system, options)
    second.apply(_stored(command), Actor(user=user, side=side))
    assert second.records() == first.records()
    if first.system.spec.hidden_information:
        public = json.dumps([event.to_record() for event in first.events_for(SPECTATOR)])
        assert secret not in public, "what a player brings reaches them alone"


def test_a_typed_file_with_no_upload_behind_it_is_refused_naming_what_is_accepted() -> None:
    game = _game("underworlds", {"scenario": "choose"})
    typed = ActionCommand(path=("force", "import"), values=(("file", "mine.yaml"),))
    with pytest.raises(InvalidCommand, match=r"file: is no file the loader read; attach a YAML file as file: .*cards:"):
        game.apply(typed, Actor(user=BOB, side=B))
    with pytest.raises(InvalidCommand, match="holds spells, which this game takes no uploads of"):
        read_upload("file", '{"spells": []}', SHARED_KINDS, "force import")
