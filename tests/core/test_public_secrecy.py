"""Whole freeplay games through the table service: no hand card reaches anyone but its holder until it is played.

After every command, each card still in a hand is a secret. No public output (``to is None``: its text, its
pictures' alt text, or the board the picture is drawn from) may name one, and no private output may name a card
held by a side its recipient does not hold. A card may appear publicly once played (``/hand play``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from bot.core.announce import announce, announce_pending
from bot.core.outputs import Output
from bot.core.parsing import Attachment, Invocation
from bot.core.registry import OptionType
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Game, UserId
from tests.commands import parse_line
from tests.engine.core.conftest import choose_hands, new_duel

TABLE = "secrecy"
EXAMPLE = Path(__file__).parents[2] / "examples" / "freeplay" / "skirmish-at-the-crossroads.gm"

BOTH_HOLD_CARDS = """\
/game new system:freeplay map:crossroads practice:no
@bob /game join side:B
/force load name:Red Company side:A
@bob /force load name:Wild Hunt side:B
/hand add card:Smoke Screen
/hand add card:Flanking March
@bob /hand add card:Ambush
@bob /hand add card:Blood Oath
/hand show
@bob /hand show
/round turn side:A
/move model:A1 to:toward O1 max max:6
/board
@bob /board text:yes
/board text:yes
/measure from:A1 to:B1
/los from:A1 to:B1
/status
/log count:30
@bob /log count:30
/game state
@bob /game state
/help
@bob /help
/round turn side:B
as bob
/hand play card:Ambush
/move model:B1 to:toward A1 max max:6
/undo to:3
/board zoom:B1
/hand add card:Last Stand
as alice
/hand play card:flanking march
/status
/board
@carol /board text:yes
@carol /log count:50
/game end
"""


@dataclass
class Step:
    """One command and what it said, with the hands as they stand after it."""

    user: UserId
    line: str
    outputs: list[Output]
    hands: dict[str, list[str]]
    seats: dict[str, str]


@dataclass
class Player:
    """Plays console-style lines (``as bob``, ``@bob /cmd``) through a TableService on a MemoryRepository."""

    folder: Path
    service: TableService = field(default_factory=lambda: TableService(MemoryRepository(), SYSTEM_FACTORIES))
    user: UserId = field(default_factory=lambda: UserId("alice"))

    async def play(self, script: str) -> list[Step]:
        steps = []
        for raw in script.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("as "):
                self.user = UserId(line[3:].strip())
                continue
            user = self.user
            if line.startswith("@"):
                name, _, line = line[1:].partition(" ")
                user = UserId(name)
            outputs = await self.service.execute(TABLE, user, self._with_files(parse_line(line)))
            game = self._game()
            steps.append(Step(user, line, outputs, {str(s): list(c) for s, c in game.state.hands.items()},
                              {str(s): str(u) for s, u in game.state.seats.items()}))
        return steps

    def _game(self) -> Game[Any]:
        game = self.service.live_game(TABLE)
        assert game is not None
        return game

    def _with_files(self, invocation: Invocation) -> Invocation:
        spec = self.service.registry.find(invocation.path)
        names = [o.name for o in spec.options if o.type is OptionType.ATTACHMENT] if spec else []
        files = {n: Attachment(str(invocation.options[n]), (self.folder / str(invocation.options[n])).read_bytes())
                 for n in names if n in invocation.options}
        return replace(invocation, attachments=files) if files else invocation


def _public_texts(output: Output) -> Iterator[str]:
    yield output.text
    for picture in output.pictures:
        yield picture.alt
        yield picture.board.model_dump_json()


def _leaks(steps: list[Step]) -> list[str]:
    """Every place a still-secret card was shown to someone who does not hold it."""
    found = []
    for step in steps:
        secret = {card.casefold(): side for side, cards in step.hands.items() for card in cards}
        for output in step.outputs:
            held = {side for side, user in step.seats.items() if user == output.to}
            texts = list(_public_texts(output)) if output.to is None else [output.text]
            for text in texts:
                for card, side in secret.items():
                    if card in text.casefold() and side not in held:
                        found.append(f"{step.user} {step.line!r}: side {side}'s {card!r} shown to "
                                     f"{output.to or 'everyone'}: {text[:120]!r}")
    return found


def _public(steps: list[Step]) -> str:
    return "\n".join(text for step in steps for o in step.outputs if o.to is None for text in _public_texts(o))


async def test_both_players_hold_cards_and_nobody_else_ever_sees_them(tmp_path: Path) -> None:
    steps = await Player(tmp_path).play(BOTH_HOLD_CARDS)
    refused = [(s.line, o.text) for s in steps for o in s.outputs if o.error]
    assert [line for line, _ in refused] == ["/undo to:3"], "everything but the undo is accepted"
    assert "showed secret information; undo cannot go back past it" in refused[0][1]
    assert _leaks(steps) == []
    final = steps[-1].hands
    assert sorted(final["A"]) == ["Smoke Screen"] and sorted(final["B"]) == ["Blood Oath", "Last Stand"]
    public = _public(steps)
    assert "Side B plays the card Ambush." in public and "Side A plays the card Flanking March." in public
    assert any(o.to == "alice" and "Smoke Screen" in o.text for s in steps for o in s.outputs), \
        "the holder does see her own cards"
    assert any(o.pictures for s in steps for o in s.outputs if o.to is None), "pictures were checked too"


@pytest.mark.parametrize("script", [EXAMPLE], ids=lambda path: path.name)
async def test_the_example_game_keeps_every_hand_secret(script: Path) -> None:
    steps = await Player(script.parent).play(script.read_text(encoding="utf-8"))
    assert not [o.text for s in steps for o in s.outputs if o.error]
    assert _leaks(steps) == []
    assert steps[-1].hands.get("B") == ["Second Wind"] and steps[-1].hands.get("A") == ["Rally"]
    assert "Ambush" in _public(steps), "a played card is public"


def test_the_leak_check_finds_a_leak() -> None:
    """The check itself: a public line naming a held card, or a private line to the other player, is a leak."""
    hands, seats = {"A": ["Smoke Screen"]}, {"A": "alice", "B": "bob"}
    outputs = [Output(text="Side A holds Smoke Screen"), Output(text="smoke screen", to=UserId("bob")),
               Output(text="Smoke Screen goes into your hand.", to=UserId("alice"))]
    leaks = _leaks([Step(UserId("alice"), "/x", outputs, hands, seats)])
    assert len(leaks) == 2 and "everyone" in leaks[0] and "bob" in leaks[1]


def test_a_secret_decision_is_announced_without_its_question() -> None:
    """The public notice of a secret choice says only who is choosing (guards ``announce._notice``)."""
    game = new_duel()
    choose_hands(game)
    events = game.log[-3:]
    notices = [o for o in announce(game, events) if o.to is None and o.decision is not None]
    notices += announce_pending(game)
    assert notices and all(o.text == "alice (side A) is choosing." for o in notices)
    owner_prompts = [o for o in announce(game, events) if o.to is not None and o.decision is not None]
    assert owner_prompts and "Play a card face down." in owner_prompts[0].text, "the owner alone reads it"
