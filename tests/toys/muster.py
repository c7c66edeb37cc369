"""Muster: a toy skirmish on a line of twelve cells that uses every shape a declared parameter can take, registered
in tests only (the conformance property plays it from its menus like every game).

Each side has three soldiers. In the muster each side, on its turn, sets soldiers down in its own half with one
placement plan (``/act action:deploy model:A1,A2 to:C2,C3``: a set of soldiers, then a cell for each). Side B then
chooses the ground, a decision of two parts whose second part's options depend on the first (high ground offers one
or two rows, low ground up to three). In the battle, on its turn, a side:

- shoots with one soldier at an enemy (nearest first where distances are shown; one out of reach is offered last,
  labelled, and misses);
- looses a volley: three dice (ruling ``volley-dice``: or two) split among enemies in reach (``target:B1x2,B2``);
- rallies one or two of its wounded soldiers (a set);
- moves a soldier up to two cells, saying how it stands (``choice:``) only when it ends next to an enemy;
- or passes.

The first side to lose all its soldiers loses; after round 3 the side that took out more wins.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import ConfigDict

from engine.core import (
    Ask,
    Choice,
    Context,
    CoreState,
    Decision,
    DecisionPart,
    Declarations,
    EndReason,
    EventBody,
    GameSetup,
    Option,
    Outcome,
    Param,
    Part,
    PhaseChanged,
    Setting,
    Shape,
    SideId,
    System,
    SystemSpec,
    View,
    Viewer,
    When,
    core_view_fields,
)
from engine.core.params import Order
from engine.dice import D6
from engine.schema import RulingOption
from tests.toys.turns import TurnInRound

__all__ = ["CELLS", "RULES", "Muster", "MusterState"]

CELLS = tuple(f"C{n}" for n in range(1, 13))
REACH, WOUNDS = 4, 2
HALF = {"A": CELLS[:6], "B": CELLS[6:]}
VOLLEY_DICE = {"three": 3, "two": 2}
RULINGS = (RulingOption(id="volley-dice", question="How many dice does a volley roll?", default="three",
                        options={"three": "Three dice, split among the targets.", "two": "Two dice only."},
                        citation="Muster rules, the volley"),)


class MusterState(CoreState):
    model_config = ConfigDict(extra="forbid")

    at: dict[str, str] = {}  # soldier -> cell, once set down
    wounds: dict[str, int] = {}
    out: dict[SideId, int] = {}  # soldiers each side took out
    ground: str = ""

    def soldiers(self, side: SideId) -> list[str]:
        return [f"{side}{n}" for n in (1, 2, 3) if self.wounds.get(f"{side}{n}", 0) < WOUNDS]

    def free(self, cell: str) -> bool:
        return cell not in self.at.values()


class MusterView(View):
    at: dict[str, str]
    wounds: dict[str, int]


class Placed(EventBody):
    kind = "muster.placed"
    soldier: str
    cell: str

    def apply(self, state: MusterState) -> None:
        state.at[self.soldier] = self.cell
        state.wounds.setdefault(self.soldier, 0)

    def describe(self) -> str:
        return f"{self.soldier} takes its place on {self.cell}."


class Moved(EventBody):
    kind = "muster.moved"
    soldier: str
    cell: str
    stance: str = ""

    def apply(self, state: MusterState) -> None:
        state.at[self.soldier] = self.cell

    def describe(self) -> str:
        return f"{self.soldier} moves to {self.cell}" + (f", {self.stance}." if self.stance else ".")


class Wounded(EventBody):
    kind = "muster.wounded"
    soldier: str
    by: SideId
    amount: int  # negative heals

    def apply(self, state: MusterState) -> None:
        state.wounds[self.soldier] = max(0, state.wounds.get(self.soldier, 0) + self.amount)
        if state.wounds[self.soldier] >= WOUNDS:
            state.at.pop(self.soldier, None)
            state.out[self.by] = state.out.get(self.by, 0) + 1

    def describe(self) -> str:
        return f"{self.soldier} is {'healed' if self.amount < 0 else 'wounded'}."


class Turned(TurnInRound):
    kind = "muster.turn"


class GroundChosen(EventBody):
    kind = "muster.ground"
    ground: str

    def apply(self, state: MusterState) -> None:
        state.ground = self.ground

    def describe(self) -> str:
        return f"The battle is fought on {self.ground}."


RULES: Declarations[MusterState, MusterState] = Declarations(reads=("volley-dice",))
BATTLE = When(phases=("battle",), turn=True)


def _gap(state: MusterState, one: str, two: str) -> int:
    return abs(CELLS.index(state.at[one]) - CELLS.index(state.at[two]))


def _enemies(state: MusterState, side: SideId) -> list[str]:
    return [s for s in state.soldiers(SideId("B" if side == "A" else "A")) if s in state.at]


# -- the muster: a set of soldiers, then a plan of cells ----------------------------------------------------------


def _unplaced(state: MusterState, ask: Ask) -> list[Choice]:
    return [Choice(s) for s in state.soldiers(ask.acting) if s not in state.at]


def _own_cells(state: MusterState, ask: Ask) -> list[Choice]:
    return [Choice(c) for c in HALF[ask.acting] if state.free(c)]


@RULES.action("deploy", "Set soldiers down in your half, a cell for each", label="Deploy",
              when=When(phases=("muster",)), rule="Muster rules, the muster", params=(
                  Param("model", "Which soldiers?", values=_unplaced, shape=Shape.SET, count=(1, 3), noun="soldiers"),
                  Param("to", "Which cell?", values=_own_cells, shape=Shape.PLAN, pairs="model", noun="cells")))
def _deploy(ctx: Context[MusterState], ask: Ask) -> None:
    for soldier, cell in zip(ask.listed("model"), ask.listed("to"), strict=True):
        ctx.emit(Placed(soldier=soldier, cell=cell))
    state = ctx.state
    if all(s in state.at for side in state.sides for s in state.soldiers(side)):
        ctx.emit(PhaseChanged(phase="choosing", shown="Both sides stand ready; side B chooses the ground."))
        ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=SideId("B"), kind="ground", optional=True,
                                   prompt="Choose the ground", parts=tuple(_ground_parts(state, {}))))
    else:  # the next side with soldiers still to set down
        waiting = [side for side in state.sides if any(s not in state.at for s in state.soldiers(side))]
        nxt = state.next_in_play(ask.acting)
        ctx.emit(Turned(side=nxt if nxt in waiting else waiting[0], round=0))


# -- a decision whose second part depends on the first ----------------------------------------------------------


def _ground_parts(state: MusterState, answers: Mapping[str, str]) -> list[DecisionPart]:
    rows = ("1", "2") if answers.get("ground", "high") == "high" else ("1", "2", "3")
    return [DecisionPart(key="ground", prompt="Which ground?", default="high",
                         options=(Option(key="high", label="high ground"), Option(key="low", label="low ground"))),
            DecisionPart(key="rows", prompt="How many rows?", default="1",
                         options=tuple(Option(key=r, label=f"{r} row{'s' if r != '1' else ''}") for r in rows))]


@RULES.decision("ground", parts=(
    Part("ground", "Which ground?", default="high"),
    Part("rows", "How many rows?", default="1",
         options=lambda state, decision, answers: _ground_parts(state, answers)[1].options)),
    rule="Muster rules, the ground")
def _ground(ctx: Context[MusterState], decision: Decision, answers: dict[str, str]) -> None:
    ctx.emit(GroundChosen(ground=f"{answers['ground']} ground, {answers['rows']} rows"))
    ctx.emit(PhaseChanged(phase="battle", shown="The battle begins.", round=1, step="fighting"))
    ctx.emit(Turned(side=SideId("A"), round=1))


# -- the battle ------------------------------------------------------------------------------------------------


def _ready(state: MusterState, ask: Ask) -> list[Choice]:
    return [Choice(s) for s in state.soldiers(ask.acting) if s in state.at]


def _targets(state: MusterState, ask: Ask) -> list[Choice]:
    shooter = ask.ident("model")
    return [Choice(e, distance=float(_gap(state, shooter, e)), reach=float(REACH))
            for e in _enemies(state, ask.acting)]


def _shoot_plan(state: MusterState, ask: Ask) -> tuple[SideId, str, bool]:
    """The one check of a shot: who shoots whom, and whether the target is in reach (a shot out of reach is
    declared and misses)."""
    shooter, target = ask.ident("model"), ask.ident("target")
    return ask.acting, target, _gap(state, shooter, target) <= REACH


@RULES.action("shoot", "Shoot at an enemy (one out of reach misses)", label="Shoot", when=BATTLE, per="model",
              check=_shoot_plan, rule="Muster rules, shooting", params=(
                  Param("model", "Which soldier shoots?", values=_ready, noun="soldiers"),
                  Param("target", "At whom?", values=_targets, order=Order.NEAREST, noun="enemies")))
def _shoot(ctx: Context[MusterState], plan: tuple[SideId, str, bool]) -> None:
    side, target, in_reach = plan
    if in_reach and ctx.roll([D6], f"a shot at {target}", roller_side=side)[0].value >= 4:
        ctx.emit(Wounded(soldier=target, by=side, amount=1))
    _next_turn(ctx, side)


def _in_reach(state: MusterState, ask: Ask) -> list[Choice]:
    return [Choice(e) for e in _enemies(state, ask.acting)
            if any(_gap(state, s, e) <= REACH for s in state.soldiers(ask.acting) if s in state.at)]


def _volley_dice(state: MusterState, ask: Ask) -> tuple[int, int]:
    dice = VOLLEY_DICE[RULES.rulings().option(state, "volley-dice")]
    return dice, dice


def _volley_possible(state: MusterState, ask: Ask) -> str | None:
    return None if _in_reach(state, ask) else "no enemy is in reach of a volley"


@RULES.action("volley", "Loose a volley: split your dice among enemies in reach", label="Volley", when=BATTLE,
              available=_volley_possible, rule="Muster rules, the volley", params=(
                  Param("target", "Which enemies, and how many dice each?", values=_in_reach, shape=Shape.SPLIT,
                        count=_volley_dice, noun="enemies"),))
def _volley(ctx: Context[MusterState], ask: Ask) -> None:
    side = ask.acting
    for item in ask.listed("target"):
        target, _, times = item.partition("x")
        rolls = ctx.roll([D6] * int(times or 1), f"a volley at {target}", roller_side=side)
        if any(r.value == 6 for r in rolls) and target in ctx.state.at:
            ctx.emit(Wounded(soldier=target, by=side, amount=1))
    _next_turn(ctx, side)


def _wounded(state: MusterState, ask: Ask) -> list[Choice]:
    return [Choice(s) for s in state.soldiers(ask.acting) if state.wounds.get(s, 0) > 0]


@RULES.action("rally", "Rally one or two wounded soldiers", label="Rally", when=BATTLE, rule="Muster rules, rallying",
              params=(Param("model", "Which soldiers?", values=_wounded, shape=Shape.SET, count=(1, 2),
                            noun="soldiers"),))
def _rally(ctx: Context[MusterState], ask: Ask) -> None:
    for soldier in ask.listed("model"):
        ctx.emit(Wounded(soldier=soldier, by=ask.acting, amount=-1))
    _next_turn(ctx, ask.acting)


def _steps(state: MusterState, ask: Ask) -> list[Choice]:
    here = CELLS.index(state.at[ask.ident("model")])
    return [Choice(c) for i, c in enumerate(CELLS) if 0 < abs(i - here) <= 2 and state.free(c)]


def _movers(state: MusterState, ask: Ask) -> list[Choice]:
    """Soldiers with a free cell to move to: a menu offers only what it can finish."""
    return [c for c in _ready(state, ask) if _steps(state, Ask(ask.verb, ask.asker, ask.viewer, {"model": c.value}))]


def _beside_enemy(state: MusterState, ask: Ask) -> bool:
    """A soldier that ends next to an enemy says how it stands."""
    cell = CELLS.index(ask.ident("to"))
    return any(abs(CELLS.index(state.at[e]) - cell) == 1 for e in _enemies(state, ask.acting))


@RULES.action("move", "Move a soldier up to two cells", label="Move", when=BATTLE, per="model",
              rule="Muster rules, moving", params=(
                  Param("model", "Which soldier moves?", values=_movers, noun="soldiers"),
                  Param("to", "Where to?", values=_steps, noun="cells"),
                  Param("choice", "How does it stand?", values=lambda s, a: [Choice("careful"), Choice("bold")],
                        asked_when=_beside_enemy, noun="stances")))
def _move(ctx: Context[MusterState], ask: Ask) -> None:
    ctx.emit(Moved(soldier=ask.ident("model"), cell=ask.ident("to"), stance=ask.text("choice", "")))
    _next_turn(ctx, ask.acting)


@RULES.action("pass", "Do nothing this turn", label="Pass", when=BATTLE, rule="Muster rules")
def _pass(ctx: Context[MusterState], ask: Ask) -> None:
    _next_turn(ctx, ask.acting)


def _next_turn(ctx: Context[MusterState], side: SideId) -> None:
    nxt = ctx.state.next_in_play(side)
    ctx.emit(Turned(side=nxt, round=ctx.state.round + (1 if nxt == ctx.state.sides[0] else 0)))


class Muster(System[MusterState]):
    spec = SystemSpec(name="muster", title="Muster", min_sides=2, max_sides=2, hidden_information=False,
                      summary="A toy line battle whose actions take sets, splits and plans, for tests.")
    events = (Placed, Moved, Wounded, Turned, GroundChosen)
    declarations = RULES

    def initial_state(self, setup: GameSetup) -> MusterState:
        return MusterState(setup=setup)

    def rulings(self) -> tuple[RulingOption, ...]:
        return RULINGS

    def settings(self) -> tuple[Setting, ...]:
        return ()

    def start(self, ctx: Context[MusterState]) -> None:
        for side in ctx.state.sides:
            for n in (1, 2, 3):
                ctx.emit(Wounded(soldier=f"{side}{n}", by=side, amount=0))
        ctx.emit(PhaseChanged(phase="muster", shown="Each side in turn sets its soldiers down in its half.",
                              step="deploying"))
        ctx.emit(Turned(side=ctx.state.sides[0], round=0))

    def outcome(self, state: MusterState) -> Outcome | None:
        if state.phase != "battle":
            return None
        scores = {side: state.out.get(side, 0) for side in state.sides}
        if any(not state.soldiers(side) for side in state.sides) or state.round > 3:
            return Outcome.from_scores(EndReason.SCORE, scores)
        return None

    def scores(self, state: MusterState) -> dict[SideId, int]:
        return {side: state.out.get(side, 0) for side in state.sides}

    def view(self, state: MusterState, viewer: Viewer) -> MusterView:
        return MusterView(**core_view_fields(state, viewer), at=dict(state.at), wounds=dict(state.wounds))
