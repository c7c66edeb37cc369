"""The table service: one invocation in, messages out. Transport-free; both front-ends use it.

Each command runs against the live game under the game's lock; its events are appended to the
repository as one unit, and only then announced. A refused command changes nothing and answers
its sender alone, saying what was wrong and what is accepted.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.core.announce import announce, announce_pending
from bot.core.core_commands import core_command
from bot.core.data_loader import load_player_import, load_system_data, shipped_data
from bot.core.end_card import end_card
from bot.core.map_import import import_map_command, preset_map_command
from bot.core.outputs import Output
from bot.core.pace import PACES, Pace, pace_of
from bot.core.parsing import CommandLineError, Invocation
from bot.core.pictures import board_picture
from bot.core.queries import answer_query, status_line, suggest
from bot.core.registry import Suggest
from bot.core.storage import (
    ConcurrentUpdate,
    DeadlineChanges,
    DuplicateInteraction,
    GameRepository,
    MessageRef,
    OutboxItem,
    StoredGame,
    TableBusy,
)
from bot.core.text import clean_player_text
from engine.core import (
    CORE_COMMANDS,
    SPECTATOR,
    Actor,
    Command,
    DecisionExtended,
    DiceRolled,
    Event,
    ExpireDecision,
    Game,
    GameEnded,
    GameResumed,
    GameSetup,
    ImportUnits,
    RulesError,
    SideId,
    System,
    UserId,
)
from engine.dice import NotationError, Roller, commitment, new_seed, roll_expression
from engine.schema import DataError

__all__ = ["PLAYER_ERRORS", "SNAPSHOT_EVERY", "TableService"]

_log = logging.getLogger(__name__)

PLAYER_ERRORS: tuple[type[Exception], ...] = (RulesError, CommandLineError, NotationError, TableBusy, DataError)
"""Errors a player's input can cause: answered privately, never a crash."""

SystemFactory = Callable[[], System[Any]]

_REMINDER = "remind:"
"""Deadline rows for half-time reminders are named after their decision with this prefix."""

SNAPSHOT_EVERY = 100
"""Events between two saved states: a game loads from its newest snapshot and replays only what follows."""

_NOT_SETTINGS = frozenset({"system", "practice", "opponent", "thread"})
"""``/game new`` options that are not the game's settings (kept elsewhere, or used by the front-end only)."""


