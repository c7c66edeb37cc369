"""What a Sunshard:Embren game holds beyond the shared table.

Models stand on the table as :class:`engine.table.PlacedModel`: HP as wounds (``wounds`` is the HP characteristic,
``wounds_taken`` the HP lost), conditions and tokens as repeated names in ``tokens`` (``["Blight", "Blight",
"Floored"]``; a marker on a model counts as a token, L632), ``z`` the HGT of the terrain it stands completely within.
So the table's manual overrides fix a Sunshard model as any other. Each model also has a :class:`Figure` here for
what only Sunshard tracks; each side a :class:`SideRecord` (Fortune, VP, deeds); the round's step, the activation
in progress and the attack being resolved sit on :class:`SunshardState`. No hidden information: the core rules have
none (digest 11.5).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, JsonValue

from engine.core import ModelId, SideId
from engine.systems.sunshard.schema import ModelCard, SpellSpec, WarbandSpec
from engine.table import TableState

__all__ = [
    "Activation",
    "AttackDie",
    "AttackState",
    "Figure",
    "Gained",
    "Hit",
    "LooseMarker",
    "Party",
    "SideRecord",
    "Status",
    "SunshardState",
]

Status = Literal["reserve", "deployed", "killed", "left"]
"""Where a model is: not yet deployed, on the battlefield, Killed (removed, L648), or gone from the battlefield
without being Killed (Calm Before the Storm, L1089)."""

Gained = Literal["round", "end-phase", "activation", "game"]
"""How long something gained lasts: to the end of the round, until the next End Phase begins (ruling
until-next-end-phase), to the end of the activation, or for the game."""


class Figure(BaseModel):
    """Sunshard's record of one model."""

    model_config = ConfigDict(extra="forbid")

    id: ModelId
    card: str
    side: SideId
    """Its owner: the player who deployed it (L1371), who also controls it."""
    warband: str
    status: Status = "reserve"
    leader: bool = False
    gained: dict[str, Gained] = {}
    """Special abilities it has beyond its card (Commander as Leader L339, Nucleus L785, Paymaster L1440), each with
    how long it lasts."""
    activated: bool = False
    party_formed: bool = False
    """It took the Party Formation special action this round (once per round, L443)."""
    charged: list[ModelId] = []
    """Models it targeted with a Charge this round (once per round each, L405)."""
    reloads: dict[str, int] = {}
    """Attacks made this round with each Reload(X) profile (L1522)."""
    used: list[str] = []
    """Once-per-round abilities used this round (Bodyguard L1419, Blight Censors L1413, Blightghast L1415, Poison
    Fruit L1465)."""
    spells: list[str] = []
    """Spell ids it knows (L654-660)."""
    form: str | None = None
    """The Change Form choice made at deployment (L1423)."""
    phased: str | None = None
    """The terrain rule its Phaseforming gives nearby Seeded terrain while it is On Guard (L1463)."""


class SideRecord(BaseModel):
    """One player's Fortune, VP (quest and deed kept apart, L834), alignment, warbands and deeds scored."""

    model_config = ConfigDict(extra="forbid")

    alignment: str = ""
    warbands: list[str] = []
    fortune: int = 0
    quest_vp: int = 0
    deed_vp: int = 0
    deeds: list[str] = []

    @property
    def vp(self) -> int:
        return self.quest_vp + self.deed_vp


class Party(BaseModel):
    """A party formed this activation (L437-445): its members in the order chosen, and those done."""

    model_config = ConfigDict(extra="forbid")

    selector: ModelId
    members: list[ModelId]
    done: list[ModelId] = []
    dashing_by: ModelId | None = None
    """A Dashing Show member that hit with a melee attack in its activation: the other members not Leader gain +2 on
    their attack tests (L1427)."""


class Activation(BaseModel):
    """The activation in progress (L377-383): the model, its controller, its AP left, what it did so far."""

    model_config = ConfigDict(extra="forbid")

    model: ModelId
    side: SideId
    ap: int
    spent: int = 0
    """AP spent so far this activation (the Fortune abilities of its start come before any, L770, L777-778, L802)."""
    moved_into: list[ModelId] = []
    """Enemies its last movement action ended in base contact with (or within 2" and in sight, with Reach): whom it
    may Charge now (L405, L537)."""
    aim_free: bool = False
    """Eagle-Eye taken: ranged attacks take the Aiming bonus without paying AP (L1429-1431)."""
    fade_bonus: bool = False
    """The Remnant Fortune: Fade vaults go 1" further (L778)."""
    incendiary: bool = False
    """The Delver Fortune: ranged Jammable profiles gain Burning, Jammed at the end (L770)."""
    faded: float = 0.0
    """Inches vaulted through Fade this activation (Hit and Run, L1223)."""
    interacted: bool = False
    """Recon's Interact taken (once per activation, L1181)."""
    started_on: list[str] = []
    """Objectives it was touching when its activation started (Wicked Ritual, L1259)."""
    guard_kept: list[ModelId] = []
    """Enemies that kept their On Guard token when it engaged them, to Anticipate an attack declared next (ruling
    held-strike-offer)."""
    anticipating: list[ModelId] = []
    """Enemies that used Anticipate Attack against it this activation (L423, ruling anticipate-duration)."""


