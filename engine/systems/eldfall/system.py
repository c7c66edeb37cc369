"""Eldfall Chronicles refereed: a quest from the secret parties to the last round, on the inch table.

Players act through the shared verbs: ``/force load`` (a party), ``/model place`` and ``/act action:ready``
(deployment), ``/move`` or ``/act action:activate`` (a model's Activation and Movement steps), ``/decide`` (the
reactive player's one compound Reaction step), ``/act action:attack|cast|dodge|assist|nothing|deathblow|ritual``
(the Action step), ``/act action:end`` (the rest of the Tactical phase). Everything else the rules need is
worked out here, rolled in the open, and logged with its working. See docs/eldfall.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

from pydantic import JsonValue

from engine.core import (
    Action,
    ActionCommand,
    ActKind,
    Args,
    BoardView,
    BotMove,
    Choice,
    Command,
    Context,
    Decision,
    Declarations,
    Disclosure,
    EndReason,
    Event,
    GameSetup,
    IllegalCommand,
    InvalidCommand,
    LegalAction,
    ModelId,
    OptionValue,
    Outcome,
    Overlay,
    OverlayKind,
    QueryAnswer,
    Setting,
    SideId,
    System,
    SystemSpec,
    ToAct,
    View,
    Viewer,
)
from engine.core.adapted import as_actions
from engine.schema import Catalogue
from engine.systems.eldfall import deploying, setup
from engine.systems.eldfall.activation import MOVEMENT_SKILLS, activate
from engine.systems.eldfall.aftermath import refresh_engaged
from engine.systems.eldfall.alliance import (
    ALLIANCE_COMMANDS,
    ALLIANCE_EVENTS,
    ALLIANCE_KIND,
    BreakAlliance,
    alliance_line,
    break_by_command,
)
from engine.systems.eldfall.bot import bot_move
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.commands import (
    ELDFALL_COMMANDS,
    Activate,
    AddModel,
    ChannelMana,
    ChooseParty,
    ChooseStance,
    ChooseStratagem,
    Declare,
    DeployAuto,
    Dismiss,
    EndTurn,
    Equip,
    PlaceModel,
    Ready,
    RevealScheme,
    SettleSetup,
    Shroud,
)
from engine.systems.eldfall.data_kinds import DATA_KINDS
from engine.systems.eldfall.demo import demo_commands, settle_setup
from engine.systems.eldfall.dismissal import order_dismissal
from engine.systems.eldfall.duels import DUEL_KIND, answer_challenge
from engine.systems.eldfall.equipping import equip
from engine.systems.eldfall.events import ELDFALL_EVENTS
from engine.systems.eldfall.familiars import ORDER_KIND, answer_order
from engine.systems.eldfall.flow import after_strategic, begin_play, close_turn
from engine.systems.eldfall.following import FOLLOW_KIND, answer_follow_up
from engine.systems.eldfall.guards import GUARD_KIND, answer_guard
from engine.systems.eldfall.helping import help_lines
from engine.systems.eldfall.kit import DEFAULT_QUEST, DEFAULT_SIZE, Kit
from engine.systems.eldfall.late import ATTACK, LATE_KIND, late_answer
from engine.systems.eldfall.menus import legal_actions as legal_now
from engine.systems.eldfall.perceiving import perceive
from engine.systems.eldfall.pictures import board_update as overlays_after
from engine.systems.eldfall.placing import surface_under
from engine.systems.eldfall.quests import QUEST_EVENTS
from engine.systems.eldfall.rangers import RANGER_KIND, answer_ranger_moves
from engine.systems.eldfall.reacting import ACTIVATION
from engine.systems.eldfall.reacting import answer as answer_reaction
from engine.systems.eldfall.retreating import RETREAT_KIND, answer_retreat
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.scoring_end import capped_scores
from engine.systems.eldfall.sequencing import after_declaration, after_movement, after_reactions, carry_on, declared
from engine.systems.eldfall.setting_up import DEPLOY, INITIATIVE, PARTIES, SCHEMES
from engine.systems.eldfall.setup import parties_fitting
from engine.systems.eldfall.sources import MOVES, OptionSources, model_name
from engine.systems.eldfall.standing import channel_mana, choose_stance, choose_stratagem, end_tactical, reveal_scheme
from engine.systems.eldfall.starting_creatures import STARTING_GUARD_KIND, STARTING_KIND, answer_starting
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strategic_choices import STRATEGIC_KIND, answer_strategic
from engine.systems.eldfall.views import board_view, eldfall_view
from engine.table import TABLE, TABLE_EVENTS, Point, TableRules, TableState

__all__ = ["Eldfall"]

_Filled = Mapping[str, OptionValue]

TABLE_ACTIONS: Declarations[EldfallState, EldfallState] = Declarations()
"""The table's shared actions and questions Eldfall offers as they are: fixes by hand, terrain, maps, measuring,
sight and templates. It moves, chooses parties, deploys and adds models its own way (its actions below), until its
own actions are declared too (issue 23 step 5)."""
TABLE_ACTIONS.include(TABLE, without=(("move",), ("force", "load"), ("force", "import"), ("deploy", "auto"),
                                      ("model", "place"), ("model", "add")))


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
    commands = (*ELDFALL_COMMANDS, *ALLIANCE_COMMANDS)
    declarations = TABLE_ACTIONS

    def __init__(self, data: Catalogue) -> None:
        self.data = data
        self.table_data = data
        self.kit = Kit(_catalogue(data), data)
        self.table_rules = TableRules(reach_stat="SPD", ground=self._ground, perceive=partial(perceive, self.kit),
                                      shown=model_name, may_move=_may_fix)
        self._actions = self._declare_actions()

    def _ground(self, state: TableState, at: Point) -> float:
        """The surface a model set down by hand stands on (ruling flat-table)."""
        return surface_under(self.kit, state, at) if isinstance(state, EldfallState) else 0.0

    # -- static facts ----------------------------------------------------------------------------------------

    def data_fingerprint(self) -> str:
        return self.data.fingerprint()

    def default_rulings(self) -> dict[str, str]:
        return self.data.ruling_choices()

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
        if state.finished is not None:
            return ToAct.nobody()
        if state.phase == PARTIES:
            waiting = tuple(s for s in state.players() if state.record(s).party is None)
            return ToAct(ActKind.SIDE if len(waiting) == 1 else ActKind.SIMULTANEOUS, waiting)
        if state.phase == DEPLOY:
            now = deploying.deploying_now(self.kit, state)
            waiting = (now,) if now is not None else tuple(s for s in state.players() if not state.record(s).ready)
            return ToAct(ActKind.SIDE if len(waiting) == 1 else ActKind.SIMULTANEOUS, waiting)
        if state.active_side is not None:
            return ToAct.side(state.active_side)
        return ToAct.nobody()

    def bot_move(self, state: EldfallState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
        return bot_move(self, state, side, allowed)

    def reaction_triggers(self) -> tuple[str, ...]:
        """The Reaction step (an enemy's activation) and what answers a declared attack are decisions of this
        game's own, marked with these triggers so ``/pass until:`` covers them (L1198-1246)."""
        return (ACTIVATION, ATTACK)

    # -- actions ---------------------------------------------------------------------------------------------

    def actions(self) -> tuple[Action[EldfallState], ...]:
        return self._actions

    def _declare_actions(self) -> tuple[Action[EldfallState], ...]:
        kit = self.kit
        src = OptionSources(kit, self.disclosure)

        def parties(state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
            return [Choice(p.name, f"{p.name} ({p.faction}, {p.game_size} pts)") for p in parties_fitting(kit, state)]

        def units(state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
            return [Choice(u.name) for u in self.data.units]

        def own(state: EldfallState, viewer: Viewer, filled: _Filled) -> Sequence[Choice]:
            named = ((m, model_name(state, viewer, m)) for m in state.models.values() if m.side == viewer.side)
            return [Choice(m.id, f"{m.id} {name}") for m, name in named if name is not None]

        return (
            *as_actions(TABLE_ACTIONS, self),
            Action(("model", "add"), "Add a model from a unit profile", options=("unit", "at", "side", "facing"),
                   build=lambda a: AddModel(unit=a.text("unit"), at=a.point("at") if a.has("at") else None,
                                            side=a.side(), facing=_facing(a)),
                   sources={"unit": units}, rule="Eldfall core rules v1.5, L1280"),
            Action(("model", "place"), "Place a model: in the deployment, in your zone; afterwards anywhere (a fix)",
                   options=("model", "at", "facing"),
                   build=lambda a: PlaceModel(model=a.model(), at=a.point("at"), facing=_facing(a)),
                   sources={"model": own}, rule="Eldfall core rules v1.5, L1104-1110"),
            Action(("force", "load"), "Choose your party in secret (a ready one)", options=("name",),
                   required=("name",), build=lambda a: ChooseParty(name=a.text("name")), sources={"name": parties},
                   menu=("name",), rule="Eldfall core rules v1.5, L1008-1036"),
            Action(("force", "import"), "Bring your own party list (a YAML file of parties)", options=("file",),
                   build=lambda a: ChooseParty(spec=_party(a.upload("file"))), uploads={"file": "parties"},
                   rule="Eldfall core rules v1.5, L1008-1054"),
            Action(("deploy", "auto"), "Spread your models over your Deployment Zone", options=("side",),
                   build=lambda a: DeployAuto(side=a.side())),
            Action(("move",), "Activate a model and move it (how: walk, run, climb, jump; idle: no to)",
                   options=("model", "to", "how", "max"),
                   build=lambda a: _activate(a, a.text("how", "walk") if a.has("how") else "walk"),
                   sources={"model": src.activatable, "to": src.destinations, "how": src.hows},
                   menu=("model", "to"), preview=True,
                   rule="Eldfall core rules v1.5, L1184-1196, L1322-1357"),
            self._act("ready", "Finish your deployment", (), lambda a: Ready(), "L1102-1111"),
            self._act("activate", "Activate a model: move it (choice: walk, run, climb, jump) or stay Idle",
                      ("model", "to", "choice", "at"), lambda a: _activate(a, a.text("choice", "idle")), "L1184-1196",
                      sources={"model": src.activatable, "choice": src.hows}, menu=("model", "choice")),
            self._act("attack", "The activated model attacks (target: B1 or B1x2,B2; with: weapon or spell)",
                      ("model", "target", "with", "at", "choice"), lambda a: _declare(a, "attack"), "L1412-1486",
                      sources={"target": src.targets, "with": src.means}, menu=("with", "target")),
            self._act("cast", "The activated model casts an attack spell (target:, with:, at: for the ground)",
                      ("model", "target", "with", "at", "choice"), lambda a: _declare(a, "cast"), "L893-1000",
                      sources={"target": src.targets, "with": src.spells}, menu=("with", "target")),
            self._act("assist", "The activated model casts a spell on itself or allies (with:, target:)",
                      ("model", "target", "with"), lambda a: _declare(a, "assist"), "L1367-1376",
                      sources={"with": src.spells}, menu=("with",)),
            self._act("dodge", "The activated model dodges the reactions' attacks (to: its dodge move)",
                      ("model", "to"), lambda a: _declare(a, "dodge"), "L1378-1410"),
            self._act("nothing", "The activated model does nothing", ("model",), lambda a: _declare(a, "nothing"),
                      "L1363"),
            self._act("deathblow", "Finish an Incapacitated enemy in base contact (target:)", ("model", "target"),
                      lambda a: _declare(a, "deathblow"), "L1534-1540", sources={"target": src.targets}),
            self._act("perceive", "Perceive an Intrigue token in Awareness (target: its id)", ("model", "target"),
                      lambda a: _declare(a, "perceive"), "L1526-1532", sources={"target": src.tokens}),
            self._act("interact", "Take a Treasure from a Cache in base contact (target: its id)", ("model", "target"),
                      lambda a: _declare(a, "interact"), "L1547-1550, L2429", sources={"target": src.tokens}),
            self._act("trade", "Exchange acquired items with an ally in base contact (target:, with: what it gives, "
                      "choice: what it takes, comma-separated)", ("model", "target", "with", "choice"), _trade,
                      "L1542-1545", sources={"target": src.partners, "with": src.gives, "choice": src.takes},
                      menu=("target", "with")),
            self._act("duel", "Issue a Duel (a Special Action after Idle)", ("model",), lambda a: _declare(a, "duel"),
                      "L1567-1585"),
            self._act("ritual", "Perform a Ritual: summon (with: the spell); needs Idle", ("model", "with"),
                      lambda a: _declare(a, "ritual"), "L1558-1561", sources={"with": src.spells}),
            self._act("end", "End your Tactical phase (your unspent AP are discarded)", (), lambda a: EndTurn(),
                      "L1168-1172"),
            self._act("break-alliance", "Break the Alliance of Necessity on your turn (you lose 3 VP, not divided)",
                      (), lambda a: BreakAlliance(), "L2390, L2403-2404"),
            self._act("stratagem", "Choose the stratagem your Leader uses from your next Strategic phase",
                      ("choice",), lambda a: ChooseStratagem(name=a.text("choice")), "L372-382",
                      sources={"choice": src.stratagems}, menu=("choice",)),
            self._act("stance", "A Warrior takes (choice:on) or leaves (choice:off) the Defensive Stance",
                      ("model", "choice"), lambda a: ChooseStance(model=a.model(), on=a.text("choice", "on") != "off"),
                      "L1880"),
            self._act("dismiss", "Dismiss a summoned creature at your next Strategic phase (choice:off withdraws it)",
                      ("model", "choice"), lambda a: Dismiss(model=a.model(), on=a.text("choice", "on") != "off"),
                      "L992", sources={"model": src.summoned}, menu=("model",)),
            self._act("mana", "A Mage turns AP into Mana Counters (amount:)", ("model", "amount"),
                      lambda a: ChannelMana(model=a.model(), amount=a.integer("amount", 1)), "L926-928"),
            self._act("scheme", "Reveal your Strategic-phase scheme at your next Strategic phase", (),
                      lambda a: RevealScheme(), "L2497"),
            self._act("shroud", "In deployment: a Stealth II or Concealed Approach model begins Shrouded (choice:on)",
                      ("model", "choice"), lambda a: Shroud(model=a.model(), on=a.text("choice", "on") != "off"),
                      "L1985, L2803"),
            self._act("equip", "The activated model changes its equipment before its action, once an activation "
                      "(with: a weapon it carries, shield, no-shield)", ("model", "with"),
                      lambda a: Equip(model=a.model() if a.has("model") else None, item=a.text("with")), "L428-432",
                      sources={"with": src.equipment}, menu=("with",)),
            Action(("act",), "Show a model's Awareness (and Casting Aura) as a ring", name="awareness",
                   options=("model",), answer=self._awareness, rule="Eldfall core rules v1.5, L679-685"),
        )

    @staticmethod
    def _act(name: str, summary: str, options: tuple[str, ...], build: Callable[[Args], Command], rule: str,
             sources: Mapping[str, Callable[[EldfallState, Viewer, _Filled], Sequence[Choice]]] | None = None,
             menu: tuple[str, ...] = ()) -> Action[EldfallState]:
        return Action(("act",), summary, name=name, options=options, build=build, sources=dict(sources or {}),
                      menu=menu, rule=f"Eldfall core rules v1.5, {rule}")

    def _awareness(self, state: EldfallState, viewer: Viewer, args: Args) -> QueryAnswer:
        world = self.kit.world(state)
        model = args.model()
        if model not in state.models or model not in state.figures:
            raise InvalidCommand(f"there is no model {model} on the table", verb="act awareness")
        f = world.fighter(model)
        radius = world.awareness(f)
        ring = Overlay(kind=OverlayKind.RING, center=(f.model.x, f.model.y), radius=round(f.model.radius + radius, 2),
                       label=f"{model} Awareness {radius:g}\"")
        return QueryAnswer(f"{model}'s Awareness (and Casting Aura) reaches {radius:g}\" from its base (L683-685).",
                           overlays=(ring,))

    # -- what a side may do ------------------------------------------------------------------------------------

    def legal_actions(self, state: EldfallState, side: SideId) -> tuple[LegalAction, ...]:
        return legal_now(self, state, side)

    def help(self, state: EldfallState, viewer: Viewer) -> tuple[str, ...]:
        return help_lines(self.kit, state, viewer)

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

    def handle(self, ctx: Context[EldfallState], command: Command) -> None:
        kit = self.kit
        state = ctx.state
        if isinstance(command, ActionCommand):
            TABLE_ACTIONS.handle(self, ctx, command)
        elif isinstance(command, PlaceModel) and state.phase == DEPLOY:
            deploying.place(ctx, kit, command.model, command.at, command.facing, command.verb)
        elif isinstance(command, PlaceModel):  # a fix by hand, as on any table
            facing = {} if command.facing is None else {"facing": str(command.facing)}
            TABLE.handle(self, ctx, ActionCommand(path=("model", "place"), values=tuple({
                "model": command.model, "at": f"{command.at[0]:g},{command.at[1]:g}", **facing}.items())))
        elif isinstance(command, DeployAuto) and state.phase == DEPLOY:
            deploying.deploy_auto(ctx, kit, command.side or ctx.acting_side())
        elif isinstance(command, DeployAuto):
            raise IllegalCommand("/deploy auto spreads your models during the deployment (L1102)",
                                 verb=command.verb)
        elif isinstance(command, AddModel):
            setup.add_by_hand(ctx, kit, command)
        elif isinstance(command, ChooseParty):
            setup.choose_party(ctx, kit, command)
        elif isinstance(command, Ready):
            if deploying.ready(ctx, kit, command):
                begin_play(ctx, kit)
        elif isinstance(command, Activate):
            activate(ctx, kit, command)
            after_movement(ctx, kit)
        elif isinstance(command, Declare):
            declared(ctx, kit, command)
        elif isinstance(command, EndTurn):
            end_tactical(ctx, kit, command)
        elif isinstance(command, ChooseStratagem):
            choose_stratagem(ctx, kit, command)
        elif isinstance(command, ChooseStance):
            choose_stance(ctx, kit, command)
        elif isinstance(command, Dismiss):
            order_dismissal(ctx, kit, command)
        elif isinstance(command, ChannelMana):
            channel_mana(ctx, kit, command)
        elif isinstance(command, RevealScheme):
            reveal_scheme(ctx, kit, command)
        elif isinstance(command, SettleSetup):
            settle_setup(ctx, kit, command)
        elif isinstance(command, Shroud):
            deploying.shroud(ctx, kit, command)
        elif isinstance(command, Equip):
            equip(ctx, kit, command)
        elif isinstance(command, BreakAlliance):
            break_by_command(ctx, kit, command)
            refresh_engaged(ctx, kit.world(ctx.state))
        else:
            raise InvalidCommand(f"{command.verb!r} is not a command of {self.spec.title}")

    def on_answer(self, ctx: Context[EldfallState], decision: Decision, answers: dict[str, str]) -> None:
        kit = self.kit
        if decision.kind == "scheme":
            setup.answer_scheme(ctx, kit, decision, answers)
        elif decision.kind in ("initiative", "initiative-rest"):
            setup.answer_initiative(ctx, kit, decision, answers)
        elif decision.kind == STARTING_KIND:
            answer_starting(ctx, kit, decision, answers)
        elif decision.kind == STARTING_GUARD_KIND:
            answer_guard(ctx, kit, decision, answers)
        elif decision.kind == DUEL_KIND:
            answer_challenge(ctx, kit, decision, answers)
            carry_on(ctx, kit)
        elif decision.kind in (FOLLOW_KIND, RETREAT_KIND):
            (answer_follow_up if decision.kind == FOLLOW_KIND else answer_retreat)(ctx, kit, decision, answers)
            refresh_engaged(ctx, kit.world(ctx.state))
            carry_on(ctx, kit)
        elif decision.kind == STRATEGIC_KIND:
            answer_strategic(ctx, kit, decision, answers)
            after_strategic(ctx, kit)
        elif decision.kind == RANGER_KIND:
            answer_ranger_moves(ctx, kit, decision, answers)
            close_turn(ctx, kit)
        elif decision.kind == "reaction":
            answer_reaction(ctx, kit, decision, answers)
            after_reactions(ctx, kit)
        elif decision.kind == LATE_KIND:
            late_answer(ctx, kit, decision, answers)
            after_declaration(ctx, kit, late_done=True)
        elif decision.kind == ORDER_KIND:
            answer_order(ctx, decision, answers)
            carry_on(ctx, kit)
        elif decision.kind == GUARD_KIND:
            answer_guard(ctx, kit, decision, answers)
            carry_on(ctx, kit)

    def on_together(self, ctx: Context[EldfallState], kind: str, answers: dict[SideId, dict[str, str]],
                    context: dict[str, JsonValue]) -> None:
        if kind == ALLIANCE_KIND:
            setup.after_alliance(ctx, self.kit, answers)

    # -- scores and the end ------------------------------------------------------------------------------------

    def scores(self, state: EldfallState) -> dict[SideId, int]:
        return capped_scores(self.kit, state)

    def status_notes(self, state: EldfallState) -> tuple[str, ...]:
        line = alliance_line(state)
        return (line,) if line else ()

    def score_sources(self, state: EldfallState) -> dict[SideId, dict[str, int]]:
        return {side: dict(state.record(side).vp) for side in state.players()}

    def outcome(self, state: EldfallState) -> Outcome | None:
        if state.finished is None:
            return None
        reason = EndReason.ELIMINATION if "Incapacitated or Dead" in state.finished else EndReason.SCORE
        return Outcome.from_scores(reason, self.scores(state))

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


def _may_fix(state: EldfallState, side: SideId, host: bool) -> str | None:
    """Manual fixes to the table wait until the game is set up (deployment places its own way)."""
    if state.phase in (PARTIES, SCHEMES, INITIATIVE) and not host:
        return "models are placed in the deployment; fix the table by hand once it is set up"
    return None


def _facing(args: Args) -> float | None:
    value = args.number("facing")
    return None if value is None else value % 360


def _party(upload: object) -> PartySpec:
    if not isinstance(upload, tuple) or len(upload) != 1 or not isinstance(upload[0], PartySpec):
        count = len(upload) if isinstance(upload, tuple) else 0
        raise InvalidCommand(f"a party file holds exactly one party (parties: [...] with one entry); it holds {count}",
                             verb="force import")
    return upload[0]


def _activate(args: Args, how: str) -> Activate:
    """``how`` is a movement (or ``dash``, a Run with Dash) and the skills declared with it: ``walk fly land``,
    ``run trample``, ``walk flicker`` (L1190-1192)."""
    words = how.strip().casefold().split()
    movement = words[0] if words else "walk"
    dash = movement == "dash"
    if dash:
        movement = "run"
    if movement not in MOVES:
        raise InvalidCommand(f"{movement!r} is not a movement; choose walk, run, climb, jump, idle or dash (a Run with "
                             "Dash), then any skills it goes with: flicker, fly, land, crouch, stand, taunt, trample "
                             "(L1322-1357, L1190)", verb=args.verb)
    skills = tuple(words[1:])
    unknown = [w for w in skills if w not in MOVEMENT_SKILLS]
    if unknown:
        raise InvalidCommand(f"{unknown[0]!r} is not a skill declared with a movement; they are "
                             f"{', '.join(MOVEMENT_SKILLS)} (L1190-1192)", verb=args.verb)
    face = args.text("at") if args.has("at") else None
    return Activate(model=args.model(), how=movement, to=args.text("to") if args.has("to") else None,  # type: ignore[arg-type]
                    face=face, dash=dash, max_distance=args.number("max"), skills=skills)


def _targets(args: Args) -> tuple[tuple[ModelId, int], ...]:
    """``B1``, ``B1,B2`` or ``B1x2,B2`` (strikes per target)."""
    found: list[tuple[ModelId, int]] = []
    for item in args.listed("target"):
        name, _, count = item.upper().partition("X")
        try:
            strikes = int(count) if count else 0
        except ValueError:
            raise InvalidCommand(f"target:{item} is not a model with an optional strike count, like B1 or B1x2",
                                 verb=args.verb) from None
        found.append((ModelId(name.strip()), strikes))
    return tuple(found)


EXTRAS = ("reroll", "luck", "mana")
"""Words of ``choice:`` that spend something on a roll rather than name a combat art."""


def _trade(args: Args) -> Declare:
    """``with:`` the items the model gives, ``choice:`` those it takes, each comma-separated (a name once an item)."""
    def items(option: str) -> tuple[str, ...]:
        return tuple(w.strip() for w in (args.text(option) if args.has(option) else "").split(",") if w.strip())
    return Declare(kind="trade", model=args.model() if args.has("model") else None, targets=_targets(args),
                   give=items("with"), take=items("choice"))


def _declare(args: Args, kind: str) -> Declare:
    """``choice:`` holds a combat art level and what the model spends on its rolls, joined by ``+``:
    ``choice:Fencing II+luck``."""
    point = args.point("at") if args.has("at") and "," in str(args.options.get("at")) else None
    move_to = args.point("to") if kind == "dodge" and args.has("to") else None
    words = [w.strip() for w in (args.text("choice") if args.has("choice") else "").split("+") if w.strip()]
    extras = tuple(w.casefold() for w in words if w.casefold() in EXTRAS)
    art = " ".join(w for w in words if w.casefold() not in EXTRAS) or None
    return Declare(kind=kind, model=args.model() if args.has("model") else None,
                   means=args.text("with") if args.has("with") else None, targets=_targets(args), point=point,
                   art=art, move_to=move_to, extras=extras)

