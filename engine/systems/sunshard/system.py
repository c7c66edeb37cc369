"""Sunshard:Embren refereed: a quest from the warbands chosen to its winner, on the inch table.

Players act through the shared verbs: ``/decide`` for each set-up turn (a warband, an Objective, a model deployed,
a Leader) and each choice the rules ask (the first model to activate, Fortune, re-rolls, On Guard offers);
``/act`` for the Activation Phase (activate with a party, move, attack, Charge, curses and blessings, the special
and quest actions, Fortune, end; a Held Shot during an enemy activation); ``/force import`` for one's own cards;
``/measure``, ``/los`` and the table's fixes by hand. See docs/sunshard.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import (
    Ask,
    BoardView,
    BotMove,
    Choice,
    Command,
    Context,
    EndReason,
    Event,
    GameSetup,
    Outcome,
    Overlay,
    Param,
    RulesError,
    Setting,
    SideId,
    System,
    SystemSpec,
    ToAct,
    Viewer,
)
from engine.schema import Catalogue, RulingOption
from engine.systems.sunshard import kinds, play_attacks, play_moves, play_specials, quest_declared  # noqa: F401
from engine.systems.sunshard.bot import bot_move
from engine.systems.sunshard.catalogue import SunshardData, data_problems
from engine.systems.sunshard.commands import ImportCards, SettleSetup, import_cards, settle_setup
from engine.systems.sunshard.data_kinds import DATA_KINDS, IMPORTABLE
from engine.systems.sunshard.declared import RULES
from engine.systems.sunshard.events import SUNSHARD_EVENTS
from engine.systems.sunshard.kinds import REACTION_TRIGGERS
from engine.systems.sunshard.quests import quest_outcome
from engine.systems.sunshard.round_events import ROUND_EVENTS
from engine.systems.sunshard.schema import ModelCard, SpellSpec, WarbandSpec
from engine.systems.sunshard.setup_declared import CHOOSE, DEFAULT_QUEST, open_setup, pairings, quest_of
from engine.systems.sunshard.setup_events import SETUP_EVENTS
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.table_tools import TABLE_VERBS, perceive
from engine.systems.sunshard.views import board_update, board_view, sunshard_view
from engine.systems.sunshard.world import RULE, World, rulings_of
from engine.table import TABLE, TABLE_EVENTS, TableRules

RULES.include(TABLE, only=TABLE_VERBS, typed_only=True)
"""The shared table's tools a Sunshard table keeps (fixes by hand, measuring, ``/los`` by Sunshard's sight through
``table_rules``), accepted typed and kept out of the ``/act`` menus and the bot's moves."""


def _imports(world: object, ask: Ask) -> ImportCards:
    """The model cards, warbands and spells a loader validated from a player's file."""
    return ImportCards(specs=(*ask.entries("file", ModelCard), *ask.entries("file", WarbandSpec),
                              *ask.entries("file", SpellSpec)))


@RULES.action(None, "Bring your own model cards, warbands and spells: a YAML file of models: [...], warbands: [...] "
                    "and spells: [...] written like the game's data, before the warbands are chosen",
              label="Bring your own cards", verb=("force", "import"), typed=True, anytime=True, check=_imports,
              rule=f"{RULE}, L227-262", params=(Param("file", "The YAML file of your cards", upload="models"),))
@RULES.command(ImportCards)
def _import(ctx: Context[SunshardState], command: ImportCards) -> None:
    """A player's own cards (``/force import``)."""
    import_cards(ctx, command)


@RULES.command(SettleSetup)
def _settle(ctx: Context[SunshardState], command: SettleSetup) -> None:
    """The demo's set-up at once (``demo_commands``)."""
    settle_setup(ctx)

__all__ = ["Sunshard"]