class TableService:
    """Hosts games at tables (a Discord channel or thread, a console session)."""

    def __init__(self, repository: GameRepository, systems: Mapping[str, SystemFactory],
                 *, seed_source: Callable[[], str] = new_seed, clock: Callable[[], float] = time.time) -> None:
        self._repository = repository
        self._systems = dict(systems)
        self._seed_source = seed_source
        self._clock = clock
        self._live: dict[str, Game[Any]] = {}
        self._live_at: dict[str, str] = {}  # table -> the game id last used there
        self._locks: dict[str, asyncio.Lock] = {}
        self._acting_as: dict[tuple[str, UserId], SideId] = {}  # /game side: who acts for which side, by table
        self._counter = 0

    # -- entry point ---------------------------------------------------------------------------

    async def execute(self, table: str, user: UserId, invocation: Invocation, *, manager: bool = False,
                      side: SideId | None = None, interaction_id: str | None = None,
                      preview: bool = False) -> list[Output]:
        """Run one invocation for ``user`` at ``table``; ``manager`` grants host rights (Manage Server);
        ``side`` says which side acts when the user holds several (a practice table); an
        ``interaction_id`` delivered twice applies once (the second time nothing is said). With
        ``preview`` a game command is tried on a copy and shown to the user alone, with the invocation
        that confirms it (stamped with the state it was previewed on)."""
        try:
            invocation = _cleaned(invocation)
            if invocation.path == ("game", "new"):
                return await self._new_game(table, user, invocation.options)
            if invocation.path == ("game", "rematch"):
                return await self._rematch(table, user)
            if invocation.path == ("game", "demo"):
                return await self._demo(table, user, str(invocation.options["system"]))
            if invocation.path == ("game", "list"):
                return [Output(text=await self._table_history(table), to=user)]
            if invocation.path == ("roll",) and await self._repository.current(table) is None:
                return self._table_free_roll(invocation.options)
            return await self._in_game(table, user, invocation, manager, side, interaction_id, preview)
        except DuplicateInteraction:
            return []
        except ConcurrentUpdate:
            return [Output(text="Another command reached this game first, so yours was not applied. Look again "
                                "(/status, /board) and repeat it if it still makes sense.", to=user, error=True)]
        except PLAYER_ERRORS as error:
            return [Output(text=str(error), to=user, error=True)]
        except Exception:  # a bug must not take the table down; the engine changed nothing
            _log.exception("command %s at %s failed", invocation.name, table)
            return [Output(text=f"{invocation.name} failed inside the game master (a bug, now logged); "
                                "nothing was changed. Try another way, or /undo what led here.",
                           to=user, error=True)]

    # -- creating ------------------------------------------------------------------------------

    def check_new_game(self, user: UserId, options: Mapping[str, Any]) -> str | None:
        """Why ``/game new`` with these options would be refused, or None: lets a front-end test the
        settings before it opens a thread for the game."""
        try:
            self._start(user, options)
        except PLAYER_ERRORS as error:
            return str(error)
        return None

    def _start(self, user: UserId, options: Mapping[str, Any],
               seats: Mapping[SideId, UserId] | None = None) -> tuple[Game[Any], str]:
        name = str(options["system"]).casefold()
        if name not in self._systems:
            raise CommandLineError(f"unknown game system {name!r}; choose one of {', '.join(self._systems)}")
        system = self._systems[name]()
        practice = bool(options.get("practice", False))
        if str(options.get("pace", "live")) not in PACES:
            raise CommandLineError(f"unknown pace {options['pace']!r}; choose one of {', '.join(PACES)}")
        seed = self._seed_source()
        spec = system.spec
        sides = tuple(SideId(chr(ord("A") + i)) for i in range(spec.min_sides))
        setup = GameSetup(system=spec.name, sides=sides, host=user, practice=practice,
                          seed_commitment=commitment(seed), data_fingerprint=system.data_fingerprint(),
                          rulings=system.default_rulings(),
                          options={key: value for key, value in options.items() if key not in _NOT_SETTINGS})
        if seats is None:
            seats = dict.fromkeys(sides, user) if practice else {sides[0]: user}
        return Game.start(system, setup, seed, seats=seats), seed

    async def _new_game(self, table: str, user: UserId, options: Mapping[str, Any],
                        seats: Mapping[SideId, UserId] | None = None) -> list[Output]:
        game, seed = self._start(user, options, seats)
        setup = game.setup
        self._counter += 1
        game_id = f"{table}-{self._counter}-{hashlib.sha256(seed.encode()).hexdigest()[:6]}"
        outputs = [replace(o, table=table, game_id=game_id) for o in announce(game, game.log)]
        durable = _durable(table, user, outputs)
        ids = await self._repository.create(StoredGame(game_id, table, setup, seed, game.records(), game.is_over()),
                                            outbox=[item for _, item in durable])
        self._live[game_id] = game
        self._live_at[table] = game_id
        return _with_ids(outputs, durable, ids)

    async def _table_history(self, table: str) -> str:
        """Every game this table hosted, newest first: who played, how far it got, how it ended."""
        games = [summary for summary in await self._repository.list_games() if summary.table == table]
        if not games:
            return "No game has been played at this table yet; start one with /game new."
        lines = []
        for summary in reversed(games[-10:]):
            stored = await self._repository.game(summary.game_id)
            if stored is None:
                continue
            game = await self._game_of(stored)
            view = game.view(SPECTATOR)
            seats = ", ".join(f"{side}: {user}" for side, user in view.seats.items()) or "no players"
            state = view.outcome.describe() if view.outcome else f"in play, round {view.round}"
            lines.append(f"{game.system.spec.title} ({seats}), {game.seq} events: {state}")
        more = f" (the last 10 of {len(games)})" if len(games) > 10 else ""
        return f"Games at this table{more}, newest first:\n" + "\n".join(lines)

    async def _rematch(self, table: str, user: UserId) -> list[Output]:
        """The same game again: same settings and forces, every player moved to the next side, a new seed."""
        _, old = await self._load(table)
        if not old.is_over():
            raise CommandLineError("this game is still on; a rematch starts once it has ended "
                                   "(/game concede or, for the host, /game end)")
        if user != old.setup.host and not old.state.sides_of(user):
            raise CommandLineError("only the players of the last game (or its host) can start its rematch")
        sides = old.state.sides
        seats = {sides[(index + 1) % len(sides)]: old.state.seats[side]
                 for index, side in enumerate(sides) if side in old.state.seats}
        options = {**old.setup.options, "system": old.setup.system, "practice": old.setup.practice}
        outputs = await self._new_game(table, user, options, seats)
        stored, game = await self._load(table)
        host = Actor(user=user, host=True)
        for command in game.system.rematch_commands(old.log):
            outputs += await self._run(stored, game, command, host, table, None)
        return outputs

    async def _demo(self, table: str, user: UserId, system: str) -> list[Output]:
        """A ready practice table at once: the first preset map and a demo force deployed for every side,
        all held by the asker (rigged dice allowed, every rigged roll marked)."""
        catalogue = shipped_data(system.casefold())
        maps = {"map": catalogue.maps[0].id} if catalogue and catalogue.maps else {}
        outputs = await self._new_game(table, user, {"system": system, "practice": True, **maps})
        stored, game = await self._load(table)
        forces = catalogue.forces if catalogue else ()
        for side, force in zip(game.state.sides, forces, strict=False):
            command = game.system.parse_command(("force", "load"), {"name": force.name, "side": side})
            if command is not None:
                outputs += await self._run(stored, game, command, Actor(user=user, host=True), table, None)
        return outputs

    def _table_free_roll(self, options: Mapping[str, Any]) -> list[Output]:
        result = roll_expression(str(options["dice"]), Roller(self._seed_source()))
        purpose = f" for {options['for']}" if "for" in options else ""
        return [Output(text=f"Roll{purpose}: {result.breakdown}")]

    def system_title(self, name: str) -> str:
        """A system's display name (for thread names and cards)."""
        factory = self._systems.get(name.casefold())
        return factory().spec.title if factory else name

    # -- reading from memory (autocomplete and buttons must answer at once) ----------------------

    async def game_at(self, table: str) -> Game[Any] | None:
        """The current game of a table, loaded from storage if it is not in memory."""
        if await self._repository.current(table) is None:
            return None
        return (await self._load(table))[1]

    def live_game(self, table: str) -> Game[Any] | None:
        """The game last used at ``table`` if it is in memory; never touches storage."""
        game_id = self._live_at.get(table)
        return self._live.get(game_id) if game_id else None

    def suggestions(self, table: str, user: UserId, kind: Suggest, typed: str) -> list[str]:
        """Up to 25 values for an option, filtered to what ``user`` may use and know now, from memory."""
        if kind is Suggest.SYSTEM:
            found = list(self._systems)
        elif kind is Suggest.MAP:
            found = self._maps()
        else:
            game = self.live_game(table)
            found = [] if game is None else suggest(game, user, kind)
        wanted = typed.casefold()
        return [value for value in found if wanted in value.casefold()][:25]

    def preset_maps(self, system: str) -> list[tuple[str, str]]:
        """A system's preset maps as (id, name), for a settings menu."""
        catalogue = shipped_data(system.casefold())
        return [(preset.id, preset.name) for preset in catalogue.maps] if catalogue else []

    def _maps(self) -> list[str]:
        """Every map a new game may use: each system's presets and generated layouts (data is cached)."""
        found: list[str] = []
        for name, factory in self._systems.items():
            catalogue = shipped_data(name)
            if catalogue is not None:  # a test system ships no data, so no presets
                found.extend(m.id for m in catalogue.maps)
            found.extend(factory().spec.generated_maps)
        return found

    # -- playing -------------------------------------------------------------------------------

    async def _load(self, table: str) -> tuple[StoredGame, Game[Any]]:
        stored = await self._repository.current(table)
        if stored is None:
            raise CommandLineError("there is no game at this table; start one with /game new system:<game> "
                                   f"(systems: {', '.join(self._systems)})")
        self._live_at[table] = stored.game_id
        return stored, await self._game_of(stored)

    async def _game_of(self, stored: StoredGame) -> Game[Any]:
        """The live game for a stored one, replayed the first time it is used (from its latest snapshot)."""
        game = self._live.get(stored.game_id)
        if game is None:
            system = self._systems[stored.setup.system]()
            snapshot = await self._repository.latest_snapshot(stored.game_id)
            game = (Game.from_records(system, stored.setup, stored.seed, stored.records) if snapshot is None
                    else Game.from_snapshot(system, stored.setup, stored.seed, stored.records, snapshot.seq,
                                            snapshot.state_json))
            self._live[stored.game_id] = game
        return game

    async def _in_game(self, table: str, user: UserId, invocation: Invocation, manager: bool,
                       side: SideId | None, interaction_id: str | None, preview: bool = False) -> list[Output]:
        stored, game = await self._load(table)
        if invocation.path == ("game", "side"):
            return [self._choose_side(table, user, game, SideId(str(invocation.options["side"]).upper()))]
        chosen = self._acting_as.get((table, user))
        actor = Actor(user=user, side=side, host=manager or user == stored.setup.host, fallback_side=chosen)
        if invocation.path == ("game", "join") and "side" not in invocation.options:
            invocation = replace(invocation, options={**invocation.options, "side": _free_side(game)})
        query = answer_query(game, user, invocation, side or chosen, actor.host)
        if query is not None:
            return [replace(output, table=table, game_id=stored.game_id) for output in query]
        command = (self._import_command(game, invocation) or core_command(invocation)
                   or game.system.parse_command(invocation.path, invocation.options))
        if command is None:
            raise CommandLineError(f"{invocation.name} is not part of {game.system.spec.title}")
        if invocation.built_at_seq is not None:  # a button or a preview's Confirm: stale once the game moved on
            command = replace(command, built_at_seq=invocation.built_at_seq)
        is_core = type(command) in CORE_COMMANDS
        if preview and not is_core:
            return [_preview(game, command, actor, invocation)]
        return await self._run(stored, game, command, actor, table, interaction_id, show_board=not is_core)

    def _choose_side(self, table: str, user: UserId, game: Game[Any], side: SideId) -> Output:
        """On a table where someone holds several sides: the side their commands act for when it is not
        clear from the command itself (a move acts for its model's side anyway)."""
        held = game.state.sides_of(user)
        if side not in held:
            raise CommandLineError(f"you do not hold side {side}; you hold {', '.join(held) or 'no side'}")
        self._acting_as[(table, user)] = side
        return Output(text=f"You act for side {side} at this table until you choose another.", to=user)

    async def _run(self, stored: StoredGame, game: Game[Any], command: Command, actor: Actor, table: str,
                   interaction_id: str | None, *, show_board: bool = True) -> list[Output]:
        """Apply one command under the game's lock and commit its events, messages and deadlines together."""
        lock = self._locks.setdefault(stored.game_id, asyncio.Lock())
        async with lock:
            before, pending_before = game.seq, set(game.state.pending)
            events = game.apply(command, actor)
            overlays = game.system.board_update(events) if show_board else None
            outputs = (announce(game, events) if overlays is None
                       else announce(game, events, pictures=lambda: board_picture(game, overlays)))
            outputs = _with_working(outputs, events)
            if any(isinstance(event.body, GameEnded) for event in events):
                outputs.append(Output(text=end_card(game)))
            if any(isinstance(event.body, GameResumed) for event in events):
                outputs.append(Output(text=f"Where we were: {status_line(game)}"))
            deadlines = await self._deadline_changes(stored.game_id, game, pending_before, events)
            outputs = [_stamp(o, stored, deadlines) for o in outputs]
            durable = _durable(table, actor.user, outputs)
            try:
                ids = await self._repository.append(
                    stored.game_id, [e.to_record() for e in events], before, game.is_over(),
                    outbox=[item for _, item in durable], deadlines=deadlines, interaction_id=interaction_id)
            except (ConcurrentUpdate, DuplicateInteraction):
                self._live.pop(stored.game_id, None)
                raise
            if game.seq // SNAPSHOT_EVERY > before // SNAPSHOT_EVERY:
                await self._repository.save_snapshot(stored.game_id, game.seq, game.snapshot())
        return _with_ids(outputs, durable, ids)

    @staticmethod
    def _import_command(game: Game[Any], invocation: Invocation) -> Command | None:
        """``/force import`` and ``/map import``: validate the uploaded YAML against the game's data first."""
        if invocation.path == ("map", "use"):
            return preset_map_command(str(invocation.options["name"]), load_system_data(game.setup.system))
        if invocation.path not in (("force", "import"), ("map", "import")):
            return None
        upload = invocation.attachments.get("file")
        if upload is None:
            raise CommandLineError(f"{invocation.name} needs a YAML file attached as file:")
        catalogue = load_system_data(game.setup.system)
        if invocation.path == ("map", "import"):
            return import_map_command(upload.filename, upload.data, catalogue)
        units = load_player_import(upload.filename, upload.data, "units", catalogue=catalogue)
        return ImportUnits(units=units)

    async def _deadline_changes(self, game_id: str, game: Game[Any], pending_before: set[str],
                                events: Sequence[Event]) -> dict[str, float | None]:
        """Arm a deadline for each decision this command opened, by the table's pace; disarm the closed ones;
        move the ones the host extended."""
        pace = _pace(game)
        now = self._clock()
        changes: dict[str, float | None] = {d: None for d in pending_before if d not in game.state.pending}
        changes.update({_REMINDER + d: None for d in list(changes)})
        for decision_id, decision in game.state.pending.items():
            if decision_id not in pending_before:
                timeout = pace.timeout(decision.kind)
                changes[decision_id] = round(now + timeout, 3)
                changes[_REMINDER + decision_id] = round(now + timeout / 2, 3)
        extended = [e.body for e in events if isinstance(e.body, DecisionExtended)]
        if extended:
            armed = {d.decision_id: d.due_at for d in await self._repository.deadlines() if d.game_id == game_id}
            for body in extended:
                due = armed.get(body.decision_id, now)
                changes[body.decision_id] = armed[body.decision_id] = round(max(due, now) + body.minutes * 60, 3)
        return changes

    async def working(self, table: str, first: int, last: int) -> str:
        """The working behind events ``first``..``last`` of the game at ``table``, as the table saw them:
        each public event with its reasoning, and the rules options in force."""
        game = await self.game_at(table)
        if game is None or last > game.seq:
            return "That game is not at this table any more; /game list and /log show what happened."
        lines: list[str] = []
        for event in game.log:
            if first <= event.seq <= last and event.audience.is_public:
                lines.append(f"#{event.seq} {event.body.describe()}")
                lines.extend(f"  {line}" for line in event.body.working())
        rulings = game.setup.rulings or {}
        lines.append("Rules options in force: " + (", ".join(f"{k}: {v}" for k, v in rulings.items()) or "none"))
        return "\n".join(lines)

    # -- the status board (a front-end keeps one message per table up to date) -----------------

    def status_now(self, table: str) -> tuple[str, str] | None:
        """The game id and the public status line of the game last used at ``table``, from memory."""
        game = self.live_game(table)
        return None if game is None else (self._live_at[table], status_line(game))

    async def status_message(self, game_id: str) -> MessageRef | None:
        """The message showing a game's status, if one was posted."""
        return await self._repository.message_for(game_id, "status")

    async def remember_status(self, game_id: str, channel: int, message_id: int) -> None:
        await self._repository.remember_message(game_id, "status", channel, message_id)

    # -- the clock and the outbox (driven by a front-end's timer and start-up) --------------------

    async def expire_due(self) -> list[Output]:
        """Let every decision whose deadline passed take its course: an optional one takes its default;
        a required one is announced as late (the game waits for its owner or the host's /decide force)."""
        now = self._clock()
        outputs: list[Output] = []
        armed = await self._repository.deadlines()
        due_at = {(d.game_id, d.decision_id): d.due_at for d in armed}
        for deadline in armed:
            if deadline.due_at > now:
                break
            stored = await self._repository.game(deadline.game_id)
            if stored is None:
                continue
            game = await self._game_of(stored)
            if deadline.decision_id.startswith(_REMINDER):
                decision_id = deadline.decision_id.removeprefix(_REMINDER)
                outputs.extend(await self._remind(stored, game, decision_id, due_at.get((stored.game_id, decision_id))))
            else:
                outputs.extend(await self._expire(stored, game, deadline.decision_id))
        return outputs

    async def _remind(self, stored: StoredGame, game: Game[Any], decision_id: str, due: float | None) -> list[Output]:
        """Half the time is gone: a private nudge to the player who owes the decision (due at ``due``)."""
        decision = game.state.pending.get(decision_id)
        owner = game.state.seats.get(decision.owner) if decision else None
        if decision is not None and game.state.paused:  # nobody is nudged while the host has paused play
            later = self._clock() + _pace(game).timeout(decision.kind) / 2
            return await self._commit_only(stored, game, {_REMINDER + decision_id: later})
        notes: list[Output] = []
        if decision is not None and owner is not None:
            kind = "optional: if time runs out the default applies" if decision.optional else "the game waits for it"
            notes.append(Output(text=f"Reminder: your choice {decision_id} is waiting ({decision.prompt}); {kind}.",
                                to=owner, table=stored.table, game_id=stored.game_id, deadline=due))
        return await self._commit_only(stored, game, {_REMINDER + decision_id: None}, notes)

    async def _expire(self, stored: StoredGame, game: Game[Any], decision_id: str) -> list[Output]:
        decision = game.state.pending.get(decision_id)
        clock = Actor(user=stored.setup.host, host=True)
        if decision is not None and decision.optional:
            try:
                return await self._run(stored, game, ExpireDecision(decision_id=decision_id), clock, stored.table, None)
            except RulesError as refused:  # e.g. paused: look again after another full wait
                _log.info("deadline of %s in %s not applied: %s", decision_id, stored.game_id, refused)
                due = self._clock() + _pace(game).timeout(decision.kind)
                return await self._commit_only(stored, game, {decision_id: due})
        notices: list[Output] = []
        if decision is not None:
            owner = game.state.seats.get(decision.owner)
            who = f"{owner} (side {decision.owner})" if owner else f"side {decision.owner}"
            notices.append(Output(text=f"Time is up for {who} on {decision_id}: {decision.prompt}. The game waits "
                                       "for their answer, or for the host to /game force it.",
                                  table=stored.table, game_id=stored.game_id))
        return await self._commit_only(stored, game, {decision_id: None}, notices)

    async def _commit_only(self, stored: StoredGame, game: Game[Any], deadlines: DeadlineChanges,
                           outputs: Sequence[Output] = ()) -> list[Output]:
        """Commit messages and deadline changes that come with no event (the game does not move)."""
        durable = _durable(stored.table, None, list(outputs))
        async with self._locks.setdefault(stored.game_id, asyncio.Lock()):
            ids = await self._repository.append(stored.game_id, [], game.seq, game.is_over(),
                                                outbox=[item for _, item in durable], deadlines=deadlines)
        return _with_ids(list(outputs), durable, ids)

    async def unsent(self) -> list[Output]:
        """Committed messages not yet confirmed sent (after a crash): send them again, with the same nonce."""
        return [Output.from_payload(row.payload, row.id) for row in await self._repository.unsent_outbox()]

    async def sent(self, output: Output, channel: int, message_id: int) -> None:
        """Record that an outbox message went out; a decision notice is remembered so a restart edits it."""
        if output.outbox_id is not None:
            await self._repository.mark_sent(output.outbox_id, message_id)
        if output.decision is not None and output.to is None and output.game_id is not None:
            await self._repository.remember_message(output.game_id, f"prompt:{output.decision.id}", channel,
                                                    message_id)

    async def open_prompts(self) -> list[tuple[Output, int, int]]:
        """Each pending decision's public notice as it stands now, with the message that showed it
        (channel, message id): after a restart the front-end edits those messages in place."""
        found: list[tuple[Output, int, int]] = []
        armed = {(d.game_id, d.decision_id): d.due_at for d in await self._repository.deadlines()}
        for summary in await self._repository.list_games():
            stored = None if summary.ended else await self._repository.game(summary.game_id)
            if stored is None:
                continue
            game = await self._game_of(stored)
            for notice in announce_pending(game):
                assert notice.decision is not None
                ref = await self._repository.message_for(stored.game_id, f"prompt:{notice.decision.id}")
                if ref is not None:
                    deadline = armed.get((stored.game_id, notice.decision.id))
                    found.append((_stamp(notice, stored, {notice.decision.id: deadline}), ref.channel,
                                  ref.message_id))
        return found


