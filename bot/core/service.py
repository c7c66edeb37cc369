"""The table service: one invocation in, messages out. Transport-free; both front-ends use it.

Each invocation takes one walk: the registry names its route (the service itself, a question the table
answers, a core command, or a game's action), and it goes there and nowhere else. A command runs against
the live game under the game's lock; its events are appended to the repository as one unit, and only
then announced. A refused command changes nothing and answers its sender alone, saying what was wrong
and what is accepted.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.core import acting, deciding
from bot.core.announce import decision_prompt, waiting_for
from bot.core.autocomplete import Autocomplete
from bot.core.books import GameBook
from bot.core.commit import Committer
from bot.core.core_commands import core_command
from bot.core.creation import Creation
from bot.core.driver import Driver, random_pass_delay
from bot.core.expiry import Expiry
from bot.core.hosted import HostedSystems, SystemFactory
from bot.core.outbox import Outbox
from bot.core.outputs import Output
from bot.core.parsing import CommandLineError, Invocation
from bot.core.queries import answer_query, status_line, viewer_for
from bot.core.registry import Registry, Route, Suggest
from bot.core.shards import Shards
from bot.core.staleness import current
from bot.core.storage import ConcurrentUpdate, DuplicateInteraction, GameRepository, MessageRef, StoredGame, TableBusy
from bot.core.table_tools import rigged_answer, undo_picks
from bot.core.text import clean_player_text
from engine.core import (
    BOT_USER,
    Actor,
    Answer,
    Choice,
    Command,
    Game,
    OptionValue,
    RulesError,
    SideId,
    UserId,
    Viewer,
    pending_view,
)
from engine.dice import NotationError, Roller, new_seed, roll_expression
from engine.schema import DataError

__all__ = ["PLAYER_ERRORS", "SystemFactory", "TableService"]

_log = logging.getLogger(__name__)

PLAYER_ERRORS: tuple[type[Exception], ...] = (RulesError, CommandLineError, NotationError, TableBusy, DataError)
"""Errors a player's input can cause: answered privately, never a crash."""


