"""Hexfire: a toy three-player game on a small hex board that leans on every mechanism of the platform.

Each side has a champion (3 wounds) on a 5 x 5 hex board with a blocked hex in the middle, and a secret deck
of strikes, shields and counters. The sides first bid for the first turn, secretly and simultaneously. On
its turn a side steps one hex, draws a card, passes, or plays a strike at a champion within 2 hexes that it
can see. A strike opens a reaction window (the target is asked first): the target may play a shield, and a
shield opens a window of its own in which the striker may answer with a counter (a reaction to a reaction).
A strike that lands deals a wound and scores a point. Three points, or the last champion standing, wins; so
does the most points after four rounds. Side C is usually seated to the bot, which shields whenever it can.

Its folder holds only its rules: the board, the decks, the windows, the bid and the bot seat are the core's. Its
actions and its bid are declared once (``RULES``): the menus, the checks, ``/help`` and the bot read them, and no
handler is dispatched by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import ConfigDict, JsonValue

from engine.core import (
    PASS,
    REACTION,
    Answer,
    Args,
    Ask,
    BoardView,
    BotMove,
    Choice,
    Command,
    Context,
    CoreState,
    Decision,
    DecisionPart,
    Decks,
    DeckView,
    Declarations,
    EndReason,
    Event,
    EventBody,
    GameSetup,
    ModelId,
    ModelMark,
    Option,
    Outcome,
    Overlay,
    Param,
    PhaseChanged,
    QueryAnswer,
    Setting,
    SideId,
    System,
    SystemSpec,
    View,
    Viewer,
    When,
    Window,
    answer_by_default,
    ask_together,
    core_view_fields,
    deck_view,
    open_window,
    pick_in_secret,
    simple_move,
)
from engine.hex import HexBoard, destinations, distance, line_of_sight
from engine.hex.view import HexFrame, cell_marks, path_overlay, sight_overlay
from tests.toys.turns import TurnInRound

__all__ = ["DECK", "Hexfire", "HexfireState"]

BOARD = HexBoard.from_offsets([(c, r) for r in range(5) for c in range(5)], kinds={(2, 2): {"blocked"}})
FRAME = HexFrame.of(BOARD)
STARTS = {SideId("A"): "A1", SideId("B"): "E1", SideId("C"): "C5"}
DECK = ("strike", "strike", "strike", "strike", "shield", "shield", "counter", "counter")
WOUNDS, WIN_POINTS, REACH, HAND_LIMIT = 3, 3, 2, 5
ROUNDS = {"standard": 4, "quick": 2}


class HexfireState(CoreState):
    model_config = ConfigDict(extra="forbid")

    at: dict[SideId, str] = {}
    wounds: dict[SideId, int] = {}
    points: dict[SideId, int] = {}
    first: SideId | None = None
    shielded: bool = False
    countered: bool = False

    def standing(self) -> tuple[SideId, ...]:
        return tuple(side for side in self.in_play if self.wounds.get(side, 0) > 0)


class HexfireView(View):
    board: BoardView
    decks: dict[str, DeckView]
    points: dict[SideId, int]
    wounds: dict[SideId, int]


class Placed(EventBody):
    kind = "hexfire.placed"
    side: SideId
    at: str

    def apply(self, state: HexfireState) -> None:
        state.at[self.side] = self.at
        state.wounds[self.side] = WOUNDS
        state.points.setdefault(self.side, 0)

    def describe(self) -> str:
        return f"Side {self.side}'s champion stands on {self.at}."


class Stepped(EventBody):
    kind = "hexfire.stepped"
    side: SideId
    path: tuple[str, str]

    def apply(self, state: HexfireState) -> None:
        state.at[self.side] = self.path[1]

    def describe(self) -> str:
        return f"Side {self.side} steps from {self.path[0]} to {self.path[1]}."


class StrikeFlags(EventBody):
    kind = "hexfire.flags"
    shielded: bool
    countered: bool

    def apply(self, state: HexfireState) -> None:
        state.shielded, state.countered = self.shielded, self.countered

    def describe(self) -> str:
        return "The shield is countered." if self.countered else ("The strike meets a shield." if self.shielded
                                                                   else "")


class Hit(EventBody):
    kind = "hexfire.hit"
    striker: SideId
    target: SideId
    landed: bool
    line: tuple[str, str]  # the hexes the strike went between, for the picture

    def apply(self, state: HexfireState) -> None:
        if self.landed:
            state.wounds[self.target] -= 1
            state.points[self.striker] += 1
        state.shielded = state.countered = False

    def describe(self) -> str:
        if not self.landed:
            return f"Side {self.target}'s shield holds: the strike does nothing."
        return f"Side {self.striker}'s strike lands on side {self.target}'s champion (1 wound; 1 point)."

    def working(self) -> tuple[str, ...]:
        return (f"{self.striker} struck {self.target}: {'no shield, or a countered one' if self.landed else 'shielded'}"
                " (Hexfire rules: a shield stops a strike unless it is countered)",)


class TurnPassed(TurnInRound):
    kind = "hexfire.turn"


class FirstChosen(EventBody):
    kind = "hexfire.first"
    side: SideId

    def apply(self, state: HexfireState) -> None:
        state.first = self.side

    def describe(self) -> str:
        return f"Side {self.side} bid highest and plays first."


def _hand(state: HexfireState, side: SideId) -> list[str]:
    deck = state.decks.get(f"deck-{side}")
    return list(deck.piles["hand"]) if deck else []


def _targets(state: HexfireState, side: SideId) -> list[SideId]:
    """Champions within reach that ``side``'s champion can see."""
    here = BOARD.hex_of(state.at[side])
    return [other for other in state.standing() if other != side
            and distance(here, BOARD.hex_of(state.at[other])) <= REACH
            and line_of_sight(BOARD, here, BOARD.hex_of(state.at[other])).clear]