def _with_working(outputs: list[Output], events: Sequence[Event]) -> list[Output]:
    """Offer the working on the public summary of a command whose public events can explain themselves."""
    if not events or not any(e.audience.is_public and e.body.working() for e in events):
        return outputs
    span = (events[0].seq, events[-1].seq)
    return [replace(o, working=span) if o.to is None and o.decision is None and index == 0 else o
            for index, o in enumerate(outputs)]


def _preview(game: Game[Any], command: Command, actor: Actor, invocation: Invocation) -> Output:
    """What ``command`` would do, tried on a copy and shown to its author with the path drawn; a command
    that rolls dice is never previewed (the preview would show the dice before they count)."""
    twin = game.clone()
    events = twin.apply(command, actor)
    if any(isinstance(event.body, DiceRolled) for event in events):
        raise CommandLineError(f"{invocation.name} rolls dice, so it cannot be previewed; run it directly")
    lines = [event.body.describe() for event in events if event.audience.is_public]
    overlays = twin.system.board_update(events) or ()
    return Output(text="Preview: " + "\n".join(lines) + "\nConfirm to make it so, or Adjust.", to=actor.user,
                  pictures=board_picture(twin, overlays, name="preview.png"),
                  confirm=replace(invocation, built_at_seq=game.seq))


