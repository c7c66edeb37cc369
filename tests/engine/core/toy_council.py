"""Council: a toy three-side game whose every command opens a kind of decision, to test who is asked, in which
order, and who hears of it.

Sides take turns. On its turn a side may call a secret vote of every side (answers revealed together), put a
public question to some sides (their answers come before the turn goes on), or make a plan in secret (a decision
only its owner knows of); ``Pass`` hands the turn on.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ConfigDict, JsonValue

from engine.core import (
    Actor,
    Command,
    Context,
    CoreState,
    Decision,
    DecisionPart,
    EventBody,
    Game,
    GameSetup,
    NotYourTurn,
    Option,
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


@dataclass(frozen=True, slots=True, kw_only=True)
class CallVote(Command):
    verb = "vote"


@dataclass(frozen=True, slots=True, kw_only=True)
class Question(Command):
    """Ask ``sides`` in this order; each owes a public answer."""

    verb = "ask"
    sides: tuple[SideId, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Plan(Command):
    verb = "plan"


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(Command):
    verb = "pass"


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


class Council(System[CouncilState]):
    spec = SystemSpec(name="council", title="Council", min_sides=3, max_sides=3, hidden_information=True,
                      summary="decisions of every kind, for tests")
    events = (TurnTo, PlanMade, VoteCounted)
    commands = (CallVote, Question, Plan, Pass)

    def initial_state(self, setup: GameSetup) -> CouncilState:
        return CouncilState(setup=setup)

    def start(self, ctx: Context[CouncilState]) -> None:
        ctx.emit(TurnTo(side=ctx.state.sides[0]))

    def handle(self, ctx: Context[CouncilState], command: Command) -> None:
        side = ctx.acting_side()
        if side != ctx.state.active_side:
            raise NotYourTurn(f"side {ctx.state.active_side} has the floor", verb=command.verb)
        match command:
            case CallVote():
                ask_together(ctx, "vote", "The motion: aye or nay?", {s: AYE_NAY for s in ctx.state.sides})
            case Question(sides=asked):
                for owner in asked:
                    ctx.open_decision(Decision(id=f"{ctx.next_decision_id()}{owner.lower()}", owner=owner,
                                               kind="question", prompt="Do you agree?", parts=AYE_NAY,
                                               optional=False))
            case Plan():
                ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind="plan", prompt="Plan",
                                           parts=PLANS, optional=False, secret=True, owner_only=True,
                                           always_ask=True))
            case Pass():
                ctx.emit(TurnTo(side=ctx.state.next_in_play(side)))

    def on_answer(self, ctx: Context[CouncilState], decision: Decision, answers: dict[str, str]) -> None:
        if decision.kind == "plan":
            ctx.emit(PlanMade(side=decision.owner, plan=answers["plan"]), side_only(decision.owner))

    def on_together(self, ctx: Context[CouncilState], kind: str, answers: dict[SideId, dict[str, str]],
                    context: dict[str, JsonValue]) -> None:
        ayes = sum(answer["vote"] == "aye" for answer in answers.values())
        ctx.emit(VoteCounted(carried=ayes * 2 > len(answers)))

    def view(self, state: CouncilState, viewer: Viewer) -> View:
        return View(**core_view_fields(state, viewer))


def council() -> Game[CouncilState]:
    setup = GameSetup(system="council", sides=(A, B, C), host=USERS[A], seed_commitment=commitment(SEED))
    return Game.start(Council(), setup, SEED, seats=dict(USERS))


def seat(side: SideId) -> Actor:
    return Actor(user=USERS[side], side=side)
