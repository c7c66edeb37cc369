"""Who may do what, walked as a whole: the host (alice, who also plays side A), a seated player (bob, side B,
on his own things and on side A's), a spectator (carol) and the bot's seat, for the table's commands in every
state of a game (set-up, in play, a decision pending, over). ``docs/permissions.md`` is this very table
(regenerate it with ``UPDATE_GOLDEN=1``); where the host acts for another side the public line says so.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.core.outputs import Output
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import BOT_USER, UserId
from tests.commands import parse_line

DOC = Path(__file__).parents[2] / "docs" / "permissions.md"
STATES = ("set-up", "play", "pending", "over")
ROLES = {"host": UserId("alice"), "player": UserId("bob"), "spectator": UserId("carol"), "bot seat": BOT_USER}
EVERY = frozenset(STATES)
LIVE = frozenset({"set-up", "play", "pending"})
OPEN = frozenset({"set-up", "play"})  # nothing pending


@dataclass(frozen=True)
class Row:
    line: str
    what: str
    grants: tuple[tuple[frozenset[str], frozenset[str]], ...]  # (roles, the states they may in)

    def allows(self, role: str, state: str) -> bool:
        return any(role in who and state in when for who, when in self.grants)


def row(line: str, what: str, who: str, when: frozenset[str], *more: tuple[str, frozenset[str]]) -> Row:
    return Row(line, what, tuple((frozenset(w.split(",")), s) for w, s in ((who, when), *more)))


LOOK = "host,player,spectator"
PLAYERS = "host,player"
ROWS = [
    row("/status", "look at the table", LOOK, EVERY),
    row("/board", "", LOOK, EVERY),
    row("/log count:5", "", LOOK, EVERY),
    row("/help", "", LOOK, EVERY),
    row("/game state", "", LOOK, EVERY),
    row("/game rules", "", LOOK, EVERY),
    row("/measure from:O1 to:O2", "measure (free measuring)", LOOK, EVERY),
    row("/template kind:circle at:18,18 size:3", "", LOOK, EVERY),
    row("/map preview name:forest-edge", "", LOOK, EVERY),
    row("/roll dice:1d6", "roll into the game's log", PLAYERS, LIVE),
    row("/note text:hello", "add a note", PLAYERS, OPEN),
    row("/pass until:phase", "pass on reactions ahead (refused here: freeplay asks no reactions)", PLAYERS,
        frozenset()),
    row("/move model:B1 to:18,28", "move side B's model", PLAYERS, frozenset({"play"})),
    row("/move model:A1 to:18,8", "move side A's model (the host's side)", "host", frozenset({"play"})),
    row("/model wound model:A1 amount:1", "mark a wound on any model", PLAYERS, frozenset({"play"})),
    row("/terrain add kind:rocks shape:rect:16,16,2,2", "change terrain (players before models stand, then the host)",
        PLAYERS, frozenset({"set-up"}), ("host", frozenset({"play"}))),
    row("/decide choice:hold", "answer side B's decision", "player", frozenset({"pending"})),
    row("/game force decision:{pending} choice:hold", "answer for an absent player", "host",
        frozenset({"pending"})),
    row("/game extend decision:{pending} minutes:5", "give a decision more time", "host", frozenset({"pending"})),
    row("/game pace pace:post", "change the pace", "host", LIVE),
    row("/game pause", "pause the game", "host", LIVE),
    row("/game seat side:B user:carol", "seat someone at a side", "host", LIVE),
    row("/game concede", "concede", PLAYERS, LIVE),
    row("/game end", "end the game", "host", LIVE),
    row("/game rematch", "start the rematch", PLAYERS, frozenset({"over"})),
]


_BUILT: dict[str, bytes] = {}
FREEPLAY = SYSTEM_FACTORIES["freeplay"]()
HOSTED = {"freeplay": lambda: FREEPLAY}
"""The table's one game, built once: each cell's service hosts it (hosting every game, each built and checked
anew for each of the 405 cells, was most of this file's time)."""


async def _table(state: str) -> TableService:
    """A table in ``state``: built once per process, then each cell gets a fresh copy (a new service reading a
    copy of the stored game, as a restarted bot would), so no cell sees another's command."""
    if state not in _BUILT:
        _BUILT[state] = pickle.dumps(await _build(state))  # each cell unpickles its own copy: far cheaper than deepcopy
    return TableService(pickle.loads(_BUILT[state]), HOSTED, pass_delay=lambda: 0.0)


async def _build(state: str) -> MemoryRepository:
    repository = MemoryRepository()
    service = TableService(repository, HOSTED, pass_delay=lambda: 0.0)
    lines = [("alice", "/game new system:freeplay map:crossroads practice:no"), ("bob", "/game join side:B")]
    if state != "set-up":
        lines += [("alice", "/force load name:Red Company side:A"), ("bob", "/force load name:Wild Hunt side:B")]
    if state == "pending":
        lines.append(("alice", "/ask side:B question:Hold? options:hold,flee"))
    if state == "over":
        lines.append(("alice", "/game end"))
    for user, line in lines:
        outputs = await service.execute("t", UserId(user), parse_line(line))
        assert not any(o.error for o in outputs), (line, [o.text for o in outputs])
    return repository


async def _line(template: str, service: TableService) -> str:
    game = await service.game_at("t")
    pending = next(iter(game.state.pending), "d1") if game else "d1"
    return template.replace("{pending}", pending)


async def _allowed(state: str, role: str, template: str) -> tuple[bool, list[Output]]:
    service = await _table(state)
    outputs = await service.execute("t", ROLES[role], parse_line(await _line(template, service)))
    return not any(o.error for o in outputs), outputs


CELLS = [(r, role, state) for r in ROWS for role in ROLES for state in STATES]


def _id(entry: Row, role: str, state: str) -> str:
    words = entry.line.split(" ")
    return f"{' '.join(words[:2] if entry.line.startswith('/game') else words[:1])}-{role}-{state}"


@pytest.mark.parametrize(("entry", "role", "state"), CELLS, ids=[_id(*cell) for cell in CELLS])
async def test_who_may_do_what(entry: Row, role: str, state: str) -> None:
    allowed, outputs = await _allowed(state, role, entry.line)
    assert allowed == entry.allows(role, state), (entry.line, role, state, [o.text for o in outputs])


async def test_when_the_host_acts_for_another_side_the_public_line_says_so() -> None:
    service = await _table("play")
    outputs = await service.execute("t", UserId("alice"), parse_line("/move model:B1 to:18,28"))
    (public,) = [o for o in outputs if o.to is None]
    assert public.text.startswith("B1 moves") and public.text.endswith("(by the host).")


def _markdown() -> str:
    head = "| command | what | " + " | ".join(ROLES) + " |"
    lines = [
        "# Who may do what",
        "",
        "Generated from `tests/core/test_permissions.py`, which walks every cell on a freeplay table (regenerate with",
        "`UPDATE_GOLDEN=1 make test`). Roles: the **host** created the game (here alice, who also plays side A); a",
        "**player** holds a side (bob, side B); a **spectator** holds none; the **bot seat** is a side the bot plays:",
        "nobody types for it, the table plays it after each command. A cell lists the game states in which that role",
        "may run the command: `set-up` (no models yet), `play`, `pending` (a decision waits for side B), `over`.",
        "Everyone may look at any time; a spectator's looks are private. When the host acts for another side (moves",
        "its model), the public line says \"by the host\".",
        "",
        head,
        "| --- | --- | " + " | ".join("---" for _ in ROLES) + " |",
    ]
    for entry in ROWS:
        cells = [", ".join(s for s in STATES if entry.allows(role, s)) or "no" for role in ROLES]
        lines.append(f"| `{entry.line}` | {entry.what} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def test_the_permission_table_in_the_docs_is_current() -> None:
    if os.environ.get("UPDATE_GOLDEN"):
        DOC.write_text(_markdown(), encoding="utf-8")
    assert DOC.read_text(encoding="utf-8") == _markdown(), "regenerate with UPDATE_GOLDEN=1 make test"
