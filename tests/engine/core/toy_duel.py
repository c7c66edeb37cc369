"""Secret Duel: a toy two-side game with a secret hand, used to test the engine core.

Each side secretly picks a hand of three cards from 1..9. Each round both sides play a card in
secret (one after the other); the cards are revealed, each side adds a public d6, and the higher
total scores a point. The loser of a round may re-roll their d6 once (an optional decision).
After three rounds the higher score wins. Each side also draws a secret d6 "omen" at the start
from its own secret stream, which only it can see.
"""

from __future__ import annotations

from pydantic import ConfigDict

from engine.core import (
    ActionCommand,
    ActKind,
    Ask,
    Context,
    CoreState,
    Decision,
    DecisionPart,
    Declarations,
    EventBody,
    FreeForm,
    GameSetup,
    InvalidCommand,
    Option,
    Param,
    SideId,
    System,
    SystemSpec,
    ToAct,
    View,
    Viewer,
    ViewerKind,
    When,
    core_view_fields,
    side_only,
)
from engine.core.outcome import EndReason, Outcome
from engine.dice import D6, DieRoll, secret_stream

ROUNDS = 3
HAND_SIZE = 3


class DuelState(CoreState):
    model_config = ConfigDict(extra="forbid")

    hands: dict[SideId, list[int]] = {}
    omens: dict[SideId, int] = {}
    played: dict[SideId, int] = {}
    dice: dict[SideId, DieRoll] = {}
    scores: dict[SideId, int] = {}
    rounds_scored: int = 0

    def totals(self) -> dict[SideId, int]:
        return {side: self.played[side] + die.value for side, die in self.dice.items()}


class DuelView(View):
    my_hand: tuple[int, ...] | None
    my_omen: int | None
    hand_sizes: dict[SideId, int]
    committed: tuple[SideId, ...]
    scores: dict[SideId, int]


class OmenDrawn(EventBody):
    kind = "duel.omen"
    side: SideId
    value: int

    def apply(self, state: DuelState) -> None:
        state.omens[self.side] = self.value

    def describe(self) -> str:
        return f"Your omen is {self.value}."


class HandChosen(EventBody):
    kind = "duel.hand-chosen"
    side: SideId
    cards: tuple[int, ...]

    def apply(self, state: DuelState) -> None:
        state.hands[self.side] = list(self.cards)

    def describe(self) -> str:
        return f"Side {self.side} keeps the hand {', '.join(map(str, self.cards))}."


class HandReady(EventBody):
    kind = "duel.hand-ready"
    side: SideId

    def describe(self) -> str:
        return f"Side {self.side} has chosen a hand."


class RoundStarted(EventBody):
    kind = "duel.round-started"
    round: int

    def apply(self, state: DuelState) -> None:
        state.round = self.round
        state.played.clear()
        state.dice.clear()

    def describe(self) -> str:
        return f"Round {self.round} begins."


class CardPlayed(EventBody):
    kind = "duel.card-played"
    side: SideId
    card: int

    def apply(self, state: DuelState) -> None:
        state.hands[self.side].remove(self.card)
        state.played[self.side] = self.card

    def describe(self) -> str:
        return f"Side {self.side} plays {self.card} face down."


class CardsRevealed(EventBody):
    kind = "duel.revealed"
    reveals_secret = True
    cards: dict[SideId, int]

    def describe(self) -> str:
        return "Cards revealed: " + ", ".join(f"{side} {card}" for side, card in self.cards.items()) + "."


class DieKept(EventBody):
    kind = "duel.die-kept"
    side: SideId
    die: DieRoll

    def apply(self, state: DuelState) -> None:
        state.dice[self.side] = self.die


class RoundScored(EventBody):
    kind = "duel.scored"
    winner: SideId | None

    def apply(self, state: DuelState) -> None:
        if self.winner is not None:
            state.scores[self.winner] = state.scores.get(self.winner, 0) + 1
        state.rounds_scored += 1

    def describe(self) -> str:
        return f"Side {self.winner} takes the round." if self.winner else "The round is drawn."


RULES: Declarations[DuelState, DuelState] = Declarations()
"""Everything a duellist does, declared once: choosing the hand, and the two kinds of decision."""


def _suggested(state: DuelState, ask: Ask) -> list[tuple[str, dict[str, str]]]:
    """The menu offers one whole hand; any other three cards are typed (``_hand_written``)."""
    return [("Choose the hand 1, 2, 3", {"card": "1,2,3"})]


def _hand_written(state: DuelState, ask: Ask, typed: str) -> str | None:
    """Any typed hand is read; ``_hand`` judges it, with the rule's own words."""
    return None


def _not_chosen(state: DuelState, ask: Ask) -> str | None:
    return "you have already chosen your hand" if ask.acting in state.hands else None


def _hand(state: DuelState, ask: Ask) -> tuple[int, ...]:
    """The one check: three different cards from 1 to 9."""
    example = "choose 3 different cards from 1 to 9, e.g. card:2,5,9"
    try:
        cards = tuple(int(card) for card in ask.listed("card"))
    except ValueError:
        raise InvalidCommand(f"cards are numbers: {example}", verb=ask.verb) from None
    if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE or not all(1 <= c <= 9 for c in cards):
        raise InvalidCommand(example, verb=ask.verb)
    return tuple(sorted(cards))


