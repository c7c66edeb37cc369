"""Shroudfall refereed: a game from the army lists to a winner on a 36" table with essence dice (docs/shroudfall.md).

Players act through the shared verbs: ``/act`` (each set-up step and each activation, declared in
``declared_setup``/``declared_play``), ``/decide`` (the roll-off winner's choice, the leadership ability, reactions
offered in a window; the secret vetoes and army choices are simultaneous), and the table's tools (``/measure``,
``/los`` by Shroudfall's sight, and the manual fixes ``/model place|wound|token|remove``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import (
    BoardView,
    BotMove,
    Choice,
    Command,
    Context,
    DecisionPart,
    Event,
    GameSetup,
    ModelId,
    Option,
    Outcome,
    Overlay,
    Setting,
    SideId,
    System,
    SystemSpec,
    ToAct,
    Viewer,
    ViewerKind,
    ask_together,
)
from engine.dice import ESSENCE_GREY, ESSENCE_RED, ESSENCE_YELLOW
from engine.schema import Catalogue, RulingOption
from engine.systems.shroudfall import (  # noqa: F401  (declares)
    bot,
    declared_abilities,
    declared_essence,
    declared_places,
    declared_play,
    declared_reactions,
    declared_setup,
)
from engine.systems.shroudfall.catalogue import ShroudfallCatalogue
from engine.systems.shroudfall.data_kinds import DATA_KINDS
from engine.systems.shroudfall.declared import RULES, referee
from engine.systems.shroudfall.declared_setup import ARMY
from engine.systems.shroudfall.demo import SettleSetup, settle_setup
from engine.systems.shroudfall.events import SHROUDFALL_EVENTS
from engine.systems.shroudfall.events_flow import FLOW_EVENTS
from engine.systems.shroudfall.reacting import TRIGGERS
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.referee import Referee
from engine.systems.shroudfall.rulings import Rulings
from engine.systems.shroudfall.schema import format_pool
from engine.systems.shroudfall.setup_flow import begin_with_armies
from engine.systems.shroudfall.state import ShroudfallState
from engine.systems.shroudfall.views import board_update, shroudfall_board, shroudfall_view
from engine.table import TABLE, TABLE_EVENTS, Perception, TableRules, TableState

__all__ = ["PAIRINGS", "Shroudfall"]

PAIRINGS: Mapping[str, tuple[str, str]] = {
    "silver-v-chosen": ("silver-line-vanguard", "chosen-stormhost"),
    "chosen-v-silver": ("chosen-stormhost", "silver-line-vanguard"),
}
"""The preset army pairings ``/game new mode:`` offers (side A's list first); ``mode:choose`` lets each player choose
a list in secret."""
_KEPT_TABLE = frozenset({("model", "place"), ("model", "wound"), ("model", "token"), ("model", "remove"),
                         ("measure",), ("los",), ("template",)})
"""The table's tools a Shroudfall table keeps: measuring, sight (``/los`` by Shroudfall's, through ``table_rules``),
templates and the manual fixes, accepted typed and kept out of the ``/act`` menus and the bot's moves (the referee
does the rest)."""
RULES.include(TABLE, only=_KEPT_TABLE, typed_only=True)


@RULES.command(SettleSetup)
def _settle(ctx: Context[ShroudfallState], command: SettleSetup) -> None:
    """The demo's set-up at once (``demo_commands``)."""
    settle_setup(ctx, referee(ctx), command)


def _catalogue(data: Catalogue) -> ShroudfallCatalogue:
    return ShroudfallCatalogue(rulings=data.rulings, **{kind: data.kind(kind) for kind in DATA_KINDS})