class TableService:
    """Hosts games at tables (a Discord channel or thread, a console session)."""

    def __init__(self, repository: GameRepository, systems: Mapping[str, SystemFactory],
                 *, seed_source: Callable[[], str] = new_seed, clock: Callable[[], float] = time.time,
                 pass_delay: Callable[[], float] = random_pass_delay, shards: Shards | None = None) -> None:
        """``pass_delay`` is how long a pre-passed reaction offer waits before the table passes it (seconds;
        0 passes at once, for a table without a clock such as the console). ``shards``: the gateway shards
        this process serves; it sends the messages and fires the deadlines of their guilds' games only (None:
        every game, one process)."""
        self.systems = HostedSystems(systems)
        self._repository = repository
        self._seed_source = seed_source
        self._book = GameBook(repository, self.systems)
        self._committer = Committer(repository, self._book, clock)
        self._committer.driver = Driver(self._committer.run, self._committer.commit_only, clock, pass_delay)
        self._creation = Creation(repository, self.systems, self._book, self._committer, seed_source)
        self._expiry = Expiry(repository, self._book, self._committer, clock, shards)
        self._outbox = Outbox(repository, self._book, shards)
        self._autocomplete = Autocomplete(self.systems, self._book)
        self._acting_as: dict[tuple[str, UserId], SideId] = {}  # /game side: who acts for which side, by table

    @property
    def registry(self) -> Registry:
        """Every command of this service's games, for the front-ends to build from."""
        return self.systems.registry

    # -- the one walk ----------------------------------------------------------------------------

    async def execute(self, table: str, user: UserId, invocation: Invocation, *, manager: bool = False,
                      side: SideId | None = None, interaction_id: str | None = None,
                      preview: bool = False, guild: int | None = None) -> list[Output]:
        """Run one invocation for ``user`` at ``table``; ``manager`` grants host rights (Manage Server);
        ``side`` says which side acts when the user holds several (a practice table); an
        ``interaction_id`` delivered twice applies once (the second time nothing is said). With
        ``preview`` an action its game previews is tried on a copy and shown to the user alone, with the
        invocation that confirms it (stamped with the state it was previewed on). A game created here records
        ``guild``, the Discord guild of the table (None outside any), which decides the process that owns it."""
        try:
            invocation = _cleaned(invocation)
            if user == BOT_USER:
                raise CommandLineError("nobody types for the bot's seat: the table plays it after each command")
            side = side or invocation.side
            spec = self.registry.find(invocation.path)
            if spec is None:
                raise CommandLineError(f"{invocation.name[:40]} is not a command at this table; /help lists them")
            if spec.route is Route.SERVICE:
                return await self._service_command(table, user, invocation, guild)
            if invocation.path == ("roll",) and await self._repository.current(table) is None:
                return self._table_free_roll(invocation.options)
            if invocation.path == ("help",) and await self._repository.current(table) is None:
                return [self._no_game_help(user)]
            stored, game = await self._book.load(table)
            chosen = self._acting_as.get((table, user))
            actor = Actor(user=user, side=side, host=manager or user == stored.setup.host, fallback_side=chosen)
            if spec.route is Route.QUERY:
                answers = answer_query(game, user, invocation, side or chosen, actor.host)
                return [replace(output, table=table, game_id=stored.game_id) for output in answers]
            if spec.route is Route.CORE:
                return await self._core(stored, game, invocation, actor, interaction_id)
            return await self._action(stored, game, invocation, actor, interaction_id, preview)
        except DuplicateInteraction:
            return []
        except ConcurrentUpdate:
            return [Output(text="Another command reached this game first, so yours was not applied. Look again "
                                "(/status, /board) and repeat it if it still makes sense.", to=user, error=True)]
        except PLAYER_ERRORS as error:
            return [Output(text=str(error), to=user, error=True)]
        except Exception:  # a bug must not take the table down; the engine changed nothing
            _log.exception("command %s at %s failed", invocation.name, table)
            return [Output(text=f"{invocation.name[:40]} failed inside the game master (a bug, now logged); "
                                "nothing was changed. Try another way, or /undo what led here.",
                           to=user, error=True)]

    async def _service_command(self, table: str, user: UserId, invocation: Invocation,
                               guild: int | None) -> list[Output]:
        options = invocation.options
        match invocation.path:
            case ("game", "new"):
                return await self._creation.new_game(table, user, options, guild=guild)
            case ("game", "demo"):
                return await self._creation.demo(table, user, str(options["system"]), guild)
            case ("game", "rematch"):
                return await self._creation.rematch(table, user)
            case ("game", "list"):
                return [Output(text=await self._book.history(table), to=user)]
            case ("game", "side"):
                _, game = await self._book.load(table)
                return [self._choose_side(table, user, game, SideId(str(options["side"]).upper()))]
        raise ValueError(f"{invocation.name} is not a service command")

    async def _core(self, stored: StoredGame, game: Game[Any], invocation: Invocation, actor: Actor,
                    interaction_id: str | None) -> list[Output]:
        if invocation.path == ("game", "join") and "side" not in invocation.options:
            invocation = replace(invocation, options={**invocation.options, "side": _free_side(game)})
        if invocation.path == ("pass",) and "until" not in invocation.options:
            return await self._pass_now(stored, game, actor, interaction_id)
        if invocation.path == ("undo",) and "to" not in invocation.options:
            return self._tagged(stored, [undo_picks(game, actor.user, invocation.page)])
        if invocation.path == ("dice", "rig") and "values" not in invocation.options:
            return self._tagged(stored, [rigged_answer(game, actor.user)])
        if invocation.path == ("decide",) and not invocation.options.get("decision"):
            owed = _owed(game, actor, first=not invocation.options.get("choice"))
            invocation = replace(invocation, options={**invocation.options, "decision": owed})
        if invocation.path == ("decide",) and (invocation.menu or not invocation.options.get("choice")):
            asked = self._part_menu(game, invocation, actor)
            if asked is not None:
                return [replace(asked, table=stored.table, game_id=stored.game_id)]
        command = core_command(invocation)
        if invocation.built_at_seq is not None:  # a button: one rule for a stale one (bot.core.staleness)
            fresh = current(game, command, actor, invocation.built_at_seq, invocation.expect)
            if fresh is None:
                return self._tagged(stored, [_look_again(game, command, actor)])
            command = fresh
        return await self._committer.run(stored, game, command, actor, interaction_id)

    @staticmethod
    def _part_menu(game: Game[Any], invocation: Invocation, actor: Actor) -> Output | None:
        """``/decide`` alone, or a pick of a decision's menu that carries its answers on: the next part's menu
        (None once every part that matters is answered, so the answer runs)."""
        decision_id = str(invocation.options["decision"])
        decision = game.state.pending.get(decision_id)
        if decision is None:
            waiting = ", ".join(game.state.pending) or "none"
            raise CommandLineError(f"no pending decision {decision_id[:20]!r}; pending: {waiting}")
        return deciding.part_menu(game, decision, actor.user, str(invocation.options.get("choice", "")),
                                  invocation.page)

    async def _pass_now(self, stored: StoredGame, game: Game[Any], actor: Actor,
                        interaction_id: str | None) -> list[Output]:
        """``/pass`` alone: the game's own pass (``/act action:pass``) when it offers one to the asker now."""
        held = game.state.sides_of(actor.user)
        for side in held:
            if any(found.verb == ("act",) and found.name == "pass"
                   for found in game.system.legal_actions(game.state, side)):
                invocation = Invocation(("act",), {"action": "pass"})
                return await self._action(stored, game, invocation, replace(actor, side=side), interaction_id, False)
        raise CommandLineError("there is nothing to pass now. /pass until:<trigger|phase> passes on reactions ahead "
                               "of time; a reaction offered to you is passed with its /decide prompt")

    async def _action(self, stored: StoredGame, game: Game[Any], invocation: Invocation, actor: Actor,
                      interaction_id: str | None, preview: bool) -> list[Output]:
        held = game.state.sides_of(actor.user)
        acting_side = actor.side if actor.side in held else None
        chosen = actor.fallback_side if actor.fallback_side in held else None
        if invocation.path == ("act",) and not invocation.options.get("action"):
            model = invocation.options.get("model")
            one = acting_side or chosen
            sides = (one,) if one is not None else held
            return self._tagged(stored, [acting.legal_menu(game, actor.user, sides, str(model) if model else None)])
        action, args = acting.resolve(game.system, invocation)
        if acting_side is None and len(held) > 1:  # what the command names decides, before the side chosen
            acting_side = acting.implied_side(game, action, args, held, chosen)
            if acting_side is not None:
                actor = replace(actor, side=acting_side)
        acting.decided_first(game, action, held)
        viewer = Viewer.of_side(acting_side) if acting_side else viewer_for(game, actor.user)
        missing = acting.next_menu_option(game, action, args, viewer, typed=not invocation.menu, host=actor.host)
        if missing is not None:  # typed short, or a menu part-way: ask the rest
            return self._tagged(stored, [acting.option_menu(game, action, args, viewer, actor.user, invocation,
                                                            missing, host=actor.host)])
        if action.build is None:  # a question: it answers and changes nothing
            return self._tagged(stored, [acting.answer(game, action, args, viewer, actor.user, invocation)])
        command = action.build(args)
        if invocation.built_at_seq is not None:  # a preview's Confirm: one rule for a stale one (bot.core.staleness)
            fresh = current(game, command, actor, invocation.built_at_seq, invocation.expect)
            if fresh is None:
                again = replace(invocation, built_at_seq=None, expect=None)
                moved_on = "The game moved on since that preview; here it is again. "
                return self._tagged(stored, [acting.preview(game, command, actor, again, moved_on)])
            command = fresh
        if preview and action.preview and game.system.disclosure(game.state, viewer).distances:
            # Where the game forbids measuring before a declaration, the command is the declaration.
            return self._tagged(stored, [acting.preview(game, command, actor, invocation)])
        return await self._committer.run(stored, game, command, actor, interaction_id)

    @staticmethod
    def _tagged(stored: StoredGame, outputs: list[Output]) -> list[Output]:
        return [replace(output, table=stored.table, game_id=stored.game_id) for output in outputs]

    def _choose_side(self, table: str, user: UserId, game: Game[Any], side: SideId) -> Output:
        """On a table where someone holds several sides: the side their commands act for when it is not
        clear from the command itself (a move acts for its model's side anyway)."""
        held = game.state.sides_of(user)
        if side not in held:
            raise CommandLineError(f"you do not hold side {side}; you hold {', '.join(held) or 'no side'}")
        self._acting_as[(table, user)] = side
        return Output(text=f"You act for side {side} at this table until you choose another.", to=user)

    def _no_game_help(self, user: UserId) -> Output:
        """/help before any game: how to start one (help is never refused, least of all to a newcomer)."""
        names = ", ".join(self.systems.names)
        return Output(text=f"There is no game at this table yet. /game new system:<game> opponent:<player> starts "
                           f"one ({names}); /game demo system:<game> opens a ready practice table.", to=user)

    def _table_free_roll(self, options: Mapping[str, OptionValue]) -> list[Output]:
        result = roll_expression(str(options["dice"]), Roller(self._seed_source()))
        purpose = f" for {options['for']}" if "for" in options else ""
        return [Output(text=f"Roll{purpose}: {result.breakdown}")]

    # -- before a game: creating, the systems, their settings ------------------------------------

    def check_new_game(self, user: UserId, options: Mapping[str, OptionValue]) -> str | None:
        """Why ``/game new`` with these options would be refused, or None: lets a front-end test the
        settings before it opens a thread for the game."""
        return self._creation.check(user, options)

    def system_title(self, name: str) -> str:
        """A system's display name (for thread names and cards)."""
        return self.systems.title(name)

    def setting_choices(self, system: str, option: str) -> list[Choice]:
        """What ``system`` offers for a ``/game new`` option (a settings menu on the invite card)."""
        setting = self.systems.setting(system, option)
        return list(setting.choices) if setting else []

    # -- reading from memory (autocomplete and buttons must answer at once) ----------------------

    async def game_at(self, table: str) -> Game[Any] | None:
        """The current game of a table, loaded from storage if it is not in memory."""
        return await self._book.game_at(table)

    def live_game(self, table: str) -> Game[Any] | None:
        """The game last used at ``table`` if it is in memory; never touches storage."""
        return self._book.live_game(table)

    def suggestions(self, table: str, user: UserId, path: tuple[str, ...], option: str, kind: Suggest, typed: str,
                    filled: Mapping[str, OptionValue] | None = None) -> list[Choice]:
        """Up to 25 values for an option, filtered to what ``user`` may use and know now, from memory."""
        return self._autocomplete.choices(table, user, path, option, kind, typed, filled or {})

    async def working(self, table: str, first: int, last: int) -> str:
        """The working behind events ``first``..``last`` of the game at ``table``, as the table saw them:
        each public event with its reasoning, and the rules options in force."""
        game = await self.game_at(table)
        if game is None or last > game.seq:
            return "That game is not at this table any more; /game list and /log show what happened."
        lines: list[str] = []
        for event in game.log:
            if first <= event.seq <= last and event.audience.is_public and (line := event.body.full()):
                lines.append(f"#{event.seq} {line}")
                lines.extend(f"  {step}" for step in event.body.working())
        rulings = game.setup.rulings or {}
        lines.append("Rules options in force: " + (", ".join(f"{k}: {v}" for k, v in rulings.items()) or "none"))
        return "\n".join(lines)

    # -- the status board (a front-end keeps one message per table up to date) -----------------

    def status_now(self, table: str) -> tuple[str, str] | None:
        """The game id and the public status line of the game last used at ``table``, from memory."""
        game = self._book.live_game(table)
        game_id = self._book.live_id(table)
        return None if game is None or game_id is None else (game_id, status_line(game))

    async def status_message(self, game_id: str) -> MessageRef | None:
        """The message showing a game's status, if one was posted."""
        return await self._repository.message_for(game_id, "status")

    async def remember_status(self, game_id: str, channel: int, message_id: int) -> None:
        await self._repository.remember_message(game_id, "status", channel, message_id)

    # -- the clock and the outbox (driven by a front-end's timer and start-up) --------------------

    async def expire_due(self) -> list[Output]:
        """Reminders at half time, defaults for optional decisions whose time ran out, late notices."""
        return await self._expiry.due()

    async def next_due(self) -> float | None:
        """When the soonest deadline of this process's games falls due (epoch seconds), or None."""
        return await self._expiry.next_due()

    async def unsent(self) -> list[Output]:
        """Committed messages not yet confirmed sent (after a crash): send them again, with the same nonce."""
        return await self._outbox.unsent()

    async def sent(self, output: Output, channel: int, message_id: int) -> None:
        """Record that an outbox message went out; a decision notice is remembered so a restart edits it."""
        await self._outbox.sent(output, channel, message_id)

    async def open_prompts(self) -> list[tuple[Output, int, int]]:
        """Each pending decision's public notice as it stands now, with the message that showed it."""
        return await self._outbox.open_prompts()


