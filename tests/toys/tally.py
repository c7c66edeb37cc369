"""Tally: the smallest game a new author could write, registered beside freeplay in tests only.

Each side scores points with ``/act action:score amount:N`` on its turn, then the turn passes; the first to
the target (``mode:quick`` 5, ``mode:long`` 10) wins. It declares its action (``RULES``), settings and demo and
nothing else, to show that a game reaches every front-end without a line of ``bot/`` changing: the menu, the check,
``/help`` and the bot's move all come from the one declaration.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import ConfigDict

from engine.core import (
    ActionCommand,
    Ask,
    Choice,
    Context,
    CoreState,
    Declarations,
    EndReason,
    EventBody,
    GameSetup,
    Order,
    Outcome,
    Param,
    Setting,
    SideId,
    System,
    SystemSpec,
    View,
    Viewer,
    When,
    core_view_fields,
)
from tests.toys.turns import TurnGiven

TARGETS = {"quick": 5, "long": 10}


class TallyState(CoreState):
    model_config = ConfigDict(extra="forbid")

    points: dict[SideId, int] = {}


class TallyView(View):
    points: dict[SideId, int]


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


class TurnOpened(TurnGiven):
    kind = "tally.turn"


RULES: Declarations[TallyState, TallyState] = Declarations()
"""Everything Tally's players can do, declared once: menus, checks, /help and the bot all read it."""


def _amounts(state: TallyState, ask: Ask) -> list[Choice]:
    """The only rule: a side scores 1 to 3 points a turn."""
    return [Choice(str(n), f"{n} point{'s' if n > 1 else ''}") for n in (1, 2, 3)]


AMOUNT: Param[TallyState] = Param("amount", "How many points?", values=_amounts, noun="amounts", order=Order.GIVEN)
"""The score's one parameter (tests that give Tally another referee reuse it)."""


@RULES.action("score", "Score points, then pass the turn", label="Score", rule="Tally rules, the only rule",
              when=When(turn=True), params=(AMOUNT,))
def _score(ctx: Context[TallyState], ask: Ask) -> None:
    side = ask.acting
    ctx.emit(Scored(side=side, amount=ask.integer("amount", 1), next_side=ctx.state.next_in_play(side)))


def score(amount: int) -> ActionCommand:
    """The command ``/act action:score amount:N`` builds (for tests that apply it directly)."""
    return ActionCommand(path=("act",), name="score", values=(("amount", str(amount)),))


class Tally(System[TallyState]):
    spec = SystemSpec(name="tally", title="Tally", min_sides=2, max_sides=3, hidden_information=False,
                      summary="A toy race to a target score, for tests.")
    events = (Scored, TurnOpened)
    declarations = RULES

    def initial_state(self, setup: GameSetup) -> TallyState:
        return TallyState(setup=setup)

    def settings(self) -> tuple[Setting, ...]:
        return (Setting("mode", "How far the race runs", (Choice("quick", "first to 5"), Choice("long", "first to 10")),
                        default="quick"),)

    def help(self, state: TallyState, viewer: Viewer) -> tuple[str, ...]:
        target = TARGETS[str(state.setup.options.get("mode", "quick"))]
        return (f"Race to {target}.", *super().help(state, viewer))

    def demo_settings(self) -> Mapping[str, str]:
        return {"mode": "quick"}

    def start(self, ctx: Context[TallyState]) -> None:
        ctx.emit(TurnOpened(side=ctx.state.sides[0]))

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
