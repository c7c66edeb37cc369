"""Warhammer Underworlds (first, Shadespire edition) refereed in full: the ``System`` the table hosts.

Every action a player takes and every decision the game opens is declared once on ``declared.RULES`` (in
``placing``, ``acting``, ``playing`` and ``kinds``): the menus, the referee's checks, ``/help`` and the bot all come
from those declarations. This module adds what is not a rule: the settings, the tools beside the rules (the practice
table's set-up, imports, fixes by hand, a look at one's hand), reaction windows, the views and pictures, the outcome
and the demo. The rules themselves live in the modules the declarations call (``setup``, ``activations``, ``combat``,
``effects``, ``power``, ``endphase``, ``objectives``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.core import (
    ActionCommand,
    Ask,
    BoardView,
    Choice,
    Command,
    Context,
    Event,
    GameSetup,
    IllegalCommand,
    InvalidCommand,
    Option,
    Outcome,
    Overlay,
    Param,
    Setting,
    SideId,
    System,
    SystemSpec,
    ToAct,
    Viewer,
    Window,
)
from engine.core.bots import BotMove
from engine.dice import WHU_ATTACK, WHU_DEFENCE
from engine.schema import Catalogue, RulingOption, choose_rulings
from engine.systems.underworlds import acting, imports, kinds, placing, playing, tools, warbands
from engine.systems.underworlds.bot import bot_move
from engine.systems.underworlds.commands import AutoSetup, ImportCards
from engine.systems.underworlds.declared import RULES
from engine.systems.underworlds.events import UNDERWORLDS_EVENTS
from engine.systems.underworlds.flow import advance, concede
from engine.systems.underworlds.game_state import UnderworldsState
from engine.systems.underworlds.guide import help_lines
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.match import game_outcome, is_matched, match_outcome
from engine.systems.underworlds.reacting import TRIGGERS, Trigger, candidates, resolve
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import KINDS, Card, Deck, DieFaces, UnderworldsData
from engine.systems.underworlds.turns import ACTIVATIONS
from engine.systems.underworlds.views import UnderworldsView, board_of, changed_board, view_of

__all__ = ["Underworlds"]

_DECLARED = (acting, kinds, placing, playing, tools)
"""The modules whose decorators declare the actions and decision kinds on ``RULES``."""
_PROMPTS = {"power": "the power step", "end": "the end phase"}
"""The steps whose turns are prompts (``to_act``): a power step's turn, a player's part of the end phase."""

_SUMMARY = ("Warhammer Underworlds (Shadespire): two to four warbands on hex boards, refereed in full; secret hands, "
            "objectives, ploys, upgrades and reactions.")


class Underworlds(System[UnderworldsState]):
    spec = SystemSpec(
        name="underworlds", title="Warhammer Underworlds", min_sides=2, max_sides=4, hidden_information=True,
        summary=_SUMMARY, dice=(WHU_ATTACK, WHU_DEFENCE),
        data_kinds={kind: model for kind, model in KINDS.items() if kind != "rulings"},
        importable=("cards", "decks", "dice"), score_name="glory")
    events = UNDERWORLDS_EVENTS
    declarations = RULES

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        data = UnderworldsData.model_validate(
            {**{kind: catalogue.kind(kind) for kind in KINDS if kind != "rulings"}, "rulings": catalogue.rulings})
        self.lib = Library(data)

    def data_fingerprint(self) -> str:
        return self.catalogue.fingerprint()

    def rulings(self) -> tuple[RulingOption, ...]:
        return tuple(self.catalogue.rulings)

    def default_rulings(self) -> dict[str, str]:
        return self.catalogue.ruling_choices()

    def initial_state(self, setup_: GameSetup) -> UnderworldsState:
        return UnderworldsState(setup=setup_, step="warbands")

    def settings(self) -> tuple[Setting, ...]:
        return (
            Setting("scenario", "The warbands: a preset pairing, or each player chooses in secret",
                    (Choice("champions-v-reavers", "Steelheart's Champions (A) against Garrek's Reavers"),
                     Choice("reavers-v-champions", "Garrek's Reavers (A) against Steelheart's Champions"),
                     Choice("choose", "each player chooses a warband and decks in secret")),
                    default="champions-v-reavers"),
            Setting("mode", "One game, a best-of-three match, or Capture the Artefact",
                    (Choice("casual", "one game"), Choice("matched", "matched play: best of three"),
                     Choice("artefact", "Capture the Artefact"),
                     Choice("matched-artefact", "matched play with Capture the Artefact")), default="casual"),
        )

    def help(self, state: UnderworldsState, viewer: Viewer) -> tuple[str, ...]:
        return (*help_lines(state, viewer), *super().help(state, viewer))

    def demo_settings(self) -> Mapping[str, str]:
        return {"scenario": "champions-v-reavers", "mode": "casual"}

    def demo_commands(self, state: UnderworldsState) -> list[Command]:
        return [AutoSetup()]

    def reaction_triggers(self) -> tuple[str, ...]:
        return TRIGGERS

    # -- acting --------------------------------------------------------------------------------

    def start(self, ctx: Context[UnderworldsState]) -> None:
        try:
            choose_rulings(self.catalogue.rulings, ctx.state.setup.rulings)
        except ValueError as error:
            raise InvalidCommand(f"this table's rulings cannot be played: {error}") from None
        if is_matched(ctx.state) and len(ctx.state.sides) != 2:
            raise InvalidCommand("matched play is for two players (Underworlds core rulebook, L727); play three or "
                                 "four players with mode:casual or mode:artefact")
        ref = Referee.acting(ctx, self.lib)
        warbands.begin(ref)
        advance(ref)

    def reactions(self, state: UnderworldsState, side: SideId, window: Window) -> tuple[Option, ...]:
        return tuple(Option(key=c.key, label=c.label)
                     for c in candidates(state, self.lib, side, Trigger.of(window)))

    def on_reaction(self, ctx: Context[UnderworldsState], window: Window, side: SideId, reaction: str) -> None:
        resolve(Referee.acting(ctx, self.lib), side, Trigger.of(window), reaction)

    def on_window_closed(self, ctx: Context[UnderworldsState], window: Window) -> None:
        advance(Referee.acting(ctx, self.lib))

    def reaction_choice(self, state: UnderworldsState, window: Window, side: SideId,
                        command: ActionCommand) -> str | None:
        """``/hand play card:<a reaction ploy>`` while it is offered plays it."""
        if command.path != ("hand", "play"):
            return None
        offered = candidates(state, self.lib, side, Trigger.of(window))
        wanted = dict(command.values).get("card", "").strip().casefold()
        return next((c.key for c in offered if c.card and (c.card == wanted or c.label.casefold() == wanted)), None)

    def on_concede(self, ctx: Context[UnderworldsState], side: SideId) -> None:
        concede(Referee.acting(ctx, self.lib), side)

    def bot_move(self, state: UnderworldsState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
        return bot_move(self, Referee.reading(self.lib, state), side, allowed)

    def to_act(self, state: UnderworldsState) -> ToAct:
        """The side in turn; a power step's turn (L575) and a player's part of the end phase (L703) are prompts,
        each one a player may pass, offered to them unasked."""
        if state.active_side is not None and state.step in _PROMPTS:
            return ToAct.prompted(state.active_side, _PROMPTS[state.step])
        return super().to_act(state)

    # -- the end -------------------------------------------------------------------------------

    def scores(self, state: UnderworldsState) -> dict[SideId, int]:
        return {side: state.players[side].glory if side in state.players else 0 for side in state.sides}

    def counts(self, state: UnderworldsState) -> tuple[str, ...]:
        """Activations left in the action phase, four each (L391), by side as the glory beside them is (the turn
        order goes round from whoever goes first and is told where it matters)."""
        if state.step not in ("first", "activation", "power") or not state.players:
            return ()
        left = ", ".join(f"{side} {ACTIVATIONS - state.players[side].activations}" for side in state.sides
                         if side in state.players)
        return (f"activations left {left}",)

    def score_sources(self, state: UnderworldsState) -> dict[SideId, dict[str, int]]:
        return {side: dict(record.sources) for side, record in state.players.items()}

    def outcome(self, state: UnderworldsState) -> Outcome | None:
        """After round 3 (of the match's deciding game in matched play), by ``match``."""
        if state.step != "over":
            return None
        return match_outcome(state) if is_matched(state) else game_outcome(state)

    # -- what viewers see ----------------------------------------------------------------------

    def view(self, state: UnderworldsState, viewer: Viewer) -> UnderworldsView:
        return view_of(self.lib, state, viewer)

    def board(self, state: UnderworldsState, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
        return board_of(self.lib, state, viewer, overlays)

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        return () if changed_board(events) else None


# -- the tools beside the rules ------------------------------------------------------------------------------


@RULES.command(AutoSetup)
def _auto_setup(ctx: Context[UnderworldsState], command: AutoSetup) -> None:
    """Answer every setup choice with its default and take each placement as suggested, up to the first
    activation (the demo's one command)."""
    system = ctx.system
    assert isinstance(system, Underworlds)
    if not ctx.actor.host:
        raise IllegalCommand("only the host sets the game up at once", verb="auto setup")
    for _ in range(200):
        state = ctx.state
        if state.step == "activation" and not state.pending:
            return
        if state.pending:
            decision = next(iter(state.pending.values()))
            answers = {p.key: p.default if p.default is not None else p.options[0].key for p in decision.parts}
            ctx.answer(decision, answers, "forced")
            continue
        side = state.active_side or state.sides[0]
        move = system.bot_move(state, side, lambda c: True)
        if move is None or not isinstance(move.command, ActionCommand):
            raise IllegalCommand(f"the game cannot be set up at once from here (step {state.step})",
                                 verb="auto setup")
        decl = RULES.find(move.command.path, move.command.name)
        assert decl is not None
        decl.handler(ctx, RULES.resolve(system, state, decl, side, dict(move.command.values)))
    raise IllegalCommand("the set-up did not finish", verb="auto setup")


def _imports(world: object, ask: Ask) -> ImportCards:
    """The cards, decks and dice a loader validated from a player's file, as the command the handler imports."""
    cards, decks, dice = ask.entries("file", Card), ask.entries("file", Deck), ask.entries("file", DieFaces)
    if not (cards or decks or dice):
        raise InvalidCommand("the file must hold cards: [...], decks: [...] and/or dice: [...], each entry written "
                             "like one of cards.yaml, decks.yaml or dice.yaml", verb=ask.verb)
    return ImportCards(cards=cards, decks=decks, dice=dice)


@RULES.action(None, "Bring your own cards and decks: a YAML file of cards: [...] and decks: [...], written like "
                    "cards.yaml and decks.yaml (decks stay your secret); a table that rolls its own dice adds dice: "
                    "[...], written like dice.yaml", label="Bring your own cards", verb=("force", "import"),
              typed=True, anytime=True, host=True, check=_imports, rule=f"{RULE}, L105-L113",
              params=(Param("file", "The YAML file of your cards, decks or dice", upload="cards"),))
@RULES.command(ImportCards)
def _import(ctx: Context[UnderworldsState], command: ImportCards) -> None:
    """A player's own cards and decks (their side's), or the table's dice (the host's or any player's)."""
    system = ctx.system
    assert isinstance(system, Underworlds)
    player = bool(ctx.state.sides_of(ctx.actor.user))
    if not (command.cards or command.decks):  # the table's dice belong to no side
        if not (player or ctx.actor.host):
            raise IllegalCommand("the table's dice are entered by its host or one of its players", verb=command.verb)
        side_or_host = None
    else:
        side_or_host = None if ctx.actor.host and not player else ctx.acting_side()
    ref = Referee.acting(ctx, system.lib)
    imports.import_own(ref, side_or_host, [c for c in command.cards if isinstance(c, Card)],
                       [d for d in command.decks if isinstance(d, Deck)],
                       [d for d in command.dice if isinstance(d, DieFaces)])
