"""The whole state of a game of Underworlds as the log folds it: setup, battlefield, fighters, tokens, glory,
turn order, the power step, lingering ploys, and the resolution in progress.

Everything here is plain data changed only by events (``events.py``); the rules read it through
``battle.battle_of`` as the read-only ``Battle`` the pure rules take. Hexes are stored as the ids players type
(``C4``) on the battlefield rebuilt from ``field``. Hands and decks live in the core's decks
(``CoreState.decks``): ``objectives-<side>`` and ``power-<side>``, and the face-down objective token numbers in
``tokens``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from engine.core import CoreState, SideId

__all__ = [
    "AttackFrame",
    "CheckpointFrame",
    "EffectsFrame",
    "EndActivationFrame",
    "FieldRecord",
    "FighterRecord",
    "Frame",
    "Lingering",
    "MoveRecord",
    "PhaseLog",
    "PloyEndFrame",
    "PowerStep",
    "SideRecord",
    "Step",
    "TakeOutRecord",
    "TokenRecord",
    "UnderworldsState",
    "objective_deck",
    "power_deck",
]

Step = Literal["warbands", "dice", "boards", "artefact", "tokens", "mulligan", "fighters", "first", "activation",
               "power", "end", "over"]
"""The steps of the core's flow record (``CoreState.step``) this game moves through: the setup steps in order
(Underworlds core rulebook, L121-L141, L871; ``dice`` only while a table that rolls its own dice enters them), then
each round's action phase (an activation, then its power step) and end phase."""


def objective_deck(side: str) -> str:
    """The id of ``side``'s objective deck among the core's decks."""
    return f"objectives-{side}"


def power_deck(side: str) -> str:
    """The id of ``side``'s power deck among the core's decks."""
    return f"power-{side}"


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FighterRecord(_Record):
    """One fighter: ``id`` as players type it (``B3``), its card (``profile``), where it stands and its tokens.

    ``hex`` is ``None`` before it is placed and once it is out of action. ``exhausted`` means it cannot be
    activated again this phase (it charged, used Total Offence, or sprinted).
    """

    id: str
    profile: str
    side: SideId
    leader: bool = False
    hex: str | None = None
    out_of_action: bool = False
    wounds: int = 0
    inspired: bool = False
    guard: bool = False
    moved: bool = False
    charged: bool = False
    exhausted: bool = False
    upgrades: list[str] = []
    fell_at: str | None = None
    """The hex it stood on when it went out of action, where pictures leave a marker (until it comes back)."""


class TokenRecord(_Record):
    """An objective token on the battlefield: placed ``slot``-th, its ``number`` bound only at the reveal
    (``None`` while face down); the Katophrane Artefact is a token with no number (L737-L749)."""

    slot: int
    hex: str
    number: int | None = None
    artefact: bool = False

    @property
    def face_up(self) -> bool:
        return self.artefact or self.number is not None

    @property
    def label(self) -> str:
        return "A" if self.artefact else str(self.number) if self.number is not None else "?"


class FieldRecord(_Record):
    """The battlefield: the board sides in order, whose territory each is, and how they are joined; boards placed
    freely (three or four players) each have their top-left hex and whether they are turned in ``placed``."""

    boards: list[str] = []
    owners: list[SideId] = []
    layout: str = ""
    placed: list[tuple[int, int, bool]] = []


class SideRecord(_Record):
    """One player: warband and decks, glory (``spent`` counts within ``glory``), where it came from, and
    this phase's activations."""

    warband: str = ""
    deck: str = ""
    glory: int = 0
    spent: int = 0
    sources: dict[str, int] = {}
    activations: int = 0


class TakeOutRecord(_Record):
    victim: str
    by: SideId | None
    by_fighter: str | None = None
    using: Literal["attack", "charge", "ploy", "other"] = "attack"


class MoveRecord(_Record):
    fighter: str
    before: list[str]
    after: list[str]


class PhaseLog(_Record):
    """What happened this action phase, for conditions (``Battle.phase``)."""

    moved: list[str] = []
    charged: list[str] = []
    attacked_successfully: list[str] = []
    took_damage: list[str] = []
    taken_out: list[TakeOutRecord] = []
    moves: list[MoveRecord] = []


class Lingering(_Record):
    """A ploy whose effect waits for the next activation (or lasts through it): ``effect`` indexes the card's
    effects; it becomes ``active`` when the next activation starts and is discarded when that activation ends,
    when used up, or at the end of the round (L605)."""

    card: str
    side: SideId
    effect: int
    chosen: list[str] = []
    active: bool = False


class PowerStep(_Record):
    """The power step after an activation: whose turn it is to play or pass, and passes in a row (L575-L579)."""

    after: SideId
    turn: SideId
    passes: int = 0


class _Frame(_Record):
    """A step of the resolution in progress; ``answers`` holds what its owner decided so far."""

    id: str
    answers: dict[str, str] = {}


