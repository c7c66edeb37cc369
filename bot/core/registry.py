"""The one command registry both front-ends are built from, so the console and Discord never drift.

Each entry is a slash command (or a group of subcommands) with typed options. The console parses
``/move model:A1 to:10.5,12`` against it; the Discord adapter turns it into ``app_commands``;
``docs/commands.md`` is generated from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["REGISTRY", "CommandSpec", "OptionSpec", "OptionType", "Suggest", "find_command", "walk"]


class OptionType(Enum):
    STRING = "string"
    INTEGER = "integer"
    NUMBER = "number"
    BOOLEAN = "boolean"
    USER = "user"
    ATTACHMENT = "attachment"


class Suggest(Enum):
    """What an option's autocomplete offers, filtered to what the acting player may use and know."""

    SYSTEM = "system"
    SIDE = "side"
    MODEL = "model"
    OWN_MODEL = "own-model"
    UNIT = "unit"
    TERRAIN = "terrain"
    MAP = "map"
    FORCE = "force"
    DECISION = "decision"
    CARD = "card"
    ACTION = "action"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    description: str
    type: OptionType = OptionType.STRING
    required: bool = False
    choices: tuple[str, ...] = ()
    suggest: Suggest | None = None


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A command, or a group when it has subcommands (then it has no options of its own)."""

    name: str
    description: str
    options: tuple[OptionSpec, ...] = ()
    subcommands: tuple[CommandSpec, ...] = ()

    @property
    def is_group(self) -> bool:
        return bool(self.subcommands)

    def option(self, name: str) -> OptionSpec | None:
        return next((option for option in self.options if option.name == name), None)

    def usage(self, prefix: str = "/") -> str:
        shown = " ".join(f"{o.name}:<{o.type.value}>" if o.required else f"[{o.name}:]" for o in self.options)
        return f"{prefix}{self.name} {shown}".rstrip()


_MODEL = OptionSpec("model", "A model's short id, e.g. A1", required=True, suggest=Suggest.MODEL)
_SIDE = OptionSpec("side", "A side, e.g. A", suggest=Suggest.SIDE)

REGISTRY: tuple[CommandSpec, ...] = (
    CommandSpec("game", "Create, join and run a game at this table", subcommands=(
        CommandSpec("new", "Start a game here", (
            OptionSpec("system", "Which game", required=True, suggest=Suggest.SYSTEM),
            OptionSpec("map", "A preset map, e.g. crossroads, or random (rolled, mirrored for balance)",
                       suggest=Suggest.MAP),
            OptionSpec("size", "Table size in inches with no map or map:random, e.g. 48x48"),
            OptionSpec("practice", "Practice table: one player may hold every side, dice may be rigged",
                 type=OptionType.BOOLEAN),
            OptionSpec("pace", "How long choices wait: live (minutes) or post (play-by-post, hours)",
                       choices=("live", "post")),
            OptionSpec("opponent", "Invite a player: the game opens in a thread with a Join button for them",
                       type=OptionType.USER),
            OptionSpec("thread", "Open the game in its own thread (default: yes when inviting an opponent)",
                       type=OptionType.BOOLEAN),
        )),
        CommandSpec("demo", "A ready practice table: a preset map and a demo force per side, both yours", (
            OptionSpec("system", "Which game", required=True, suggest=Suggest.SYSTEM),
        )),
        CommandSpec("join", "Take a side", (
            OptionSpec("side", "The side to take (the first free one if you name none)", suggest=Suggest.SIDE),
        )),
        CommandSpec("side", "Holding several sides: choose which one your commands act for", (
            OptionSpec("side", "The side", required=True, suggest=Suggest.SIDE),
        )),
        CommandSpec("leave", "Give up your seat at a side", (OptionSpec("side", "The side to leave", required=True,
                                                                   suggest=Suggest.SIDE),)),
        CommandSpec("list", "The games this table has hosted, newest first"),
        CommandSpec("rematch", "After a game: the same settings and forces, players swap sides, new dice seed"),
        CommandSpec("state", "Show the game as you may see it, as JSON"),
        CommandSpec("force", "Host: answer a pending decision for an absent player (defaults fill the rest)", (
            OptionSpec("decision", "The decision id, e.g. d12", required=True, suggest=Suggest.DECISION),
            OptionSpec("choice", "The answer; for several parts: part=answer;part=answer (empty: the defaults)"),
        )),
        CommandSpec("export", "Take the game home: its public log (JSON) and a replay (animated GIF)", (
            OptionSpec("every", "One picture per round, turn or event (default turn)",
                       choices=("round", "turn", "event")),
        )),
        CommandSpec("rules", "List the rules options this table uses"),
        CommandSpec("seat", "Host: seat a user at a side", (
            OptionSpec("side", "The side", required=True, suggest=Suggest.SIDE),
            OptionSpec("user", "Who takes it", type=OptionType.USER, required=True),
        )),
        CommandSpec("concede", "Concede the game"),
        CommandSpec("end", "Host: end the game now"),
        CommandSpec("pause", "Host: pause the game; nothing moves until it is resumed", (
            OptionSpec("reason", "Why, shown to the table"),
        )),
        CommandSpec("resume", "Host: let a paused game go on"),
        CommandSpec("away", "Mark a side away (its optional choices pass by default) or back", (
            OptionSpec("side", "The side", required=True, suggest=Suggest.SIDE),
            OptionSpec("on", "yes: away, no: back (default yes)", type=OptionType.BOOLEAN),
        )),
        CommandSpec("pace", "Host: how long choices wait from now on", (
            OptionSpec("pace", "live (minutes) or post (play-by-post, hours)", required=True,
                       choices=("live", "post")),
        )),
        CommandSpec("extend", "Host: give a pending decision more time", (
            OptionSpec("decision", "The decision id, e.g. d12", required=True, suggest=Suggest.DECISION),
            OptionSpec("minutes", "Extra minutes, 1 to 1440", type=OptionType.INTEGER, required=True),
        )),
    )),
    CommandSpec("force", "Armies and warbands", subcommands=(
        CommandSpec("import", "Import unit profiles from a YAML file (units: [...])", (
            OptionSpec("file", "The YAML file", type=OptionType.ATTACHMENT, required=True),
        )),
        CommandSpec("load", "Load a preset force for a side", (
            OptionSpec("name", "The force", required=True, suggest=Suggest.FORCE),
            _SIDE,
        )),
    )),
    CommandSpec("model", "Put models on the table and track them by hand", subcommands=(
        CommandSpec("add", "Add a model from a unit profile", (
            OptionSpec("unit", "The unit profile", required=True, suggest=Suggest.UNIT),
            OptionSpec("at", "Where: x,y in inches (default: the next free spot in your deployment zone)"),
            _SIDE,
            OptionSpec("facing", "Facing in degrees (0 = right, 90 = up)", type=OptionType.NUMBER),
        )),
        CommandSpec("place", "Place a model anywhere (no distance limit)", (
            _MODEL, OptionSpec("at", "Where: x,y in inches", required=True),
            OptionSpec("facing", "Facing in degrees", type=OptionType.NUMBER),
        )),
        CommandSpec("wound", "Add (or with a negative number, heal) wounds", (
            _MODEL, OptionSpec("amount", "How many wounds (negative heals)", type=OptionType.INTEGER),
        )),
        CommandSpec("token", "Give or take a token", (
            _MODEL, OptionSpec("name", "The token, e.g. stunned", required=True),
            OptionSpec("remove", "Take it away instead", type=OptionType.BOOLEAN),
        )),
        CommandSpec("remove", "Take a model off the table", (_MODEL,)),
    )),
    CommandSpec("deploy", "Set up a side's models in its deployment zone", subcommands=(
        CommandSpec("auto", "Spread a side's models evenly over its deployment zone, front row first", (
            OptionSpec("side", "The side to deploy (default: yours)", suggest=Suggest.SIDE),
        )),
    )),
    CommandSpec("terrain", "Terrain on the table", subcommands=(
        CommandSpec("add", "Add a terrain piece", (
            OptionSpec("kind", "forest, ruin, building, wall, hill, water", required=True),
            OptionSpec("shape", "rect:x,y,w,h or circle:x,y,r or poly:x,y;x,y;x,y", required=True),
            OptionSpec("height", "Height in inches", type=OptionType.NUMBER),
            OptionSpec("keywords", "Comma list: impassable, blocking, obscuring, cover, difficult"),
        )),
        CommandSpec("remove", "Take a terrain piece away", (
            OptionSpec("terrain", "Its id, e.g. T3", required=True, suggest=Suggest.TERRAIN),
        )),
    )),
    CommandSpec("map", "Maps for the table", subcommands=(
        CommandSpec("import", "Before deployment: lay out your own map from a YAML file (one map)", (
            OptionSpec("file", "The YAML file, written like an entry of maps.yaml", type=OptionType.ATTACHMENT,
                       required=True),
        )),
        CommandSpec("use", "Before deployment: lay one of the preset maps on the table", (
            OptionSpec("name", "The map, e.g. crossroads", required=True, suggest=Suggest.MAP),
        )),
        CommandSpec("preview", "Show a preset map on an empty table", (
            OptionSpec("name", "The map, e.g. crossroads", required=True, suggest=Suggest.MAP),
        )),
    )),
    CommandSpec("move", "Move a model: x,y, via:..., toward/contact/behind/away <id>; without to: suggestions", (
        _MODEL,
        OptionSpec("to", "x,y or via:x,y;x,y or toward A2 [3|max], contact A2, behind T1 from B1, away B1 3"),
        OptionSpec("max", "Refuse a move longer than this many inches", type=OptionType.NUMBER),
    )),
    CommandSpec("measure", "Distance between two models, closest points of their bases", (
        OptionSpec("from", "A model id", required=True, suggest=Suggest.MODEL),
        OptionSpec("to", "A model id, terrain id or x,y", required=True, suggest=Suggest.MODEL),
    )),
    CommandSpec("los", "Line of sight between two models", (
        OptionSpec("from", "The model looking", required=True, suggest=Suggest.MODEL),
        OptionSpec("to", "The model looked at", required=True, suggest=Suggest.MODEL),
    )),
    CommandSpec("template", "Lay a template and see which models it touches and covers", (
        OptionSpec("kind", "circle, cone or teardrop", required=True, choices=("circle", "cone", "teardrop")),
        OptionSpec("at", "Centre or origin: a model id or x,y", required=True, suggest=Suggest.MODEL),
        OptionSpec("size", "Radius (circle) or length (cone, teardrop) in inches", type=OptionType.NUMBER,
                   required=True),
        OptionSpec("toward", "Direction for a cone or teardrop: a model id or x,y", suggest=Suggest.MODEL),
        OptionSpec("width", "Far width of a cone or teardrop in inches", type=OptionType.NUMBER),
    )),
    CommandSpec("roll", "Roll dice in the open, e.g. 3d6+2, 4d6kh3, 2d20kl1", (
        OptionSpec("dice", "A dice expression", required=True),
        OptionSpec("for", "What the roll is for"),
    )),
    CommandSpec("dice", "Dice tools", subcommands=(
        CommandSpec("rig", "Practice tables: queue the next public results", (
            OptionSpec("values", "Comma list of results, e.g. 6,6,1", required=True),
        )),
    )),
    CommandSpec("ask", "Ask another side to choose, e.g. which model takes the hit", (
        OptionSpec("side", "The side that answers", required=True, suggest=Suggest.SIDE),
        OptionSpec("question", "The question, e.g. Hold or flee?", required=True),
        OptionSpec("options", "Comma list of 2 to 25 answers, e.g. hold,flee; the first is the default",
                   required=True),
        OptionSpec("models", "Comma list of that side's models to answer for one by one, e.g. B1,B2"),
        OptionSpec("optional", "Let the default stand if no answer comes in time", type=OptionType.BOOLEAN),
    )),
    CommandSpec("decide", "Answer a decision you owe", (
        OptionSpec("decision", "The decision id, e.g. d12", required=True, suggest=Suggest.DECISION),
        OptionSpec("choice", "Your answer; for several parts: part=answer;part=answer", required=True),
    )),
    CommandSpec("hand", "Your secret cards", subcommands=(
        CommandSpec("show", "Show your hand, to you alone"),
        CommandSpec("add", "Put a named card into your hand", (OptionSpec("card", "The card", required=True),)),
        CommandSpec("play", "Play a card from your hand, face up", (
            OptionSpec("card", "The card", required=True, suggest=Suggest.CARD),
        )),
    )),
    CommandSpec("round", "Rounds and turns", subcommands=(
        CommandSpec("next", "Start the next round"),
        CommandSpec("turn", "Pass the turn to a side", (OptionSpec("side", "Whose turn", required=True,
                                                              suggest=Suggest.SIDE),)),
    )),
    CommandSpec("note", "Add a note to the log", (OptionSpec("text", "The note", required=True),)),
    CommandSpec("board", "Show the battlefield", (
        OptionSpec("zoom", "Zoom on a model", suggest=Suggest.MODEL),
        OptionSpec("text", "Describe it in words instead", type=OptionType.BOOLEAN),
    )),
    CommandSpec("log", "Recent events", (OptionSpec("count", "How many lines", type=OptionType.INTEGER),)),
    CommandSpec("undo", "Ask to undo back to an event (your opponent agrees)", (
        OptionSpec("to", "The event number to return to", type=OptionType.INTEGER, required=True),
    )),
    CommandSpec("status", "Round, turn, scores and what is pending"),
    CommandSpec("help", "What can I do now?"),
)


def walk(commands: tuple[CommandSpec, ...] = REGISTRY) -> list[tuple[tuple[str, ...], CommandSpec]]:
    """Every invocable command with its path, e.g. ``(("game", "new"), spec)``."""
    found: list[tuple[tuple[str, ...], CommandSpec]] = []
    for command in commands:
        if command.is_group:
            found.extend(((command.name, sub.name), sub) for sub in command.subcommands)
        else:
            found.append(((command.name,), command))
    return found


def find_command(path: tuple[str, ...]) -> CommandSpec | None:
    return dict(walk()).get(path)