class AttackDie(BaseModel):
    """One die of a test in progress: its face now, its first face, and what re-rolled it (L153)."""

    model_config = ConfigDict(extra="forbid")

    face: int
    first: int
    rerolled_by: str | None = None


class Hit(BaseModel):
    """One hit of an attack (a successful die, L1518): the model hit (after any Bodyguard or Protected, L1419,
    L1471), whether it was a perfect attack, and its Armor test's die once rolled."""

    model_config = ConfigDict(extra="forbid")

    model: ModelId
    perfect: bool
    substitute: bool = False
    armor: AttackDie | None = None


class AttackState(BaseModel):
    """An attack being resolved (L483-583): what the declaration fixed, the target now being attacked (templates
    attack several, L553-559), its dice, its hits, and what happens after."""

    model_config = ConfigDict(extra="forbid")

    attacker: ModelId
    side: SideId
    profile: str
    kind: str
    aimed: bool
    targets: list[ModelId]
    index: int = 0
    stage: str = "anticipate"
    cover: dict[ModelId, str] = {}
    """The kind of cover each target had when the attack was declared (L302: found with the line of sight)."""
    dice: list[AttackDie] = []
    hits: list[Hit] = []
    hit_index: int = 0
    hit_any: bool = False
    wounded: list[ModelId] = []
    in_party: bool = False
    template: list[tuple[float, float]] = []
    resume: dict[str, JsonValue] | None = None
    """What was interrupted and carries on after (a move cut by a Held Shot, L461)."""
    offered: list[ModelId] = []
    """The models under it already asked whether they Anticipate the attack (L423), each once, before the first
    attack test."""
    reroll: str | None = None
    """The re-roll declared with the attack (``keep``, ``loot``, ``fortune``; ruling ``standing-reroll``), or None
    to be asked after the roll."""

    @property
    def target(self) -> ModelId:
        return self.targets[self.index]


class LooseMarker(BaseModel):
    """A marker on the battlefield, on a 30 mm base (L632, L1349)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    kind: str
    x: float
    y: float
    placed_by: ModelId | None = None


class SunshardState(TableState):
    """A Sunshard:Embren game."""

    model_config = ConfigDict(extra="forbid")

    quest: str = ""
    rounds: int = 4
    deeds_used: bool = False
    battlefield: list[str] = []
    """Battlefield rules in force (L735-747)."""
    zone_depth: float = 4.0
    contested_half: float = 4.0
    figures: dict[ModelId, Figure] = {}
    records: dict[SideId, SideRecord] = {}
    """The round's phase and step, and whose turn it is to select a model or to deploy (L365, L337), are the core's
    flow record (``phase``, ``step``, ``active_side``)."""
    deploy_order: list[SideId] = []
    """The order players took turns deploying (Rangers follow it, L1473; Leaders are chosen from its first, L339)."""
    initiative: SideId | None = None
    """Who won this round's initiative (L359)."""
    first_pick: ModelId | None = None
    """The model the initiative winner chose to activate first, possibly an opponent's (L359)."""
    activation: Activation | None = None
    party: Party | None = None
    markers: dict[str, LooseMarker] = {}
    objective_markers: dict[str, list[str]] = {}
    """Markers on Objectives, by terrain id (Rescue, Treasure, Archaeology, Shard Seed)."""
    dug_by: dict[str, list[ModelId]] = {}
    """Who placed each Archaeology marker on an Objective this round (Archaeological Dig, L1211), by terrain id."""
    lasting_rules: dict[str, dict[str, Gained]] = {}
    """Terrain rules a piece has for a while (the Shardborn Fortune's Seeded, L784), by terrain id."""
    markers_added: int = 0
    attack: AttackState | None = None
    deploy_as_suggested: list[SideId] = []
    """Players who chose to place the rest of their models as suggested (their later turns answer themselves)."""
    picked: dict[SideId, str] = {}
    """The warband each player chose for the game, before the quest is set up (L327)."""
    imported_cards: dict[str, ModelCard] = {}
    imported_warbands: dict[str, WarbandSpec] = {}
    imported_spells: dict[str, SpellSpec] = {}
    """The players' own cards, warbands and spells brought for this game (the book prints none whole)."""
    noted: list[str] = []
    """What is done at the current step (reset at each step): ``passed:A`` (side A uses no more Fortune now),
    ``scored``, ``asked:A`` (side A was asked about departures)."""
