"""The one command registry both front-ends are built from, so the console and Discord never drift.

It holds the table's own commands (``/game``, ``/roll``, ``/decide``, ``/board``...) and the shared verbs
(``engine.core.verbs``) that the hosted games act through. It is built from the systems a table service
hosts: a verb no hosted game uses is left out. The console parses ``/move model:A1 to:10.5,12`` against it;
the Discord adapter turns it into ``app_commands``; ``docs/commands.md`` is generated from it.

Each invocable command carries its ``Route``, the one place a command goes: the service itself, a question
the core answers, a core command, or a game's action.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from engine.core import VERBS, OptionType, Verb

__all__ = [
    "TABLE_COMMANDS",
    "CommandSpec",
    "OptionSpec",
    "OptionType",
    "Registry",
    "Route",
    "Suggest",
]


class Route(Enum):
    """Where an invocation goes."""

    SERVICE = "service"  # the table service itself: create, demo, list, rematch, choose a side
    QUERY = "query"  # a question the core answers from the game (board, log, status, help, state)
    CORE = "core"  # a command every game shares (join, roll, decide, undo, pause...)
    ACTION = "action"  # a game's action on a shared verb


class Suggest(Enum):
    """What an option's autocomplete offers, filtered to what the asker may use and know."""

    SYSTEM = "system"
    SETTING = "setting"  # a choice the chosen system offers for this /game new option
    SIDE = "side"
    MODEL = "model"
    DECISION = "decision"
    TRIGGER = "trigger"  # a kind of reaction trigger the game opens windows for
    ACTION = "action"  # whatever the game's action declares for this option


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    description: str
    type: OptionType = OptionType.STRING
    required: bool = False
    choices: tuple[str, ...] = ()
    suggest: Suggest | None = None
    minimum: float | None = None
    maximum: float | None = None


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A command, or a group when it has subcommands (then it has no options of its own)."""

    name: str
    description: str
    options: tuple[OptionSpec, ...] = ()
    subcommands: tuple[CommandSpec, ...] = ()
    route: Route = Route.CORE

    @property
    def is_group(self) -> bool:
        return bool(self.subcommands)

    def option(self, name: str) -> OptionSpec | None:
        return next((option for option in self.options if option.name == name), None)

    def usage(self, prefix: str = "/") -> str:
        shown = " ".join(f"{o.name}:<{o.type.value}>" if o.required else f"[{o.name}:]" for o in self.options)
        return f"{prefix}{self.name} {shown}".rstrip()


_SERVICE, _QUERY = Route.SERVICE, Route.QUERY
_SIDE = OptionSpec("side", "The side, e.g. A", required=True, suggest=Suggest.SIDE)
_DECISION = OptionSpec("decision", "The decision id, e.g. d12", required=True, suggest=Suggest.DECISION)
_PACE = ("live", "post")

GAME = CommandSpec("game", "Create, join and run a game at this table", subcommands=(
    CommandSpec("new", "Start a game here", (
        OptionSpec("system", "Which game", required=True, suggest=Suggest.SYSTEM),
        OptionSpec("players", "How many sides (default: the fewest the game allows)", OptionType.INTEGER,
                   minimum=1, maximum=8),
        OptionSpec("map", "A map or board layout the game offers, e.g. crossroads or random", suggest=Suggest.SETTING),
        OptionSpec("scenario", "A scenario or quest the game offers", suggest=Suggest.SETTING),
        OptionSpec("size", "A size the game offers: a table size such as 48x48, or a game size",
                   suggest=Suggest.SETTING),
        OptionSpec("mode", "A rules mode the game offers, e.g. a measuring mode", suggest=Suggest.SETTING),
        OptionSpec("rules", "House rules: ruling=option, comma-separated (/game rules lists them once made)"),
        OptionSpec("practice", "Practice table: one player may hold every side, dice may be rigged",
                   OptionType.BOOLEAN),
        OptionSpec("pace", "How long choices wait: live (minutes) or post (play-by-post, hours)", choices=_PACE),
        OptionSpec("opponent", "Invite a player: the game opens in a thread with a Join button for them",
                   OptionType.USER),
        OptionSpec("bot", "Sides the bot plays, e.g. B or B,C (its moves are logged as the bot's)"),
        OptionSpec("thread", "Open the game in its own thread (default: yes when inviting an opponent)",
                   OptionType.BOOLEAN),
    ), route=_SERVICE),
    CommandSpec("demo", "A ready practice table: the game set up and every side yours", (
        OptionSpec("system", "Which game", required=True, suggest=Suggest.SYSTEM),
    ), route=_SERVICE),
    CommandSpec("join", "Take a side", (
        OptionSpec("side", "The side to take (the first free one if you name none)", suggest=Suggest.SIDE),
    )),
    CommandSpec("side", "Holding several sides: choose which one your commands act for", (_SIDE,), route=_SERVICE),
    CommandSpec("leave", "Give up your seat at a side", (_SIDE,)),
    CommandSpec("list", "The games this table has hosted, newest first", route=_SERVICE),
    CommandSpec("rematch", "After a game: the same settings and forces, players swap sides, new dice seed",
                route=_SERVICE),
    CommandSpec("state", "Show the game as you may see it, as a JSON file", route=_QUERY),
    CommandSpec("force", "Host: answer a pending decision for an absent player (defaults fill the rest)", (
        _DECISION,
        OptionSpec("choice", "The answer; for several parts: part=answer;part=answer (empty: the defaults)"),
    )),
    CommandSpec("export", "Take the game home: its public log (JSON) and a replay (animated GIF)", (
        OptionSpec("every", "One picture per round, turn or event (default turn)", choices=("round", "turn", "event")),
    ), route=_QUERY),
    CommandSpec("rules", "List the rules options this table uses", route=_QUERY),
    CommandSpec("seat", "Host: seat a user at a side, or add them to its players as a teammate", (
        _SIDE, OptionSpec("user", "Who takes it", OptionType.USER, required=True),
        OptionSpec("team", "yes: play beside the side's player (both act for it, both see its secrets)",
                   OptionType.BOOLEAN),
    )),
    CommandSpec("concede", "Concede the game"),
    CommandSpec("end", "Host: end the game now"),
    CommandSpec("pause", "Host: pause the game; nothing moves until it is resumed", (
        OptionSpec("reason", "Why, shown to the table"),
    )),
    CommandSpec("resume", "Host: let a paused game go on"),
    CommandSpec("away", "Mark a side away (its optional choices pass by default) or back", (
        _SIDE, OptionSpec("on", "yes: away, no: back (default yes)", OptionType.BOOLEAN),
    )),
    CommandSpec("pace", "Host: how long choices wait from now on", (
        OptionSpec("pace", "live (minutes) or post (play-by-post, hours)", required=True, choices=_PACE),
    )),
    CommandSpec("extend", "Host: give a pending decision more time", (
        _DECISION,
        OptionSpec("minutes", "Extra minutes, 1 to 1440", OptionType.INTEGER, required=True, minimum=1,
                   maximum=1440),
    )),
))

TABLE_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("roll", "Roll dice in the open, e.g. 3d6+2, 4d6kh3, 2d20kl1", (
        OptionSpec("dice", "A dice expression", required=True),
        OptionSpec("for", "What the roll is for"),
    )),
    CommandSpec("dice", "Dice tools", subcommands=(
        CommandSpec("rig", "Practice tables: queue the next public results (alone: list them)", (
            OptionSpec("values", "Comma list of results, e.g. 6,6,1; clear empties the queue; left out: what is "
                                 "queued"),
        )),
    )),
    CommandSpec("decide", "Answer a decision you owe", (
        OptionSpec("choice", "Your answer; for several parts: part=answer;part=answer (leave out for a menu of "
                             "each part)"),
        OptionSpec("decision", "The decision id, e.g. d12 (leave out when you owe just one)",
                   suggest=Suggest.DECISION),
    )),
    CommandSpec("board", "Show the battlefield", (
        OptionSpec("zoom", "Zoom on a model", suggest=Suggest.MODEL),
        OptionSpec("text", "Describe it in words instead", OptionType.BOOLEAN),
    ), route=_QUERY),
    CommandSpec("log", "Recent events", (
        OptionSpec("count", "How many lines, 1 to 200", OptionType.INTEGER, minimum=1, maximum=200),
        OptionSpec("all", "yes: the full log, with deck counts, cards listed and the turns of each path",
                   OptionType.BOOLEAN),
    ), route=_QUERY),
    CommandSpec("pass", "Pass now, or on reactions ahead of time, privately: to one trigger, the phase, or off", (
        OptionSpec("until", "A kind of trigger, phase (the rest of this phase), or off (be asked again); "
                            "left out: pass now", suggest=Suggest.TRIGGER),
    )),
    CommandSpec("undo", "Ask to undo back to an event (your opponent agrees)", (
        OptionSpec("to", "The event number to return to (left out: a menu of every step that can be undone)",
                   OptionType.INTEGER, minimum=1),
    )),
    CommandSpec("status", "Round, turn, scores and what is pending", route=_QUERY),
    CommandSpec("help", "What can I do now?", route=_QUERY),
)
"""The table's own commands beside ``/game``, the same in every game."""