def _cleaned(invocation: Invocation) -> Invocation:
    """The invocation with every typed text option cleaned (one line, no layout-breaking markdown)."""
    try:
        options = {key: clean_player_text(value, key) if isinstance(value, str) else value
                   for key, value in invocation.options.items()}
    except ValueError as error:
        raise CommandLineError(f"{invocation.name}: {error}") from None
    return replace(invocation, options=options)


def _look_again(game: Game[Any], command: Command, actor: Actor) -> Output:
    """A stale button that would now play out differently: the choice as it stands now, or a word to look again."""
    decision = game.state.pending.get(command.decision_id) if isinstance(command, Answer) else None
    if decision is not None and game.state.holds(actor.user, decision.owner):
        view = pending_view(decision, Viewer.of_side(decision.owner))
        return Output(text="The game moved on since that menu was opened and the choice now plays out differently; "
                           "here it is again.\n" + decision_prompt(game, view), to=actor.user, decision=view)
    return Output(text="The game moved on since that button was made and it would now do something else, so "
                       "nothing was changed. Look again (/status, /board).", to=actor.user, error=True)


def _owed(game: Game[Any], actor: Actor, *, first: bool = False) -> str:
    """The one decision the actor owes (``/decide`` without ``decision:``), or a refusal listing them; bare
    ``/decide`` (``first``) shows the first of several (a practice table's two sides choosing at once), the next
    one following once it is answered."""
    sides = (actor.side,) if actor.side else game.state.sides_of(actor.user)
    owed = [d.id for d in game.pending if d.owner in sides]
    if not owed:
        waiting = waiting_for(game, sides) or "Nobody owes one."
        raise CommandLineError(f"You owe no decision now. {waiting} /act lists what you can do.")
    if len(owed) != 1 and not first:
        raise CommandLineError(f"you owe {len(owed)} decisions: say which with "
                               + " or ".join(f"decision:{d}" for d in owed))
    return owed[0]


def _free_side(game: Game[Any]) -> SideId:
    """The side a player joins when they name none: the first without a player."""
    free: list[SideId] = [side for side in game.state.sides if game.state.controller(side) is None]
    if not free:
        raise CommandLineError("every side already has a player; watch with /board, or ask the host for a seat")
    return free[0]