class Sunshard(System[SunshardState]):
    spec = SystemSpec(
        name="sunshard",
        title="Sunshard:Embren",
        min_sides=2,
        max_sides=2,
        hidden_information=False,
        summary="d20 at-or-under skirmish: parties, On Guard reactions, twelve quests and their deeds, refereed.",
        data_kinds=DATA_KINDS,
        importable=IMPORTABLE,
        score_name="VP",
    )
    events = (*TABLE_EVENTS, *SETUP_EVENTS, *ROUND_EVENTS, *SUNSHARD_EVENTS)
    declarations = RULES

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.data = SunshardData.from_catalogue(catalogue)
        problems = data_problems(self.data)
        if problems:
            raise ValueError("Sunshard data: " + "; ".join(problems))
        self.table_rules = TableRules(reach_stat="SPD", perceive=lambda state, viewer, a, b: perceive(
            self.world(state), a, b) if isinstance(state, SunshardState) else None)
        self.table_data = catalogue
        self._imported: dict[tuple[str, ...], SunshardData] = {}
        self._last_world: World | None = None
        self._last_seq = -1

    # -- data and the rules' view -----------------------------------------------------------------------------

    def world(self, state: SunshardState) -> World:
        """The rules' view of ``state``: this game's data with the players' imports, and its rulings. The last one
        made is kept while the state stays at the same point of its log, so the menus, the check and the bot asked
        in turn about one state work out its moves and sight lines once."""
        last = self._last_world
        if last is not None and last.state is state and last.state.seq == self._last_seq:
            return last
        world = World(state, self._data_for(state), rulings_of(state.setup.rulings))
        self._last_world, self._last_seq = world, state.seq
        return world

    def _data_for(self, state: SunshardState) -> SunshardData:
        if not (state.imported_cards or state.imported_warbands or state.imported_spells):
            return self.data
        key = (*state.imported_cards, "|", *state.imported_warbands, "|", *state.imported_spells)
        if key not in self._imported:
            self._imported[key] = self.data.with_imports(state.imported_cards.values(),
                                                         state.imported_warbands.values(),
                                                         state.imported_spells.values())
        return self._imported[key]

    def data_fingerprint(self) -> str:
        return self.catalogue.fingerprint()

    def default_rulings(self) -> dict[str, str]:
        return self.catalogue.ruling_choices()

    def rulings(self) -> tuple[RulingOption, ...]:
        return self.catalogue.rulings

    # -- creating a game --------------------------------------------------------------------------------------

    def initial_state(self, setup: GameSetup) -> SunshardState:
        return SunshardState(setup=setup)

    def settings(self) -> tuple[Setting, ...]:
        quests = tuple(Choice(q.id, f"{q.name} ({q.tier}, {q.table}\" table, {q.rounds} rounds"
                                    f"{', deeds' if q.deeds else ''})") for q in self.data.quests.values())
        maps = tuple(Choice(m.id, f"{m.name} ({m.table[0]:g}\")") for m in self.data.maps.values())
        return (Setting("scenario", f"The quest ({RULE}, L806-1161)", quests, default=DEFAULT_QUEST),
                Setting("map", "The battlefield's terrain (by default the one made for the quest's table)", maps),
                Setting("size", f"Most points per player's force, agreed before the game ({RULE}, L327)",
                        (Choice("20", "20 points"), Choice("30", "30 points")), default="30"),
                Setting("mode", f"The warbands: each player picks one (their own cards may be imported first), "
                        f"or a pairing of the shipped ones ({RULE}, L327)",
                        (Choice(CHOOSE, "each player picks a warband"),
                         *(Choice(key, f"{a} (A) against {b}") for key, (a, b) in pairings(self.data).items())),
                        default=CHOOSE))

    def start(self, ctx: Context[SunshardState]) -> None:
        quest = self.data.quest(quest_of(ctx.state))
        chosen = ctx.state.setup.options.get("map")
        if chosen:
            preset = self.data.maps[str(chosen)]
            if preset.table[0] != quest.table:
                raise RulesError(f"map:{preset.id} is a {preset.table[0]:g}\" table and {quest.name} is played on "
                                 f"{quest.table}\" ({RULE}, L808); choose a {quest.table}\" map or leave map: out")
        open_setup(ctx)

    def demo_settings(self) -> Mapping[str, str]:
        return {"scenario": DEFAULT_QUEST}

    def demo_commands(self, state: SunshardState) -> list[Command]:
        return [SettleSetup()]

    # -- who acts, the end, the score ---------------------------------------------------------------------------

    def to_act(self, state: SunshardState) -> ToAct:
        if state.phase == "over":
            return ToAct.nobody()
        return ToAct.side(state.active_side) if state.active_side is not None else ToAct.nobody()

    def reaction_triggers(self) -> tuple[str, ...]:
        return REACTION_TRIGGERS

    def outcome(self, state: SunshardState) -> Outcome | None:
        if state.phase != "over":
            return None
        return quest_outcome(self.world(state), EndReason.SCORE)

    def scores(self, state: SunshardState) -> dict[SideId, int]:
        return {side: state.records[side].vp if side in state.records else 0 for side in state.sides}

    def score_sources(self, state: SunshardState) -> dict[SideId, dict[str, int]]:
        return {side: {"quest": record.quest_vp, "deeds": record.deed_vp} for side, record in state.records.items()}

    def counts(self, state: SunshardState) -> tuple[str, ...]:
        found = []
        if state.records:
            found.append("Fortune " + ", ".join(f"{s} {r.fortune}" for s, r in state.records.items()))
        if state.activation is not None:
            found.append(f"{state.activation.model} has {state.activation.ap} AP")
        return tuple(found)

    def status_notes(self, state: SunshardState) -> tuple[str, ...]:
        quest = self.data.quests.get(state.quest or quest_of(state))
        notes = [f"Quest: {quest.name}, {state.rounds} rounds: {quest.summary}"] if quest is not None else []
        if state.party is not None:
            notes.append(f"Party of {state.party.selector}: {', '.join(state.party.members)} "
                         f"({len(state.party.done)} done)")
        return tuple(notes)

    def help(self, state: SunshardState, viewer: Viewer) -> tuple[str, ...]:
        lines = list(self.status_notes(state))
        if state.phase == "setup" and state.step == "warbands":
            lines.append("Each player picks a warband with /decide (bring your own cards first with /force import).")
        return (*lines, *super().help(state, viewer))

    # -- what is shown ---------------------------------------------------------------------------------------------

    def view(self, state: SunshardState, viewer: Viewer) -> Any:
        return sunshard_view(self.world(state), viewer)

    def board(self, state: SunshardState, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
        return board_view(self.world(state), viewer, overlays)

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        return board_update(events)

    def bot_move(self, state: SunshardState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
        return bot_move(self, state, side, allowed)

