"""The Underworlds example games, played through the table service: each reaches its end with a result, and no
card still secret in a hand ever reaches a public output, pictures included (nor a private one to another
player)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.console.session import seeded_source
from bot.core.outputs import Output, Picture
from bot.core.parsing import parse_command_line
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SPECTATOR, Game, UserId, Viewer
from engine.systems.underworlds.game_state import objective_deck, power_deck

FOLDER = Path(__file__).parents[2] / "examples" / "underworlds"
SCRIPTS = sorted(FOLDER.glob("*.gm"))


def _public_texts(output: Output) -> Iterator[str]:
    yield output.text
    for picture in output.pictures:
        yield picture.alt
        if isinstance(picture, Picture):
            yield picture.board.model_dump_json()


def _secrets(game: Game[Any]) -> dict[str, set[str]]:
    """For each side, the names of the cards in its hand that no public pile shows (a card of the same name may be
    face up in another deck: two players can run the same card)."""
    state = game.state
    public = {card for deck in state.decks.values() for pile, cards in deck.piles.items()
              if deck.shown[pile].value == "everyone" for card in cards}
    held: dict[str, set[str]] = {}
    for side in state.sides:
        for deck in (objective_deck(side), power_deck(side)):
            for card in state.decks[deck].piles["hand"] if deck in state.decks else []:
                if card not in public:
                    held.setdefault(side, set()).add(game.system.lib.card(state, card).name)  # type: ignore[attr-defined]
    return held


def _own(game: Game[Any]) -> dict[str, set[str]]:
    """For each side, the names of every card in its own decks: its player may read them in private lines (its
    deck as dealt), even when another player holds a card of the same name."""
    state = game.state
    return {side: {game.system.lib.card(state, card).name  # type: ignore[attr-defined]
                   for deck in (objective_deck(side), power_deck(side)) if deck in state.decks
                   for cards in state.decks[deck].piles.values() for card in cards} for side in state.sides}


def _leaks(line: str, secrets: dict[str, set[str]], seats: dict[str, str],
           outputs: list[Output], own: dict[str, set[str]] | None = None) -> tuple[list[str], int]:
    """Every secret card named where someone who does not hold it reads it (a card of the reader's own decks
    aside); and how many texts were looked at."""
    found, checked = [], 0
    for output in outputs:
        texts = list(_public_texts(output)) if output.to is None else [output.text]
        allowed = {side for side, u in seats.items() if u == output.to}
        known = {name for side in allowed for name in (own or {}).get(side, set())}
        for side, names in secrets.items():
            if side in allowed:
                continue
            for text in texts:
                checked += 1
                found += [f"{line!r}: side {side}'s {name!r} in {text[:100]!r}" for name in names - known
                          if name in text]
    return found, checked


async def _play(script: Path) -> tuple[Game[Any], list[str], int]:
    service = TableService(MemoryRepository(), SYSTEM_FACTORIES, seed_source=seeded_source(7), pass_delay=lambda: 0.0)
    user, leaks, checked = "alice", [], 0
    for raw in script.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("as "):
            user = line[3:].strip()
            continue
        who = user
        if line.startswith("@"):
            who, _, line = line[1:].partition(" ")
        outputs = await service.execute("console", UserId(who), parse_command_line(line, service.registry))
        assert not [o.text for o in outputs if o.error], line
        game = service.live_game("console")
        assert game is not None
        seats = {str(side): str(u) for side, u in game.state.seats.items()}
        found, looked = _leaks(line, _secrets(game), seats, outputs, _own(game))
        leaks += found
        checked += looked
    game = service.live_game("console")
    assert game is not None
    return game, leaks, checked


BOOKKEEPING = (" in draw", " in hand.", "from bag to", ": draw: ", "from hand to upgrades", "objective token 1 ")
"""What the default log leaves to the full one: deck counts, bag reveals, decks listed, cards a game line already
names, face-down tokens numbered by placing order."""


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
async def test_an_example_game_ends_with_a_result_keeps_every_hand_secret_and_logs_what_matters(script: Path) -> None:
    game, leaks, checked = await _play(script)
    assert game.is_over() and game.outcome() is not None and game.state.round == 3
    assert leaks == [] and checked > 300
    for side in (*game.state.sides, None):
        viewer = SPECTATOR if side is None else Viewer.of_side(side)
        default = [line.text for line in game.log_view(viewer).lines]
        assert not [t for t in default if any(word in t for word in BOOKKEEPING)], "bookkeeping in the default log"
        full = [line.text for line in game.log_view(viewer, full=True).lines]
        assert any(" in draw" in t for t in full) and set(default) <= set(full), "the full log keeps everything"


def test_there_are_two_and_three_player_examples() -> None:
    firsts = [s.read_text(encoding="utf-8").splitlines()[3] for s in SCRIPTS]
    assert any("players:2" in line for line in firsts) and any("players:3" in line for line in firsts)


def test_the_leak_check_finds_a_leak() -> None:
    secrets, seats = {"A": {"Sidestep"}}, {"A": "alice", "B": "bob"}
    outputs = [Output(text="Side A holds Sidestep"), Output(text="Sidestep", to=UserId("bob")),
               Output(text="Sidestep is in your hand.", to=UserId("alice"))]
    found, _ = _leaks("/x", secrets, seats, outputs)
    assert len(found) == 2
