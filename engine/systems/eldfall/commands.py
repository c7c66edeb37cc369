"""Eldfall's own commands: choosing a party, deploying, activating a model, declaring its action, and the
standing choices a player makes between turns (a stratagem, a Warrior's stance)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command, ModelId, SideId
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.state import MovementKind
from engine.table import Point

__all__ = [
    "ELDFALL_COMMANDS",
    "Activate",
    "AddModel",
    "ChannelMana",
    "ChooseParty",
    "ChooseStance",
    "ChooseStratagem",
    "Declare",
    "DeployAuto",
    "Dismiss",
    "EndTurn",
    "Equip",
    "PlaceModel",
    "Ready",
    "RevealScheme",
    "SettleSetup",
    "Shroud",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseParty(Command):
    """Choose a ready party by name, or bring one's own list (checked by the party rules, L1008-1054)."""

    verb = "force load"
    name: str | None = None
    spec: PartySpec | None = None
    side: SideId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Ready(Command):
    """A side has placed its models and is done deploying. It may be said while another side decides its starting
    creatures (each side's own are checked by the deployment, L1869-1871)."""

    verb = "act ready"
    allowed_while_pending = True
    side: SideId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Activate(Command):
    """Steps 1 and 2: spend 1 AP and move (Walk, Run, Climb, Jump) or stay Idle (L1184-1196); ``face`` turns it
    toward a model or a bearing when Idle; ``skills`` are the skills declared with the movement (L1190):
    ``flicker``, ``fly``/``land`` (Flight), ``crouch``/``stand`` (L1192), ``taunt``, ``trample``."""

    verb = "act activate"
    model: ModelId
    how: MovementKind
    to: str | None = None
    face: str | None = None
    dash: bool = False
    max_distance: float | None = None
    skills: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Declare(Command):
    """Step 4: the activated model's action (L1250-1253): ``kind`` is nothing, attack, cast, dodge, assist,
    deathblow, perceive, interact, trade, ritual or duel; ``targets`` pairs each target with its strikes; ``extras``
    what it spends on its rolls (``reroll``, ``luck``, ``mana``); ``give`` and ``take`` a Trade's items (L1542)."""

    verb = "act"
    kind: str
    model: ModelId | None = None
    means: str | None = None
    targets: tuple[tuple[ModelId, int], ...] = ()
    point: tuple[float, float] | None = None
    art: str | None = None
    move_to: tuple[float, float] | None = None
    extras: tuple[str, ...] = ()
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Command):
    """The active player ends its Tactical phase (L1168)."""

    verb = "act end"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseStratagem(Command):
    verb = "act stratagem"
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseStance(Command):
    """A Warrior takes (or leaves) the Defensive Stance from its next Strategic phase on (L1880)."""

    verb = "act stance"
    model: ModelId
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Dismiss(Command):
    """Its caster dismisses a summoned creature at its side's next Strategic phase (``on``), or no longer (L992)."""

    verb = "act dismiss"
    model: ModelId
    on: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class ChannelMana(Command):
    """A Mage in the Active role turns AP into Mana Counters (L926-928)."""

    verb = "act mana"
    model: ModelId
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealScheme(Command):
    """Reveal one's Strategic-phase scheme at one's next Strategic phase (L2497)."""

    verb = "act scheme"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shroud(Command):
    """During deployment, a model that may begin the game Shrouded does so (``on``), or not (L1985, L2803)."""

    verb = "act shroud"
    model: ModelId
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Equip(Command):
    """The activated model changes its equipment before its action, once an activation (L430): ``item`` is a weapon
    it carries, ``shield`` (take it up) or ``no-shield`` (lay it down, freeing a hand)."""

    verb = "act equip"
    model: ModelId | None = None
    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SettleSetup(Command):
    """The host of a practice table takes every setup choice left with its default and finishes deployment
    (``/game demo``)."""

    verb = "settle setup"
    allowed_while_pending = True


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceModel(Command):
    """Place a model: in the deployment, within its deployment area (L1104-1110); afterwards a fix by hand, as on any
    table (the table's ``/model place``)."""

    verb = "model place"
    model: ModelId
    at: Point
    facing: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AddModel(Command):
    """Add a model by hand once play is under way (a creature nobody summoned, a quest's own rule), L1280."""

    verb = "model add"
    unit: str
    at: Point | None = None
    side: SideId | None = None
    facing: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeployAuto(Command):
    """Spread a side's models evenly over its Deployment Zone, in the deployment."""

    verb = "deploy auto"
    side: SideId | None = None


ELDFALL_COMMANDS: tuple[type[Command], ...] = (
    ChooseParty, Ready, Activate, Declare, EndTurn, ChooseStratagem, ChooseStance, ChannelMana, RevealScheme,
    SettleSetup, Shroud, Equip, Dismiss, PlaceModel, AddModel, DeployAuto,
)
