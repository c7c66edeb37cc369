"""What an Eldfall game holds beyond the shared table: each model's record, each side's party and points, and
the Activation Sequence in progress.

Models stand on the table as :class:`engine.table.PlacedModel` (pose, HP as wounds, states as tokens); each also
has a :class:`Figure` here for what only Eldfall tracks (AP, mana, when each state ends, upgrades, the Leader).
A side's party list and its scheme are secrets of that side until revealed: the state holds them, views filter.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import ModelId, SideId
from engine.systems.eldfall.schema import PartySpec
from engine.table import TableState

__all__ = [
    "ACTION_STEP",
    "ACTIVATION_STEP",
    "END_OF_GAME",
    "END_OF_SEQUENCE",
    "END_OF_TURN",
    "Declared",
    "EldfallState",
    "Figure",
    "MovementKind",
    "QuestToken",
    "Reaction",
    "SequenceState",
    "SideRecord",
    "end_phase_of",
    "strategic_of",
]

ACTIVATION_STEP = "activation"
"""The Tactical phase's step between Activation Sequences: the active player picks a model to activate (Step 1,
L1184). The sequence's own steps follow it in the flow record: movement, reaction, action, late-reaction and
resolution (L1180-1260)."""
ACTION_STEP = "action"
"""Step 4, the Action step: the activated model declares its action (L1250)."""

END_OF_SEQUENCE = "sequence"
"""A state that lasts until the end of the current Activation Sequence (a Sorcery's effect, L946)."""
END_OF_TURN = "turn"
"""A state that lasts until the end of the current turn (Stagger, Blinding Light, L1170)."""
END_OF_GAME = "game"
"""A state that lasts for the rest of the game (Broken Morale's panic, L1280)."""


def strategic_of(side: SideId) -> str:
    """An expiry: until ``side``'s next Strategic phase (enchantments, Defensive Stance, L950, L1880)."""
    return f"strategic:{side}"


def end_phase_of(side: SideId) -> str:
    """An expiry: until ``side``'s next End phase (Soul Crush's panic, L2258)."""
    return f"end:{side}"


MovementKind = Literal["walk", "idle", "run", "climb", "jump"]


class Figure(BaseModel):
    """Eldfall's record of one model on the table."""

    model_config = ConfigDict(extra="forbid")

    id: ModelId
    unit: str
    side: SideId
    ap: int = 0
    mana: int = 0
    expiry: dict[str, str] = {}
    """When each of its states ends (state name -> expiry); a state set by hand (a token) lasts until removed."""
    enchantments: dict[str, str] = {}
    """Enchantment spells on it (spell id -> the side whose Strategic phase ends them)."""
    upgrades: list[str] = []
    choices: dict[str, list[str]] = {}
    """The option chosen for each copy of an upgrade that offers options, by upgrade id, in canonical form
    (``inscribed-item:short-sword``; see :mod:`engine.systems.eldfall.choices`)."""
    leader: bool = False
    original: bool = True
    """A member of the party as recruited (summoned creatures are not, L1571)."""
    summoner: ModelId | None = None
    classes: list[str] = []
    """Classes it gains beyond its card: Soldier for a creature summoned with Conjured Retinue (L2902), Sentinel for
    a Personal Guard (L2906)."""
    guard_of: ModelId | None = None
    """The model whose Personal Guard it is (L2906): a Sentinel that may not fully leave that model's Awareness."""
    hostile: bool = False
    weapon: str | None = None
    """The weapon it holds (item id): the first listed, until it attacks with or equips another (L428-432)."""
    shield_off: bool = False
    """It laid its shield down (to free a hand), until it takes it up again (L430)."""
    extra_items: list[str] = []
    """Items it picked up (a Treasure) or was given by Trade, beyond its card and upgrades (L1542-1545)."""
    given: dict[str, int] = {}
    """Its upgrades' items it gave away by Trade, by id and count (L1542-1545)."""
    spent: dict[str, int] = {}
    """Items gone from its inventory, by id and count: Consumables used (L414), items thrown (L2177)."""
    dropped: dict[str, int] = {}
    """Items printed on its card that it dropped, by id and count (L394): gone like those spent, never refilled."""
    dropping: dict[str, int] = {}
    """Items (id -> count) its player ordered it to drop as it next activates this turn (L394): they no longer
    burden its movement; left on the field in a Cache token when it activates."""
    lying: dict[str, int] = {}
    """Thrown items lying by this model since they took it down (``thrower:item`` -> count): the thrower takes them
    back by touching it (L2177)."""
    dismiss: bool = False
    """Its player orders this summoned creature dismissed at its side's next Strategic phase (L992)."""
    stance: bool = False
    """Keeps a Warrior's Defensive Stance (taken in its Strategic phase, L1880)."""
    luck: int = 0
    moved: bool = False
    """It changed position this turn (for Stand Your Ground, ruling moved-meaning)."""
    lost_hp: bool = False
    """It lost HP at some point of the game (Cunning Tenacity)."""
    used_skills: list[str] = []
    """Skills used this Activation Sequence (each at most once, L279)."""
    once: dict[str, int] = {}
    """Abilities usable once a turn (the Berserker's), by the turn number they were last used in."""
    wounded_by: ModelId | None = None
    """The enemy that last wounded it (for Blood for Blood)."""
    out_scored: bool = False
    """Its being put out of action has been scored (once per model, ruling open-hostilities-scoring)."""
    gone: str | None = None
    """Why it left the table, once it has (dead and removed, fled, dismissed, left with a treasure)."""
    sacrifice: Literal["any", "downing", "never"] | None = None
    """A familiar's standing order: when it is removed instead of its caster's Wounds (L2069, ruling
    familiar-sacrifice); None until its owner says (then ``downing``)."""
    clinging: str | None = None
    """The piece whose side it hangs on, its climb unfinished (L1343): acting there makes it fall (L1342)."""


class SideRecord(BaseModel):
    """A side's party (secret until deployment ends), its Leader, points and standing choices."""

    model_config = ConfigDict(extra="forbid")

    party: PartySpec | None = None
    faction: str = ""
    revealed: bool = False
    ready: bool = False
    on_view: bool = False
    """Its models are seen by everyone though its list is still secret (its turn to deploy is over)."""
    edge: str = ""
    """The table edge of its Deployment Zone (bottom or top)."""
    deployed: int = 0
    """How many party members it deployed (summons excluded): Broken Morale counts against it (L1280)."""
    vp: dict[str, int] = {}
    """Victory Points by source (a reward, a scheme, a duel), before the cap."""
    scheme: str | None = None
    """The kept scheme (a secret until revealed)."""
    scheme_revealed: bool = False
    scheme_turn: int | None = None
    """The turn (numbered through the game) its scheme was revealed in, for schemes scored that turn."""
    scheme_target: ModelId | None = None
    reveal_asked: bool = False
    """Its player asked to reveal a Strategic-phase scheme at its next Strategic phase."""
    scheme_tokens: int = 0
    stratagem: str | None = None
    """The stratagem its Leader uses in each Strategic phase (the first listed unless chosen, L380)."""
    active_stratagem: str | None = None
    broken: bool = False
    """Its morale is broken: every model Panicked for the rest of the game (L1280)."""
    facts: dict[str, int] = {}
    """Counts the schemes score: wounds dealt in reactions or in melee, Deathblows, unseen attacks..."""
    pooled: int = 0
    """The part of its VP scored while in an Alliance of Necessity, pooled with its allies' (L2390)."""


class Reaction(BaseModel):
    """One reactive model's declaration: nothing, Dodge, or an attack with a means, at a point of the path."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: ModelId
    kind: Literal["dodge", "attack", "perceive", "ward"]
    means: str | None = None
    at: tuple[float, float] | None = None
    move_to: tuple[float, float] | None = None
    panic_failed: bool = False
    unseen: bool = False
    """It never saw the activated model during its movement: its Dodge rolls half AG (L1385)."""
    ward: ModelId | None = None
    """The model its Ward protects (itself or an ally, L2297)."""
    art: str | None = None
    """The combat art level its attack uses (``Fencing I``, L293-299)."""
    extras: tuple[str, ...] = ()
    """What it spends on its rolls: ``reroll`` (a Mage's AP, L1835), ``luck`` (a Luck counter, L2737)."""
    crouch: Literal["crouch", "stand"] | None = None
    """A Dodge's change of the Crouched state at the end of the Resolution step (L1387)."""


class Declared(BaseModel):
    """The active model's declared action."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    means: str | None = None
    targets: tuple[tuple[ModelId, int], ...] = ()
    point: tuple[float, float] | None = None
    art: str | None = None
    """The combat art level its attack uses; for Dispel Magic, what it removes (an Enchantment's id, ``creature``
    or ``shroud``)."""
    move_to: tuple[float, float] | None = None
    extras: tuple[str, ...] = ()
    """What it spends on its rolls: ``reroll`` (a Mage's AP, L1835), ``luck`` (a Luck counter, L2737), ``mana``
    (Confuse Target's +2 STK, L2296)."""
    from_shroud: bool = False
    """The model declared it while Shrouded (an Attack gains Surprise Attack, L1776)."""
    give: tuple[str, ...] = ()
    """A Trade's items (ids) the model gives its target, one entry each (L1542-1545)."""
    take: tuple[str, ...] = ()
    """A Trade's items (ids) the model takes from its target."""
    spells: tuple[str, ...] = ()
    """A Ritual's spells (ids) in the order they are cast, one entry a cast (L1560); ``means`` is the first."""
    spots: tuple[str, ...] = ()
    """Where each creature of the Ritual stands in base contact with its caster (``placing.COMPASS`` names, in cast
    order, L1561); none named: nearest the table's middle."""
    crouch: Literal["crouch", "stand"] | None = None
    """The Crouched state its Dodge enters or cancels at the end of the Resolution step (L1387)."""


class SequenceState(BaseModel):
    """The Activation Sequence in progress: whose, how it moved, who reacted, what it declared. Its step is the core
    flow record's (``state.step``: activation, movement, reaction, action, late-reaction, resolution)."""

    model_config = ConfigDict(extra="forbid")

    model: ModelId
    movement: MovementKind = "idle"
    path: tuple[tuple[float, float], ...] = ()
    dash: bool = False
    skills: tuple[str, ...] = ()
    """Skills declared with the movement (L1190): flicker, fly, land, crouch, stand, taunt, trample."""
    trampled: tuple[ModelId, ...] = ()
    """Smaller models a Trampling Run went through (each takes a Hit in the Resolution step, L2181)."""
    reactions: list[Reaction] = []
    action: Declared | None = None
    panic_failed: bool = False
    equipped: tuple[ModelId, ...] = ()
    """The models that changed their equipment in this activation or their reaction to it: once each (L430)."""


class QuestToken(BaseModel):
    """A token on the field: a quest's Intrigue token over a Cache, a Sigil, a Cache, a dropped Treasure, or an
    exploding barrel (L2410-2432, L2463); or the Cache token of items a model dropped as it activated (``items``,
    L394)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    kind: Literal["intrigue", "sigil", "cache", "treasure", "barrel", "items"]
    x: float
    y: float
    spell: str | None = None
    treasure: bool = False
    items: list[str] = []
    """The items it holds beyond a Treasure, by name (dropped by a model, L394)."""


class EldfallState(TableState):
    """An Eldfall game: the table, each model's record, each side's party, the turn and the sequence."""

    model_config = ConfigDict(extra="forbid")

    figures: dict[ModelId, Figure] = {}
    records: dict[SideId, SideRecord] = {}
    hostile_side: SideId | None = None
    order: tuple[SideId, ...] = ()
    """The players' turn order (the 1st Player first); a hostile side acts after them every round (L1593)."""
    one_at_a_time: bool = False
    """The players deploy one model after the other rather than whole parties (L1094)."""
    deployed_models: tuple[ModelId, ...] = ()
    """Deploying one model after the other: the models placed so far, each seen by everyone once placed."""
    turn: int = 0
    """How many turns of this round have been played (indexes ``order``; past its end: the Hostiles turn)."""
    sequence: SequenceState | None = None
    last: SequenceState | None = None
    """The sequence that ended last (what a late declaration is told about)."""
    duel: tuple[ModelId, ModelId] | None = None
    tokens: dict[str, QuestToken] = {}
    alliance: tuple[SideId, ...] = ()
    """The players who formed an Alliance of Necessity (Quest 2, L2390), kept once it is broken (their pool)."""
    alliance_broken_by: SideId | None = None
    """The player who broke the alliance (L2404); from then on its members are enemies again."""

    @property
    def turn_number(self) -> int:
        """The current turn counted through the game (round 1's first turn is 1)."""
        return (self.round - 1) * (len(self.order) + 1) + self.turn + 1

    def record(self, side: SideId) -> SideRecord:
        """The side's record (an empty one before it chose a party)."""
        return self.records.get(side) or SideRecord()

    def writable_record(self, side: SideId) -> SideRecord:
        """The side's record to change, made when it has none yet (events fold into it)."""
        return self.records.setdefault(side, SideRecord())

    def figure(self, model: ModelId) -> Figure:
        """The Eldfall record of a model on the table; :raises KeyError: for an unknown id."""
        return self.figures[model]

    def players(self) -> tuple[SideId, ...]:
        """The sides played by people or the bot's party, never the hostiles."""
        return tuple(side for side in self.sides if side != self.hostile_side)

    def allied(self, side: SideId, other: SideId) -> bool:
        """Whether ``side`` and ``other`` are two players in an Alliance of Necessity that holds now (L2390)."""
        allied = self.allied_sides()
        return side != other and side in allied and other in allied

    def allied_sides(self) -> tuple[SideId, ...]:
        """The players in an alliance that holds now (none before it forms or once it is broken)."""
        return self.alliance if self.alliance_broken_by is None else ()

    def enemies(self, side: SideId, other: SideId) -> bool:
        """Whether models of ``side`` and ``other`` are enemies: every other side is (L1129), but for an ally while
        the alliance holds (L2390); the hostiles are everyone's enemies."""
        return side != other and not self.allied(side, other)

    def friends(self, side: SideId, other: SideId) -> bool:
        """Whether models of ``side`` and ``other`` are allied models: the same side, or allied players' (L2935)."""
        return not self.enemies(side, other)
