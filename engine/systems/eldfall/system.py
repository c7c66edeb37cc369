"""Eldfall Chronicles refereed: a quest from the secret parties to the last round, on the inch table.

Players act through the shared verbs: ``/force load`` (a party), ``/model place`` and ``/act action:ready``
(deployment), ``/move`` or ``/act action:activate`` (a model's Activation and Movement steps), ``/decide`` (the
reactive player's one compound Reaction step), ``/act action:attack|cast|dodge|assist|nothing|deathblow|ritual``
(the Action step), ``/act action:end`` (the rest of the Tactical phase). Everything else the rules need is
worked out here, rolled in the open, and logged with its working. See docs/eldfall.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from functools import partial

from engine.core import (
    ActKind,
    BoardView,
    BotMove,
    Choice,
    Command,
    Context,
    Disclosure,
    Event,
    GameSetup,
    LegalAction,
    Overlay,
    Setting,
    SideId,
    System,
    SystemSpec,
    ToAct,
    View,
    Viewer,
)
from engine.schema import Catalogue, RulingOption
from engine.systems.eldfall import action_step, by_hand, declared, declared_kinds, deployment_phase, setup
from engine.systems.eldfall.alliance import ALLIANCE_EVENTS, alliance_line
from engine.systems.eldfall.bot import bot_move
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.data_kinds import DATA_KINDS
from engine.systems.eldfall.demo import demo_commands
from engine.systems.eldfall.events import ELDFALL_EVENTS
from engine.systems.eldfall.helping import help_lines
from engine.systems.eldfall.kit import DEFAULT_QUEST, DEFAULT_SIZE, Kit
from engine.systems.eldfall.late import ATTACK
from engine.systems.eldfall.perceiving import perceive
from engine.systems.eldfall.pictures import board_update as overlays_after
from engine.systems.eldfall.placing import surface_under
from engine.systems.eldfall.quests import QUEST_EVENTS
from engine.systems.eldfall.reacting import ACTIVATION
from engine.systems.eldfall.rules import ACTION, RULES
from engine.systems.eldfall.scoring_end import capped_scores
from engine.systems.eldfall.setup_phases import DEPLOY, INITIATIVE, PARTIES, SCHEMES
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.views import board_view, eldfall_view, model_name
from engine.table import TABLE_EVENTS, Point, TableRules, TableState

__all__ = ["Eldfall"]

_CHECKED: list[tuple[Catalogue, EldfallCatalogue]] = []
"""The data sets last cross-checked, newest first, by identity (the data is immutable)."""


def _catalogue(data: Catalogue) -> EldfallCatalogue:
    """Eldfall's own view of its data: every kind, cross-checked (``EldfallCatalogue``). The check costs tens of
    milliseconds and every table a process opens builds its systems from the loader's one data set, so a data set
    is checked once and its view shared."""
    for checked, catalogue in _CHECKED:
        if checked is data:
            return catalogue
    catalogue = EldfallCatalogue(units=data.units, rulings=data.rulings,
                                 **{kind: data.kind(kind) for kind in DATA_KINDS})
    _CHECKED[:] = [(data, catalogue), *_CHECKED[:7]]
    return catalogue


class Eldfall(System[EldfallState]):
    spec = SystemSpec(
        name="eldfall",
        title="Eldfall Chronicles",
        min_sides=2,
        max_sides=3,
        hidden_information=True,
        summary="d20 roll-under skirmish: facing, reactions, secret schemes and hostiles, refereed in full.",
        data_kinds=DATA_KINDS,
        importable=("parties",),
        score_name="VP",
    )
    events = (*TABLE_EVENTS, *ELDFALL_EVENTS, *QUEST_EVENTS, *ALLIANCE_EVENTS)
    declarations = RULES
    """Every action and decision kind, declared once (``declared``, ``action_step``, ``declared_kinds``)."""

    def __init__(self, data: Catalogue) -> None:
        self.data = data
        self.table_data = data
        self.kit = Kit(_catalogue(data), data)
        self.table_rules = TableRules(reach_stat="SPD", ground=self._ground, perceive=partial(perceive, self.kit),
                                      shown=model_name, may_move=_may_fix)

    def _ground(self, state: TableState, at: Point) -> float:
        """The surface a model set down by hand stands on (ruling flat-table)."""
        return surface_under(self.kit, state, at) if isinstance(state, EldfallState) else 0.0

    # -- static facts ----------------------------------------------------------------------------------------

    def data_fingerprint(self) -> str:
        return self.data.fingerprint()

    def default_rulings(self) -> dict[str, str]:
        return self.data.ruling_choices()

    def rulings(self) -> tuple[RulingOption, ...]:
        return tuple(self.data.rulings)

    def initial_state(self, setup_: GameSetup) -> EldfallState:
        return EldfallState(setup=setup_)

    def settings(self) -> tuple[Setting, ...]:
        catalogue = self.kit.catalogue
        quests = tuple(Choice(q.id, f"Quest {q.number}: {q.name}") for q in catalogue.quests)
        return (Setting("scenario", "The quest (L2347-2485)", quests, default=DEFAULT_QUEST),
                Setting("size", "Recruitment Points per party (L1012-1018)",
                        (Choice("60", "60 points"), Choice("75", "75 points"), Choice("90", "90 points")),
                        default=str(DEFAULT_SIZE)),
                Setting("mode", "Pre-measuring: what may be measured before declaring (L604-610)",
                        (Choice("assisted", "Assisted: anything, any time"),
                         Choice("standard", "Standard: within your models' Awareness"),
                         Choice("realism", "Realism: nothing before declaring")), default="assisted"),
                Setting("map", "The field's scenery", tuple(Choice(m.id, m.name) for m in self.data.maps)))

    def demo_settings(self) -> Mapping[str, str]:
        return {"scenario": DEFAULT_QUEST, "size": "60", "mode": "assisted"}

    def demo_commands(self, state: EldfallState) -> list[Command]:
        """Both demo parties chosen, their schemes kept, the initiative settled and both sides deployed: a table
        ready for the 1st Player's first activation."""
        return demo_commands(self, state)

    # -- who acts --------------------------------------------------------------------------------------------

    def to_act(self, state: EldfallState) -> ToAct:
        if state.outcome is not None:
            return ToAct.nobody()
        if state.phase == PARTIES:
            waiting = tuple(s for s in state.players() if state.record(s).party is None)
            return ToAct(ActKind.SIDE if len(waiting) == 1 else ActKind.SIMULTANEOUS, waiting)
        if state.phase == DEPLOY:
            now = deployment_phase.deploying_now(self.kit, state)
            waiting = (now,) if now is not None else tuple(s for s in state.players() if not state.record(s).ready)
            return ToAct(ActKind.SIDE if len(waiting) == 1 else ActKind.SIMULTANEOUS, waiting)
        if state.active_side is not None:
            return ToAct.side(state.active_side)
        return ToAct.nobody()

    def bot_move(self, state: EldfallState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
        return bot_move(self, state, side)

    def reaction_triggers(self) -> tuple[str, ...]:
        """The Reaction step (an enemy's activation) and what answers a declared attack are decisions of this
        game's own, marked with these triggers so ``/pass until:`` covers them (L1198-1246)."""
        return (ACTIVATION, ATTACK)

    # -- actions ---------------------------------------------------------------------------------------------

    def legal_actions(self, state: EldfallState, side: SideId) -> tuple[LegalAction, ...]:
        """The core's menu, its Action-step entries naming the activated model they declare for (L1250)."""
        found = super().legal_actions(state, side)
        sequence = state.sequence
        if sequence is None or ACTION.refusal(state, side, "act") is not None:
            return found
        return tuple(dataclasses.replace(a, label=f"{sequence.model}: {a.label}")
                     if a.name in _STEP_ACTIONS and "model" not in a.options else a for a in found)

    def help(self, state: EldfallState, viewer: Viewer) -> tuple[str, ...]:
        return (*help_lines(self.kit, state, viewer), *super().help(state, viewer))

    def disclosure(self, state: EldfallState, viewer: Viewer) -> Disclosure:
        """Assisted shows everything; Standard no distances, odds or grid before declaring; Realism nothing
        (L604-610)."""
        mode = self.kit.mode(state)
        if mode == "realism":
            return Disclosure(distances=False, candidates=False, odds=False, grid=False)
        if mode == "standard":
            return Disclosure(distances=False, candidates=True, odds=False, grid=False)
        return Disclosure()

    # -- playing -----------------------------------------------------------------------------------------------

    def start(self, ctx: Context[EldfallState]) -> None:
        setup.start(ctx, self.kit)

    # -- scores and the end ------------------------------------------------------------------------------------

    def scores(self, state: EldfallState) -> dict[SideId, int]:
        return capped_scores(self.kit, state)

    def status_notes(self, state: EldfallState) -> tuple[str, ...]:
        line = alliance_line(state)
        return (line,) if line else ()

    def score_sources(self, state: EldfallState) -> dict[SideId, dict[str, int]]:
        return {side: dict(state.record(side).vp) for side in state.players()}

    def rematch_commands(self, log: Sequence[Event]) -> list[Command]:
        return []

    # -- views -------------------------------------------------------------------------------------------------

    def view(self, state: EldfallState, viewer: Viewer) -> View:
        return eldfall_view(self.kit, state, viewer)

    def board(self, state: EldfallState, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView:
        return board_view(self.kit, state, viewer, overlays, show_grid=self.disclosure(state, viewer).grid)

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        """The path of each move (with the points where reactions struck); a fresh picture after a resolved
        sequence, a deployment reveal, or a move."""
        return overlays_after(events)


_STEP_ACTIONS = frozenset(decl.name for decl in RULES.declared if decl.when is ACTION)
"""The actions of the activated model's Action step (``action_step``), whose menu entries name it."""


def _may_fix(state: EldfallState, side: SideId, host: bool) -> str | None:
    """Manual fixes to the table wait until the game is set up (deployment places its own way)."""
    if state.phase in (PARTIES, SCHEMES, INITIATIVE) and not host:
        return "models are placed in the deployment; fix the table by hand once it is set up"
    return None


_DECLARED = (declared, action_step, declared_kinds, by_hand)
"""The modules that declare Eldfall's actions and decision kinds on ``RULES`` as they are imported."""