def _free_steps(state: HexfireState, side: SideId) -> list[str]:
    occupied = {BOARD.hex_of(state.at[s]) for s in state.standing() if s != side}
    return sorted(BOARD.id_of(h) for h in destinations(BOARD, BOARD.hex_of(state.at[side]), 1, occupied=occupied))


RULES: Declarations[HexfireState, HexfireState] = Declarations()
"""Hexfire's actions and its bid, declared once."""
BATTLE_TURN = When(phases=("battle",), turn=True)
"""Every action is taken in the battle, on the acting side's turn."""


def _step_choices(state: HexfireState, ask: Ask) -> list[Choice]:
    return [Choice(hex_id) for hex_id in _free_steps(state, ask.acting)]


def _target_choices(state: HexfireState, ask: Ask) -> list[Choice]:
    return [Choice(side, f"side {side}'s champion") for side in _targets(state, ask.acting)]


def _holds_strike(state: HexfireState, ask: Ask) -> str | None:
    return None if "strike" in _hand(state, ask.acting) else "you hold no strike card"


def _can_draw(state: HexfireState, ask: Ask) -> str | None:
    if len(_hand(state, ask.acting)) < HAND_LIMIT and state.decks[f"deck-{ask.acting}"].piles["draw"]:
        return None
    return f"no card to draw, or {HAND_LIMIT} in hand already"


@RULES.action("strike", "Play a strike at a champion within 2 hexes you can see", label="Strike",
              rule="Hexfire rules: strikes", when=BATTLE_TURN, available=_holds_strike, per="target",
              params=(Param("target", "Which champion?", values=_target_choices, noun="champions"),))
def _strike(ctx: Context[HexfireState], ask: Ask) -> None:
    side, target = ask.acting, SideId(ask.ident("target"))
    Decks(ctx).move(f"deck-{side}", ["strike"], "hand", "discard", why=f"strike at side {target}")
    others = [s for s in ctx.state.standing() if s not in (side, target)]
    open_window(ctx, "strike", [target, *others], context={"striker": side, "target": target})  # ends the turn


@RULES.action("step", "Step one hex", label="Step", when=BATTLE_TURN,
              params=(Param("to", "Which hex?", values=_step_choices, noun="hexes"),))
def _step(ctx: Context[HexfireState], ask: Ask) -> None:
    side = ask.acting
    ctx.emit(Stepped(side=side, path=(ctx.state.at[side], ask.ident("to"))))
    _next_turn(ctx, side)


@RULES.action("draw", "Draw a card", label="Draw a card", when=BATTLE_TURN, available=_can_draw)
def _draw(ctx: Context[HexfireState], ask: Ask) -> None:
    Decks(ctx).draw(f"deck-{ask.acting}", 1, why="drawn")
    _next_turn(ctx, ask.acting)


