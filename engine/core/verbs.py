"""The verbs every game shares: one fixed set of slash commands with fixed, typed options.

A game never adds a command or an option of its own. It declares actions on these verbs (``/act
action:attack``, ``/move``, ``/model wound``...), so one command tree serves every game within Discord's
limits (25 top-level commands, 25 options each). The table service puts into its tree the verbs that the
games it hosts use; ``docs/commands.md`` lists them with each game's actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["VERBS", "OptionType", "Verb", "VerbOption", "verb"]


class OptionType(Enum):
    """How a front-end reads an option's value."""

    STRING = "string"
    INTEGER = "integer"
    NUMBER = "number"
    BOOLEAN = "boolean"
    USER = "user"
    ATTACHMENT = "attachment"


@dataclass(frozen=True, slots=True)
class VerbOption:
    """One typed option; numbers carry the bounds a front-end enforces before anything runs. None is required of the
    front-ends: the game's declaration asks for what a command still lacks (``bot.core.registry``)."""

    name: str
    description: str
    type: OptionType = OptionType.STRING
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None


@dataclass(frozen=True, slots=True)
class Verb:
    """A slash command games act through: ``("move",)`` or a subcommand such as ``("model", "wound")``."""

    path: tuple[str, ...]
    description: str
    options: tuple[VerbOption, ...] = ()
    group: str = ""  # the description of the group a subcommand belongs to

    @property
    def name(self) -> str:
        return "/" + " ".join(self.path)

    def option(self, name: str) -> VerbOption | None:
        return next((option for option in self.options if option.name == name), None)


_MODEL = VerbOption("model", "A model's id, e.g. A1")
_SIDE = VerbOption("side", "A side, e.g. A")
_FACING = VerbOption("facing", "Facing in degrees (0 = right, 90 = up)", OptionType.NUMBER, minimum=-360, maximum=360)
_FILE = VerbOption("file", "The YAML file", OptionType.ATTACHMENT)
_MAP_NAME = VerbOption("name", "The map, e.g. crossroads")
_MODELS = "Put models on the table and fix them by hand"
_HAND = "Your secret cards"

