"""No input breaks a table: every command of every registered game (and the test toys), every option, hostile
values, from the host, a player, another side's player and a spectator, against tables in setup, in play, with a
decision pending and over.

The property: a command either gets one clear error (never "a bug"), short, that changes nothing; or it is
accepted, and then the state still validates (every number finite, every model on the table and off the
others) and the table still answers /status, /board, /log and /help; and where the game is on the declarations,
a discrete action it accepted is reachable from its menus on the state before it (issue 23). CI runs the
derandomized profile below and prints how long it took; ``make fuzz`` runs the long one (``SKIRMISH_FUZZ=long``).
Every failure found becomes an entry of ``FOUND``, checked on every game and table state by
:func:`test_every_input_the_fuzz_once_broke_is_handled`.
"""

from __future__ import annotations

import asyncio
import copy
import math
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.outputs import Output
from bot.core.parsing import CommandLineError
from bot.core.registry import CommandSpec, OptionType
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import ActionCommand, Game, RulesError, UserId
from engine.core.offers import reachable
from engine.table import TableState
from tests.budget import LONG, examples
from tests.commands import parse_line
from tests.menu_walk import typed_only
from tests.toys.hexfire import Hexfire
from tests.toys.tally import Tally

FACTORIES: dict[str, Any] = {**SYSTEM_FACTORIES, "tally": Tally, "hexfire": Hexfire}
EXAMPLES = examples(6, long=400)
pytestmark = pytest.mark.fuzz  # each @given is built inside its test, where Hypothesis cannot mark it
STATES = ("setup", "play", "pending", "over")
USERS = ("alice", "bob", "carol")  # host and side A, side B, a spectator
BUG = "failed inside the game master"
ERROR_LIMIT = 600  # characters: an error repeats at most a short piece of what was typed

TEXT = ["", " ", "nan", "inf", "-inf", "1e308", "-1", "0", "3", "A1", "B1", "a1", "Z9", "T1", "O1", "DA", "C4",
        "x" * 10_000, "\u200b", "\u202ehello", "<@123456789012345678>", "@everyone", "toward O1 3",
        "contact B1", "behind T1 from B1", "away B1 3", "10.5,12", "nan,nan", "1e308,0", "-5,-5", "18,18",
        "rect:0,0,36,36", "circle:18,18,1e308", "poly:1,1;2,2", "via:1,1;nan,2", "strike", "shield", "pass",
        "phase", "off", "quick", "crossroads", "random", "Red Company", "Knight", "1,2,3", "d6", "4d6kh5",
        "2d20kl1", "yes=no;a=b", "A", "B", "C", "step", "score", "draw", "`code`", "# heading", "> quote"]
NUMBERS = [math.nan, math.inf, -math.inf, 1e308, -1.0, 0.0, 0.5, 3.0, 1e-9, 999.0]
INTEGERS = [-1, 0, 1, 3, 25, 10**12]


def _paths() -> list[tuple[tuple[str, ...], CommandSpec]]:
    registry = TableService(MemoryRepository(), FACTORIES).registry
    return [(path, spec) for path, spec in registry.walk() if path not in (("game", "new"), ("game", "demo"))]


PATHS = _paths()


VALUES: dict[OptionType, st.SearchStrategy[Any]] = {
    OptionType.NUMBER: st.sampled_from(NUMBERS),
    OptionType.INTEGER: st.sampled_from(INTEGERS),
    OptionType.BOOLEAN: st.booleans(),
    OptionType.USER: st.sampled_from(USERS),
}
TEXTS = st.sampled_from(TEXT) | st.text(max_size=12)  # built once: a strategy rebuilt per draw costs ms each


@st.composite
def invocations(draw: st.DrawFn, spec: CommandSpec, path: tuple[str, ...]) -> tuple[str, str]:
    """Who types it, and the command line as typed (the console's parser and Discord enforce the same types,
    bounds and choices, so what they let through is what the service must survive)."""
    words = ["/" + " ".join(path)]
    for option in spec.options:
        if option.type is OptionType.ATTACHMENT:
            continue
        if option.required or draw(st.booleans()):
            chosen = draw(st.sampled_from(option.choices)) if option.choices and draw(st.booleans()) else \
                draw(VALUES.get(option.type, TEXTS))
            words.append(f"{option.name}:{_typed(chosen)}")
    return draw(st.sampled_from(USERS)), " ".join(words)


