"""What a Shroudfall game holds beyond the shared table: each unit's record (card, models, conditions, tokens, effects),
each side's record (army, essence reserve, VP, leadership, table edge), the scenario elements, the terrain pieces'
cards, the setup step reached and the activation in progress.

Models stand on the table as :class:`engine.table.PlacedModel` (pose, HP as wounds); a unit's record names them. Army
lists are open information (L1086): nothing here is secret but the scenario vetoes, which live in the core's
simultaneous choice until revealed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import ModelId, SideId
from engine.systems.shroudfall.schema import Colour
from engine.table import TableState

__all__ = [
    "ACTIVATED",
    "EXHAUSTED",
    "Action",
    "Activation",
    "Element",
    "Expiry",
    "Manifestation",
    "Piece",
    "ShroudfallState",
    "SideRecord",
    "Step",
    "Task",
    "UnitRecord",
]

ACTIVATED = "Activated"
EXHAUSTED = "Exhausted"

Action = Literal["move", "attack", "disengage", "shake", "interact", "sacrifice", "forfeit"]
"""What an activation's action slot went to (L541-551; ``interact`` is ACTION INTERACT, L1229)."""

Expiry = Literal["activation", "round", "next-activation", "game"]
"""How long an effect lasts: this activation, this game round, until the unit's next activation, the whole game."""

Step = Literal["lists", "roll-off", "token", "scenario", "terrain", "leadership", "deployment", "rounds", "over"]
"""The setup steps in the book's order (L1084-1100, L1473-1485; leadership by ruling leadership-step), then play."""


class UnitRecord(BaseModel):
    """One unit: its card, its models (those destroyed leave the table), its starting strength (coherency, L612),
    its conditions, tokens and lasting effects."""

    model_config = ConfigDict(extra="forbid")

    id: str
    side: SideId
    card: str
    name: str
    models: list[ModelId]
    starting: int
    conditions: list[str] = []
    activated: bool = False
    exhausted: bool = False
    deployed: bool = False
    effects: dict[str, Expiry] = {}
    """Effects on the unit by id (``claim-ground-2``, ``hold-the-line``, ``parry``) and when each ends."""


class SideRecord(BaseModel):
    """One player's army and standing."""

    model_config = ConfigDict(extra="forbid")

    army: str | None = None
    reserve: list[Colour] = []
    vp: int = 0
    leadership: str | None = None
    """The declared leadership ability, ``<unit id>/<ability id>`` (L480-482)."""
    edge: Literal["bottom", "top"] | None = None
    scenarios: list[str] = []
    """The scenario cards this player brought, then what is left after the veto."""
    weavers_lost: int = 0
    points_lost: int = 0
    activations: int = 0
    """Activations this player has finished this round (the first removes its Exhausted tokens, L1181)."""


class Element(BaseModel):
    """A scenario element on the table (L1200-1244): a base with keywords, and whose control token it bears."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    scenario: str
    x: float
    y: float
    base_mm: float
    keywords: list[str] = []
    control: SideId | None = None
    used_this_round: bool = False

    @property
    def radius(self) -> float:
        return self.base_mm / 25.4 / 2


class Manifestation(BaseModel):
    """A manifestation an ability placed (L919-923): a base that strikes models near it, never friendly nor enemy,
    removed at the end of the round; who placed it only says whose ability it was."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    effect: str
    x: float
    y: float
    base_mm: float
    by: SideId

    @property
    def radius(self) -> float:
        return self.base_mm / 25.4 / 2


class Piece(BaseModel):
    """What a terrain piece on the table is, beyond its mark: its card, whether main or side, its type and DEF/ARM
    benefit, and who placed it."""

    model_config = ConfigDict(extra="forbid")

    card: str
    name: str
    main: bool
    type: Literal["area", "linear"]
    defence: int = 0
    armour: int = 0
    owner: SideId | None = None
    of: str | None = None
    """For a side piece: the terrain id of its main piece."""
    used: bool = True
    """False for a piece that had no legal spot and is not used (L1137)."""