class Shroudfall(System[ShroudfallState]):
    spec = SystemSpec(
        name="shroudfall",
        title="Shroudfall",
        min_sides=2,
        max_sides=2,
        hidden_information=True,
        summary="Essence dice, a hinged movement tool, reactions and scenarios on a 36\" table, refereed in full.",
        dice=(ESSENCE_GREY, ESSENCE_YELLOW, ESSENCE_RED),
        data_kinds=DATA_KINDS,
        score_name="VP",
    )
    events = (*TABLE_EVENTS, *SHROUDFALL_EVENTS, *FLOW_EVENTS)
    declarations = RULES

    def __init__(self, data: Catalogue) -> None:
        self.data = data
        self.catalogue = _catalogue(data)
        self.table_rules = TableRules(perceive=self._perceive)
        self.table_data = data
        self._referees: dict[tuple[tuple[str, str], ...], Referee] = {}
        self._read: dict[tuple[str, int], Reading] = {}

    # -- the data and the table's rulings ------------------------------------------------------------------------

    def data_fingerprint(self) -> str:
        return self.data.fingerprint()

    def rulings(self) -> tuple[RulingOption, ...]:
        return self.catalogue.rulings

    def referee(self, state: ShroudfallState) -> Referee:
        """The data and the table's rulings (read once per set of rulings)."""
        key = tuple(sorted(state.setup.rulings.items()))
        found = self._referees.get(key)
        if found is None:
            found = Referee(self.catalogue, Rulings.from_options(self.catalogue.rulings, state.setup.rulings))
            self._referees[key] = found
        return found

    def reading(self, state: ShroudfallState) -> Reading:
        """What the declarations read, measured once per table as it stands: a game (its seed commitment) at one
        seq is one table, whether the state itself, a preview's copy or a replay (every change goes through an event,
        which moves the seq), so the menus, the bot's candidates, a preview and the command's check share what they
        measured. A held Reading whose own state has moved on is measured again."""
        key = (state.setup.seed_commitment, state.seq)
        held = self._read.get(key)
        if held is not None and held.state.seq == state.seq:
            return held
        found = Reading(self.referee(state), state)
        if len(self._read) >= 64:
            self._read.clear()
        self._read[key] = found
        return found

    # -- making a game ---------------------------------------------------------------------------------------------

    def initial_state(self, setup: GameSetup) -> ShroudfallState:
        return ShroudfallState(setup=setup)

    def settings(self) -> tuple[Setting, ...]:
        armies = {a.id: a.name for a in self.catalogue.armies}
        pairings = tuple(Choice(key, f"{armies[a]} (A) against {armies[b]}") for key, (a, b) in PAIRINGS.items())
        return (
            Setting("scenario", "The scenarios (L1102-1112, L1271)",
                    (Choice("introductory", "Captivating Crystal Creations alone, for first games (L1271)"),
                     Choice("draw", "each list's three: a secret veto each, then a draw (L1102-1112)")),
                    default="introductory"),
            Setting("mode", "The armies: a preset pairing, or each player chooses a list in secret",
                    (*pairings, Choice("choose", "each player chooses an army list in secret")),
                    default="silver-v-chosen"),
        )

    def start(self, ctx: Context[ShroudfallState]) -> None:
        """The armies: a preset pairing shown at once, or each player's list chosen in secret and shown together
        (L1086); then the roll-off."""
        mode = str(ctx.state.setup.options.get("mode", "silver-v-chosen"))
        if mode == "choose":
            options = tuple(Option(key=a.id, label=f"{a.name} ({a.faction})") for a in self.catalogue.armies)
            parts = {side: (DecisionPart(key="army", prompt="Which army list do you play?", default=options[0].key,
                                         options=options),) for side in ctx.state.sides}
            ask_together(ctx, ARMY, "Choose your army list (shown to both once both have chosen, L1086)", parts)
            return
        first, second = PAIRINGS[mode]
        a, b = ctx.state.sides
        begin_with_armies(ctx, self.referee(ctx.state), {a: first, b: second})

    def demo_settings(self) -> Mapping[str, str]:
        return {"scenario": "introductory", "mode": "silver-v-chosen"}

    def demo_commands(self, state: ShroudfallState) -> list[Command]:
        """Every set-up choice at its default, terrain and deployment where the table suggests: a table ready for
        the starting player's first activation."""
        return [SettleSetup()]

    # -- sight ---------------------------------------------------------------------------------------------------

    def _perceive(self, state: TableState, viewer: Viewer, observer: ModelId, target: ModelId) -> Perception | None:
        """``/los`` by Shroudfall's sight: any point of one base to any point of the other, blocked by bases at least
        as large as the target's and by OBSCURING terrain passed completely through (L681-701)."""
        if not isinstance(state, ShroudfallState) or observer not in state.models or target not in state.models:
            return None
        seen = self.referee(state).world_of(state).sight(observer, target)
        why = "a clear line (L681-701)" if seen.visible else \
            f"every line is blocked ({', '.join(seen.blocked_by) or 'bases or terrain'}, L683-701)"
        return Perception(seen.visible, why)

    # -- who acts, the end -----------------------------------------------------------------------------------------

    def bot_move(self, state: ShroudfallState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
        """The bot's plan for the side (``bot.py``: the mines, the essence weaver kept back, the order of units)."""
        return bot.bot_move(self, state, side, allowed)

    def to_act(self, state: ShroudfallState) -> ToAct:
        if state.outcome is not None:
            return ToAct.nobody()
        return super().to_act(state)

    def reaction_triggers(self) -> tuple[str, ...]:
        """The windows a reaction is offered in (``/pass until:<trigger>`` passes them ahead)."""
        return TRIGGERS

    def outcome(self, state: ShroudfallState) -> Outcome | None:
        return state.outcome

    def scores(self, state: ShroudfallState) -> dict[SideId, int]:
        return {side: state.record(side).vp for side in state.sides}

    def counts(self, state: ShroudfallState) -> tuple[str, ...]:
        """Both essence reserves, over the picture beside the VP (emptied at each round's end, L1165)."""
        if not state.records:
            return ()
        return ("essence " + ", ".join(f"{s} {format_pool(tuple(state.record(s).reserve))}" for s in state.sides),)

    def status_notes(self, state: ShroudfallState) -> tuple[str, ...]:
        if not state.records:
            return ()
        reserves = ", ".join(f"{s} {format_pool(tuple(state.record(s).reserve))}" for s in state.sides)
        token = f" Starting player token: {state.token}." if state.token else ""
        return (f"Essence reserves: {reserves}.{token}",)

    # -- what a viewer sees ------------------------------------------------------------------------------------------

    def view(self, state: ShroudfallState, viewer: Viewer) -> Any:
        return shroudfall_view(state, viewer)

    def board(self, state: ShroudfallState, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
        return shroudfall_board(state, viewer, overlays)

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        return board_update(events)

    def help(self, state: ShroudfallState, viewer: Viewer) -> tuple[str, ...]:
        lines = list(super().help(state, viewer))
        if viewer.kind is ViewerKind.SIDE and viewer.side is not None and state.step == "rounds":
            lines.append("An attack's target menu also offers each target with essence spent (infused rolls, essence "
                         "re-rolls of what falls short); /pass until:damaged passes reactions ahead.")
        return tuple(lines)