@RULES.action("rest", "Do nothing this turn", label="Rest", when=BATTLE_TURN)
def _rest(ctx: Context[HexfireState], ask: Ask) -> None:
    _next_turn(ctx, ask.acting)


@RULES.query(("hand", "show"), "Show your hand, to you alone")
def _show_hand(state: HexfireState, viewer: Viewer, args: Args) -> QueryAnswer:
    hand = _hand(state, viewer.side) if viewer.side else []
    return QueryAnswer(f"Your hand: {', '.join(hand) or 'empty'}.", private=True)


@RULES.together("bid", rule="Hexfire rules: the highest bid plays first, ties to the earlier side")
def _bid(ctx: Context[HexfireState], answers: dict[SideId, dict[str, str]], context: dict[str, JsonValue]) -> None:
    first = max(ctx.state.sides, key=lambda side: (int(answers[side]["bid"]), -ctx.state.sides.index(side)))
    ctx.emit(FirstChosen(side=first))
    ctx.emit(PhaseChanged(phase="battle", shown="The battle begins."))
    ctx.emit(TurnPassed(side=first, round=1))


def _next_turn(ctx: Context[HexfireState], side: SideId) -> None:
    state = ctx.state
    nxt = state.next_in_play(side)
    while state.wounds.get(nxt, 0) <= 0 and nxt != side:
        nxt = state.next_in_play(nxt)
    ctx.emit(TurnPassed(side=nxt, round=state.round + (1 if nxt == state.first else 0)))


def _outcome(state: HexfireState) -> Outcome | None:
    scores = {side: state.points.get(side, 0) for side in state.sides}
    if max(scores.values(), default=0) >= WIN_POINTS or (state.phase == "battle" and len(state.standing()) <= 1):
        return Outcome.from_scores(EndReason.SCORE, scores)
    if state.round > ROUNDS[str(state.setup.options.get("mode", "standard"))]:
        return Outcome.from_scores(EndReason.SCORE, scores)
    return None