def _cleaned(invocation: Invocation) -> Invocation:
    """The invocation with every typed text option cleaned (one line, no layout-breaking markdown)."""
    try:
        options = {key: clean_player_text(value, key) if isinstance(value, str) else value
                   for key, value in invocation.options.items()}
    except ValueError as error:
        raise CommandLineError(f"{invocation.name}: {error}") from None
    return replace(invocation, options=options)


def _pace(game: Game[Any]) -> Pace:
    """The table's pace: as created, unless the host changed it since."""
    return pace_of({**game.setup.options, **game.state.settings})


def _free_side(game: Game[Any]) -> SideId:
    """The side a player joins when they name none: the first without a player."""
    free: list[SideId] = [side for side in game.state.sides if game.state.controller(side) is None]
    if not free:
        raise CommandLineError("every side already has a player; watch with /board, or ask the host for a seat")
    return free[0]


def _stamp(output: Output, stored: StoredGame, deadlines: Mapping[str, float | None]) -> Output:
    """Tag a message with its table and game, and a decision notice with the deadline just armed for it."""
    deadline = output.deadline
    if output.decision is not None and output.to is None:
        deadline = deadlines.get(output.decision.id) or deadline
    return replace(output, table=stored.table, game_id=stored.game_id, deadline=deadline)


def _durable(table: str, invoker: UserId | None, outputs: Sequence[Output]) -> list[tuple[int, OutboxItem]]:
    """The messages that must survive a crash: everything public and every private line for someone
    other than the invoker (whose replies are part of their own interaction). Errors change nothing."""
    return [(index, OutboxItem(f"channel:{table}" if output.to is None else f"user:{output.to}", output.to_payload()))
            for index, output in enumerate(outputs) if not output.error and output.to != invoker]


def _with_ids(outputs: list[Output], durable: list[tuple[int, OutboxItem]], ids: Sequence[int]) -> list[Output]:
    for (index, _), outbox_id in zip(durable, ids, strict=True):
        outputs[index] = replace(outputs[index], outbox_id=outbox_id)
    return outputs