@RULES.action(None, "Choose your secret hand of three cards", verb=("hand", "add"), label="Choose a hand",
              when=When(turn=False), available=_not_chosen, check=_hand, rule="Secret Duel rules, the hand",
              suggest=_suggested, params=(Param("card", "Which three cards?", accepts=_hand_written,
                                                     free_form=FreeForm.LIST),))
def _choose_hand(ctx: Context[DuelState], cards: tuple[int, ...]) -> None:
    side = ctx.acting_side()
    ctx.emit(HandChosen(side=side, cards=cards), side_only(side))
    ctx.emit(HandReady(side=side))
    if len(ctx.state.hands) == len(ctx.state.sides):
        _next_round(ctx)


def choose_hand(cards: tuple[int, ...]) -> ActionCommand:
    """The command ``/hand add card:2,5,9`` builds (for tests that apply it directly)."""
    return ActionCommand(path=("hand", "add"), values=(("card", ",".join(map(str, cards))),))


def _next_round(ctx: Context[DuelState]) -> None:
    if ctx.state.round >= ROUNDS:
        return
    ctx.emit(RoundStarted(round=ctx.state.round + 1))
    _ask_to_play(ctx, ctx.state.sides[0])


def _ask_to_play(ctx: Context[DuelState], side: SideId) -> None:
    hand = ctx.state.hands[side]
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=side, kind="play", prompt="Play a card face down.",
        parts=(DecisionPart(key="card", prompt="Which card?",
                            options=tuple(Option(key=str(c), label=str(c)) for c in hand)),),
        optional=False, secret=True, count_public=True,  # every side sees how many cards a hand holds
    ))


@RULES.decision("play", rule="Secret Duel rules, a round")
def _played(ctx: Context[DuelState], decision: Decision, answers: dict[str, str]) -> None:
    ctx.emit(CardPlayed(side=decision.owner, card=int(answers["card"])), side_only(decision.owner))
    waiting = [s for s in ctx.state.sides if s not in ctx.state.played]
    if waiting:
        _ask_to_play(ctx, waiting[0])
    else:
        _reveal(ctx)


@RULES.decision("reroll", rule="Secret Duel rules, a second chance")
def _rerolled(ctx: Context[DuelState], decision: Decision, answers: dict[str, str]) -> None:
    if answers["reroll"] == "yes":
        side = decision.owner
        again = ctx.reroll(ctx.state.dice[side], D6, "a second chance", roller_side=side)
        ctx.emit(DieKept(side=side, die=again))
    _score(ctx)


def _reveal(ctx: Context[DuelState]) -> None:
    ctx.emit(CardsRevealed(cards=dict(ctx.state.played)))
    for side in ctx.state.sides:
        (die,) = ctx.roll([D6], f"side {side}'s total", roller_side=side)
        ctx.emit(DieKept(side=side, die=die))
    loser = _leader(ctx.state, lowest=True)
    if loser is None:
        _score(ctx)
        return
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=loser, kind="reroll", prompt="Re-roll your d6?",
        parts=(DecisionPart(key="reroll", prompt="Re-roll?", default="no",
                            options=(Option(key="no", label="Keep it"), Option(key="yes", label="Re-roll"))),),
        optional=True,
    ))


def _score(ctx: Context[DuelState]) -> None:
    ctx.emit(RoundScored(winner=_leader(ctx.state, lowest=False)))
    _next_round(ctx)


class SecretDuel(System[DuelState]):
    spec = SystemSpec(name="duel", title="Secret Duel", min_sides=2, max_sides=2, hidden_information=True,
                      summary="A toy card duel for testing the core.")
    events = (OmenDrawn, HandChosen, HandReady, RoundStarted, CardPlayed, CardsRevealed, DieKept, RoundScored)
    declarations = RULES

    def initial_state(self, setup: GameSetup) -> DuelState:
        return DuelState(setup=setup, scores={side: 0 for side in setup.sides})

    def start(self, ctx: Context[DuelState]) -> None:
        for side in ctx.state.sides:
            (omen,) = ctx.roll([D6], "omen", roller_side=side, stream=secret_stream(side),
                               audience=side_only(side))
            ctx.emit(OmenDrawn(side=side, value=omen.value), side_only(side))

    def to_act(self, state: DuelState) -> ToAct:
        """While hands are chosen, the sides still to choose: a side that has chosen waits for the others."""
        if state.active_side is None and len(state.hands) < len(state.sides):
            return ToAct(ActKind.OPEN, tuple(side for side in state.in_play if side not in state.hands))
        return super().to_act(state)

    def scores(self, state: DuelState) -> dict[SideId, int]:
        return dict(state.scores)

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.rounds_scored < ROUNDS:
            return None
        return Outcome.from_scores(EndReason.SCORE, dict(state.scores))

    def view(self, state: DuelState, viewer: Viewer) -> DuelView:
        own = viewer.side if viewer.kind is ViewerKind.SIDE else None
        return DuelView(
            **core_view_fields(state, viewer),
            my_hand=tuple(state.hands[own]) if own in state.hands else None,
            my_omen=state.omens.get(own) if own else None,
            hand_sizes={side: len(cards) for side, cards in state.hands.items()},
            committed=tuple(state.played),
            scores=dict(state.scores),
        )


def _leader(state: DuelState, *, lowest: bool) -> SideId | None:
    totals = state.totals()
    if len(set(totals.values())) < len(totals):
        return None
    pick = min if lowest else max
    return pick(totals, key=lambda side: totals[side])

