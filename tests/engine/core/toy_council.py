"""Council: a toy three-side game whose every command opens a kind of decision, to test who is asked, in which
order, and who hears of it.

Sides take turns. On its turn a side may call a secret vote of every side (``/act action:vote``, answers revealed
together), put a public question to some sides (``/act action:ask target:B,C``: their answers come before the turn
goes on), or make a plan in secret (``/act action:plan``, a decision only its owner knows of); ``/act action:pass``
hands the turn on.
"""

from __future__ import annotations

from pydantic import ConfigDict, JsonValue

from engine.core import (
    ActionCommand,
    Actor,
    Ask,
    Choice,
    Context,
    CoreState,
    Decision,
    DecisionPart,
    Declarations,
    EventBody,
    Game,
    GameSetup,
    Option,
    Param,
    Shape,
    SideId,
    System,
    SystemSpec,
    UserId,
    View,
    Viewer,
    ask_together,
    core_view_fields,
    side_only,
)
from engine.dice import commitment
from tests.toys.turns import TurnGiven

A, B, C = SideId("A"), SideId("B"), SideId("C")
USERS = {A: UserId("alice"), B: UserId("bob"), C: UserId("carol")}
SEED = "c0" * 32
AYE_NAY = (DecisionPart(key="vote", prompt="Aye or nay?",
                        options=(Option(key="aye", label="Aye"), Option(key="nay", label="Nay"))),)
PLANS = (DecisionPart(key="plan", prompt="Your secret plan",
                      options=tuple(Option(key=plan, label=plan.title()) for plan in ("feint", "bribe", "wait"))),)


class CouncilState(CoreState):
    model_config = ConfigDict(extra="forbid")

    plans: dict[SideId, str] = {}
    carried: list[bool] = []


class TurnTo(TurnGiven):
    kind = "council.turn"

    def describe(self) -> str:
        return f"Side {self.side} has the floor."


class PlanMade(EventBody):
    kind = "council.plan"
    side: SideId
    plan: str

    def apply(self, state: CouncilState) -> None:
        state.plans[self.side] = self.plan

    def describe(self) -> str:
        return f"Your plan: {self.plan}."


class VoteCounted(EventBody):
    kind = "council.counted"
    carried: bool

    def apply(self, state: CouncilState) -> None:
        state.carried.append(self.carried)

    def describe(self) -> str:
        return "The motion carries." if self.carried else "The motion fails."


RULES: Declarations[CouncilState, CouncilState] = Declarations()
"""The council's four actions and three kinds of decision, declared once."""


@RULES.action("vote", "Call a secret vote of every side", label="Call a vote", rule="Council rules, the vote")
def _call_vote(ctx: Context[CouncilState], ask: Ask) -> None:
    ask_together(ctx, "vote", "The motion: aye or nay?", {s: AYE_NAY for s in ctx.state.sides})


def _sides(state: CouncilState, ask: Ask) -> list[Choice]:
    return [Choice(side, f"side {side}") for side in state.sides]


@RULES.action("ask", "Put a question to some sides, answered in the order asked", label="Ask",
              rule="Council rules, questions",
              params=(Param("target", "Whom do you ask, in order?", values=_sides, shape=Shape.SET, count=(1, 3),
                            noun="sides"),))
def _question(ctx: Context[CouncilState], ask: Ask) -> None:
    for owner in ask.listed("target"):
        ctx.open_decision(Decision(id=f"{ctx.next_decision_id()}{owner.lower()}", owner=SideId(owner),
                                   kind="question", prompt="Do you agree?", parts=AYE_NAY, optional=False))


@RULES.action("plan", "Make a plan in secret", label="Plan", rule="Council rules, plans")
def _plan(ctx: Context[CouncilState], ask: Ask) -> None:
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=ask.acting, kind="plan", prompt="Plan",
                               parts=PLANS, optional=False, secret=True, owner_only=True, always_ask=True))


@RULES.action("pass", "Hand the floor on", label="Pass", rule="Council rules")
def _pass(ctx: Context[CouncilState], ask: Ask) -> None:
    ctx.emit(TurnTo(side=ctx.state.next_in_play(ask.acting)))


@RULES.decision("question", rule="Council rules, questions")
def _answered(ctx: Context[CouncilState], decision: Decision, answers: dict[str, str]) -> None:
    """An answer to a question changes nothing but the log."""


@RULES.decision("plan", rule="Council rules, plans")
def _planned(ctx: Context[CouncilState], decision: Decision, answers: dict[str, str]) -> None:
    ctx.emit(PlanMade(side=decision.owner, plan=answers["plan"]), side_only(decision.owner))


@RULES.together("vote", rule="Council rules, the vote")
def _counted(ctx: Context[CouncilState], answers: dict[SideId, dict[str, str]],
             context: dict[str, JsonValue]) -> None:
    ayes = sum(answer["vote"] == "aye" for answer in answers.values())
    ctx.emit(VoteCounted(carried=ayes * 2 > len(answers)))


def call_vote() -> ActionCommand:
    return ActionCommand(path=("act",), name="vote")


def question(*sides: SideId) -> ActionCommand:
    return ActionCommand(path=("act",), name="ask", values=(("target", ",".join(sides)),))


def plan() -> ActionCommand:
    return ActionCommand(path=("act",), name="plan")


def pass_() -> ActionCommand:
    return ActionCommand(path=("act",), name="pass")


class Council(System[CouncilState]):
    spec = SystemSpec(name="council", title="Council", min_sides=3, max_sides=3, hidden_information=True,
                      summary="decisions of every kind, for tests")
    events = (TurnTo, PlanMade, VoteCounted)
    declarations = RULES

    def initial_state(self, setup: GameSetup) -> CouncilState:
        return CouncilState(setup=setup)

    def start(self, ctx: Context[CouncilState]) -> None:
        ctx.emit(TurnTo(side=ctx.state.sides[0]))

    def view(self, state: CouncilState, viewer: Viewer) -> View:
        return View(**core_view_fields(state, viewer))


def council() -> Game[CouncilState]:
    setup = GameSetup(system="council", sides=(A, B, C), host=USERS[A], seed_commitment=commitment(SEED))
    return Game.start(Council(), setup, SEED, seats=dict(USERS))


def seat(side: SideId) -> Actor:
    return Actor(user=USERS[side], side=side)
