"""Tally: the smallest game a new author could write, registered beside freeplay in tests only.

Each side scores points with ``/act action:score amount:N`` on its turn, then the turn passes; the first to
the target (``mode:quick`` 5, ``mode:long`` 10) wins. It declares its actions, settings, help and demo and
nothing else, to show that a game reaches every front-end without a line of ``bot/`` changing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import ConfigDict

from engine.core import (
    Action,
    Choice,
    Command,
    Context,
    CoreState,
    EndReason,
    EventBody,
    GameSetup,
    IllegalCommand,
    LegalAction,
    NotYourTurn,
    Outcome,
    Setting,
    SideId,
    System,
    SystemSpec,
    View,
    Viewer,
    core_view_fields,
)

TARGETS = {"quick": 5, "long": 10}


class TallyState(CoreState):
    model_config = ConfigDict(extra="forbid")

    points: dict[SideId, int] = {}


class TallyView(View):
    points: dict[SideId, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Score(Command):
    verb = "act score"
    amount: int


class Scored(EventBody):
    kind = "tally.scored"
    side: SideId
    amount: int
    next_side: SideId

    def apply(self, state: TallyState) -> None:
        state.points[self.side] = state.points.get(self.side, 0) + self.amount
        state.active_side = self.next_side

    def describe(self) -> str:
        return f"Side {self.side} scores {self.amount}; side {self.next_side} to play."


class TurnOpened(EventBody):
    kind = "tally.turn"
    side: SideId

    def apply(self, state: TallyState) -> None:
        state.active_side = self.side
        state.round = max(state.round, 1)

    def describe(self) -> str:
        return f"Side {self.side} to play."


def _amounts(state: TallyState, viewer: Viewer, filled: Mapping[str, object]) -> list[Choice]:
    return [Choice(str(n), f"{n} point{'s' if n > 1 else ''}") for n in (1, 2, 3)]


class Tally(System[TallyState]):
    spec = SystemSpec(name="tally", title="Tally", min_sides=2, max_sides=3, hidden_information=False,
                      summary="A toy race to a target score, for tests.")
    events = (Scored, TurnOpened)
    commands = (Score,)

    def initial_state(self, setup: GameSetup) -> TallyState:
        return TallyState(setup=setup)

    def settings(self) -> tuple[Setting, ...]:
        return (Setting("mode", "How far the race runs", (Choice("quick", "first to 5"), Choice("long", "first to 10")),
                        default="quick"),)

    def actions(self) -> tuple[Action[TallyState], ...]:
        return (Action(("act",), "Score points, then pass the turn", name="score", options=("amount",),
                       required=("amount",), build=lambda a: Score(amount=a.integer("amount", 1)),
                       sources={"amount": _amounts}, menu=("amount",), rule="Tally rules, the only rule"),)

    def legal_actions(self, state: TallyState, side: SideId) -> tuple[LegalAction, ...]:
        if state.outcome is not None or state.active_side != side:
            return ()
        return (LegalAction(("act",), "Score", name="score"),)

    def help(self, state: TallyState, viewer: Viewer) -> tuple[str, ...]:
        target = TARGETS[str(state.setup.options.get("mode", "quick"))]
        return (f"Race to {target}: /act action:score amount:1 to 3 on your turn.",)

    def demo_settings(self) -> Mapping[str, str]:
        return {"mode": "quick"}

    def start(self, ctx: Context[TallyState]) -> None:
        ctx.emit(TurnOpened(side=ctx.state.sides[0]))

    def handle(self, ctx: Context[TallyState], command: Command) -> None:
        assert isinstance(command, Score)
        side = ctx.acting_side()
        if ctx.state.active_side != side:
            raise NotYourTurn(f"it is side {ctx.state.active_side}'s turn", verb=command.verb)
        if not 1 <= command.amount <= 3:
            raise IllegalCommand(f"score 1 to 3 points, not {command.amount}", verb=command.verb)
        ctx.emit(Scored(side=side, amount=command.amount, next_side=ctx.state.next_in_play(side)))

    def on_concede(self, ctx: Context[TallyState], side: SideId) -> None:
        if ctx.state.active_side is None:  # it was the conceding side's turn
            ctx.emit(TurnOpened(side=ctx.state.next_in_play(side)))

    def scores(self, state: TallyState) -> dict[SideId, int]:
        return {side: state.points.get(side, 0) for side in state.sides}

    def outcome(self, state: TallyState) -> Outcome | None:
        target = TARGETS[str(state.setup.options.get("mode", "quick"))]
        if max(self.scores(state).values()) >= target:
            return Outcome.from_scores(EndReason.SCORE, self.scores(state))
        return None

    def view(self, state: TallyState, viewer: Viewer) -> TallyView:
        return TallyView(**core_view_fields(state, viewer), points=dict(state.points))
