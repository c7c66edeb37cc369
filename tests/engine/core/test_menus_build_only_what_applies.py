"""A menu asks only what applies (issue 23): an action the flow record refuses now (``When``: not this side's turn)
and a parameter whose ``asked_when`` is false are neither built nor offered, so their generators (which may cost:
routed moves, sight lines) never run. Checked through every reader of a declaration: the next question, the bare
``/act`` entries, ``/help``, the bot's move, the one check, autocomplete (actions and questions) and the table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import (
    Actor,
    Args,
    Ask,
    Choice,
    Context,
    Declarations,
    Game,
    GameSetup,
    NotYourTurn,
    Param,
    SideId,
    UserId,
    Viewer,
    When,
    simple_move,
)
from engine.core.offers import first_whole, reachable, silent
from engine.dice import commitment
from tests.menu_walk import FACTORIES, table
from tests.toys.tally import AMOUNT, Scored, Tally, TallyState, score

A, B = SideId("A"), SideId("B")
BUILT: list[str] = []
"""The options whose generator ran (each test starts it empty)."""


def _counted(option: str) -> Param[TallyState]:
    def values(state: TallyState, ask: Ask) -> list[Choice]:
        BUILT.append(option)
        return [Choice("x"), Choice("y")]
    return Param(option, f"{option}?", values=values, asked_when=lambda state, ask: False)


RULES: Declarations[TallyState, TallyState] = Declarations()


@RULES.action("score", "Score points, then pass the turn", label="Score", when=When(turn=True),
              params=(_counted("target"), AMOUNT, _counted("with")))
def _score(ctx: Context[TallyState], ask: Ask) -> None:
    side = ask.acting
    ctx.emit(Scored(side=side, amount=ask.integer("amount", 1), next_side=ctx.state.next_in_play(side)))


@RULES.query(("act",), "Show a number", name="peek", params=(_counted("model"),))
def _peek(state: TallyState, viewer: Viewer, args: Args) -> str:
    return "peeked"


class Asking(Tally):
    declarations = RULES


@pytest.fixture
def game() -> Iterator[Game[TallyState]]:
    setup = GameSetup(system="tally", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("q"),
                      options={"mode": "quick"})
    BUILT.clear()
    yield Game.start(Asking(), setup, "q", seats={A: UserId("alice"), B: UserId("bob")})


def test_a_parameter_that_does_not_apply_has_its_menu_never_built(game: Game[TallyState]) -> None:
    system, state, viewer = game.system, game.state, Viewer.of_side(A)
    decl = RULES.find(("act",), "score")
    assert decl is not None
    asked = RULES.question(system, state, decl, viewer, A, {})
    assert asked is not None and asked.option == "amount"
    assert RULES.question(system, state, decl, viewer, A, {"amount": "2"}) is None
    legal = RULES.legal(system, state, A)
    command = first_whole(RULES, system, state, A, legal[0])
    assert command is not None and dict(command.values) == {"amount": "1"}
    assert silent(RULES, system, state, A, command) == [] and reachable(RULES, system, state, A, command) is None
    move = simple_move(system, state, A, lambda c: game.allows(c, Actor(user=UserId("alice"), side=A)))
    assert move is not None and move.command == command
    for action in system.actions():  # autocomplete: an action's sources, and a question's
        for source in action.sources.values():
            source(state, viewer, {})
    game.apply(score(2), Actor(user=UserId("alice"), side=A))
    assert BUILT == []


def test_an_action_refused_now_has_no_menu_built(game: Game[TallyState]) -> None:
    decl = RULES.find(("act",), "score")
    assert decl is not None
    with pytest.raises(NotYourTurn, match="side A's turn"):
        RULES.question(game.system, game.state, decl, Viewer.of_side(B), B, {})
    with pytest.raises(NotYourTurn):
        RULES.question(game.system, game.state, decl, Viewer.of_side(B), B, {"amount": "9"})
    assert RULES.legal(game.system, game.state, B) == ()


@pytest.fixture
def counted_amounts() -> Iterator[list[str]]:
    """Tally's score menu, counting who it is built for."""
    asked: list[str] = []
    original = AMOUNT.values
    assert original is not None

    def values(state: TallyState, ask: Ask) -> list[Choice]:
        asked.append(str(ask.asker))
        return list(original(state, ask))
    object.__setattr__(AMOUNT, "values", values)
    yield asked
    object.__setattr__(AMOUNT, "values", original)


async def test_a_typed_action_out_of_turn_is_refused_without_a_menu(counted_amounts: list[str]) -> None:
    assert FACTORIES["tally"] is Tally
    walk = await table("tally", demo=False, seed="out-of-turn")
    said = await walk.say("bob", "/act action:score")
    assert [o.error for o in said] == [True] and "side A's turn" in said[0].text and not said[0].picks
    assert counted_amounts == []