class Hexfire(System[HexfireState]):
    spec = SystemSpec(name="hexfire", title="Hexfire", min_sides=2, max_sides=3, hidden_information=True,
                      summary="A toy hex skirmish with secret decks and reactions, for tests of the platform.")
    events = (Placed, Stepped, StrikeFlags, Hit, TurnPassed, FirstChosen)
    declarations = RULES

    def __init__(self, decks: Mapping[SideId, Sequence[str]] | None = None) -> None:
        self.decks = dict(decks or {})  # a side's own deck, when a test gives it another

    def initial_state(self, setup: GameSetup) -> HexfireState:
        return HexfireState(setup=setup)

    def settings(self) -> tuple[Setting, ...]:
        return (Setting("mode", "How long the battle lasts", (Choice("standard", "4 rounds"),
                                                               Choice("quick", "2 rounds")), default="standard"),)

    def reaction_triggers(self) -> tuple[str, ...]:
        return ("strike", "shield")

    def demo_commands(self, state: HexfireState) -> list[Command]:
        return []

    # -- setting up ------------------------------------------------------------------------------

    def start(self, ctx: Context[HexfireState]) -> None:
        decks = Decks(ctx)
        for side in ctx.state.sides:
            ctx.emit(Placed(side=side, at=STARTS[side]))
            decks.make(f"deck-{side}", side, list(self.decks.get(side, DECK)))
            decks.shuffle(f"deck-{side}")
            decks.draw(f"deck-{side}", 3, why="opening hand")
        ctx.emit(PhaseChanged(phase="bidding", shown="Every side bids in secret for the first turn."))
        bid = tuple(Option(key=str(n), label=f"bid {n}") for n in (1, 2, 3))
        ask_together(ctx, "bid", "Bid 1 to 3 for the first turn",
                     {side: (DecisionPart(key="bid", prompt="Your bid", options=bid),) for side in ctx.state.sides})

    # -- playing ---------------------------------------------------------------------------------

    def reactions(self, state: HexfireState, side: SideId, window: Window) -> tuple[Option, ...]:
        wanted = {"strike": ("shield", window.context["target"]), "shield": ("counter", window.context["striker"])}
        card, who = wanted[window.trigger]
        return (Option(key=card, label=f"Play {card}"),) if side == who and card in _hand(state, side) else ()

    def on_reaction(self, ctx: Context[HexfireState], window: Window, side: SideId, reaction: str) -> None:
        Decks(ctx).move(f"deck-{side}", [reaction], "hand", "discard", why=f"{reaction} against {window.trigger}")
        if reaction == "shield":
            ctx.emit(StrikeFlags(shielded=True, countered=False))
            striker = SideId(str(window.context["striker"]))
            others = [s for s in ctx.state.standing() if s not in (side, striker)]
            open_window(ctx, "shield", [striker, *others], context=dict(window.context))
        else:
            ctx.emit(StrikeFlags(shielded=True, countered=True))

    def on_window_closed(self, ctx: Context[HexfireState], window: Window) -> None:
        if window.trigger != "strike":
            return
        striker, target = SideId(str(window.context["striker"])), SideId(str(window.context["target"]))
        ctx.emit(Hit(striker=striker, target=target, landed=not ctx.state.shielded or ctx.state.countered,
                     line=(ctx.state.at[striker], ctx.state.at[target])))
        if ctx.state.outcome is None and _outcome(ctx.state) is None:
            _next_turn(ctx, striker)

    def bot_move(self, state: HexfireState, side: SideId, allowed: object) -> BotMove | None:
        """Hexfire's bot: it bids in secret with its side's secret dice, plays any reaction it holds, else it acts
        as the simple policy does."""
        owed = next((d for d in state.pending.values() if d.owner == side), None)
        if owed is not None and owed.kind == REACTION:
            played = [o.key for o in owed.part(REACTION).options if o.key != PASS]
            if played:
                return BotMove(_answer(owed, played[0]), (f"plays {played[0]}: Hexfire's bot reacts whenever it can",))
        if owed is not None:
            return pick_in_secret(owed) if owed.kind == "bid" else answer_by_default(owed)
        return simple_move(self, state, side, allowed)

    # -- the end ---------------------------------------------------------------------------------

    def scores(self, state: HexfireState) -> dict[SideId, int]:
        return {side: state.points.get(side, 0) for side in state.sides}

    def outcome(self, state: HexfireState) -> Outcome | None:
        return _outcome(state)

    # -- what a viewer sees ----------------------------------------------------------------------

    def board(self, state: HexfireState, viewer: Viewer, overlays: tuple[Overlay, ...] = ()) -> BoardView:
        models = tuple(ModelMark(id=ModelId(side), name=f"champion {side}", side=side,
                                 x=FRAME.centre(BOARD.hex_of(hex_id))[0], y=FRAME.centre(BOARD.hex_of(hex_id))[1],
                                 radius=0.6, wounds=state.wounds.get(side), max_wounds=WOUNDS, cell=hex_id)
                       for side, hex_id in state.at.items() if state.wounds.get(side, 0) > 0)
        return BoardView(viewer=viewer, title=f"Hexfire, round {state.round}", width=FRAME.width,
                         height=FRAME.height, sides=state.sides, cells=cell_marks(BOARD, FRAME), models=models,
                         overlays=overlays)

    def board_update(self, events: Sequence[Event]) -> tuple[Overlay, ...] | None:
        drawn: list[Overlay] = []
        for event in events:
            if isinstance(event.body, Stepped):
                drawn.append(path_overlay(BOARD, FRAME, [BOARD.hex_of(h) for h in event.body.path]))
            elif isinstance(event.body, Hit):
                start, end = event.body.line
                drawn.append(sight_overlay(FRAME, BOARD.hex_of(start), BOARD.hex_of(end), clear=event.body.landed,
                                           label="strike"))
        return tuple(drawn) if drawn or any(isinstance(e.body, Placed) for e in events) else None

    def view(self, state: HexfireState, viewer: Viewer) -> HexfireView:
        return HexfireView(**core_view_fields(state, viewer), board=self.board(state, viewer),
                           decks={deck_id: deck_view(deck, viewer) for deck_id, deck in state.decks.items()},
                           points=dict(state.points), wounds=dict(state.wounds))


def _answer(decision: Decision, key: str) -> Command:
    return Answer(decision_id=decision.id, answers={REACTION: key})