VERBS: tuple[Verb, ...] = (
    Verb(("act",), "Take a game action; without action: a menu of what you can do now", (
        VerbOption("action", "The action, e.g. attack (leave out for a menu of what you can do now)"),
        VerbOption("model", "The model that acts, e.g. A1"),
        VerbOption("target", "What the action is aimed at: a model, a hex or a point"),
        VerbOption("with", "What it is done with: a weapon, a spell, a card"),
        VerbOption("to", "Where to: x,y in inches, a hex id, or toward/contact/behind/away <id>"),
        VerbOption("at", "A point or place the action names: x,y or an id"),
        VerbOption("amount", "A number the action asks for", OptionType.INTEGER, minimum=-100, maximum=100),
        VerbOption("choice", "An option the action asks for, e.g. a stance or a level"),
    )),
    Verb(("move",), "Move a model: x,y, via:..., toward/contact/behind/away <id>; without to: suggestions", (
        _MODEL,
        VerbOption("to", "x,y or via:x,y;x,y or toward A2 [3|max], contact A2, behind T1 from B1, away B1 3"),
        VerbOption("how", "The kind of move the game offers, e.g. walk or run"),
        VerbOption("max", "Refuse a move longer than this many inches", OptionType.NUMBER, minimum=0, maximum=1000),
    )),
    Verb(("hand", "show"), "Show your hand, to you alone", group=_HAND),
    Verb(("hand", "add"), "Put a named card into your hand", (VerbOption("card", "The card"),),
         group=_HAND),
    Verb(("hand", "play"), "Play a card from your hand", (
        VerbOption("card", "The card"),
        VerbOption("target", "What the card is aimed at, if anything"),
        VerbOption("model", "The model that plays or carries it, if the card asks"),
        VerbOption("to", "Where it goes, if the card asks"),
    ), group=_HAND),
    Verb(("model", "add"), "Add a model from a unit profile", (
        VerbOption("unit", "The unit profile"),
        VerbOption("at", "Where: x,y in inches (default: the next free spot in your deployment zone)"),
        _SIDE, _FACING,
    ), group=_MODELS),
    Verb(("model", "place"), "Place a model anywhere (no distance limit)", (
        _MODEL, VerbOption("at", "Where: x,y in inches"), _FACING,
    ), group=_MODELS),
    Verb(("model", "wound"), "Add (or with a negative number, heal) wounds", (
        _MODEL, VerbOption("amount", "How many wounds (negative heals)", OptionType.INTEGER, minimum=-100,
                           maximum=100),
    ), group=_MODELS),
    Verb(("model", "token"), "Give or take a token", (
        _MODEL, VerbOption("name", "The token, e.g. stunned"),
        VerbOption("remove", "Take it away instead", OptionType.BOOLEAN),
    ), group=_MODELS),
    Verb(("model", "remove"), "Take a model off the table", (_MODEL,), group=_MODELS),
    Verb(("deploy", "auto"), "Spread a side's models evenly over its deployment zone, front row first", (
        VerbOption("side", "The side to deploy (default: yours)"),
    ), group="Set up a side's models in its deployment zone"),
    Verb(("terrain", "add"), "Add a terrain piece", (
        VerbOption("kind", "forest, ruin, building, wall, hill, water, rocks"),
        VerbOption("shape", "rect:x,y,w,h or circle:x,y,r or poly:x,y;x,y;x,y"),
        VerbOption("height", "Height in inches (blocking pieces get their kind's usual height if left out)",
                   OptionType.NUMBER, minimum=0, maximum=100),
        VerbOption("keywords", "Comma list: impassable, blocking, obscuring, cover, difficult"),
    ), group="Terrain on the table"),
    Verb(("terrain", "remove"), "Take a terrain piece away", (
        VerbOption("terrain", "Its id, e.g. T3"),
    ), group="Terrain on the table"),
    Verb(("map", "import"), "Before deployment: lay out your own map from a YAML file (one map)", (
        VerbOption("file", "The YAML file, written like an entry of maps.yaml", OptionType.ATTACHMENT),
    ), group="Maps for the table"),
    Verb(("map", "use"), "Before deployment: lay one of the preset maps on the table", (_MAP_NAME,),
         group="Maps for the table"),
    Verb(("map", "preview"), "Show a preset map on an empty table", (_MAP_NAME,), group="Maps for the table"),
    Verb(("force", "import"), "Import unit profiles from a YAML file (units: [...])", (_FILE,),
         group="Armies and warbands"),
    Verb(("force", "load"), "Load a preset force for a side", (
        VerbOption("name", "The force"), _SIDE,
    ), group="Armies and warbands"),
    Verb(("measure",), "Distance between two things, closest points of their bases", (
        VerbOption("from", "A model id"),
        VerbOption("to", "A model id, terrain id or x,y"),
    )),
    Verb(("los",), "Line of sight between two models", (
        VerbOption("from", "The model looking"),
        VerbOption("to", "The model looked at"),
    )),
    Verb(("template",), "Lay a template and see which models it touches and covers", (
        VerbOption("kind", "circle, cone or teardrop", choices=("circle", "cone", "teardrop")),
        VerbOption("at", "Centre or origin: a model id or x,y"),
        VerbOption("size", "Radius (circle) or length (cone, teardrop) in inches", OptionType.NUMBER,
                   minimum=0.1, maximum=100),
        VerbOption("toward", "Direction for a cone or teardrop: a model id or x,y"),
        VerbOption("width", "Far width of a cone or teardrop in inches", OptionType.NUMBER, minimum=0.1,
                   maximum=100),
    )),
    Verb(("round", "next"), "Start the next round", group="Rounds and turns"),
    Verb(("round", "turn"), "Pass the turn to a side", (VerbOption("side", "Whose turn"),),
         group="Rounds and turns"),
    Verb(("note",), "Add a note to the log", (VerbOption("text", "The note"),)),
    Verb(("ask",), "Ask another side to choose, e.g. which model takes the hit", (
        VerbOption("side", "The side that answers"),
        VerbOption("question", "The question, e.g. Hold or flee?"),
        VerbOption("options", "Comma list of 2 to 25 answers, e.g. hold,flee; the first is the default"),
        VerbOption("models", "Comma list of that side's models to answer for one by one, e.g. B1,B2"),
        VerbOption("optional", "Let the default stand if no answer comes in time", OptionType.BOOLEAN),
    )),
)
"""Every verb a game may act through, in the order front-ends list them."""

_BY_PATH = {v.path: v for v in VERBS}


def verb(path: tuple[str, ...]) -> Verb:
    """The shared verb at ``path``; a ``KeyError`` names the known ones (a game declaring an unknown verb is a bug)."""
    try:
        return _BY_PATH[path]
    except KeyError:
        known = ", ".join(v.name for v in VERBS)
        raise KeyError(f"no shared verb {'/' + ' '.join(path)}; the verbs are {known}") from None