def _verb_command(verb: Verb, name: str) -> CommandSpec:
    """A shared verb as a command: its string options are autocompleted from the game's action sources. None is
    required of the front-ends: the game's declaration asks for what a command still lacks (a menu of the first
    missing parameter where it has one, else a refusal naming what is accepted), as bare ``/act`` does."""
    options = tuple(
        OptionSpec(o.name, o.description, o.type, False, o.choices,
                   Suggest.ACTION if o.type is OptionType.STRING and not o.choices else None, o.minimum, o.maximum)
        for o in verb.options)
    return CommandSpec(name, verb.description, options, route=Route.ACTION)


class Registry:
    """The commands of one table service: ``/game``, the shared verbs its games use, the table's tools."""

    def __init__(self, verbs_used: Iterable[tuple[str, ...]]) -> None:
        used = set(verbs_used)
        shared: list[CommandSpec] = []
        groups: dict[str, list[CommandSpec]] = {}
        group_text: dict[str, str] = {}
        for verb in VERBS:
            if verb.path not in used:
                continue
            if len(verb.path) == 1:
                shared.append(_verb_command(verb, verb.path[0]))
                continue
            top, sub = verb.path
            if top not in groups:
                groups[top] = []
                group_text[top] = verb.group
                shared.append(CommandSpec(top, verb.group))  # a placeholder, filled below
            groups[top].append(_verb_command(verb, sub))
        self.commands: tuple[CommandSpec, ...] = (
            GAME,
            *(CommandSpec(c.name, group_text[c.name], subcommands=tuple(groups[c.name])) if c.name in groups else c
              for c in shared),
            *TABLE_COMMANDS,
        )
        self._by_path = dict(self.walk())

    def walk(self) -> list[tuple[tuple[str, ...], CommandSpec]]:
        """Every invocable command with its path, e.g. ``(("game", "new"), spec)``."""
        found: list[tuple[tuple[str, ...], CommandSpec]] = []
        for command in self.commands:
            if command.is_group:
                found.extend(((command.name, sub.name), sub) for sub in command.subcommands)
            else:
                found.append(((command.name,), command))
        return found

    def find(self, path: tuple[str, ...]) -> CommandSpec | None:
        return self._by_path.get(path)

    def top(self, name: str) -> CommandSpec | None:
        return next((command for command in self.commands if command.name == name), None)