def _typed(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class Tables:
    """One event loop and one table per (game, state), rebuilt when a command ends it: the first time by its
    commands, then from a copy of the storage it had then (the same table after a restart: its game replayed from its
    log, a fraction of the cost of playing a demo table's set-up again)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._tables: dict[tuple[str, str], TableService] = {}
        self._built: dict[tuple[str, str], MemoryRepository] = {}

    def run(self, work: Any) -> Any:
        return self.loop.run_until_complete(work)

    def service(self, system: str, state: str) -> TableService:
        key = (system, state)
        service = self._tables.get(key)
        game = service.live_game("t") if service else None
        if service is None or game is None or (state != "over" and game.is_over()):
            service = self._tables[key] = self.run(self._rebuilt(key))
        return service

    async def _rebuilt(self, key: tuple[str, str]) -> TableService:
        if key not in self._built:
            repository = MemoryRepository()
            service = await _build(repository, *key)
            self._built[key] = copy.deepcopy(repository)
            return service
        service = TableService(copy.deepcopy(self._built[key]), FACTORIES, pass_delay=lambda: 0.0)
        await service.game_at("t")
        return service


async def _build(repository: MemoryRepository, system: str, state: str) -> TableService:
    service = TableService(repository, FACTORIES, pass_delay=lambda: 0.0)
    say = service.execute
    if state == "play":
        await say("t", UserId("alice"), parse_line(f"/game demo system:{system}"))
        return service
    await say("t", UserId("alice"), parse_line(f"/game new system:{system} practice:no"))
    await say("t", UserId("bob"), parse_line("/game join side:B"))
    if state == "pending":
        game = service.live_game("t")
        assert game is not None
        if not game.pending:
            await say("t", UserId("alice"), parse_line("/roll dice:1d6"))
            await say("t", UserId("alice"), parse_line(f"/undo to:{game.seq}"))
    elif state == "over":
        await say("t", UserId("alice"), parse_line("/game end"))
    return service


def _numbers(value: Any) -> Iterator[float]:
    if isinstance(value, float):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _numbers(item)


def _valid(game: Game[Any]) -> None:
    """The state validates: finite numbers; models inside the table and not overlapping."""
    dumped = game.state.model_dump(mode="python")
    assert all(math.isfinite(number) for number in _numbers(dumped)), "a number that is not finite"
    state = game.state
    if isinstance(state, TableState):
        for model in state.models.values():
            assert -0.01 <= model.x <= state.width + 0.01 and -0.01 <= model.y <= state.height + 0.01, model.id
        models = list(state.models.values())
        for index, one in enumerate(models):
            for other in models[index + 1:]:
                gap = math.dist((one.x, one.y), (other.x, other.y)) - one.radius - other.radius
                assert gap >= -0.011, f"{one.id} overlaps {other.id}"


def _reachable(game: Game[Any], earlier: Any, user: UserId, invocation: Any) -> None:
    """A declared action the referee accepted is one its menus offered (issue 23's conformance property): for a
    game on the declarations, walk its menus on the state before the command; a value no menu could list (a path, a
    point, free text: its parameter declares it, ``Param.free_form``) is taken as typed, every other must be reached."""
    declarations = game.system.declarations
    try:
        command = game.system.command(invocation.path, invocation.options)
    except RulesError:
        return  # not an action (a table command) or a question
    if not isinstance(command, ActionCommand):
        return
    decl = declarations.find(command.path, command.name)
    if decl is None or typed_only(decl):
        return  # no menu offers it: a tool, or an action on free text
    sides = [side for side in earlier.sides_of(user) if side == earlier.active_side] or list(earlier.sides_of(user))
    reasons = [reachable(declarations, game.system, earlier, side, command, typed=True) for side in sides]
    assert any(reason is None for reason in reasons), f"accepted but unreachable from the menus: {reasons}"


TABLES = Tables()
TABLE_STATES = [(system, state) for system in sorted(FACTORIES) for state in STATES]
STARTED = time.monotonic()


# Every failure the fuzz ever found, kept as an explicit case: each is checked on every game and table state where
# its command exists (one run each, not once per generated test).
FOUND = [
    ("alice", "/model place model:A1 at:18,8 facing:nan"),
    ("alice", "/measure from:A1 to:nan,nan"),
    ("alice", "/measure from:A1 to:1e308,0"),
    ("alice", "/move model:A1 to:18,8 max:nan"),
    ("alice", "/template kind:circle at:A1 size:1e308"),
    ("alice", "/roll dice:4d6kh5"),
    ("alice", "/model token model:A1 name:\u200b"),
    ("alice", "/log count:-1"),
    ("alice", "/terrain add kind:ruin shape:rect:0,0,36,36 keywords:impassable,blocking"),
    ("alice", "/measure from:A1 to:A1"),
    ("alice", "/terrain add kind:lava shape:rect:1,1,2,2"),
    ("carol", "/roll dice:1d6"),
    ("alice", "/game export every:heading"),
    ("alice", "/dice rig values:²"),
    ("alice", "/game force decision:nan choice:0;="),
    ("alice", "/act action:discard"),  # Underworlds: the discard menu read the decks before they were dealt
    ("alice", "/act action:terrain"),  # Shroudfall: the terrain menu after the last piece was set
]


def _check(system: str, state: str, user: str, line: str, path: tuple[str, ...] | None = None) -> None:
    """One typed line against the (system, state) table: a short clear error that changes nothing, or an
    accepted command after which the state validates and the table still answers (``path``: only a line of
    that command counts)."""
    try:
        invocation = parse_line(line)
    except CommandLineError as error:
        assert str(error).strip() and len(str(error)) <= ERROR_LIMIT, str(error)[:200]
        return
    if path is not None and invocation.path != path:
        return
    service = TABLES.service(system, state)
    game = service.live_game("t")
    assert game is not None
    before, earlier = game.seq, game.state.clone()  # compared whole when refused: cheaper than two fingerprints
    outputs: list[Output] = TABLES.run(service.execute("t", UserId(user), invocation))
    assert not any(BUG in output.text for output in outputs), [o.text for o in outputs]
    errors = [output for output in outputs if output.error]
    for error in errors:
        assert error.text.strip() and len(error.text) <= ERROR_LIMIT, error.text[:200]
    game = service.live_game("t")
    assert game is not None
    if errors:
        assert game.seq == before and game.state == earlier, "a refused command changed the game"
        return
    _valid(game)
    if game.seq > before:
        _reachable(game, earlier, UserId(user), invocation)
    for look in ("/status", "/board", "/log", "/help"):
        answers = TABLES.run(service.execute("t", UserId("alice"), parse_line(look)))
        assert answers and not any(BUG in a.text or a.error for a in answers), (look, answers)


@pytest.mark.parametrize(("path", "spec"), PATHS, ids=["/" + " ".join(path) for path, _ in PATHS])
def test_every_command_with_hostile_values(path: tuple[str, ...], spec: CommandSpec) -> None:
    """Each line drawn is typed at every table (every game, every state), so each table meets as many lines as
    ``EXAMPLES`` says. One Hypothesis run a command, not one a table: derandomized, a run draws the same lines for
    one command whatever the table (its seed comes from the test's source), so a run per table drew the same lines
    again at about 10 ms of Hypothesis's own work a run; under ``make fuzz`` every table now meets the same random
    lines, as many as before."""
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(invocations(spec, path))
    def check(case: tuple[str, str]) -> None:
        for system, state in TABLE_STATES:
            try:
                _check(system, state, *case, path=path)
            except Exception as error:
                error.add_note(f"at the {system} table in {state}")
                raise

    check()


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("system", sorted(FACTORIES))
@pytest.mark.parametrize(("user", "line"), FOUND, ids=[line for _, line in FOUND])
def test_every_input_the_fuzz_once_broke_is_handled(user: str, line: str, system: str, state: str) -> None:
    _check(system, state, user, line)


def test_the_fuzz_budget_is_printed() -> None:
    """Not a timed assertion: the number tells CI's owner what the derandomized profile costs."""
    spent = time.monotonic() - STARTED
    print(f"\ncommand-surface fuzz: {len(PATHS)} commands x {len(FACTORIES)} games x {len(STATES)} table states, "
          f"{EXAMPLES} examples each; {spent:.1f} s so far")
