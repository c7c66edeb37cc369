"""Twin tables for the non-interference property (DESIGN, Visibility): two games that differ only in secret set-up
(a party, a scheme, a deck, imported cards, a hand, the bot seat's secret choices) and are played with the same
public commands must say the same in public, pictures and pile counts included, until the rules reveal a secret.

Each twin is a real table service. A twin's own secret commands (``/force load name:...``, a secret ``/decide``)
may differ; every other line is the same. The secret dice differ through :class:`SecretDice`: the same seed, so
the same public dice and the same seed commitment, but every side's secret stream drawn from another key, as if
each side had shuffled and chosen otherwise. A bot seat's secret choices come from those dice, so they differ too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from unittest.mock import patch

import engine.core.game as game_module
from bot.core.outputs import Output, Picture
from bot.core.parsing import Attachment
from bot.core.registry import OptionType
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from engine.core import SPECTATOR, Event, Game, System, UserId, Viewer
from engine.dice import PUBLIC_STREAM, Die, DieRoll, Roller, secret_stream
from renderers import render_board
from tests.commands import parse_line

__all__ = ["WATCHER", "SecretDice", "Twin", "play_twins", "public_outputs"]

TABLE = "twins"
SEED = "7e" * 32


class SecretDice(Roller):
    """The game's roller with the secret stream of each side in ``keys`` drawn from that key and the seed instead
    of the seed alone: the public dice are the game's own, those sides' secret draws another game's."""

    def __init__(self, seed: str, counters: Mapping[str, int] | None = None, rigged: Sequence[str | int] = (),
                 *, keys: Mapping[str, str]) -> None:
        super().__init__(seed, counters, rigged)
        self.keys = dict(keys)

    def roll(self, die: Die, stream: str = PUBLIC_STREAM) -> DieRoll:
        key = next((k for side, k in self.keys.items() if stream == secret_stream(side)), None)
        if key is None:
            return super().roll(die, stream)
        index = self.counters().get(stream, 0)
        rolled = Roller(f"{key}:{self.seed}", {stream: index}).roll(die, stream)
        self._counters[stream] = index + 1
        return rolled

    def copy(self) -> SecretDice:
        return SecretDice(self.seed, self.counters(), self.rigged_queue(), keys=self.keys)


def _secret_rollers(keys: Mapping[str, str]) -> Any:
    """While active, every game built or loaded draws the secret streams of the sides in ``keys`` from them."""
    real = game_module.roller_from_log

    def rebuilt(seed: str, events: Sequence[Event]) -> Roller:
        roller = real(seed, events)
        return SecretDice(seed, roller.counters(), roller.rigged_queue(), keys=keys)

    return patch.object(game_module, "roller_from_log", rebuilt)


Line = str | Callable[[Game[Any]], str]
"""A twin's own version of a line: as typed, or made from its game (a secret choice among what it was dealt)."""


@dataclass
class Twin:
    """One of the two tables: its sides' secret dice keys, and its own secret lines by index (``{2: "/force load
    ..."}`` replaces line 2 of the shared script)."""

    systems: Mapping[str, Callable[[], System[Any]]]
    secret: Mapping[str, str] = field(default_factory=dict)
    lines: Mapping[int, Line] = field(default_factory=dict)
    files: Mapping[str, str] = field(default_factory=dict)
    """Uploads by name (``/force import file:mine.yaml``): this twin's own."""
    service: TableService = field(init=False)

    def __post_init__(self) -> None:
        self.service = TableService(MemoryRepository(), self.systems, seed_source=lambda: SEED, clock=lambda: 1000.0,
                                    pass_delay=lambda: 0.0)

    async def run(self, index: int, user: str, line: str) -> tuple[list[Output], tuple[Event, ...]]:
        """Run line ``index`` (or this twin's own version of it) and return what it said and the events it added."""
        before = self.game().seq if self.service.live_game(TABLE) else 0
        own = self.lines.get(index, line)
        text = own if isinstance(own, str) else own(self.game())
        invocation = parse_line(text)
        spec = self.service.registry.find(invocation.path)
        named = {o.name: str(invocation.options[o.name]) for o in (spec.options if spec else ())
                 if o.type is OptionType.ATTACHMENT and o.name in invocation.options}
        uploads = {option: Attachment(name, self.files[name].encode()) for option, name in named.items()}
        with _secret_rollers(self.secret):
            said = await self.service.execute(TABLE, UserId(user), replace(invocation, attachments=uploads))
        return said, tuple(e for e in self.game().log if e.seq > before)

    def game(self) -> Game[Any]:
        game = self.service.live_game(TABLE)
        assert game is not None
        return game


WATCHER = "carol"
"""A user who plays no side: what the table tells her is as public as what it tells everyone."""


def public_outputs(outputs: Sequence[Output]) -> list[dict[str, Any]]:
    """Everything a public message (or one to the watcher) carries: text, pictures with their boards, decision
    notice, stamps."""
    return [o.to_payload() for o in outputs if o.to in (None, WATCHER)]


def _public_lines(events: Sequence[Event]) -> list[str]:
    return [f"#{e.seq} {e.body.describe()}" for e in events if e.audience.is_public]


async def play_twins(first: Twin, second: Twin, script: Sequence[str], *, reveal: Callable[[Event], bool],
                     observers: Sequence[Viewer] = (SPECTATOR,)) -> int:
    """Play ``script`` (``@user /command`` lines; alice by default) on both twins and check that they say the same
    in public after each line (messages, pictures, the views ``observers`` get, pile counts in them included) until
    an event ``reveal`` accepts; within the line that reveals, the public log before it. Returns how many lines
    were compared; the last picture is also compared as PNG bytes."""
    compared = 0
    boards: list[Any] = []
    for index, raw in enumerate(script):
        user, line = (raw[1:].split(" ", 1) if raw.startswith("@") else ("alice", raw))
        (said_1, events_1), (said_2, events_2) = [await twin.run(index, user, line) for twin in (first, second)]
        revealed = [next((i for i, e in enumerate(events) if reveal(e)), None) for events in (events_1, events_2)]
        if revealed != [None, None]:
            cut = [len(events) if at is None else at for at, events in zip(revealed, (events_1, events_2), strict=True)]
            assert _public_lines(events_1[:cut[0]]) == _public_lines(events_2[:cut[1]]), f"line {index}: {raw}"
            break
        assert public_outputs(said_1) == public_outputs(said_2), f"line {index}: {raw}"
        for viewer in observers:
            assert first.game().view(viewer) == second.game().view(viewer), f"line {index}: {raw}, {viewer}"
        drawn = [[p.board for o in said for p in o.pictures if isinstance(p, Picture) and o.to in (None, WATCHER)]
                 for said in (said_1, said_2)]
        boards = [pictures[-1] for pictures in drawn] if drawn[0] else boards
        compared = index + 1
    if boards:
        assert render_board(boards[0]) == render_board(boards[1]), "the last pictures are the same, byte for byte"
    return compared