class AttackFrame(_Frame):
    """One Attack action against one target on its way through the combat sequence (L509-L573)."""

    kind: Literal["attack"] = "attack"
    attacker: str
    target: str
    profile: str
    source: str = "fighter"
    via: Literal["activation", "charge", "reaction", "ploy"] = "activation"
    optional: bool = False
    stage: Literal["roll", "during", "damage", "drive", "push", "after", "reactions", "done"] = "roll"
    outcome: str = ""
    critical_hit: bool = False
    damage: int = 0
    drive_back: list[str] = []
    drivable: bool = False
    knockback: dict[str, list[str]] = {}
    no_drive: bool = False
    took_out: bool = False
    attack_roll: list[str] = []
    defence_roll: list[str] = []


class EffectsFrame(_Frame):
    """Card effects being applied in order: ``effects`` as data, ``chosen`` what the player picked (``None``
    while ``choose`` is still to be asked), and ``bound`` what the effects name (self, attacker, target, victim,
    survivor, the attack ``frame`` they interrupt, its ``profile`` and ``source``)."""

    kind: Literal["effects"] = "effects"
    card: str
    side: SideId
    effects: list[dict[str, JsonValue]]
    index: int = 0
    choose: dict[str, JsonValue] | None = None
    chosen: list[str] | None = None
    bound: dict[str, str] = {}
    ploy: bool = False


class CheckpointFrame(_Frame):
    """An action or activation has ended: Inspire, then objectives scored immediately (L45, L707)."""

    kind: Literal["checkpoint"] = "checkpoint"
    activation: bool = False


class EndActivationFrame(_Frame):
    """An activation is over: reactions after it, scoring, then its power step (L575, L631)."""

    kind: Literal["end_activation"] = "end_activation"
    side: SideId
    fighter: str | None = None
    checkpoint: bool = True
    stage: Literal["reactions", "checkpoint", "power"] = "reactions"


class PloyEndFrame(_Frame):
    """A ploy has been resolved in a power step: reactions to what it did, then the step goes on."""

    kind: Literal["ploy_end"] = "ploy_end"
    side: SideId
    card: str
    stage: Literal["reactions", "next"] = "reactions"
    took_out: list[str] = []


Frame = Annotated[AttackFrame | EffectsFrame | CheckpointFrame | EndActivationFrame | PloyEndFrame,
                  Field(discriminator="kind")]


class UnderworldsState(CoreState):
    """The game's state beyond the core's (its flow record, ``step`` included, is the core's): see the module
    docstring."""

    model_config = ConfigDict(extra="forbid")

    players: dict[SideId, SideRecord] = {}
    field: FieldRecord = FieldRecord()
    fighters: dict[str, FighterRecord] = {}
    tokens: list[TokenRecord] = []
    shardfall: list[str] = []
    order: list[SideId] = []
    """The turn order of the current step (token or fighter placement, activations, the end phase)."""
    turn_index: int = 0
    chooser: SideId | None = None
    """Who chose the first board (places the first objective token)."""
    finished_first: SideId | None = None
    """Who finished placing fighters first (the round 1 roll-off bonus, L391)."""
    first: SideId | None = None
    """Who took the first activation of this round's action phase."""
    end_stage: str = ""
    """Under the ruling ``end-phase-order: step-by-step``, the part of the end phase every player takes in turn now
    (score, discard-objectives, upgrades, discard-power); "" while each player runs the whole sequence."""
    activation: int = 0
    power: PowerStep | None = None
    lingering: list[Lingering] = []
    phase_log: PhaseLog = PhaseLog()
    held_at_phase_ends: list[list[tuple[int, str]]] = []
    frames: list[Frame] = []
    checkpoint: int = 0
    unscorable: dict[str, int] = {}
    """Objective cards (``side:card``) that may not score yet, with the checkpoint they became scorable after."""
    last_path: list[str] = []
    last_attack: tuple[str, str] | None = None
    last_attack_result: str = ""
    """The last attack's dice and result in a few words, written beside its line on the picture."""
    queued: dict[SideId, list[tuple[str, str]]] = {}
    """Fighters a player asked to place on their next turns, (fighter, hex) in order: that side's secret until each
    is placed."""
    imported: list[dict[str, JsonValue]] = []
    """Cards players imported into this game, as data (validated again when read)."""
    imported_by: dict[str, str] = {}
    """Who imported each of those cards: its side, or "" for the host (a deck may hold its own player's cards)."""
    own_decks: dict[SideId, list[dict[str, JsonValue]]] = {}
    """Decks players brought (``/force import``), as data: each player's secret, logged for that player alone."""
    match: list[str] = []
    """Matched play: the winners of the match's finished games (``-`` for a draw)."""
    match_glory: dict[SideId, int] = {}
    """Matched play: each player's glory over the match's finished games (the tiebreaker, L745)."""
    rolled_winner: SideId | None = None
    """This game's winner by a roll-off among players tied on glory with no fighters left (ruling
    ``both-wiped-out``)."""
    sudden_death: bool = False
    """Matched play's sudden death (L749-L751): rounds after the third game's third, until a warband is wiped out."""
    match_winner: SideId | None = None
    """Matched play: the winner of a drawn match by the agreed tiebreaker (L743-L751)."""
    dice: dict[str, list[str]] = {}
    """The faces of the attack and defence dice this table entered (ruling ``dice-faces: table-entered``), by die;
    a die not entered rolls the shipped public list."""