class Activation(BaseModel):
    """The unit activating now and what it has done (L1511-1524)."""

    model_config = ConfigDict(extra="forbid")

    unit: str
    side: SideId
    actions: list[Action] = []
    ended: bool = False
    free_reroll_used: bool = False
    used: dict[ModelId, list[str]] = {}
    """The weapon profiles each model has attacked with in the current attack action (L728)."""
    targeted: list[ModelId] = []
    """The models the unit's melee attacks have targeted in its current attack action (Whirlwind Dance, L354)."""
    struck: list[str] = []
    """The hazards that struck a model in the current action, as ``<model>/<source>/<name>`` (ruling hazard-once)."""
    kept: dict[str, str] = {}
    """Answers a player gave for the rest of the activation, by ``<unit>/<ability>`` (Follow up's, ``choosing.py``)."""

    @property
    def moves(self) -> int:
        return self.actions.count("move")


class Task(BaseModel):
    """One step of play still to resolve (an attack action's next strike, the end of an activation, a reaction
    window), kept in the state only while a decision holds play up, so the next command carries on from it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    unit: str = ""
    model: str = ""
    weapon: str = ""
    target: str = ""
    to: str = ""
    type: str = ""
    essence: str = ""
    sides: tuple[SideId, ...] = ()
    amount: int = 0
    radius: float = 0.0
    reach: float = 0.0
    critical: bool = False
    hit_total: int = 0
    defence: int = 0
    """A hit's total and the DEF it was judged against, kept by its damage and marking steps for the logged attack."""
    lines: tuple[str, ...] = ()
    shown: str = ""
    why: str = ""
    points: tuple[tuple[float, float], ...] = ()
    """Where a step's model goes, exactly as planned (its end, then the tool's bend if any); where a model was
    destroyed (the friendly-destroyed window)."""
    roll: dict[str, Any] = {}
    """A hit or damage roll in progress while a player chooses its re-rolls (``rolling.py``)."""
    rest: tuple[str, ...] = ()
    """The targets whose hit rolls come after this one's (a beam or area attack rolls every hit first, L799, L807)."""
    then: tuple[Task, ...] = ()
    """What the hit rolls made so far lead to, once every target's is rolled."""
    answer: str = ""
    """The player's answer to the choice this step asked (``choosing.py``)."""
    each: bool = False
    """An attack action whose models after the first each declare their own target (L725-729, ``choice:each``)."""


class ShroudfallState(TableState):
    """A Shroudfall game: the table, the units, the sides' records and where the game stands."""

    model_config = ConfigDict(extra="forbid")

    units: dict[str, UnitRecord] = {}
    records: dict[SideId, SideRecord] = {}
    pieces: dict[str, Piece] = {}
    elements: dict[str, Element] = {}
    manifestations: dict[str, Manifestation] = {}
    step: Step = "lists"
    token: SideId | None = None
    """Who holds the starting player token (L1090, L1171)."""
    first_terrain: SideId | None = None
    scenarios: list[str] = []
    """The scenarios in play (L1110)."""
    activation: Activation | None = None
    turn: SideId | None = None
    """Whose turn it is to activate a unit (L537, L1158)."""
    last_activated: dict[SideId, str] = {}
    agenda: list[Task] = []
    """What is left of the command that a pending decision interrupted (see ``engine.systems.shroudfall.agenda``)."""
    auto: dict[SideId, list[str]] = {}
    """Each side's standing orders in the set-up: ``terrain`` and ``deploy`` set its pieces and units where the
    table suggests, each on its turn."""
    winner: SideId | None = None
    """Who won the pre-game roll-off (L1088)."""
    reacted: list[str] = []
    """Reactive abilities used this activation, as ``<unit>/<ability>`` (once per activation, L887-889)."""

    def record(self, side: SideId) -> SideRecord:
        return self.records.setdefault(side, SideRecord())

    def units_of(self, side: SideId) -> list[UnitRecord]:
        return [unit for unit in self.units.values() if unit.side == side]

    def alive(self, unit: UnitRecord) -> list[ModelId]:
        """The unit's models still on the table."""
        return [m for m in unit.models if m in self.models]

    def unit_of(self, model_id: ModelId) -> UnitRecord:
        return self.units[self.models[model_id].unit]

    def opponent(self, side: SideId) -> SideId:
        return next(s for s in self.sides if s != side)
